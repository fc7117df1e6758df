"""Golden expectations for the D&D 2024 rules glossary (sources/dnd2024.txt)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rulebook.ingest import markdown
from rulebook.ingest.model import (
    Document,
    Heading,
    Link,
    ListBlock,
    Notice,
    Paragraph,
    Strong,
    Table,
    plain,
)

from tests.support import ingested

ROOT = Path(__file__).resolve().parents[2]
MISSING = [
    (129, "Проверки Влияния"),
    (159, "Грузоподъёмность"),
    (257, "Области знаний"),
    (453, "Суточная потребность в пище"),
    (473, "Суточная потребность в воде"),
    (640, "Поиск"),
    (722, "Класс защиты объекта"),
    (726, "Хиты объекта"),
    (913, "Тип урона"),
]


def doc() -> Document:
    return ingested.parsed("dnd2024")


def blocks() -> list:
    return ingested.blocks("dnd2024")


def headings() -> list[Heading]:
    return ingested.headings("dnd2024")


def heading(title: str) -> Heading:
    return ingested.heading("dnd2024", title)


def paragraph(start: str) -> Paragraph:
    return next(b for b in blocks() if isinstance(b, Paragraph) and plain(b.inlines).startswith(start))


def test_157_headings_without_the_trailing_hash():
    heads = headings()
    assert len(heads) == 157
    assert not any(h.text.endswith("#") for h in heads)
    assert Counter(h.level for h in heads) == {1: 1, 2: 2, 3: 154}


def test_title_keeps_its_latin_c():
    h = headings()[0]
    assert (h.level, h.text) == (1, "Приложение C: Глоссарий правил") and "C" in h.text


def test_entry_tag_becomes_metadata_not_title():
    h = heading("Атака")
    assert (h.level, h.tag, h.anchor) == (3, "Действие", "ataka")
    assert heading("Бессознательный").tag == "Состояние"
    assert heading("Атака заклинанием").tag == ""


def test_tags_per_kind():
    assert Counter(h.tag for h in headings() if h.tag) == {
        "Состояние": 15,
        "Действие": 12,
        "Область воздействия": 6,
        "Угроза": 5,
        "Отношение": 3,
    }


def test_tag_is_rendered_as_a_badge_and_a_facet():
    text = markdown.heading(heading("Засада"))
    badge = '<span class="rb-tag">Действие</span>'
    assert text == f'### Засада {badge} {{#zasada data-tag="Действие" data-toc-label="Засада"}}'


def test_nine_missing_tables_are_kept_with_a_notice():
    assert doc().report.missing_tables == MISSING
    seq = blocks()
    for line, caption in MISSING:
        i = next(k for k, b in enumerate(seq) if isinstance(b, Paragraph) and b.line == line)
        assert seq[i].role == "caption" and plain(seq[i].inlines) == caption
        notice = seq[i + 1]
        assert isinstance(notice, Notice) and notice.title == "Таблица отсутствует в источнике"
        assert f"«{caption}»" in notice.text
    assert not any(isinstance(b, Table) for b in seq)


def test_lead_ins_whose_list_was_lost_are_kept_with_a_notice():
    seq = blocks()
    lost = [
        seq[i - 1]
        for i, b in enumerate(seq)
        if isinstance(b, Notice) and b.title == "Список отсутствует в источнике"
    ]
    assert [p.line for p in lost] == [5, 184, 301, 349]
    assert plain(lost[0].inlines) == "В глоссарии используются следующие условные обозначения:"
    assert [n for n in doc().report.notes if "list" in n] == [
        f"line {n}: the list after this lead-in is missing in the source" for n in (5, 184, 301, 349)
    ]


def test_lead_in_definitions_are_bold():
    p = paragraph("Захват. Цель должна")
    assert p.role == "lead" and p.inlines[0] == Strong("Захват.")
    p = paragraph("Прерывание отдыха. Долгий отдых")
    assert p.inlines[0] == Strong("Прерывание отдыха.")


def test_short_first_sentences_are_not_lead_ins():
    for start in (
        "При успехе вы становитесь Невидимым.",
        "Существо может захватить",
        "Инициатива определяет",
        "Во время сна вы являетесь",
        "Дружелюбное существо относится",
    ):
        assert not any(isinstance(s, Strong) for s in paragraph(start).inlines), start


def test_see_also_references_link_to_entries():
    p = paragraph("Атака с оружием — это бросок атаки")
    assert [s for s in p.inlines if isinstance(s, Link)] == [Link("«Оружие»", "#oruzhie")]
    p = paragraph("Истощение, вызванное обезвоживанием")
    assert Link("«Истощение»", "#istoshchennyi") in p.inlines  # the entry is «Истощённый»
    assert not doc().report.unresolved and doc().report.resolved >= 70


def test_chapter_references_outside_the_glossary_stay_text():
    p = paragraph("Класс сложности (Сл) — это целевое число")
    assert not any(isinstance(s, Link) for s in p.inlines)
    assert plain(p.inlines).endswith("Смотрите также главу 1 («Тесты к20»).")


def test_action_list_has_twelve_items():
    lst = next(b for b in blocks() if isinstance(b, ListBlock))
    assert [plain(i.inlines) for i in lst.items][:3] == ["Атака", "Влияние", "Засада"] and len(
        lst.items
    ) == 12
    assert sum(isinstance(b, ListBlock) for b in blocks()) == 7
