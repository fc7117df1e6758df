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


def test_a_tables_rest_in_the_pages_other_column_is_the_same_table_its_header_printed_again():
    words = _table(600) + _table(100, left=300)  # the second column starts at the page's top
    (found,) = pdftables.find(words, SIZE)
    assert (found.first, found.last, found.repeated) == (0, 9, (5,))
    assert found.header == [[("Level", 1), ("Bonus", 1), ("Features", 1)]] and found.rows == ROWS + ROWS


def test_a_table_starting_the_next_page_under_its_own_header_is_another_table():
    other = _table(100, page=1)
    other[0] = _line([("Rank", 50.0), ("Cost", 120.0), ("Gear", 200.0)], 100, page=1)
    found = pdftables.find(_table(600) + other, SIZE)
    assert [(t.first, t.last) for t in found] == [(0, 4), (5, 9)]
    assert found[1].header == [[("Rank", 1), ("Cost", 1), ("Gear", 1)]]


def test_a_table_going_on_over_the_page_without_its_header_is_one_table():
    rest = _table(100, page=1)[1:]
    (found,) = pdftables.find(_table(600) + rest, SIZE)
    assert (found.first, found.last, found.repeated) == (0, 8, ()) and found.rows == ROWS + ROWS


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
    # narrow justified lines stretched wide: every gap of a line alike, an em and a half or
    # more, each line's words its own, all lines as wide (their gaps meet only by chance)
    texts = [
        "герой бросает кубик мастер итог",
        "после броска мастер решает",
        "если успех герой идёт дальше",
        "иначе ход переходит к врагу",
        "и бой продолжается снова",
    ]
    lines = []
    for k, text in enumerate(texts):
        ws = text.split()
        gap = (260 - 5 * sum(map(len, ws))) / (len(ws) - 1)
        x, line = 50.0, []
        for w in ws:
            line.append(Word(w, x, x + 5 * len(w), 100 + 14 * k, SIZE, 0))
            x += 5 * len(w) + gap
        assert gap >= 1.5 * SIZE
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


SPACE = 2.5  # a word space, a quarter of an em


def _set(cells: list[tuple[str, float]], y: float, size: float = SIZE, page: int = 0) -> list[Word]:
    """A printed line, its words a word space apart: each (text, left) a cell from that edge."""
    out = []
    for text, x in cells:
        for w in text.split():
            out.append(Word(w, x, x + CHAR * len(w), y, size, page))
            x += CHAR * len(w) + SPACE
    return out


def _grid(y: float, rows: list[list[str]], lefts: list[float]) -> list[list[Word]]:
    return [
        _set([(t, x) for t, x in zip(row, lefts, strict=True) if t], y + 12 * k) for k, row in enumerate(rows)
    ]


def test_a_title_between_two_runs_of_rows_parts_two_tables():
    # a druid's circle spells: «Arctic» over four rows, «Coast» over four more, a line apart
    rows = [["3rd", "hold person"], ["5th", "sleet storm"], ["7th", "ice storm"], ["9th", "cone of cold"]]
    words = [_set([("Arctic", 50.0)], 88, size=14.0), *_grid(100, rows, [50.0, 110.0])]
    words += [_set([("Coast", 50.0)], 160, size=14.0), *_grid(172, rows, [50.0, 110.0])]
    found = pdftables.find(words, SIZE)
    assert [(t.first, t.last) for t in found] == [(1, 4), (6, 9)]


def test_a_grid_set_tight_is_a_table():
    # a spell-slot grid: its columns about an em apart, none a cell's em and a half
    lefts = [50.0, 80.0, 105.0, 130.0, 155.0]
    rows = [["Lvl.", "1st", "2nd", "3rd", "4th"]] + [
        [f"{k}th", str(k % 4 + 1), "2", "—", "—"] for k in range(1, 6)
    ]
    (found,) = pdftables.find(_grid(100, rows, lefts), SIZE)
    assert (found.first, found.last) == (0, 5) and found.rows[-5:] == rows[1:]


def test_a_justified_paragraphs_lines_whose_gaps_meet_by_chance_are_no_table():
    # three lines of a narrow justified column, two of their gaps meeting all the way down; the
    # words after those gaps do not line up, and each line's other gaps are as wide
    words = [
        _set([("герой", 50.0), ("бросает", 90.0), ("кубик", 140.0), ("сам", 180.0)], 100),
        _set([("мастер", 50.0), ("решает", 93.0), ("исход", 137.0), ("боя", 180.0)], 112),
        _set([("и", 50.0), ("ход", 87.0), ("переходит", 128.0), ("дальше", 175.0)], 124),
    ]
    assert pdftables.find(words, SIZE) == []


def test_labels_centred_over_their_columns_under_a_title_head_the_table():
    # «Experience Points», «Level», «Proficiency Bonus» over 0 / 1 / +2, under a title set large,
    # a gap under a cell's between them, in the white between the columns
    words = [
        _set([("Character Advancement", 50.0)], 86, size=14.0),
        _set([("Experience Points", 50.0), ("Level", 142.0), ("Proficiency Bonus", 180.0)], 100),
        *_grid(112, [["0", "1", "+2"], ["300", "2", "+2"], ["1,355,000", "3", "+2"]], [50.0, 150.0, 205.0]),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.first == 1
    assert found.header == [[("Experience Points", 1), ("Level", 1), ("Proficiency Bonus", 1)]]


def test_two_labels_a_word_space_or_so_apart_each_head_the_column_it_starts():
    # «Druid Level» overhangs the narrow column of levels; «Circle Spells» starts the spells'
    words = [
        _set([("Druid Level", 50.0), ("Circle Spells", 115.0)], 100),
        *_grid(112, [["3rd", "hold person"], ["5th", "sleet storm"], ["7th", "ice storm"]], [50.0, 115.0]),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [[("Druid Level", 1), ("Circle Spells", 1)]]


def test_a_last_row_whose_gaps_are_under_a_cells_is_the_tables():
    rows = [
        ["Common", "Humans", "Common"],
        ["Giant", "Ogres, giants", "Dwarvish"],
        ["Elvish", "Elves", "Elvish"],
    ]
    words = _grid(100, rows, [50.0, 115.0, 215.0])
    # an em and an em and a quarter apart: under a cell's gap, so no row by its gaps alone
    words.append(_set([("Undercommon", 50.0), ("Underworld traders", 115.0), ("Elvish", 215.0)], 136))
    (found,) = pdftables.find(words, SIZE)
    assert found.rows[-1] == ["Undercommon", "Underworld traders", "Elvish"]


def test_a_justified_line_under_a_table_is_no_row_though_some_gaps_fall_at_its_columns():
    # its words an em apart, alike: «мира» and «везде» happen to start the columns
    rows = [
        ["Common", "Humans", "Common"],
        ["Dwarvish", "Dwarves", "Dwarvish"],
        ["Elvish", "Elves", "Elvish"],
    ]
    words = _grid(100, rows, [50.0, 130.0, 200.0])
    justified, x = [], 50.0
    for w in ["Языки", "народов", "мира", "звучат", "везде", "одинаково"]:
        justified.append(Word(w, x, x + CHAR * len(w), 136, SIZE, 0))
        x += CHAR * len(w) + SIZE
    assert [w.x0 for w in justified][2:5:2] == [130.0, 200.0]
    (found,) = pdftables.find([*words, justified], SIZE)
    assert found.last == 2


def test_rows_set_in_under_a_first_cell_alone_are_its_group():
    # «Hireling» alone, «Skilled» and «Untrained» set in under it: the services table is one
    words = [
        _set([("Service", 50.0), ("Pay", 150.0)], 100),
        _set([("Coach cab", 50.0)], 112),
        _set([("Between towns", 59.0), ("3 cp per mile", 150.0)], 124),
        _set([("Within a city", 59.0), ("1 cp", 150.0)], 136),
        _set([("Hireling", 50.0)], 148),
        _set([("Skilled", 59.0), ("2 gp per day", 150.0)], 160),
        _set([("Untrained", 59.0), ("2 sp per day", 150.0)], 172),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert (found.first, found.last) == (0, 6)
    assert found.rows[0] == ["Coach cab", ""] and found.rows[-1] == ["Untrained", "2 sp per day"]


def test_a_header_of_cells_each_at_its_own_height_takes_all_its_lines():
    # «Level» centred on two lines, «Proficiency»/«Bonus» and «Sneak»/«Attack» on two each:
    # pdftotext writes five lines above the first row
    words = [
        _set([("Proficiency", 90.0)], 96),
        _set([("Level", 50.0)], 101),
        _set([("Bonus", 95.0), ("Sneak", 150.0)], 106),
        _set([("Attack", 148.0)], 111),
        _set([("Features", 200.0)], 111.2),
        *_grid(
            124,
            [
                ["1st", "+2", "1d6", "Expertise"],
                ["2nd", "+2", "1d6", "Cunning"],
                ["3rd", "+2", "2d6", "Archetype"],
            ],
            [52.0, 100.0, 152.0, 200.0],
        ),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.first == 0
    assert found.header[-1] == [("Level", 1), ("Proficiency Bonus", 1), ("Sneak Attack", 1), ("Features", 1)]


def test_two_tables_without_headers_over_a_page_break_stay_two_where_their_columns_differ():
    first = _grid(
        600, [["Общий", "Люди", "Общая"], ["Эльфийский", "Эльфы", "Эльфийская"]] * 2, [50.0, 130.0, 220.0]
    )
    other = [
        _set([(a, 50.0), (b, 110.0), (c, 250.0)], 40 + 12 * k, page=1)
        for k, (a, b, c) in enumerate([("Яма", "Ловкость", "Падение"), ("Игла", "Телосложение", "Яд")] * 2)
    ]
    found = pdftables.find(first + other, SIZE)
    assert [(t.first, t.last) for t in found] == [(0, 3), (4, 7)]


def test_a_line_with_words_but_no_boxes_between_two_parts_keeps_them_apart():
    # a word set on its side in the margin between them: the join would leave it out of both
    words = [*_table(600), [], *_table(100, page=1)[1:]]
    assert len(pdftables.find(words, SIZE)) == 1
    assert len(pdftables.find(words, SIZE, held=frozenset({5}))) == 2


def test_labels_flush_with_their_columns_head_them_however_close_and_a_cut_label_goes_on():
    # «Слож-» / «ность» over the names, «Значение» (wider than its figures) all but touching
    # «Пример»: each label starts its column
    words = [
        [*_set([("Слож-", 50.0)], 100), *_set([("Значение", 105.0), ("Пример", 147.0)], 100)],
        _set([("ность", 50.0)], 112),
        *_grid(
            124,
            [["Простая", "6", "перелезть"], ["Обычная", "8", "выследить"], ["Трудная", "10", "взломать"]],
            [50.0, 105.0, 147.0],
        ),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [[("Сложность", 1), ("Значение", 1), ("Пример", 1)]]
    assert found.rows[0] == ["Простая", "6", "перелезть"]


def test_ordinals_over_their_columns_are_a_headers_labels_not_a_cut_rows_figures():
    words = [
        _set([("Bonus", 100.0), ("1st", 160.0), ("2nd", 200.0)], 100),
        *_grid(
            112,
            [["1st", "+2", "2", "—"], ["2nd", "+2", "3", "—"], ["3rd", "+2", "4", "2"]],
            [50.0, 100.0, 162.0, 202.0],
        ),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.header == [[("", 1), ("Bonus", 1), ("1st", 1), ("2nd", 1)]]


def test_a_note_under_a_table_set_smaller_or_larger_is_no_row():
    rows = [["Кинжал", "1к4", "2 зм"], ["Меч", "1к8", "15 зм"], ["Копьё", "1к6", "1 зм"]]
    words = _grid(100, rows, [50.0, 130.0, 200.0])
    words.append(_set([("* только для воинов", 130.0)], 137, size=11.0))
    (found,) = pdftables.find(words, SIZE)
    assert found.last == 2


def test_a_two_column_table_set_tight_and_flush_left_is_a_table():
    # «d8 Creature» over «1 Weasel», «2 Giant rat»: its one white column an em wide
    rows = [["d8", "Creature"], ["1", "Weasel"], ["2", "Giant rat"], ["3", "Badger"], ["4", "Boar"]]
    (found,) = pdftables.find(_grid(100, rows, [50.0, 70.0]), SIZE)
    assert (found.first, found.last) == (0, 4) and found.rows[-1] == ["4", "Boar"]


def test_a_last_cells_wrapped_line_wider_than_the_rows_before_joins_its_row():
    rows = [["01–15", "Being drunk keeps me sane."], ["16–25", "I keep whatever I find."]]
    words = _grid(100, rows, [50.0, 90.0])
    words.append(_set([("26–30", 50.0), ("I try to become more like someone", 90.0)], 124))
    words.append(_set([("else I know, adopting his or her style of dress.", 90.0)], 136))
    words.append(_set([("31–35", 50.0), ("I must bend the truth.", 90.0)], 148))
    (found,) = pdftables.find(words, SIZE)
    assert found.rows[-2:] == [
        ["26–30", "I try to become more like someone else I know, adopting his or her style of dress."],
        ["31–35", "I must bend the truth."],
    ]


def test_a_paragraphs_line_under_a_table_one_of_whose_words_starts_a_column_is_no_row():
    # a two-column roll table an em apart; under it a paragraph whose second word, under half
    # an em after the first, happens to start where the second column does
    words = _grid(100, [["1", "Лампа"], ["2", "Кинжал"], ["3", "Щит"]], [50.0, 65.0])
    line = [Word("На", 50.0, 60.0, 136, SIZE, 0), Word("каждом", 64.5, 94.5, 136, SIZE, 0)]
    line += _set([("уровне персонаж получает одну находку", 97.0)], 136)
    (found,) = pdftables.find([*words, line], SIZE)
    assert found.last == 2


def test_a_paragraph_or_a_list_set_in_under_a_short_last_cell_is_no_part_of_it():
    rows = [["1", "Лампа"], ["2", "Кинжал"], ["3", "Кольцо"]]
    words = _grid(100, rows, [50.0, 80.0])
    words.append(_set([("• Может выпасть игроку любого уровня в начале приключения", 80.0)], 136))
    (found,) = pdftables.find(words, SIZE)
    assert found.last == 2 and found.rows[-1] == ["3", "Кольцо"]


def test_a_table_ending_above_its_pages_last_lines_is_no_part_of_the_next_pages_table():
    # a two-column page: the first column's prose runs to the page's foot, the table ends
    # halfway down the second; the next page opens with a table of the same columns
    prose = [_set([("a paragraph of the rules runs on and on", 50.0)], 100 + 14 * k) for k in range(40)]
    rows = [["1", "Лампа", "1 зм"], ["2", "Кинжал", "2 зм"], ["3", "Щит", "10 зм"]]
    first = _grid(100, rows, [320.0, 350.0, 420.0])
    nxt = [
        _set([(a, 320.0), (b, 350.0), (c, 420.0)], 100 + 12 * k, page=1)
        for k, (a, b, c) in enumerate([("4", "Меч", "15 зм"), ("5", "Лук", "25 зм"), ("6", "Топор", "8 зм")])
    ]
    found = pdftables.find([*prose, *first, *nxt], SIZE)
    assert [(t.first, t.last) for t in found] == [(40, 42), (43, 45)]
    # at its page's foot, the same table goes on over the break
    assert len(pdftables.find([*first, *nxt], SIZE)) == 1


def test_a_glossary_set_in_two_columns_is_no_tight_table():
    # a term beside its one-line definition, an em apart: no column of short cells with figures
    rows = [
        ["Преимущество", "бросьте к20 дважды и возьмите больший"],
        ["Помеха", "бросьте к20 дважды, меньший"],
        ["Укрытие", "даёт +2 к защите от атак"],
    ]
    assert pdftables.find(_grid(100, rows, [50.0, 120.0]), SIZE) == []


def test_a_first_row_saying_a_sentence_is_no_header():
    rows = [
        ["Advantage", "Roll twice and take the higher."],
        ["Cover", "Adds 2 to your defence."],
        ["Prone", "Melee attacks gain 1 die."],
    ]
    (found,) = pdftables.find(_grid(100, rows, [50.0, 130.0]), SIZE)
    assert found.header == [] and found.rows[0][0] == "Advantage"


GEAR = [["Rope", "1 gp", "10 lb."], ["Component pouch", "25 gp", "2 lb."], ["Torch", "1 cp", "1 lb."]]


def test_a_first_cell_wrapped_onto_the_next_line_stays_one_cell():
    # «Potion of» / «greater healing»: «greater» would not have fitted in the name's column
    lefts = [50.0, 140.0, 190.0]
    words = [_set([("Item", 50.0), ("Cost", 140.0), ("Weight", 190.0)], 100)]
    words.append(_set([("Potion of", 50.0), ("50 gp", 140.0), ("1/2 lb.", 190.0)], 116))
    words.append(_set([("greater healing", 50.0)], 127))
    words += _grid(143, GEAR, lefts)
    (found,) = pdftables.find(words, SIZE)
    assert found.rows[0] == ["Potion of greater healing", "50 gp", "1/2 lb."] and len(found.rows) == 4


def test_a_first_cell_wrapped_with_its_row_beside_its_last_line_stays_one_row():
    lefts = [50.0, 140.0, 190.0]
    words = [_set([("Item", 50.0), ("Cost", 140.0), ("Weight", 190.0)], 100)]
    # rows 16 pt apart (their cells padded), a cell's own lines 11 pt
    words.append(_set([("Potion of", 50.0)], 116))
    words.append(_set([("greater healing", 50.0), ("50 gp", 140.0), ("1/2 lb.", 190.0)], 127))
    words += [
        _set([(t, x) for t, x in zip(row, lefts, strict=True)], 143 + 16 * k) for k, row in enumerate(GEAR)
    ]
    (found,) = pdftables.find(words, SIZE)
    assert found.rows[0] == ["Potion of greater healing", "50 gp", "1/2 lb."] and len(found.rows) == 4


def test_a_label_alone_over_a_row_a_rows_step_below_is_no_wrapped_cell():
    # «Существо» heads the first column alone; «Волк» starts the first row, a row's step below
    words = [
        _set([("Существо", 50.0)], 100),
        *_grid(116, [["Волк", "1", "4"], ["Медведь", "2", "5"], ["Рысь", "3", "6"]], [50.0, 110.0, 150.0]),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert ["Волк", "1", "4"] in found.rows and all("Существо Волк" not in r[0] for r in found.rows)


def test_a_groups_name_after_a_full_row_is_no_wrapped_cell():
    # «Ammunition» alone after «Alchemist's fire (flask)», its items set in under it
    words = [
        _set([("Alchemist's fire (flask)", 50.0), ("50 gp", 190.0), ("1 lb.", 230.0)], 100),
        _set([("Ammunition", 50.0)], 112),
        _set([("Arrows (20)", 59.0), ("1 gp", 190.0), ("1 lb.", 230.0)], 124),
        _set([("Blowgun needles (50)", 59.0), ("1 gp", 190.0), ("1 lb.", 230.0)], 136),
        _set([("Antitoxin (vial)", 50.0), ("50 gp", 190.0), ("—", 230.0)], 148),
    ]
    (found,) = pdftables.find(words, SIZE)
    assert ["Ammunition", "", ""] in found.rows
    assert not any("Ammunition" in c for row in found.header for c, _ in row)


def test_a_tight_two_column_table_of_long_cells_with_figures_on_both_sides_is_a_table():
    rows = [
        ["10 ft. away or closer", "8 × the number of charges"],
        ["11 to 20 ft. away", "6 × the number of charges"],
        ["21 to 30 ft. away", "4 × the number of charges"],
    ]
    # the longest first cell an em from the second column, the others further: two rows by
    # their gaps alone
    (found,) = pdftables.find(_grid(100, rows, [50.0, 155.0]), SIZE)
    assert found.rows[-1] == rows[-1]


def test_a_header_and_a_row_at_a_columns_foot_go_on_with_the_rows_at_the_next_columns_top():
    # «Druid Level Circle Spells» and «3rd acid arrow» close the first column; 5th to 9th open the second
    head = _set([("Druid Level", 50.0), ("Circle Spells", 115.0)], 700)
    row = _set([("3rd", 50.0), ("acid arrow", 115.0)], 712)
    rest = _grid(
        80, [["5th", "water walk"], ["7th", "locate creature"], ["9th", "insect plague"]], [320.0, 385.0]
    )
    (found,) = pdftables.find([head, row, *rest], SIZE)
    assert found.header == [[("Druid Level", 1), ("Circle Spells", 1)]]
    assert [r[0] for r in found.rows] == ["3rd", "5th", "7th", "9th"]


def test_a_row_or_two_that_do_not_end_their_column_are_no_table():
    words = [*_prose(100, 2), _set([("3rd", 50.0), ("acid arrow", 115.0)], 130), *_prose(144, 2)]
    words.insert(2, _set([("Druid Level", 50.0), ("Circle Spells", 115.0)], 118))
    assert pdftables.find(words, SIZE) == []
