"""TAB-delimited tables as web dumps leave them, and the footnotes under them."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import markdown
from rulebook.ingest.config import load_books
from rulebook.ingest.footnotes import fold_marker
from rulebook.ingest.model import Sup, Table, Text, plain, walk
from rulebook.ingest.pipeline import parse_book

HEAD = '[books.demo]\ntitle = "Demo"\nsystem = "Demo"\nsource = "demo.txt"\n'
TABLES = """
[books.demo.tables]
caption = '^Таблица (?P<num>\\d+-\\d+): .+$'
footnote = ['^\\^(?P<marker>[A-ZА-Я]) (?P<body>\\S.*)$', '^(?P<marker>\\*{1,2}|\\d) (?P<body>\\S.*)$']
marker_units = ["действие"]
"""


def tables(tmp_path: Path, text: str, entry: str = TABLES) -> list[Table]:
    (tmp_path / "books.toml").write_text(HEAD + entry, encoding="utf-8")
    (tmp_path / "demo.txt").write_text(text, encoding="utf-8")
    book = load_books(tmp_path / "books.toml")[0]
    doc = parse_book(book)
    return [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, Table)]


def cells(row) -> list[str]:
    return [plain(c.inlines) for c in row]


def test_two_line_header_pairs_merge_and_start_stacked_parts(tmp_path):
    text = "\tАтака при\nСтандартное\tВозможности\nУдар\tДа\n\tАтака при\nПолное\tВозможности\nБег\tНет"
    (t,) = tables(tmp_path, text)
    assert cells(t.header[0]) == ["Стандартное", "Атака при Возможности"]
    assert [cells(r.cells) for r in t.rows] == [
        ["Удар", "Да"],
        ["Полное", "Атака при Возможности"],
        ["Бег", "Нет"],
    ]
    assert [r.head for r in t.rows] == [False, True, False]


def test_second_header_line_with_more_cells_spans(tmp_path):
    (t,) = tables(tmp_path, "Размер\tЗащита\n\tВ руках\tНа теле\nБольшой\t14\t9")
    top, bottom = t.header
    assert [(plain(c.inlines), c.rowspan, c.colspan) for c in top] == [("Размер", 2, 1), ("Защита", 1, 2)]
    assert cells(bottom) == ["В руках", "На теле"] and t.ncols == 3


def test_group_rows_repeated_header_and_short_rows(tmp_path):
    text = "Бонус\tОбычный\tБыстрый\nГруппа:\n+0\t-4\t-6\nБонус\tАвто\tАвто быстрый\n+1\t-3\nКонец"
    (t,) = tables(tmp_path, text)
    assert [(r.group, r.head) for r in t.rows] == [
        (True, False),
        (False, False),
        (False, True),
        (False, False),
        (True, False),
    ]
    short = t.rows[3]
    assert cells(short.cells) == ["+1", "-3"] and short.cells[1].colspan == 2


def test_footnote_letters_fold_cyrillic_and_latin_lookalikes(tmp_path):
    # «С» in the cell is Cyrillic, «^C» under the table Latin; «В» is Cyrillic in both
    text = "Действие\tДвижение В\nУдар С\tДа\nБег\tНет\n\n^C Про удар.\n\n^В Про движение.\n\nДальше текст."
    (t,) = tables(tmp_path, text)
    assert [fn.marker for fn in t.footnotes] == ["C", "В"]
    assert t.rows[0].cells[0].inlines == [Text("Удар "), Sup("С", "table-1-fn-1")]
    assert t.header[0][1].inlines == [Text("Движение "), Sup("В", "table-1-fn-2")]
    assert fold_marker("С") == fold_marker("C") and fold_marker("с") != fold_marker("c")


def test_digits_are_markers_only_at_the_end_of_a_cell_after_text(tmp_path):
    text = (
        "Действие\tАтака при возможности 1\n"
        "Умение, требующего 1 действие\tДа\n"
        "Касание на друзьях (до 2)\tНет\n"
        "Атака 2 (см. ниже)\t1\n"
        "\n1 Первая сноска.\n\n2 Вторая сноска."
    )
    (t,) = tables(tmp_path, text)
    sups = [[s.text for s in c.inlines if isinstance(s, Sup)] for r in t.rows for c in r.cells]
    assert sups == [[], [], [], [], ["2"], []]  # a cell that is only «1» is a value, not a marker
    assert plain(t.rows[2].cells[0].inlines) == "Атака 2 (см. ниже)"
    assert t.header[0][1].inlines[-1] == Sup("1", "table-1-fn-1")


def test_asterisk_markers_glued_or_alone(tmp_path):
    text = "Степень\tБонус*\nПолное\t**\nЧасть\t+4*\n\n* Одна звёздочка.\n\n** Две звёздочки."
    (t,) = tables(tmp_path, text)
    assert t.header[0][1].inlines == [Text("Бонус"), Sup("*", "table-1-fn-1")]
    assert t.rows[0].cells[1].inlines == [Sup("**", "table-1-fn-2")]
    assert t.rows[1].cells[1].inlines == [Text("+4"), Sup("*", "table-1-fn-1")]
    html = markdown.table(t)
    assert "<sup>\\*\\*</sup> Две звёздочки." in html  # markers are escaped, never emphasis


def test_caption_names_the_table_and_gives_it_an_id(tmp_path):
    (t,) = tables(tmp_path, "Таблица 8-2: Действия\n\nДействие\tДа\nБег\tНет")
    assert (t.caption, t.anchor) == ("Таблица 8-2: Действия", "table-8-2")
    assert markdown.table(t).startswith(
        '<p class="rb-caption" id="table-8-2" markdown="span">**Таблица 8-2: Действия**</p>'
    )


def test_caption_without_a_table_keeps_the_caption_and_says_so(tmp_path):
    entry = TABLES + 'orphan_captions = ["Грузоподъёмность"]\n'
    (tmp_path / "books.toml").write_text(HEAD + entry, encoding="utf-8")
    (tmp_path / "demo.txt").write_text(
        "Текст.\n\nГрузоподъёмность\n\nТаблица 1-1: Пропавшая\n\nДальше.", encoding="utf-8"
    )
    doc = parse_book(load_books(tmp_path / "books.toml")[0])
    assert doc.report.missing_tables == [(3, "Грузоподъёмность"), (5, "Таблица 1-1: Пропавшая")]
    out = markdown.page(doc.pages[0], {})
    assert '<p class="rb-caption" markdown="span">**Грузоподъёмность**</p>' in out
    assert out.count('!!! warning "Таблица отсутствует в источнике"') == 2


def test_key_value_table_spans_a_line_without_the_separator(tmp_path):
    entry = TABLES + 'kv = { "8-4" = " = " }\n'
    text = (
        "Таблица 8-4: Шкала\n\n1 дюйм = 2 метра\n\nКлетка занимает 2x2 метра\n\n1 раунд = 6 секунд\n\n"
        "Заголовок дальше\n\nТекст."
    )
    (t,) = tables(tmp_path, text, entry)
    assert t.header == [] and [cells(r.cells) for r in t.rows] == [
        ["1 дюйм", "2 метра"],
        ["Клетка занимает 2x2 метра"],
        ["1 раунд", "6 секунд"],
    ]
    assert t.rows[1].cells[0].colspan == 2
    assert "<thead>" not in markdown.table(t)
