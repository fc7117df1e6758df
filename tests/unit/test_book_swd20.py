"""Golden expectations for Star Wars d20 (RCR), chapter 8 «Бой» (sources/swd20.txt)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulebook.ingest import markdown
from rulebook.ingest.config import load_books
from rulebook.ingest.model import Document, Heading, Link, Paragraph, Strong, Sup, Table, Text, plain
from rulebook.ingest.pipeline import render_book

from tests.support import ingested

ROOT = Path(__file__).resolve().parents[2]


def doc() -> Document:
    return ingested.parsed("swd20")


@lru_cache(maxsize=1)
def book():
    return next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == "swd20")


def blocks() -> list:
    return ingested.blocks("swd20")


def headings() -> list[Heading]:
    return ingested.headings("swd20")


def table(num: str) -> Table:
    return next(b for b in blocks() if isinstance(b, Table) and b.anchor == f"table-{num}")


def texts(cells) -> list[str]:
    return [plain(c.inlines) for c in cells]


def row(t: Table, start: str):
    return next(r for r in t.rows if plain(r.cells[0].inlines).startswith(start))


def all_text() -> str:
    return "\n".join(render_book(book(), doc()).values())


def test_site_chrome_is_removed_and_reported():
    dropped = [t for _, t in doc().report.dropped]
    assert dropped[0] == "Загрузка..." and dropped[1].startswith("Порядок боя. Показатели.")
    assert "© SDA Software, 2006-2024" in dropped and "HTML, PHP, CSS, Javascript, JQuery" in dropped
    text = all_text()
    for junk in ("Загрузка...", "Порядок боя. Показатели.", "SDA Software", "наша статистика", "Netwolf"):
        assert junk not in text


def test_translator_credit_is_page_metadata():
    page = doc().pages[0]
    assert page.meta == {"credit": "Авторский перевод: Ганул Артем aka Rocker"}
    assert 'credit: "Авторский перевод: Ганул Артем aka Rocker"' in render_book(book(), doc())["08-boi.md"]


def test_title_is_chapter_8_without_its_final_period():
    h = headings()[0]
    assert (h.level, h.text) == (1, "Глава 8. Бой")


def test_headings_per_level():
    counts = {lv: sum(h.level == lv for h in headings()) for lv in (1, 2, 3, 4)}
    assert counts == {1: 1, 2: 12, 3: 56, 4: 74}


def test_question_and_digit_headings():
    levels = {h.text: h.level for h in headings()}
    assert levels["Что дальше?"] == 3
    assert levels["0 очков энергии"] == 4
    assert levels["Атаки по Возможности"] == 2
    assert "Персонаж среднего размера занимает площадь 2x2 метра" not in levels


def test_thirteen_captioned_tables():
    tables = [b for b in blocks() if isinstance(b, Table)]
    assert [t.anchor for t in tables] == [f"table-8-{i}" for i in range(1, 14)]
    assert all(t.caption.startswith(f"Таблица 8-{i}: ") for i, t in enumerate(tables, start=1))
    shapes = [(t.ncols, sum(not r.group and not r.head for r in t.rows)) for t in tables]
    assert shapes == [
        (2, 9),
        (3, 35),
        (3, 7),
        (2, 6),
        (4, 2),
        (3, 9),
        (3, 15),
        (4, 5),
        (3, 5),
        (5, 42),
        (4, 8),
        (3, 7),
        (4, 14),
    ]


def test_table_8_11_has_a_split_two_row_header():
    t = table("8-11")
    assert len(t.header) == 2
    top, bottom = t.header
    assert texts(top) == ["Размер - Пример", "Защита объекта"]
    assert (top[0].rowspan, top[1].colspan) == (2, 3)
    assert texts(bottom) == ["В руках*", "На теле*", "Неподвижный"]
    assert isinstance(bottom[0].inlines[-1], Sup) and bottom[0].inlines[-1].target == "table-8-11-fn-1"


def test_table_8_10_stacks_a_second_table_under_a_repeated_header():
    t = table("8-10")
    heads = [r for r in t.rows if r.head]
    assert len(heads) == 1 and texts(heads[0].cells)[:2] == ["Базовый бонус атаки", "Обычный автовыстрел"]
    assert texts(t.header[0])[1] == "Обычный мультивыстрел"
    i = t.rows.index(heads[0])
    assert i == 21 and texts(t.rows[i + 1].cells) == [
        "+0",
        "-6/-6/-6",
        "-8/-8/-8/-8",
        "-4/-4/-4",
        "-6/-6/-6/-6",
    ]


def test_table_8_4_is_read_from_key_value_lines():
    t = table("8-4")
    assert t.header == [] and t.hinted
    assert [texts(r.cells) for r in t.rows[:2]] == [
        ["1 дюйм", "2 метра"],
        ['"Стоящий рядом" или "смежный"', "находящийся на расстоянии 2 метра"],
    ]
    note = t.rows[4]
    assert (
        texts(note.cells) == ["Персонаж среднего размера занимает площадь 2x2 метра"]
        and note.cells[0].colspan == 2
    )
    assert texts(t.rows[5].cells) == ["1 раунд", "6 секунд"]


def test_table_8_2_group_rows_and_lookalike_footnote_letters():
    t = table("8-2")
    assert [plain(r.cells[0].inlines) for r in t.rows if r.group] == [
        "Действия атаки:",
        "Действия движения:",
        "Полнораундовые действия:",
        "Свободные действия:",
        "Особые действия:",
    ]
    assert [fn.marker for fn in t.footnotes] == [
        "А",
        "В",
        "C",
        "D",
        "E",
        "F",
        "G",
    ]  # А, В Cyrillic; C, E Latin
    hit = row(t, "Удар по предмету").cells[0].inlines
    assert hit[-1] == Sup("С", "table-8-2-fn-3")  # the cell's С is Cyrillic, the footnote's C Latin
    rush = row(t, "Напор банты").cells[0].inlines
    assert [s.target for s in rush if isinstance(s, Sup)] == ["table-8-2-fn-3", "table-8-2-fn-7"]
    assert plain(rush) == "Напор банты (Bantha rush) С G"


def test_table_8_7_spanning_row_and_cyrillic_c_footnote():
    t = table("8-7")
    last = t.rows[-1]
    assert len(last.cells) == 2 and last.cells[1].colspan == 2
    assert [fn.marker for fn in t.footnotes] == ["А", "В", "С"]
    grapple = row(t, "Защитник борется").cells[2].inlines
    assert grapple[-1] == Sup("С", "table-8-7-fn-3")


def test_table_8_8_asterisk_markers():
    t = table("8-8")
    nine = row(t, "Девять десятых").cells[3].inlines
    assert nine == [nine[0], Sup("*", "table-8-8-fn-1")] and plain(nine) == "+4*"
    full = row(t, "Полное").cells
    assert full[2].inlines == [Sup("**", "table-8-8-fn-2")]
    assert [fn.marker for fn in t.footnotes] == ["*", "**"]


def test_section_references_link_only_the_heading_words():
    links = [s for b in blocks() if isinstance(b, Paragraph) for s in b.inlines if isinstance(s, Link)]
    assert any(lk.text == "Прорыв" and lk.target == "#proryv" for lk in links)
    assert any(lk.text == "Таблице 8-10" and lk.target == "#table-8-10" for lk in links)
    assert not doc().report.unresolved


def test_markdown_for_the_two_row_header():
    text = markdown.table(table("8-11"))
    assert '<tr><th rowspan="2">Размер - Пример</th><th colspan="3">Защита объекта</th></tr>' in text


def paragraph_at(line: int) -> Paragraph:
    return next(b for b in blocks() if isinstance(b, Paragraph) and b.line == line)


def test_sentences_with_a_colon_are_not_bold_lead_ins():
    """Source lines 667, 701 and 821 only look like «Термин: текст»: a long sentence ending in
    «Главе 7:», a colon before a lower-case word, and a table reference before its caption's
    colon, which keeps its link."""
    for line in (667, 701, 821):
        p = paragraph_at(line)
        assert p.role != "lead" and not any(isinstance(s, Strong) for s in p.inlines), line
    assert Link("Таблице 8-8", "#table-8-8") in paragraph_at(821).inlines
    assert paragraph_at(667).inlines == [
        Text("Подробную информацию о названных устройствах можно найти в Главе 7: Снаряжение.")
    ]
    leads = [b for b in blocks() if isinstance(b, Paragraph) and b.role == "lead"]
    assert len(leads) == 61  # the other lead-ins stay
