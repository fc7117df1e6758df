"""A text nobody configured that names its divisions with a word and a number («Часть 2. Магия»,
«ГЛАВА ПЕРВАЯ», «Chapter 3», «Приложение А») gets them at the levels of their ranks: parts over
chapters over sections. Before, each such line sat one level below the last structural heading,
so «Часть 2» and «Глава 2» nested under «Глава 1», and a label alone on its line («Глава 1»
over «Атака») was a paragraph, or a heading with its title as a second heading under it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest import divisions, outline
from rulebook.ingest.model import Heading, walk

from tests.support.sources import ingest_one

ENTRY = '[books.div]\ntitle = "Части"\nsystem = "Пример"\nsource = "div.txt"\n'


def _heads(tmp_path: Path, text: str, extra: str = "") -> list[tuple[int, str]]:
    r = ingest_one(tmp_path, ENTRY + extra, {"div.txt": text})
    return [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]


PARTS = """\
Часть 1. Бой

В этой части описан бой.

Глава 1. Атака

Атака совершается броском.

Укрытие

Укрытие мешает попасть.

Глава 2. Защита

Защита снижает урон.

Часть 2. Магия

Магия опасна.

Глава 3. Заклинания

Заклинание стоит ману.

Приложение А. Таблицы

Таблицы в конце книги.
"""


@pytest.mark.parametrize("extra", ["", '[books.div.headings]\nmode = "numbered"\n'])
def test_parts_sit_above_chapters_and_the_next_part_leaves_the_last_chapter(
    tmp_path: Path, extra: str
) -> None:
    assert _heads(tmp_path, PARTS, extra) == [
        (1, "Часть 1. Бой"),
        (2, "Глава 1. Атака"),
        (3, "Укрытие"),
        (2, "Глава 2. Защита"),
        (1, "Часть 2. Магия"),
        (2, "Глава 3. Заклинания"),
        (1, "Приложение А. Таблицы"),
    ]


def test_each_chapter_of_a_text_of_chapters_is_a_page_of_its_own(tmp_path: Path) -> None:
    text = "Глава 1. Бой\n\nБой идёт раундами.\n\nАтака\n\nАтака стоит действие.\n\n"
    text += "Глава 2. Магия\n\nМагия опасна.\n"
    r = ingest_one(tmp_path, ENTRY, {"div.txt": text})
    assert [p.title for p in r.doc.pages] == ["Глава 1. Бой", "Глава 2. Магия"]
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [(1, "Глава 1. Бой"), (2, "Атака"), (1, "Глава 2. Магия")]


def test_a_chapter_after_a_numbered_section_is_no_subsection_of_it(tmp_path: Path) -> None:
    text = (
        "Глава 1. Бой\n\nБой идёт раундами.\n\n1.1. Атака\n\nАтака стоит действие.\n\n"
        "1.2. Защита\n\nЗащита снижает урон.\n\nГлава 2. Магия\n\nМагия опасна.\n\n"
        "2.1. Заклинания\n\nЗаклинание стоит ману.\n"
    )
    assert _heads(tmp_path, text) == [
        (1, "Глава 1. Бой"),
        (2, "1.1. Атака"),
        (2, "1.2. Защита"),
        (1, "Глава 2. Магия"),
        (2, "2.1. Заклинания"),
    ]


def test_numbered_chapters_under_parts_sit_one_level_below_them(tmp_path: Path) -> None:
    text = (
        "Часть 1\n\nОсновы\n\nВступление части.\n\n1. Кубы\n\nКубы бросают.\n\n1.1. Куб успеха\n\n"
        "Он главный.\n\n2. Проверки\n\nПроверка.\n\nЧасть 2\n\nБой\n\nБой опасен.\n\n3. Атака\n\nАтака.\n"
    )
    assert _heads(tmp_path, text) == [
        (1, "Часть 1. Основы"),
        (2, "1. Кубы"),
        (3, "1.1. Куб успеха"),
        (2, "2. Проверки"),
        (1, "Часть 2. Бой"),
        (2, "3. Атака"),
    ]


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            "ЧАСТЬ ПЕРВАЯ\nБОЙ\n\nВ этой части бой.\n\nГлава 1\nАтака\n\nАтака — бросок.\n",
            "ЧАСТЬ ПЕРВАЯ. БОЙ",
        ),
        (
            "Часть первая\n\nБой\n\nВ этой части бой.\n\nГлава 1\n\nАтака\n\nАтака — бросок.\n",
            "Часть первая. Бой",
        ),
    ],
)
def test_a_label_alone_takes_the_title_under_it_glued_or_after_a_blank_line(
    tmp_path: Path, text: str, first: str
) -> None:
    r = ingest_one(tmp_path, ENTRY, {"div.txt": text})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [(1, first), (2, "Глава 1. Атака")]
    assert not r.doc.report.warnings


def test_a_title_line_over_the_first_part_is_a_page_of_its_own(tmp_path: Path) -> None:
    text = "Северные тропы\n\nКнига правил для походов.\n\n"
    text += "Часть 1. Путь\n\nПуть долог.\n\nЧасть 2. Привал\n\nОтдых.\n"
    r = ingest_one(tmp_path, ENTRY, {"div.txt": text})
    assert [p.title for p in r.doc.pages] == ["Северные тропы", "Часть 1. Путь", "Часть 2. Привал"]


def test_a_label_followed_by_text_keeps_the_text_a_paragraph(tmp_path: Path) -> None:
    text = (
        "Глава 1\n\nАтака совершается броском кубов, как сказано ниже.\n\nГлава 2\n\nЗащита снижает урон.\n"
    )
    assert _heads(tmp_path, text) == [(1, "Глава 1"), (1, "Глава 2")]


@pytest.mark.parametrize(
    "line",
    [
        *("Глава правил", "глава 1 в тексте", "Том и Джерри", "Часть урона", "Часть В", "Book of the Dead"),
        "Раздел 1.1. Приёмы",  # a numbered section's dotted number
        *(
            "Book Learning",
            "Chapter Index",
            "Приложение к правилам боя выдаётся отдельно.",
        ),  # a word's letters
        *("Глава 1 описывает создание персонажа.", "Часть 1 — создание персонажа;", "Часть 3 — магия."),
        "Part 2 of this book is for the game master.",  # sentences that name a division
    ],
)
def test_words_that_name_no_division(line: str) -> None:
    assert divisions.match(line) is None


@pytest.mark.parametrize(
    ("line", "kind", "number", "title"),
    [
        ("ГЛАВА 3. БОЙ", "chapter", "3", "БОЙ"),
        ("Глава пятая", "chapter", "пятая", ""),
        ("Chapter Two: Combat", "chapter", "Two", "Combat"),
        ("Часть II — Магия", "part", "II", "Магия"),
        ("Приложение Б: Таблицы", "appendix", "Б", "Таблицы"),
        ("Appendix A", "appendix", "A", ""),
    ],
)
def test_the_forms_a_division_takes(line: str, kind: str, number: str, title: str) -> None:
    d = divisions.match(line)
    assert d is not None and (d.kind, d.number, d.title) == (kind, number, title)


def test_a_contents_list_set_a_chapter_a_line_makes_no_empty_chapters(tmp_path: Path) -> None:
    text = "Содержание\n\nГлава 1. Бой\n\nГлава 2. Магия\n\n"
    text += "Глава 1. Бой\n\nБой идёт.\n\nГлава 2. Магия\n\nМана.\n"
    r = ingest_one(tmp_path, ENTRY, {"div.txt": text})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [(1, "Содержание"), (1, "Глава 1. Бой"), (1, "Глава 2. Магия")]
    assert not r.doc.report.warnings


def test_a_title_line_alone_before_the_first_chapter_is_a_page_the_report_names(tmp_path: Path) -> None:
    text = "Правила игры\n\nГлава 1\n\nАтака\n\nЧтобы атаковать, бросьте кубик.\n\nГлава 2. Защита\n\nЩит.\n"
    r = ingest_one(tmp_path, ENTRY, {"div.txt": text})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [(1, "Правила игры"), (1, "Глава 1. Атака"), (1, "Глава 2. Защита")]
    ((line, said),) = outline.empty_sections(r.doc)
    assert line == 1 and "drop it with chrome.start" in said


@pytest.mark.parametrize(
    "text",
    [
        "Как читать\n\nГлава 1 описывает создание персонажа.\n\n"
        "Часть 3 правил рассказывает о магии.\n\nОсновы\n\nБросайте кубик.\n",
        "Книга делится на три части:\n\nЧасть 1 — создание персонажа;\n\n"
        "Часть 2 — бой;\n\nЧасть 3 — магия.\n\nНачните с первой части.\n",
    ],
)
def test_sentences_and_list_items_that_name_a_division_are_no_headings(tmp_path: Path, text: str) -> None:
    heads = _heads(tmp_path, text)
    assert not any(t.startswith(("Глава", "Часть")) for _, t in heads)
