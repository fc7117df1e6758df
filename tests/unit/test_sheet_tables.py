"""The sheet's copy of chapter 2's tables equals the generated chapter: a change in the book (a
new nation, a renamed Doctrine, an ОЧ level that grants something else) fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulebook.mechanics import creation

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = (ROOT / "docs" / "fatum" / "02-sozdanie-personazha.md").read_text(encoding="utf-8")


def table_after(heading: str) -> list[list[str]]:
    """The rows (without the header) of the first Markdown table after `heading`."""
    rest = CHAPTER[CHAPTER.index(heading) :].splitlines()[1:]
    rows: list[list[str]] = []
    for line in rest:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


def test_skills_and_their_characteristics_follow_2_1():
    rows = table_after("## 2.1. Характеристики и навыки")
    och = {t.characteristic: t.key for t in creation.OCH}
    book = [(name.strip(), och[ch]) for ch, names in rows for name in names.split(",")]
    assert [(s.name, s.trait) for s in creation.SKILLS] == book


def test_nations_and_origin_paths_follow_step_1():
    book = {}
    for nation, paths, _trace in table_after("Таблица наций"):
        parsed = []
        for p in paths.split("<br>"):
            m = re.fullmatch(r"(.+?): \+1 (.+?), \+1 (.+)", p.strip())
            assert m, p
            parsed.append((m[1], (m[2], m[3])))
        book[nation] = tuple(parsed)
    assert book == creation.NATIONS
    for paths in book.values():
        for _, skills in paths:
            assert all(s in creation.SKILL_BY_NAME for s in skills)


def test_specialisations_follow_their_table():
    book = {row[0]: row[2] for row in table_after("#### Таблица Специализаций")}
    assert {k: creation.FREQUENCY_NAMES[v] for k, v in creation.SPECIALISATIONS.items()} == book


def test_doctrines_follow_their_table_with_one_name_corrected():
    book = {}
    for row in table_after("#### Таблица Доктрин"):
        partner = "Военная необходимость" if row[1] == "Милитарная необходимость" else row[1]
        book[row[0]] = (partner, row[3])
    assert {k: (p, creation.FREQUENCY_NAMES[f]) for k, (p, f) in creation.DOCTRINES.items()} == book
    for name, (partner, _) in creation.DOCTRINES.items():
        assert creation.DOCTRINES[partner][0] == name  # incompatibility is mutual


def test_character_trait_names_follow_their_table():
    assert list(creation.CHARACTER_TRAITS) == [r[0] for r in table_after("#### Таблица Черт характера")]


@pytest.mark.parametrize("trait", creation.OCH, ids=lambda t: t.key)
def test_what_each_och_level_grants_follows_its_table(trait):
    # the traits sit under 2.2.2 (its level follows the book's outline, so any level is fine)
    heading = next(h for h in re.findall(r"^#{3,6} (.+?) \{", CHAPTER, re.M) if h.startswith(trait.name))
    rows = table_after(f"# {heading} {{")
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4, 5, 6]
    checks = tuple(int(r[0]) for r in rows if f"+1 к проверкам {trait.characteristic[:-1]}" in r[1])
    prof = tuple(int(r[0]) for r in rows if "+1 владения оружием" in r[1])
    assert trait.check_levels == checks
    assert trait.proficiency_levels == prof
    for (key, level), (name, _rule) in creation.ABILITIES.items():
        if key == trait.key:
            assert f"«{name}»" in rows[level - 1][1] or f'"{name}"' in rows[level - 1][1]
