"""What a books.toml entry can say about a copied text that its cues do not: umbrellas inside
umbrellas, a box that runs to the end of its section, a caption with a heading's text, a
numbered list whose numbers the copy lost, an alias to one of several headings with the same
title, and the repairs the importer makes by itself (items joined on one line, boxes inside
list items, a sentence that only looks like a bold lead-in, a highlight's stray marks).

Each test is a small generated book; each would fail without the behaviour it names."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import (
    Admonition,
    Heading,
    Link,
    ListBlock,
    Notice,
    Paragraph,
    Strong,
    Table,
    plain,
    walk,
)

from tests.support.ingested import generated as parse


def tree(blocks) -> list[str]:
    heads = [b for b in blocks if isinstance(b, Heading)]
    top = min((h.level for h in heads), default=1)
    return [f"{'  ' * (h.level - top)}{h.text}" for h in heads]


def error(tmp_path: Path, entry: str, text: str) -> IngestError:
    with pytest.raises(IngestError) as exc:
        parse(tmp_path, entry, text)
    return exc.value


# ---- umbrellas ---------------------------------------------------------------------------------
NUMBERED = """[books.demo.headings]
mode = "numbered"

[[books.demo.headings.rules]]
pattern = '^Глава (?P<num>\\d+)\\. '
level = 1
kind = "chapter"

[[books.demo.headings.rules]]
pattern = '^(?P<num>\\d+\\.\\d+)\\. '
level = "depth"
"""

WEAPONS = "\n\n".join(
    [
        "Глава 1. Оружие",
        "1.1. Виды",
        "Огнестрельное",
        "Пистолеты",
        "Текст про пистолеты.",
        "Винтовки",
        "Текст про винтовки.",
        "Выверенный выстрел",
        "Текст.",
        "Огневая позиция",
        "Текст.",
        "Тяжёлое",
        "Текст.",
        "Метательное",
        "Текст.",
        "1.2. Броня",
        "Текст.",
    ]
)


def test_umbrellas_nest_inside_umbrellas_and_count_their_direct_children(tmp_path):
    entry = NUMBERED + '[books.demo.headings.nest]\n"Огнестрельное" = 3\n"Винтовки" = 2\n'
    _, blocks = parse(tmp_path, entry, WEAPONS)
    assert tree(blocks) == [
        "Глава 1. Оружие",
        "  1.1. Виды",
        "    Огнестрельное",
        "      Пистолеты",
        "      Винтовки",
        "        Выверенный выстрел",
        "        Огневая позиция",
        "      Тяжёлое",
        "    Метательное",
        "  1.2. Броня",
    ]


def test_an_umbrella_takes_numbered_headings_with_their_subsections(tmp_path):
    step = "\n[[books.demo.headings.rules]]\npattern = '^Шаг (?P<num>\\d+)'\nlevel = 2\nkind = \"step\"\n"
    entry = NUMBERED + step + '[books.demo.headings.nest]\n"Шаг 2" = 2\n'
    text = "\n\n".join(
        [
            *("Глава 1. Создание", "Шаг 1", "Текст.", "Шаг 2", "Текст.", "1.1. Черты", "Здоровый"),
            *("Текст.", "1.2. Навыки", "Текст.", "Шаг 3", "Текст."),
        ]
    )
    _, blocks = parse(tmp_path, entry, text)
    assert tree(blocks) == [
        "Глава 1. Создание",
        "  Шаг 1",
        "  Шаг 2",
        "    1.1. Черты",
        "      Здоровый",
        "    1.2. Навыки",
        "  Шаг 3",
    ]


def test_an_umbrella_count_larger_than_its_section_names_the_way_out(tmp_path):
    entry = NUMBERED + '[books.demo.headings.nest]\n"Огнестрельное" = 5\n"Винтовки" = 2\n'
    err = error(tmp_path, entry, WEAPONS)
    assert "«Огнестрельное» = 5, but only 4 heading(s) follow under it before «1.2. Броня»" in str(err)
    assert "count only the headings directly under it" in str(err)
    assert err.path == tmp_path / "books.toml" and err.line == 17  # the line of «"Огнестрельное" = 5»


# ---- a box to the end of its section -----------------------------------------------------------
EXAMPLES = """[[books.demo.callouts]]
pattern = '^(?P<title>Пример):?$'
kind = "example"
take = "section"
until = '^Таким образом'
"""


def test_a_standalone_example_line_boxes_its_section_and_is_no_heading(tmp_path):
    text = "\n\n".join(
        [
            *("Броня", "Правило.", "Пример", "Персонаж получает попадание.", "  1. Урон 3.\n  2. Ранение."),
            *("Таким образом, порядок такой:", "Следующий раздел", "Текст.", "Пример:", "Один абзац."),
        ]
    )
    _, blocks = parse(tmp_path, EXAMPLES, text)
    assert tree(blocks) == ["Броня", "  Следующий раздел"]  # the first heading is the title line
    boxes = [b for b in blocks if isinstance(b, Admonition)]
    assert [(b.kind, b.title) for b in boxes] == [("example", "Пример"), ("example", "Пример")]
    first = boxes[0].children
    assert [type(c).__name__ for c in first] == ["Paragraph", "ListBlock"]
    after = blocks[blocks.index(boxes[0]) + len(list(walk(first))) + 1]
    assert isinstance(after, Paragraph) and plain(after.inlines).startswith("Таким образом")
    assert [plain(c.inlines) for c in boxes[1].children] == ["Один абзац."]


def test_take_accepts_a_count_or_section_only(tmp_path):
    err = error(tmp_path, EXAMPLES.replace('"section"', '"all"'), "Пример\n\nТекст.")
    assert 'callouts[1].take: must be an integer 0–20 or "section"' in str(err) and err.line == 8


# ---- captions ----------------------------------------------------------------------------------
def test_a_caption_with_the_text_of_a_heading_is_a_caption_only_above_its_table(tmp_path):
    entry = "[books.demo.tables]\ncaption = '^Доспехи$'\n"
    text = "Доспехи\n\nДоспехи защищают.\n\nДоспехи\nНазвание\tКД\nКожаный\t11\n\nКонец."
    _, blocks = parse(tmp_path, entry, text)
    assert tree(blocks) == ["Доспехи"]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert table.caption == "Доспехи" and len(table.rows) == 1
    assert not [b for b in blocks if isinstance(b, Notice)]  # no «table missing» for the heading


# ---- numbers the copy lost ---------------------------------------------------------------------
def test_a_numbered_list_whose_numbers_were_lost_is_numbered_again(tmp_path):
    entry = "[books.demo.lists]\nnumbered = ['^Порядок действий:$', '^Шаги:$']\n"
    text = (
        "Раздел\n\nПорядок действий:\n\nБросьте кубы.\nСложите бонусы.\nСравните.\n\n"
        "Шаги:\nПервый.\nВторой.\n\nОбычный абзац."
    )
    doc, blocks = parse(tmp_path, entry, text)
    lists = [b for b in blocks if isinstance(b, ListBlock)]
    assert [(lst.ordered, [plain(i.inlines) for i in lst.items]) for lst in lists] == [
        (True, ["Бросьте кубы.", "Сложите бонусы.", "Сравните."]),
        (True, ["Первый.", "Второй."]),
    ]
    assert isinstance(blocks[-1], Paragraph) and plain(blocks[-1].inlines) == "Обычный абзац."
    assert "line 3: 3 list items numbered (lists.numbered)" in doc.report.notes


def test_a_numbered_lead_in_that_matches_nothing_or_has_no_list_is_an_error(tmp_path):
    err = error(tmp_path, "[books.demo.lists]\nnumbered = ['^Порядок:$']\n", "Раздел\n\nТекст.")
    assert "lists.numbered pattern '^Порядок:$' matches no lead-in" in str(err) and err.line == 6
    err = error(tmp_path, "[books.demo.lists]\nnumbered = ['^Порядок:$']\n", "Раздел\n\nПорядок:\n\nДругое")
    assert "«Порядок:» matches lists.numbered, but no lines of a list follow it" in str(err)
    assert err.path == tmp_path / "demo.txt" and err.line == 3


# ---- an alias to a repeated title ----------------------------------------------------------------
ALIAS = """title_in_text = false  # «Маги» is a section, not the book's title

[books.demo.headings.nest]
"Маги" = 1
"Воины" = 1

[[books.demo.xrefs]]
pattern = 'правило «(?P<text>(?P<ref>[^»]+))»'
kind = "alias"
aliases = { "Срыв воина" = "id:voiny-sryv" }
"""


def test_an_alias_can_target_one_of_two_headings_with_the_same_title(tmp_path):
    text = "Маги\n\nСрыв\n\nО магах.\n\nВоины\n\nСрыв\n\nО воинах.\n\nСм. правило «Срыв воина»."
    _, blocks = parse(tmp_path, ALIAS, text)
    assert [h.anchor for h in blocks if isinstance(h, Heading)] == [
        "demo",  # the H1 from the entry's title
        "magi",
        "magi-sryv",
        "voiny",
        "voiny-sryv",
    ]
    link = next(s for b in blocks if isinstance(b, Paragraph) for s in b.inlines if isinstance(s, Link))
    assert link == Link("Срыв воина", "#voiny-sryv")


def test_an_alias_to_an_id_the_book_does_not_have_is_an_error_at_its_line(tmp_path):
    err = error(tmp_path, ALIAS.replace("id:voiny-sryv", "id:voin-sryv"), "Маги\n\nСрыв\n\nВоины\n\nСрыв")
    assert "xrefs[1].aliases: the target 'id:voin-sryv' of 'Срыв воина' is not in the book" in str(err)
    assert err.line == 14


# ---- repairs ---------------------------------------------------------------------------------
def test_two_dash_items_joined_on_one_line_are_two_items(tmp_path):
    entry = "[books.demo.lists]\ndash = '^— (?P<body>.+)$'\n"
    _, blocks = parse(tmp_path, entry, "Факты:\n\n— ранения;\n— класс брони; — профиль оружия;\n— МЗ.")
    (lst,) = [b for b in blocks if isinstance(b, ListBlock)]
    assert [plain(i.inlines) for i in lst.items] == ["ранения;", "класс брони;", "профиль оружия;", "МЗ."]


def test_a_formula_under_a_list_item_is_boxed_as_at_the_margin(tmp_path):
    entry = """formula = ['[=×]']

[[books.demo.callouts]]
pattern = '^(?P<title>Формула):\\s*(?P<body>.*)$'
kind = "abstract"
css = "formula"
"""
    text = (
        "Раздел\n\n  • Кредиты: 600 за уровень.\n    Формула: 600 + 200 × (уровень − 1).\n    Текст.\n\n"
        + ("  • Бросок:\n\n    Дальность = 30 футов + 10\n\n    При провале 1к6 × 5 футов в сторону.")
    )
    _, blocks = parse(tmp_path, entry, text)
    (lst,) = [b for b in blocks if isinstance(b, ListBlock)]
    first, second = lst.items
    box = first.children[0]
    assert isinstance(box, Admonition) and (box.title, box.css) == ("Формула", "formula")
    assert plain(box.children[0].inlines) == "600 + 200 × (уровень − 1)."
    assert isinstance(first.children[1], Paragraph)
    assert isinstance(second.children[0], Admonition) and second.children[0].css == "formula"
    assert isinstance(second.children[1], Paragraph)  # a sentence with «×» ending in «.» stays text


def test_a_sentence_with_a_reference_before_its_colon_is_no_lead_in_and_keeps_its_link(tmp_path):
    entry = """[books.demo.tables]
caption = '^Таблица (?P<num>\\d+-\\d+): .+$'

[[books.demo.runin]]
pattern = '^(?P<term>[А-ЯЁ][^:.\\t]{1,70}:)(?= ["«(]?[А-ЯЁA-Z0-9])'
max_words = 6

[[books.demo.xrefs]]
pattern = '(?P<text>[Тт]аблиц[аеуы] (?P<ref>\\d+-\\d+))'
kind = "table"
"""
    text = (
        "Бой\n\nТаблица 8-8: Прикрытие\nСлучай\tБонус\nСтена\t+4\n\n"
        "В Таблице 8-8: Прикрытие даны примеры.\n\nБонус атаки: Вы получаете +1.\n\n"
        "В бою возникают вопросы: где стоять и куда идти.\n\n"
        "Подробную информацию об этих устройствах можно найти в Главе 7: Снаряжение."
    )
    _, blocks = parse(tmp_path, entry, text)
    ref, lead, question, long = [b for b in blocks if isinstance(b, Paragraph)]
    assert Link("Таблице 8-8", "#table-8-8") in ref.inlines and not any(
        isinstance(s, Strong) for s in ref.inlines
    )
    assert lead.inlines[0] == Strong("Бонус атаки:")
    assert not any(isinstance(s, Strong) for s in question.inlines + long.inlines)


def test_stray_highlight_marks_are_removed_and_formulas_keep_theirs(tmp_path):
    text = "Раздел\n\nОбладает =сопротивлением (resistance)= и ==слабостью==.\n\nМЗ = 5 + бонус."
    _, blocks = parse(tmp_path, "", text)
    assert [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)] == [
        "Обладает сопротивлением (resistance) и слабостью.",
        "МЗ = 5 + бонус.",
    ]
    _, blocks = parse(tmp_path, "[books.demo.cleanup]\nstray_marks = false\n", text)
    assert "=сопротивлением" in plain(blocks[1].inlines)


# ---- what a new text book trips on -----------------------------------------------------------
def test_numbered_mode_without_rules_reads_numbered_titles_at_their_depth(tmp_path):
    text = "\n\n".join(
        [
            *("1. Торговля", "Текст.", "1.1. Грузы", "Текст.", "1.2 Цены в порту", "Порядок:"),
            "1. Определите спрос.\n2. Умножьте цену.",
            *("2. Риски", "2.1. Кража", "Текст.", "1. Один пункт."),
        ]
    )
    _, blocks = parse(tmp_path, '[books.demo.headings]\nmode = "numbered"\n', text)
    assert tree(blocks) == ["1. Торговля", "  1.1. Грузы", "  1.2 Цены в порту", "2. Риски", "  2.1. Кража"]
    steps, single = [b for b in blocks if isinstance(b, ListBlock)]
    assert steps.ordered and len(steps.items) == 2  # and «2. Риски» after it is no third item
    assert len(single.items) == 1  # «1. Один пункт.» ends a sentence: an item, not a heading
    text = "Глава 1. Следы\n\n1.1 Чтение\n\nТекст.\n\nГлава 2. Чудовища\n\n2.1 Размеры\n\nТекст."
    _, chapters = parse(tmp_path, '[books.demo.headings]\nmode = "numbered"\n', text)
    assert tree(chapters) == ["Глава 1. Следы", "  1.1 Чтение", "Глава 2. Чудовища", "  2.1 Размеры"]


def test_rows_whose_columns_were_not_found_are_reported(tmp_path):
    text = "Грузы\n\nГруз Цена Вес\nЗерно 10 2\nРедкие металлы 120 1\n\n" + (
        "Стоимость: 2 ОД\nРасход: 1 доза\nСрок: 3 дня"  # fields, not rows
    )
    doc, blocks = parse(tmp_path, "", text)
    assert [type(b).__name__ for b in blocks].count("Paragraph") == 6  # nothing is lost
    assert doc.report.warnings == [
        (
            3,
            "lines 3–5 read like table rows but became paragraphs: its cells need TABs, or "
            'tables.delimiter = "space" with a hint',
        )
    ]


def test_a_numbering_rule_does_not_make_a_long_paragraph_a_heading(tmp_path):
    rule = "\n[[books.demo.headings.rules]]\npattern = '^Статья \\d+\\. '\nlevel = 2\n"
    entry = '[books.demo.headings]\nmode = "numbered"\n' + rule
    text = "Статья 1. Раздел\n\nСтатья 2. " + "слово " * 2000 + "\n\nТекст."
    _, blocks = parse(tmp_path, entry, text)
    assert tree(blocks) == ["Статья 1. Раздел"]
    long = blocks[-2]
    assert isinstance(long, Paragraph) and len(plain(long.inlines)) > 10_000  # a paragraph, every word


def test_a_heading_glued_to_its_text_is_reported_with_the_way_out(tmp_path):
    text = (
        "Бой\n\nЗасада\nЕсли отряд попадает в засаду, все бросают инициативу.\n\nСтоимость: 2 ОД\nРасход: нет"
    )
    doc, blocks = parse(tmp_path, "", text)
    assert tree(blocks) == ["Бой"]  # nothing is guessed (the title line is the H1) ...
    assert doc.report.warnings == [  # ... but the editor is told (a field line is not a heading)
        (
            3,
            "«Засада» reads like a heading but is glued to the text under it, so it became a "
            "paragraph: if it is a heading, list it in headings.glued",
        )
    ]
    doc, blocks = parse(tmp_path, "[books.demo.headings]\nglued = ['Засада']\n", text)
    assert tree(blocks) == ["Бой", "  Засада"] and doc.report.warnings == []


def test_the_title_line_is_the_h1_unless_the_entry_says_the_text_has_none(tmp_path):
    text = "Охота на чудовищ\n\nСледы\n\nТекст.\n\nЧудовища\n\nТекст."
    doc, blocks = parse(tmp_path, "", text)
    assert tree(blocks) == ["Охота на чудовищ", "  Следы", "  Чудовища"] and len(doc.pages) == 1
    _, blocks = parse(tmp_path, "title_in_text = false\n", text)
    assert tree(blocks) == ["Demo", "  Охота на чудовищ", "  Следы", "  Чудовища"]


def test_a_title_line_before_the_first_chapter_names_the_way_out(tmp_path):
    from rulebook.ingest import outline

    text = "Охота на чудовищ\n\nГлава 1. Следы\n\nТекст."
    doc, _ = parse(tmp_path, '[books.demo.headings]\nmode = "numbered"\n', text)
    ((line, warning),) = outline.empty_sections(doc)
    assert line == 1 and warning.startswith("«Охота на чудовищ» (H1) comes before the first chapter")
    assert "drop it with chrome.start" in warning
    doc, _ = parse(
        tmp_path, "[books.demo.headings]\nmode = \"numbered\"\n[books.demo.chrome]\nstart = '^Глава'\n", text
    )
    assert outline.empty_sections(doc) == []
