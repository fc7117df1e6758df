"""The README's reference of books.toml and the JSON Schema for editors are generated from the
loader's schema: they fail here when they drift, and every key the registry uses is documented."""

from __future__ import annotations

import json
import runpy
import tomllib
from pathlib import Path

from rulebook.ingest import schema

ROOT = Path(__file__).resolve().parents[2]
GEN = runpy.run_path(str(ROOT / "scripts" / "gen_books_reference.py"))


def test_the_readme_reference_is_the_generated_one():
    current = (ROOT / "README.md").read_text(encoding="utf-8")
    assert current == GEN["readme_text"](current), "run scripts/gen_books_reference.py"


def test_the_json_schema_is_the_generated_one():
    assert (ROOT / "sources" / "books.schema.json").read_text(encoding="utf-8") == GEN["schema_text"]()


def _keys(value: object, prefix: str = "") -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(prefix + k)
            out |= _keys(v, prefix + k + ".")
    elif isinstance(value, list):
        for v in value:
            out |= _keys(v, prefix)
    return out


def test_every_key_the_registry_uses_is_in_the_reference():
    data = tomllib.loads((ROOT / "sources" / "books.toml").read_text(encoding="utf-8"))
    table = schema.reference_table()
    free = ("headings.outline.", "headings.nest.", "chrome.meta.", "tables.kv.", "xrefs.aliases.")
    for entry in data["books"].values():
        for key in _keys(entry):
            if not key.startswith(free):
                assert f"`{key}`" in table or f"`[{key}]`" in table or f"`[[{key}]]`" in table, key


def test_the_json_schema_accepts_the_registry_shape():
    js = json.loads((ROOT / "sources" / "books.schema.json").read_text(encoding="utf-8"))
    book = js["properties"]["books"]["additionalProperties"]
    assert set(book["required"]) == {"title", "system", "source"}
    assert book["additionalProperties"] is False and "headings" in book["properties"]
