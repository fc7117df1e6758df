"""Structure a careful reader checks, for every registered book: no section is left empty with its
children beside it, no heading-like line became a table row, and umbrella headings hold the
headings the book lists under them (FATUM's fixes, as golden examples)."""

from __future__ import annotations

import pytest
from rulebook.ingest import outline
from rulebook.ingest.config import load_books

from tests.support.ingested import headings, parsed
from tests.support.site import ROOT

BOOKS = [b.slug for b in load_books(ROOT / "sources" / "books.toml")]


@pytest.mark.parametrize("slug", BOOKS)
def test_no_section_is_empty_and_nothing_reads_like_a_lost_heading(slug):
    doc = parsed(slug)
    assert outline.empty_sections(doc) == []
    assert doc.report.warnings == []


def children(slug: str, title: str) -> list[str]:
    hs = headings(slug)
    i = next(i for i, h in enumerate(hs) if h.text == title)
    out = []
    for h in hs[i + 1 :]:
        if h.level <= hs[i].level:
            break
        if h.level == hs[i].level + 1:
            out.append(h.text)
    return out


def test_fatum_umbrella_headings_hold_their_children():
    assert children("fatum", "Ранги NPC") == [
        "Массовка",
        "Рядовой",
        "Ветеран",
        "Элитный NPC",
        "Главный противник",
    ]
    gifts = children("fatum", "Таблица способностей Аберрантов")
    assert len(gifts) == 9 and gifts[0] == "Сверхинтеллект" and gifts[-1] == "Парение"
    assert children("fatum", "Таблица Модификаций")[-1] == "Тяжёлое Оружие"
    assert len(children("fatum", "Примеры способностей")) == 12
    assert children("fatum", "Состояния морали") == [
        "Выше половины",
        "Половина или меньше",
        "Четверть или меньше",
        "Ноль",
    ]


def test_an_umbrella_does_not_move_the_ids_of_repeated_titles_under_it():
    ids = {h.anchor for h in headings("fatum")}
    assert {"4-8-pistolety", "5-5-ukrytiia", "shag-7-psikhologicheskii-sled-2"} <= ids
