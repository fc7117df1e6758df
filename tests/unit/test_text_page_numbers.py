"""A print dump's page numbers («— 12 —», «Стр. 13») and the running header printed beside them
are the pages' furniture, not the book's words: with no entry naming them, they are dropped
(and told), and a paragraph a page break cut stays one, its hyphenated word whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest import coverage, pagechrome, pipeline
from rulebook.ingest.model import Heading, Paragraph, Table, plain, walk
from rulebook.ingest.reader import SourceLine

from tests.support.sources import ingest_one

ENTRY = """[books.print]
title = "Ловушки"
system = "Пример"
source = "print.txt"
"""

TEXT = """\
Ловушки

Яма

Яма глубиной в три метра наносит урон тому, кто в неё упал, а выбраться из неё мож-
— 2 —
Ловушки. Книга правил
но только с верёвкой.

Капкан

Капкан держит ногу, пока его не раскроют.
Стр. 3
Ловушки. Книга правил
Сеть

Сеть падает сверху.
— 4 —
Ловушки. Книга правил
"""


def test_page_numbers_and_running_headers_are_dropped_without_an_entry(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"print.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    pit = "Яма глубиной в три метра наносит урон тому, кто в неё упал, а выбраться из неё можно"
    assert f"{pit} только с верёвкой." in texts
    assert not any("Книга правил" in t or "Стр" in t or "— 2 —" in t for t in texts)
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Ловушки", "Яма", "Капкан", "Сеть"]
    assert len(r.doc.report.dropped) == 6
    assert any("3 page numbers" in n for n in r.doc.report.notes)
    assert coverage.measure(r.doc).missing == {}


def test_two_numbered_lines_are_not_pages(tmp_path: Path) -> None:
    text = "Ловушки\n\nЯма\n\nСтр. 2\n\nТекст о яме.\n\nСтр. 3\n"
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    assert r.doc.report.dropped == []


# a page's worth of text, for a text whose page numbers have no running header beside them
PAGE = (
    "Ловушка срабатывает, когда герой наступает на плиту, задевает натянутую нить или открывает "
    "крышку сундука, не проверив её. Мастер решает, заметил ли кто-нибудь из отряда признаки "
    "опасности заранее, и просит бросок Внимания у того, кто идёт первым."
)


def test_a_page_break_inside_a_drawn_table_keeps_the_table_whole(tmp_path: Path) -> None:
    text = (
        f"Ловушки\n\nЯма\n\n{PAGE}\n\n| Ловушка | Урон |\n— 2 —\n|---------|------|\n| Яма     | 2    |\n\n"
        f"Капкан держит ногу. {PAGE}\nСтр. 3\n\nСеть падает. {PAGE}\n— 4 —\n\n"
        f"{PAGE}\n— 5 —\n\n{PAGE}\n— 6 —\n"
    )
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    (table,) = [b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Table)]
    assert [plain(c.inlines) for c in table.header[0]] == ["Ловушка", "Урон"] and len(table.rows) == 1
    assert any("5 page numbers" in n for n in r.doc.report.notes)


def test_numbered_scene_markers_between_short_lines_are_no_page_numbers(tmp_path: Path) -> None:
    text = (
        "Ритуал\n\nЖрец считает удары колокола:\n\n— 1 —\n\nПервый удар будит мёртвых.\n\n"
        "— 2 —\n\nВторой удар поднимает их.\n\n— 3 —\n\nТретий удар отпускает.\n\n— 4 —\n\n"
        "Четвёртый удар усыпляет.\n\n— 5 —\n\nПятый удар закрывает врата.\n"
    )
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    assert r.doc.report.dropped == [] and r.doc.report.notes == []
    assert {"— 1 —", "— 5 —"} <= set(_texts(r))


def test_a_title_standing_under_each_page_number_is_no_running_header(tmp_path: Path) -> None:
    text = (
        "Бой\n\nАтака\n\nАтака идёт броском.\n— 1 —\nПример\n\nОлег бьёт мечом.\n\nЗащита\n\n"
        "Защита гасит урон.\n— 2 —\nПример\n\nМария ставит щит.\n\nМагия\n\nМагия стоит очков.\n"
        "— 3 —\nПример\n\nМаг зажигает свечу.\n"
    )
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    assert r.doc.report.dropped == [] and r.doc.report.notes == []
    assert _texts(r).count("Пример") == 3


WRAPPED = """\
Ловушки

Яма

Яма глубиной в три метра наносит урон тому, кто в неё упал. Выбраться
из неё можно только с верёвкой, если у героя есть свободная рука. Это
занимает целый раунд, и никто из героев не может ему помочь в этом.
— 2 —
Ловушки. Книга правил
Затем герой делает проверку Силы, и если она удалась, он стоит
на краю ямы и может действовать дальше, как обычно бывает в бою.

Капкан

Капкан держит ногу, пока его не раскроют.
— 3 —
Ловушки. Книга правил
Сеть

Сеть падает сверху.
— 4 —
Ловушки. Книга правил
"""


def test_a_page_break_after_a_sentence_end_keeps_a_wrapped_paragraph_whole(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"print.txt": WRAPPED})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert any(t.startswith("Яма глубиной") and t.endswith("как обычно бывает в бою.") for t in texts)
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Ловушки", "Яма", "Капкан", "Сеть"]


def _texts(r: pipeline.BookResult) -> list[str]:
    """The text of every heading and paragraph of the ingested book."""
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    return [
        b.text if isinstance(b, Heading) else plain(b.inlines)
        for b in blocks
        if isinstance(b, Heading | Paragraph)
    ]


def _pages(headed: list[int], above: set[int]) -> list[SourceLine]:
    """Six pages of text, each ending in its number; «Засада» glued beside the numbers of the
    pages in `headed`, above the number on the pages in `above`, else below it."""
    out: list[str] = []
    for n in range(1, 7):
        out += ["Засада", f"— {n} —"] if n in headed and n in above else [f"— {n} —"]
        out += ["Засада"] if n in headed and n not in above else []
        out.append(PAGE)
    return [SourceLine(k + 1, t) for k, t in enumerate(["Ловушки", PAGE, *out])]


@pytest.mark.parametrize(
    ("headed", "above"),
    [([1, 2, 3, 4, 5, 6], {2}), ([1, 3, 5], set())],
    ids=["on both sides", "beside half the numbers"],
)
def test_a_line_beside_page_numbers_on_both_sides_or_few_is_no_running_header(
    headed: list[int], above: set[int]
) -> None:
    lines = _pages(headed, above)
    found, _ = pagechrome.find(lines)
    assert {lines[i].text for i in found} == {f"— {n} —" for n in range(1, 7)}


def _book_of_pages(furniture: object, n: int = 6) -> str:
    """A book of `n` pages of wrapped text, `furniture(p)` (the lines) at each page's end."""
    line = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью, а потом"
    text = "Ловушки\n\n"
    for p in range(1, n + 1):
        text += "".join(f"{line} ход {p}.{k}\n" for k in range(4)) + "\n"
        text += furniture(p)  # type: ignore[operator]
    return text


def test_a_running_header_that_stands_alone_is_dropped_where_page_numbers_show_pages(
    tmp_path: Path,
) -> None:
    # «— N —», «Книга правил», a blank line: five numbers a page's text apart show pages
    r = ingest_one(tmp_path, ENTRY, {"print.txt": _book_of_pages(lambda p: f"— {p} —\nКнига правил\n\n")})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Ловушки"]  # no «Книга правил» sections
    assert not any("Книга правил" in plain(b.inlines) for b in blocks if isinstance(b, Paragraph))
    assert any("6 page numbers" in n and "Книга правил" in n for n in r.doc.report.notes)


@pytest.mark.parametrize(
    ("first", "second", "left"), [("Глава 1. Бой", "Глава 2. Магия", 1), ("Бой", "Магия", 3)]
)
def test_running_headers_that_change_are_dropped_where_they_name_chapters(
    tmp_path: Path, first: str, second: str, left: int
) -> None:
    # each chapter's title over its pages, glued to the page's text: named as chapters, they
    # are headers (before, six one-line paragraphs in the middle of the rules), the first of each
    # kept as it may open its page; plain words that only repeat in runs may be the book's own
    # («Обитает в лесах» at a bestiary's page feet), and stay, as before
    text = _book_of_pages(lambda p: f"— {p} —\n{first if p <= 3 else second}\n")
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    shown = _texts(r)
    assert shown.count(first) == left and shown.count(second) == left
    assert not any(t.startswith("— ") for t in shown)
    assert coverage.measure(r.doc).missing == {}


def test_a_left_page_title_and_a_right_page_chapter_title_are_both_headers(tmp_path: Path) -> None:
    # the book's title on even pages, the chapter's on odd ones: neither beside most numbers
    # alone; the chapter's first line stays, as a chapter named so may open its page with it
    text = _book_of_pages(lambda p: f"— {p} —\n{'Книга правил' if p % 2 else 'Глава 1. Ловушки'}\n", 8)
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    shown = _texts(r)
    assert "Книга правил" not in shown and shown.count("Глава 1. Ловушки") == 1


def test_a_chapter_title_opening_its_page_stays_its_heading(tmp_path: Path) -> None:
    # «— 4 —», «Глава 2. Магия», a blank line: the chapter starts there; its later lines are its
    # header, and so are the first chapter's, whose title opened the text
    def furniture(p: int) -> str:
        if p == 4:
            return f"— {p} —\nГлава 2. Магия\n\n"
        return f"— {p} —\n{'Ловушки' if p < 4 else 'Глава 2. Магия'}\n"

    r = ingest_one(tmp_path, ENTRY, {"print.txt": _book_of_pages(furniture, 8)})
    heads = [b.text for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == ["Ловушки", "Глава 2. Магия"]
    shown = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert "Глава 2. Магия" not in shown and "Ловушки" not in shown


def test_a_page_first_line_that_recurs_is_no_running_header(tmp_path: Path) -> None:
    # a book that repeats its wording may start two pages with the same line of text: it goes on
    # from the page before (lower case, or a clause's comma), so it stays the text's
    def furniture(p: int) -> str:
        return f"— {p} —\n" + ("а мастер сравнивает итог со сложностью,\n" if p % 4 else "")

    r = ingest_one(tmp_path, ENTRY, {"print.txt": _book_of_pages(furniture, 8)})
    text = " ".join(plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph))
    assert text.count("а мастер сравнивает итог со сложностью,") == 6


def _spreads(blank: bool, contents: str = "") -> str:
    """A printed book of three chapters of three pages, no blank lines unless `blank`: a chapter
    opens its page with its title, a left page carries the book's title, a right page the
    chapter's, each page ends with its number."""
    line = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью."
    out, page = [contents] if contents else [], 0
    for title in ("Глава 1. Бой", "Глава 2. Магия", "Глава 3. Снаряжение"):
        for k in range(3):
            page += 1
            out.append(
                title + ("\n" if blank else "") if k == 0 else ("Книга правил" if page % 2 == 0 else title)
            )
            out += [f"{line} Ход {page}.{n}." + ("\n" if blank else "") for n in range(3)]
            out.append(f"— {page} —")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("blank", "contents"),
    [(False, ""), (True, ""), (True, "Содержание\nГлава 1. Бой\nГлава 2. Магия\nГлава 3. Снаряжение\n")],
)
def test_chapters_opening_their_pages_stay_under_a_spread_of_running_headers(
    tmp_path: Path, blank: bool, contents: str
) -> None:
    # a left and a right page's headers, chapters opening their pages, with no blank lines or
    # with them and a contents list: the headers go, each chapter's title stays once (a page of
    # its own where a blank line sets it apart)
    r = ingest_one(tmp_path, ENTRY, {"print.txt": _spreads(blank, contents)})
    shown = _texts(r)
    assert "Книга правил" not in shown
    for title in ("Глава 1. Бой", "Глава 2. Магия", "Глава 3. Снаряжение"):
        assert shown.count(title) == (2 if contents else 1)
    if blank:
        assert [p.title for p in r.doc.pages][-3:] == [
            "Глава 1. Бой",
            "Глава 2. Магия",
            "Глава 3. Снаряжение",
        ]


def test_lines_of_a_stat_block_at_the_pages_feet_are_the_books_own(tmp_path: Path) -> None:
    # «Опасность 1/4» and «Опасность 1/8» at the foot of each monster's page: they come and go,
    # one chapter's title never does; every one stays
    ratings = ["1/4", "1/8", "1/4", "1/2", "1/8", "1/4", "1/8", "1/4"]
    text = "Бестиарий\n\n"
    for p, rating in enumerate(ratings, start=1):
        text += f"Гоблин {p}\n\nЭто существо обитает в тёмных местах и охотится стаями по ночам, у самых"
        text += f" дорог.\n\nКласс брони 13\nОпасность {rating} (50 опыта)\n— {p} —\n\n"
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    shown = " ".join(
        plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)
    )
    assert shown.count("Опасность") == 8
