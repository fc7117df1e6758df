"""The row pattern a table hint compiles to: separators, optional cells, rowspans."""

from __future__ import annotations

from rulebook.ingest.tables.spec import TableSpec, split_row


def spec(columns: list[str], types: list[str], rowspan: list[int] | None = None) -> TableSpec:
    return TableSpec(header=" ".join(columns), columns=columns, types=types, rowspan=rowspan or [])


def test_a_regex_ending_in_a_question_mark_is_not_an_optional_cell() -> None:
    s = spec(["Нация", "След"], ["re:[А-Я][а-я]+(?: / [А-Я][а-я]+)?", "text"])
    assert split_row(s, "Твериец / Роялист Подозрение.") == ["Твериец / Роялист", "Подозрение."]
    assert split_row(s, "Подозрение.") is None  # the nation cell is required


def test_an_optional_regex_cell_is_written_re_question_colon() -> None:
    s = spec(["Название", "Эффект", "Цена"], ["word", "text", r"re?:\d+"])
    assert split_row(s, "Аптечка Лечит раны. 50") == ["Аптечка", "Лечит раны.", "50"]
    assert split_row(s, "Противогаз Блокирует газ.") == ["Противогаз", "Блокирует газ.", None]


def test_a_spanned_first_column_may_be_left_out() -> None:
    s = spec(["Черта", "Ур.", "Эффект"], ["enum:Крепкий|Уверенный", "int", "text"], rowspan=[0])
    assert split_row(s, "Крепкий 1 Преимущество") == ["Крепкий", "1", "Преимущество"]
    assert split_row(s, "2 Среднее ранение") == [None, "2", "Среднее ранение"]


def test_cells_may_be_separated_by_tabs_or_a_line_break() -> None:
    s = spec(["Название", "Характеристики", "Урон", "Цена"], ["word", "text", r"re:Урон \d\..*", "int"])
    row = "Лук 1к6 на попадание.\n1 ОД выстрел.\nУрон 2. 120"
    assert split_row(s, row) == ["Лук", "1к6 на попадание.\n1 ОД выстрел.", "Урон 2.", "120"]
    assert split_row(spec(["А", "Б"], ["word", "text"]), "Путь\t\t След") == ["Путь", "След"]


def test_a_negative_number_after_a_number_is_its_own_cell() -> None:
    s = spec(["Скор.", "Манёвр", "МЗ"], ["int", "signed", "int"])
    assert split_row(s, "2 -1 3") == ["2", "-1", "3"]
