"""One schema, two runtimes: the page's validator (assets/sheet-schema.js, run here in node) and
the Python engine accept the same character files, fill in the same defaults and refuse the same
broken ones at the same field."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rulebook.mechanics.base import InputError
from rulebook.mechanics.sheet_schema import BOOK, CHARACTER, FORMAT, VERSION, document, parse_document

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "plugins" / "rulebook" / "assets" / "sheet-schema.js"
NODE = shutil.which("node")

RUNNER = """
const api = require(process.argv[1]);  // node -e: argv[1] is the first argument
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = input.docs.map(doc => {
  try { return {ok: true, value: api.parseDocument(input.schema, input.info, doc)}; }
  catch (e) { if (!(e instanceof api.SchemaError)) throw e; return {ok: false, field: e.field}; }
});
process.stdout.write(JSON.stringify(out));
"""

FULL = {
    "id": "c1",
    "identity": {"name": "Элиза", "nation": "Тевриец", "origin": "Военная подготовка", "species": "Человек"},
    "progress": {"level": "3", "xp": 250.0},
    "traits": {"och": {"vigilant": 4}, "nch": {"healthy": 2}, "bch": {"lucky": 1}},
    "skills": {"marksmanship": {"professional": 1, "extra": "−1"}},
    "proficiency": {"carbines": 2},
    "wounds": {"light": 1, "bleeding": "true", "traumas": "Шрам"},
    "armor": {"armor": "medium", "bz_max": 4, "bz": None},
    "weapons": [{"name": "Карабин", "category": "carbines", "threshold": 2, "ap": "2"}, {}],
    "doctrines": [{"name": "Честь", "core": True, "frequency": "scene"}],
    "languages": [{"name": "Теврийский"}],
    "notes": "ё" * 10,
}


# a skill's extra written with each minus a keyboard may give (base.MINUS_SIGNS)
DASHES = {
    "strength": "\u2212",
    "stealth": "\u2012",
    "will": "\u2013",
    "memory": "\u2014",
    "charm": "\ufe63",
    "survival": "\uff0d",
}


def cases() -> list[tuple[str, Any]]:
    good = document([FULL, {}])
    dashes = document([{"skills": {name: {"extra": f"{minus}2"} for name, minus in DASHES.items()}}])
    out: list[tuple[str, Any]] = [("full", good), ("empty character", document([{}])), ("dashes", dashes)]

    def bad(name: str, mutate) -> None:
        doc = copy.deepcopy(good)
        mutate(doc)
        out.append((name, doc))

    bad("not an object", lambda d: d.clear())
    bad("foreign format", lambda d: d.update(format="x"))
    bad("other book", lambda d: d.update(book="sf2e"))
    bad("newer version", lambda d: d.update(version=VERSION + 1))
    bad("version as text", lambda d: d.update(version="1"))
    bad("unknown top key", lambda d: d.update(owner="me"))
    bad("no characters", lambda d: d.update(characters=[]))
    bad("characters not a list", lambda d: d.update(characters={}))
    bad("character not an object", lambda d: d["characters"].append([]))
    bad("unknown field", lambda d: d["characters"][0]["identity"].update(title="x"))
    bad("int out of range", lambda d: d["characters"][1].update(traits={"och": {"smart": 7}}))
    bad("int as float", lambda d: d["characters"][0]["progress"].update(xp=2.5))
    bad("int as bool", lambda d: d["characters"][0]["progress"].update(level=True))
    bad("int as words", lambda d: d["characters"][0]["progress"].update(level="три"))
    bad("bool as text", lambda d: d["characters"][0]["wounds"].update(bleeding="да"))
    bad("str as number", lambda d: d["characters"][0]["identity"].update(name=5))
    bad("str too long", lambda d: d["characters"][0]["identity"].update(name="я" * 81))
    bad("choice unknown", lambda d: d["characters"][0]["armor"].update(armor="power"))
    bad("rows not a list", lambda d: d["characters"][0].update(weapons={"name": "x"}))
    bad("too many rows", lambda d: d["characters"][0].update(languages=[{"name": "x"}] * 17))
    bad("row field wrong", lambda d: d["characters"][0]["weapons"][1].update(threshold=9))
    bad("row unknown field", lambda d: d["characters"][0]["doctrines"][0].update(power=1))
    # names every JavaScript object answers to are no field's name either
    bad("__proto__ in a record", lambda d: d["characters"][0]["identity"].update({"__proto__": "x"}))
    bad("__proto__ in a character", lambda d: d["characters"][1].update({"__proto__": {"a": 1}}))
    bad("constructor in a record", lambda d: d["characters"][0]["traits"]["och"].update(constructor=1))
    bad("toString in a row", lambda d: d["characters"][0]["weapons"][0].update(toString="x"))
    bad("hasOwnProperty in a character", lambda d: d["characters"][0].update(hasOwnProperty=True))
    bad("__proto__ in the file", lambda d: d.update({"__proto__": {}}))
    return out


def python_verdict(doc: Any) -> dict[str, Any]:
    try:
        return {"ok": True, "value": parse_document(doc)}
    except InputError as err:
        return {"ok": False, "field": err.field}


@pytest.mark.skipif(NODE is None, reason="node is not installed (npm ci needs it anyway)")
def test_the_page_and_the_engine_judge_every_file_alike_even_keys_like_proto():
    named = cases()
    payload = {
        "schema": CHARACTER.describe(),
        "info": {"format": FORMAT, "book": BOOK, "version": VERSION},
        "docs": [d for _, d in named],
    }
    proc = subprocess.run(
        [str(NODE), "-e", RUNNER, str(SCRIPT)],
        input=json.dumps(payload, ensure_ascii=False),
        capture_output=True,
        text=True,
        check=True,
    )
    js = json.loads(proc.stdout)
    for (name, doc), got in zip(named, js, strict=True):
        assert got == python_verdict(doc), name
    assert js[0]["ok"] and not js[-1]["ok"]
    assert sum(1 for v in js if v["ok"]) == 3  # only the three good files pass
    assert {name: js[2]["value"][0]["skills"][name]["extra"] for name in DASHES} == dict.fromkeys(DASHES, -2)
