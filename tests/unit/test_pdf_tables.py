"""A PDF's tables rebuilt from where their words stand (pdftables): cells apart by white in
columns, cells wrapped onto lines of their own joined to their row, a header on two lines; the
paragraphs around a table, and the page's other column, stay out of it."""

from __future__ import annotations

from rulebook.ingest import pdftables, typesizes
from rulebook.ingest.pdfgeometry import Word
from rulebook.ingest.reader import SourceLine

SIZE = 10.0
CHAR = 5.0  # points per letter


def _line(cells: list[tuple[str, float]], y: float, page: int = 0, size: float = SIZE) -> list[Word]:
    """A printed line: each (text, left) a cell's words from that left edge."""
    out = []
    for text, x in cells:
        for w in text.split():
            out.append(Word(w, x, x + CHAR * len(w), y, size, page))
            x += CHAR * (len(w) + 1)
    return out


COLS = [50.0, 120.0, 200.0]
ROWS = [
    ["1st", "+2", "Rage"],
    ["2nd", "+2", "Reckless Attack"],
    ["3rd", "+2", "Primal Path"],
    ["4th", "+2", "Ability"],
]


def _table(y: float, page: int = 0, left: float = 0.0) -> list[list[Word]]:
    lines = [
        _line([(t, left + x) for t, x in zip(["Level", "Bonus", "Features"], COLS, strict=True)], y, page)
    ]
    for k, row in enumerate(ROWS):
        lines.append(_line([(t, left + x) for t, x in zip(row, COLS, strict=True)], y + 14 * (k + 1), page))
    return lines


def _prose(y: float, n: int, page: int = 0) -> list[list[Word]]:
    line = "a paragraph of the rules runs across the whole column and goes on"
    return [_line([(line, 50.0)], y + 14 * k, page) for k in range(n)]


def test_a_table_between_paragraphs_is_found_and_the_paragraphs_stay_out():
    words = _prose(100, 3) + _table(150) + _prose(230, 2)
    (found,) = pdftables.find(words, SIZE)
    assert (found.first, found.last) == (3, 7)
    assert found.header == [[("Level", 1), ("Bonus", 1), ("Features", 1)]]
    assert found.rows == ROWS


def test_a_cell_wrapped_onto_a_line_of_its_own_joins_its_row():
    words = _table(150)
    words.insert(3, _line([("Defense", 200.0)], 150 + 14 * 2 + 7))  # under «Reckless Attack»
    (found,) = pdftables.find(words, SIZE)
    assert found.rows[1] == ["2nd", "+2", "Reckless Attack Defense"]


def test_a_paragraph_between_two_tables_parts_them():
    words = _table(100) + _prose(180, 3) + _table(240)
    found = pdftables.find(words, SIZE)
    assert [(t.first, t.last) for t in found] == [(0, 4), (8, 12)]


def test_a_tables_rest_in_the_pages_other_column_is_a_table_of_its_own():
    words = _table(600) + _table(100, left=300)  # the second column starts at the page's top
    found = pdftables.find(words, SIZE)
    assert [(t.first, t.last) for t in found] == [(0, 4), (5, 9)]


def test_lines_with_one_wide_gap_in_prose_are_no_table():
    # a few words set apart by chance (a stretched line): two rows are no table
    words = [*_prose(100, 2), _line([("Flying", 50.0), ("speed", 200.0)], 130), *_prose(144, 2)]
    assert pdftables.find(words, SIZE) == []


def test_a_header_set_in_larger_bold_type_is_the_tables_header_not_a_title():
    words = _prose(100, 3) + _table(150)
    words[3] = _line(
        [(t, x) for t, x in zip(["Level", "Bonus", "Features"], COLS, strict=True)], 150, size=13.0
    )
    lines = [
        SourceLine(k + 1, " ".join(w.text for w in ws), size=ws[0].size, boxes=tuple(ws))
        for k, ws in enumerate(words)
    ]
    assert typesizes.find(lines, set(), 6) == []
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [[("Level", 1), ("Bonus", 1), ("Features", 1)]] and found.rows == ROWS


def test_a_list_whose_items_hang_a_few_ems_after_their_markers_is_no_table():
    for markers in (["•"] * 4, ["1.", "2.", "3.", "4."], ["а)", "б)", "в)", "г)"]):
        words = [
            _line([(m, 50.0), ("Выберите класс и расу персонажа", 80.0)], 100 + 14 * k)
            for k, m in enumerate(markers)
        ]
        assert pdftables.find(words, SIZE) == [], markers


def test_the_last_rows_wrapped_cell_and_a_title_across_the_columns_are_the_tables():
    words = _table(150)
    words.insert(0, _line([("Развитие персонажа", 100.0)], 136))  # over the columns, no row
    words.append(_line([("и защита", 200.0)], 150 + 14 * 4 + 12))  # under «Ability», in its column
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [
        [("", 1), ("Развитие персонажа", 2)],
        [("Level", 1), ("Bonus", 1), ("Features", 1)],
    ]
    assert found.rows[-1] == ["4th", "+2", "Ability и защита"]


def test_rows_with_an_empty_first_cell_are_rows_of_their_own():
    # a class's levels grouped under its name: «Воин» once, then rows with no first cell
    rows = [
        ["Воин", "1", "+2", "Стойка"],
        ["", "2", "+3", "Рывок"],
        ["", "3", "+4", "Удар"],
        ["Маг", "1", "+2", "Искра"],
    ]
    words = [
        _line([(t, x) for t, x in zip(r, [50.0, 120.0, 160.0, 220.0], strict=True) if t], 100 + 14 * k)
        for k, r in enumerate(rows)
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.rows == rows


def test_a_justified_paragraphs_wide_spaced_lines_are_no_table():
    # narrow justified lines stretched wide: every gap alike, over an em and a half
    lines = []
    for k in range(5):
        x, line = 50.0, []
        for w in ["герой", "бросает", "кубик", "мастер", "итог"]:
            line.append(Word(w, x, x + 5 * len(w), 100 + 14 * k, SIZE, 0))
            x += 5 * len(w) + 16
        lines.append(line)
    assert pdftables.find(lines, SIZE) == []


def test_a_paragraphs_last_line_over_a_table_is_no_header():
    # «Итог.» a line under the paragraph's full line (which ends its sentence), the table set
    # smaller a little further down: the line is the paragraph's last
    prose = "a paragraph of the rules runs across the whole column and goes on"
    words = [_line([(prose + ("." if k == 2 else ""), 50.0)], 70 + 14 * k) for k in range(3)]
    words.append(_line([("Итог.", 50.0)], 112))
    rows = [
        ("Weapon", "Damage", "Cost"),
        ("Dagger", "1d4", "2 gp"),
        ("Longbow", "1d8", "50 gp"),
        ("Axe", "1d6", "5 gp"),
    ]
    cols = [50.0, 150.0, 220.0]
    words += [_line(list(zip(r, cols, strict=True)), 130 + 13 * k, size=9.0) for k, r in enumerate(rows)]
    (found,) = pdftables.find(words, SIZE)
    assert found.first == 4 and found.header == [[("Weapon", 1), ("Damage", 1), ("Cost", 1)]]


def test_a_dies_name_heads_its_column():
    rows = [["к6", "Безделушка"], *([str(k), f"Находка {k}"] for k in range(1, 5))]
    words = [_line([(a, 50.0), (b, 90.0)], 100 + 14 * k) for k, (a, b) in enumerate(rows)]
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [[("к6", 1), ("Безделушка", 1)]] and len(found.rows) == 4


def test_a_header_whose_columns_are_spaced_evenly_heads_its_table():
    # the header's words a like gap apart (as a justified line's), over rows beyond doubt
    names, x, starts = ["Класс", "Уровень", "Бонус", "Умения"], 50.0, []
    for n in names:
        starts.append(x)
        x += CHAR * len(n) + 30.0
    rows = [
        ["Воин", "1", "+2", "Умение воина"],
        ["Маг", "1", "+2", "Умение мага"],
        ["Вор", "1", "+2", "Умение вора"],
    ]
    words = [_line(list(zip(names, starts, strict=True)), 100)]
    words += [_line(list(zip(r, starts, strict=True)), 114 + 14 * k) for k, r in enumerate(rows)]
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [[(n, 1) for n in names]] and found.rows == rows
