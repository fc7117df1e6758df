"""A PDF's layout read back from where its words stand, on pages laid out by hand
(tests/support/fakepdf): tables, titles by their size, paragraphs' ends, page furniture, each
where the page shows them and no word lost."""

from __future__ import annotations

from rulebook.ingest import coverage
from rulebook.ingest.model import Heading, Paragraph, Table, plain, walk

from tests.support import fakepdf
from tests.support.fakepdf import Printed, line
from tests.support.sources import ingest_one

ENTRY = '[books.pdfbook]\ntitle = "Книга"\nsystem = "Пример"\nsource = "book.pdf"\n'
PROSE = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью"  # 77 letters


def _read(tmp_path, monkeypatch, pages):
    pdf = fakepdf.install(tmp_path, monkeypatch, pages)
    (tmp_path / "book").mkdir()
    r = ingest_one(tmp_path / "book", ENTRY, {"book.pdf": pdf})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert coverage.measure(r.doc).missing == {}
    return r, blocks


def _texts(blocks, kind):
    return [b.text if kind is Heading else plain(b.inlines) for b in blocks if isinstance(b, kind)]


def _pages(n: int, number: bool = True) -> list[list[Printed]]:
    """n pages of prose, each its bare number at its foot."""
    return [
        [
            *(line(f"{PROSE} {p}.{k}.", 60 + 14 * k) for k in range(4)),
            *([line(str(p), 760)] if number else []),
        ]
        for p in range(1, n + 1)
    ]


def test_a_table_opening_a_page_under_a_cut_sentence_keeps_its_rows(tmp_path, monkeypatch):
    # the sentence before the table goes on after it; the table's first line is in lower case
    # («к6»), and the page break's mend took it into the sentence, the table's rows then lost
    pages = _pages(6)
    pages[2].insert(4, line("каждый получает одну и может описать её", 120))
    rows = [("к6", "Безделушка"), *((str(k), f"Находка номер {k}") for k in range(1, 7))]
    pages[3][:0] = [Printed([(a, 50.0), (b, 90.0)], 20 + 14 * k) for k, (a, b) in enumerate(rows)]
    pages[3].insert(len(rows), line("как захочет, и это правило.", 130))
    _, blocks = _read(tmp_path, monkeypatch, pages)
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [plain(row.cells[1].inlines) for row in table.rows][-6:] == [
        f"Находка номер {k}" for k in range(1, 7)
    ]
    assert "как захочет, и это правило." in _texts(blocks, Paragraph)


def _heads(blocks):
    return [(b.level, b.text) for b in blocks if isinstance(b, Heading)]


def test_large_text_that_ends_a_sentence_or_is_quoted_is_no_title(tmp_path, monkeypatch):
    # a lead that exclaims, a pull quote, an epigraph: set large, each read as text; the section
    # after them keeps its level (before, each was a heading and the section went under it)
    page = [line("Бой", 40, size=24), line("Добро пожаловать в мир приключений, герой!", 70, size=14)]
    page += [line(f"{PROSE}.", 90 + 14 * k) for k in range(3)]
    page += [line("«Кто не рискует, тот не пьёт»", 150, size=16), line("Первый шаг", 180, size=15)]
    page += [line(f"{PROSE}.", 200 + 14 * k) for k in range(3)]
    page += [line("Смелость города берёт…", 260, size=16), line("Второй шаг", 290, size=15)]
    page += [line(f"{PROSE}.", 310 + 14 * k) for k in range(3)]
    _, blocks = _read(tmp_path, monkeypatch, [page])
    assert _heads(blocks) == [(1, "Бой"), (2, "Первый шаг"), (2, "Второй шаг")]


def test_a_block_set_large_that_a_page_break_cuts_is_no_title(tmp_path, monkeypatch):
    pages = _pages(6)
    pages[1][4:4] = [line("Заметка на полях о том, как", 120 + 16 * k, size=14) for k in range(2)]
    pages[2][:0] = [line("мастер решает спор за столом", 40 + 16 * k, size=14) for k in range(2)]
    _, blocks = _read(tmp_path, monkeypatch, pages)
    assert not [t for _, t in _heads(blocks) if "мастер" in t or "Заметка" in t]


def test_a_covers_title_with_a_series_line_over_it_is_a_page_of_its_own(tmp_path, monkeypatch):
    cover = [line("Серия «Приключения»", 100, size=14), line("Книга правил", 200, size=40)]
    chapters = [
        [line(title, 40, size=24), *(line(f"{PROSE}.", 70 + 14 * k) for k in range(20))]
        for title in ("Бой", "Магия")
    ]
    _, blocks = _read(tmp_path, monkeypatch, [cover, *chapters])
    assert [h for h in _heads(blocks) if h[1] != "Серия «Приключения»"] == [
        (1, "Книга правил"),
        (1, "Бой"),
        (1, "Магия"),
    ]


def test_a_one_chapter_books_title_over_its_text_is_no_cover(tmp_path, monkeypatch):
    page = [line("Заклинания", 40, size=24), *(line(f"{PROSE}.", 70 + 14 * k) for k in range(8))]
    for k, spell in enumerate(["Огненный шар", "Щит"]):
        page += [
            line(spell, 200 + 150 * k, size=14),
            *(line(f"{PROSE}.", 220 + 150 * k + 14 * j) for j in range(4)),
        ]
    _, blocks = _read(tmp_path, monkeypatch, [page])
    assert _heads(blocks) == [(1, "Заклинания"), (2, "Огненный шар"), (2, "Щит")]


def test_a_drop_cap_printed_before_its_title_goes_back_to_its_word(tmp_path, monkeypatch):
    # the letter floats beside the paragraph's first lines, and the page prints it first
    for rest, want in (
        ("озьмите кубик и бросьте его.", "Возьмите кубик"),
        ("мире Пустоши нет воды.", "В мире"),
    ):
        page = [line("В", 150, size=40), line("Бой", 80, size=24), line(rest, 124, x=74)]
        page += [line(f"{PROSE}.", 138 + 14 * k, x=74) for k in range(3)]
        page.append(line("Затем возьмите второй кубик.", 190))  # the whole word the text spells
        (tmp_path / rest[:3]).mkdir()
        _, blocks = _read(tmp_path / rest[:3], monkeypatch, [page])
        assert _heads(blocks) == [(1, "Бой")] and _texts(blocks, Paragraph)[0].startswith(want)


def test_a_glossarys_letter_over_its_entries_stays_a_letter(tmp_path, monkeypatch):
    page = [line("Бой", 40, size=24)]
    for k, letter in enumerate("АБ"):
        page += [line(letter, 100 + 120 * k, size=30), line("броня — защита тела.", 130 + 120 * k)]
        page += [line(f"{PROSE}.", 144 + 120 * k + 14 * j) for j in range(3)]
    _, blocks = _read(tmp_path, monkeypatch, [page])
    assert not [t for t in _texts(blocks, Paragraph) if t.startswith(("Аброня", "Бброня"))]


def test_a_table_turned_on_its_side_keeps_its_words_and_makes_no_titles(tmp_path, monkeypatch):
    rows = ["Меч 15 зм 1к8", "Топор 10 зм 1к8", "Лук 25 зм 1к6"]
    pages = _pages(6)
    for p in (1, 3):  # the same turned rows on two pages: no thumb tab, they stand in the text
        pages[p][2:2] = [Printed([(r, 80.0 + 14 * k)], 300, sideways=True) for k, r in enumerate(rows)]
    _, blocks = _read(tmp_path, monkeypatch, pages)
    shown = " ".join(_texts(blocks, Paragraph))
    assert all(shown.count(r) == 2 for r in rows) and not [h for h in _heads(blocks) if h[1] in "зм 1к8 1к6"]


def test_a_thumb_tab_beside_the_texts_block_is_page_chrome(tmp_path, monkeypatch):
    pages = _pages(6)
    for page in pages:
        page.insert(1, Printed([("ГЛАВА ПЕРВАЯ", 560.0)], 300, sideways=True))
    r, blocks = _read(tmp_path, monkeypatch, pages)
    assert "ГЛАВА" not in " ".join(_texts(blocks, Paragraph) + [t for _, t in _heads(blocks)])
    assert any("thumb tabs: «ГЛАВА ПЕРВАЯ»" in n for n in r.doc.report.notes)


def test_two_titles_of_one_size_one_under_the_other_stay_two_and_a_wrapped_one_is_one(tmp_path, monkeypatch):
    page = [line("Часть вторая", 40, size=24), line("Глава 2. Магия", 90, size=24)]
    page += [line("Ритуалы, обряды и долгие", 130, size=16), line("заклинания", 148, size=16)]
    page += [line(f"{PROSE}.", 170 + 14 * k) for k in range(4)]
    _, blocks = _read(tmp_path, monkeypatch, [page])
    assert [t for _, t in _heads(blocks)] == [
        "Часть вторая",
        "Глава 2. Магия",
        "Ритуалы, обряды и долгие заклинания",
    ]


def test_a_box_of_larger_lines_and_a_quotes_source_are_no_titles(tmp_path, monkeypatch):
    # a sidebar set large: its title and its items a little apart; an epigraph and its source
    page = [line("Бой", 40, size=24), line("«Кто не рискует, тот не пьёт»", 70, size=14)]
    page += [line("— Старая поговорка", 95, size=14), *(line(f"{PROSE}.", 115 + 14 * k) for k in range(3))]
    page += [line("Вам понадобится", 180, size=14)]
    page += [
        line(item, 205 + 17 * k, size=14)
        for k, item in enumerate(["Меч или топор", "Щит с гербом", "Верёвка"])
    ]
    page += [line(f"{PROSE}.", 270 + 14 * k) for k in range(3)]
    _, blocks = _read(tmp_path, monkeypatch, [page])
    assert _heads(blocks) == [(1, "Бой")]


def test_a_table_cut_by_a_page_break_is_one_table_its_header_printed_again_dropped_and_told(
    tmp_path, monkeypatch
):
    pages = _pages(5)
    head = Printed([("к20", 50.0), ("Находка", 90.0), ("Цена", 220.0)], 0)
    rows = [(str(k), f"Находка номер {k}", f"{5 * k} зм") for k in range(1, 9)]

    def part(top: float, got: list[tuple[str, str, str]]) -> list[Printed]:
        return [Printed(head.cells, top)] + [
            Printed([(a, 50.0), (b, 90.0), (c, 220.0)], top + 14 * (k + 1)) for k, (a, b, c) in enumerate(got)
        ]

    pages[1][4:4] = part(660, rows[:5])  # at the page's foot, over its number
    pages[2][:0] = part(20, rows[5:])  # the rest at the next page's top, under its header again
    r, blocks = _read(tmp_path, monkeypatch, pages)
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [plain(c.inlines) for c in table.header[0]] == ["к20", "Находка", "Цена"]
    assert [plain(row.cells[1].inlines) for row in table.rows] == [b for _, b, _ in rows]
    assert any("к20 Находка Цена" in t for _, t in r.doc.report.dropped)
    assert any("header printed again" in n for n in r.doc.report.notes)


def test_a_table_set_large_keeps_its_header_which_its_size_made_a_title(tmp_path, monkeypatch):
    pages = _pages(5)
    # «к6» and «Находка» an em apart, under a cell's gap: the line reads as a title by its size
    table = [Printed([("к6", 50.0), ("Находка", 80.0)], 200, size=14.0)] + [
        Printed([(str(k), 50.0), (f"Находка {k}", 80.0)], 200 + 18 * k, size=14.0) for k in range(1, 7)
    ]
    pages[1][4:4] = table
    _, blocks = _read(tmp_path, monkeypatch, pages)
    (t,) = [b for b in blocks if isinstance(b, Table)]
    assert [plain(c.inlines) for c in t.header[0]] == ["к6", "Находка"]
    assert "к6 Находка" not in [b.text for b in blocks if isinstance(b, Heading)]
