"""The two runtimes of the query engine (Python for the CLI, JS for the palette) give the same
results: the benchmark's query set, every prefix of a few queries (what typing sends), book
filters, and edge cases, through both; the top 5 must be identical (and snippets too)."""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from rulebook.search import analysis, build, engine

pytestmark = pytest.mark.build
ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("search_runner.js")

EXTRA = [
    "к",
    "кр",
    "кро",
    "кров",
    "крово",
    "стаб",
    "стабил ",
    "ОД ",
    "@fatum ОД",
    "хиты @fatum",
    "d6",
    "1к6",
    "2к6 урона",
    "ё",
    "Лёгкое ранение",
    "лёгкое ранение",
    "-1 к атаке",
    "«Натиск»",
    "a",
    "the attack",
    "zzzzzz",
    "кровотечение кровотечение",
    "NPC",
    "нип",
    "ГМ",
    "ghbcnhtkrf",
    "rhjd",
    "<img src=x>",
    "   ",
]


def queries() -> list[dict]:
    qs = [
        {"q": q["q"], **({"prefer": q["prefer"]} if q.get("prefer") else {})}
        for q in tomllib.loads((ROOT / "scripts" / "search_queries.toml").read_text())["query"]
    ]
    qs += [{"q": q} for q in EXTRA]
    qs += [{"q": q["q"], "book": "fatum"} for q in qs[:10]]
    qs += [
        {"q": q, "prefer": slug}
        for q in ("кровотечение", "хиты", "КБ", "атака")
        for slug in ("fatum", "sf2e")
    ]
    return qs


@pytest.fixture(scope="module")
def both(built_site, tmp_path_factory):
    if not shutil.which("node"):
        pytest.fail("node is needed for the parity test")
    site, cache = built_site
    qs = queries()
    f = tmp_path_factory.mktemp("parity") / "q.json"
    f.write_text(json.dumps(qs, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(["node", str(RUNNER), str(site), str(f)], capture_output=True, text=True, check=True)
    js = json.loads(out.stdout)
    books = build.load_books(cache)
    py = [
        engine.search(
            books, q["q"], limit=5, book_filter=[q["book"]] if q.get("book") else None, prefer=q.get("prefer")
        )
        for q in qs
    ]
    return qs, py, js, books


def test_the_query_set_is_large_enough(both):
    qs, *_ = both
    assert len(qs) >= 60


def test_both_runtimes_return_the_same_top_five(both):
    qs, py, js, _ = both
    diffs = []
    for q, p, j in zip(qs, py, js["results"], strict=True):
        pu = [(r["url"], r["score"]) for r in p["results"]]
        ju = [(r["url"], r["score"]) for r in j["results"]]
        if pu != ju or p["suggestion"] != j["suggestion"]:
            diffs.append((q, pu, ju, p["suggestion"], j["suggestion"]))
    assert not diffs, diffs[:3]


def test_both_runtimes_cut_and_highlight_the_same_snippets(both):
    qs, py, js, _ = both
    for q, p, j in zip(qs, py, js["results"], strict=True):
        for a, b in zip(p["results"], j["results"], strict=True):
            assert (a["snippet"], a["highlights"], a["breadcrumb"]) == (
                b["snippet"],
                [list(x) for x in b["highlights"]],
                b["breadcrumb"],
            ), q


def test_the_browser_reads_the_same_vocabulary_and_stems(both):
    *_, js, books = both
    for b in books:
        assert js["vocab"][b.slug] == {"mismatch": 0, "surfaces": len(b.surface_stem)}


def test_the_js_stemmers_agree_with_pystemmer_on_the_whole_vocabulary(both, tmp_path):
    *_, books = both
    words = sorted({w for b in books for w in b.surface_stem})
    f = tmp_path / "words.json"
    f.write_text(json.dumps(words, ensure_ascii=False), encoding="utf-8")
    script = (
        "const {Analysis}=require(process.argv[1]);"
        "const spec=require(process.argv[2]);const A=new Analysis(spec);"
        "const w=require(process.argv[3]);process.stdout.write(JSON.stringify(w.map(x=>A.stem(x))));"
    )
    out = subprocess.run(
        [
            "node",
            "-e",
            script,
            str(ROOT / "plugins/rulebook/assets/search-engine.js"),
            str(ROOT / "plugins/rulebook/search/analysis.json"),
            str(f),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    js = json.loads(out.stdout)
    bad = [(w, analysis.stem(w), s) for w, s in zip(words, js, strict=True) if analysis.stem(w) != s]
    assert not bad, bad[:10]


def test_the_generated_js_stemmers_are_up_to_date():
    r = subprocess.run(
        [str(Path(__import__("sys").executable)), str(ROOT / "scripts" / "gen_stemmers_js.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr


def test_the_browser_counts_the_shipped_statistics_itself_when_the_manifest_has_none(built_site, tmp_path):
    site, _ = built_site
    script = (
        "const fs=require('fs'),path=require('path');const {Engine}=require(process.argv[1]);"
        "const dir=path.join(process.argv[2],'search');"
        "const m=JSON.parse(fs.readFileSync(path.join(dir,'manifest.json'),'utf8'));"
        "const a=new Engine(m.analysis,m.corpus),b=new Engine(m.analysis);"
        "for(const x of m.books){const p=fs.readFileSync(path.join(dir,x.file),'utf8');"
        "a.addBook(JSON.parse(p));b.addBook(JSON.parse(p));}"
        "const ca=a.corpus(),cb=b.corpus();let bad=0,n=0;"
        "a.books.forEach((bk,i)=>{for(let s=0;s<bk.stems.length;s++){n++;"
        "if(ca.dfOf(bk,s)!==cb.dfOf(b.books[i],s))bad++;}});"
        "process.stdout.write(JSON.stringify({bad:bad,n:n,avg:[ca.avgText===cb.avgText,"
        "ca.avgHead===cb.avgHead,ca.avgPath===cb.avgPath,ca.records===cb.records]}));"
    )
    out = subprocess.run(
        ["node", "-e", script, str(ROOT / "plugins/rulebook/assets/search-engine.js"), str(site)],
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(out.stdout)
    assert got["n"] > 10000 and got["bad"] == 0 and all(got["avg"])
