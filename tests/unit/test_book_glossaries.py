"""Per-book search glossaries: the format the search reader expects, and terms that belong to
their book (the same abbreviation means different things in different systems)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from rulebook.ingest.config import load_books

ROOT = Path(__file__).resolve().parents[2]
NEW_BOOKS = ["sf2e", "dnd35", "dnd2024", "swd20"]


def fold(text: str) -> str:
    return " ".join(text.replace("ё", "е").replace("Ё", "Е").casefold().split())


def glossary(slug: str) -> dict:
    book = next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == slug)
    assert book.glossary is not None and book.glossary.name == f"{slug}.glossary.toml"
    return tomllib.loads(book.glossary.read_text(encoding="utf-8"))


def source(slug: str) -> str:
    book = next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == slug)
    return fold(book.source.read_text(encoding="utf-8"))


def synonyms(slug: str) -> list[set[str]]:
    return [{fold(t) for t in s["terms"]} for s in glossary(slug)["synonym"]]


@pytest.mark.parametrize("slug", NEW_BOOKS)
def test_glossary_has_the_expected_format(slug):
    data = glossary(slug)
    assert set(data) <= {"synonym", "alias"} and data["synonym"]
    for s in data["synonym"]:
        assert set(s) == {"terms"} and len(s["terms"]) >= 2
        assert all(isinstance(t, str) and t.strip() == t and t for t in s["terms"])
    for a in data.get("alias", []):
        assert set(a) == {"from", "to"} and isinstance(a["from"], str) and a["from"]
        assert isinstance(a["to"], list) and a["to"] and all(isinstance(t, str) and t for t in a["to"])


@pytest.mark.parametrize("slug", NEW_BOOKS)
def test_every_synonym_group_names_something_in_its_book(slug):
    text = source(slug)
    stray = [sorted(g) for g in synonyms(slug) if not any(t in text for t in g)]
    assert stray == []


def test_armour_class_and_difficulty_are_per_system():
    assert {"кб", "ac"} <= next(g for g in synonyms("sf2e") if "кб" in g)
    assert {"кз", "ac"} <= next(g for g in synonyms("dnd2024") if "кз" in g)
    assert {"кз", "ac"} <= next(g for g in synonyms("dnd35") if "кз" in g)
    assert not any("кб" in g for g in synonyms("dnd2024"))  # only as a one-way alias to КЗ
    assert {"сл", "dc"} <= next(g for g in synonyms("dnd2024") if "сл" in g)
    assert {"кс", "dc"} <= next(g for g in synonyms("sf2e") if "кс" in g)
    assert {"ус", "dc"} <= next(g for g in synonyms("dnd35") if "ус" in g)


def test_in_dnd35_a_navyk_is_a_feat():
    aliases = {a["from"]: a["to"] for a in glossary("dnd35")["alias"]}
    assert aliases["feat"] == ["навык"] and aliases["skill"] == ["умение"]
    assert not any("навык" in g and "skill" in g for g in synonyms("dnd35"))
    assert not any("навык" in a["from"] for a in glossary("swd20").get("alias", []))
