"""A PDF's page number printed on its running header's line («Книга правил 12», «13 | Глава 2.
Магия»), as pdftotext gives a header and a number set on one baseline, is page chrome, like a
number on a line of its own: before, each stayed a one-line paragraph in the rules and split the
paragraph the page break fell in. A line of the book's own text that ends in a number at a page's
edge («Класс брони 13») stays."""

from __future__ import annotations

from collections.abc import Collection

from rulebook.ingest import pagechrome
from rulebook.ingest.pdfgeometry import Word
from rulebook.ingest.reader import SourceLine

LINE = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью, а потом"
CHAPTERS = {"Глава 1. Бой": 3, "Глава 2. Магия": 4}


def _edges(texts: list[list[str]], apart: Collection[str] = ()) -> list[SourceLine]:
    """Lines of pages (a page flag on each page's first line), numbered from 1, with their words'
    boxes: the number of a line in `apart` set far from its words, as a page's number beside its
    running header, the others' a word space apart."""
    out: list[SourceLine] = []
    for p, page in enumerate(texts):
        for k, t in enumerate(page):
            words, boxes, x = t.split(), [], 50.0
            for j, w in enumerate(words):
                last = j == len(words) - 1 and j > 0
                x += 200.0 if t in apart and last and w.isdigit() else 0.0  # «… 5.1», far: «12»
                boxes.append(Word(w, x, x + 5 * len(w), 20.0 + 12 * k, 10.0, p))
                x += 5 * len(w) + 2.5 + (200.0 if t in apart and j == 0 and w.isdigit() else 0.0)
            out.append(SourceLine(len(out) + 1, t, page=k == 0 and bool(out), boxes=tuple(boxes)))
    return out


def test_the_books_own_lines_ending_in_a_number_at_a_pages_edge_stay():
    # a bestiary: a creature a page, its name numbered at the page's top, its armour at its foot
    # over the page's bare number; neither follows the pages as their numbers do, the armour
    # that matches its page's number by chance («Класс брони 13» on page 13) included
    armour = [14, 12, 13, 16, 11, 13]
    pages = [
        [f"Гоблин {k}", *[LINE + "."] * 3, f"Класс брони {a}", str(10 + k)]
        for k, a in enumerate(armour, start=1)
    ]
    lines = _edges(pages)
    found, _ = pagechrome.find(lines)
    assert {lines[i].text for i in found} == {str(10 + k) for k in range(1, 7)}


def test_a_chapter_opening_each_page_keeps_its_number():
    # «Глава 2» over its title on page 2, with no page numbers printed: the label's number
    lines = _edges([[f"Глава {k}", "Бой", LINE + "."] for k in range(1, 7)])
    assert pagechrome.find(lines) == (set(), [])


def test_a_chapters_header_over_its_one_other_page_is_dropped_where_it_was_a_title():
    # the book's title over most pages, and «Снаряжение» over the one page after its chapter
    # opened: seen as a title before, it is a header too
    pages = [["Снаряжение", LINE + ".", "1 Книга правил"]]
    pages += [[LINE + ".", LINE + ".", "Снаряжение 2"]]
    pages += [[LINE + ".", LINE + ".", f"{p} Книга правил"] for p in range(3, 7)]
    lines = _edges(pages, apart={"Снаряжение 2", *(f"{p} Книга правил" for p in range(1, 7))})
    found, _ = pagechrome.find(lines)
    assert {lines[i].text for i in found} == {"Снаряжение 2", *(f"{p} Книга правил" for p in [1, 3, 4, 5, 6])}


def _book(front: int) -> tuple[list[SourceLine], set[str]]:
    """`front` unnumbered pages (a cover, the contents), then the chapters' pages, numbered from
    1: a chapter's opening page prints its number bare at its foot, a left page the number and
    the book's title, a right page the chapter's title and the number (at the outer edges, so the
    number comes first on the left). With the furniture's lines."""
    pages = [["Печатная книга", f"Обложка {k}"] for k in range(front)]
    chrome: set[str] = set()
    n = 0
    for chapter, count in CHAPTERS.items():
        for k in range(count):
            n += 1
            foot = f"{n}" if k == 0 else f"{n} Печатная книга" if n % 2 == 0 else f"{chapter} | {n}"
            pages.append(([chapter] if k == 0 else []) + [LINE, LINE + ".", foot])
            chrome.add(foot)
    return _edges(pages, apart=chrome), chrome


def test_page_numbers_on_the_running_headers_lines_are_page_chrome_with_the_bare_ones():
    for front in (0, 2, 5):
        lines, chrome = _book(front)
        found, notes = pagechrome.find(lines)
        assert {lines[i].text for i in found} == chrome, front
        assert any("printed on the running headers' lines" in n and "«Печатная книга»" in n for n in notes)


def test_the_first_pages_header_over_its_number_is_page_chrome_too():
    # the header at each page's top, the first page's included (no page break before it)
    heads = [f"System Reference Document 5.1 {p}" for p in range(1, 7)]
    lines = _edges([[h, LINE + ".", LINE + "."] for h in heads], apart=heads)
    found, _ = pagechrome.find(lines)
    assert {lines[i].text for i in found} == {f"System Reference Document 5.1 {p}" for p in range(1, 7)}


def test_a_title_numbered_on_each_page_is_no_page_number():
    # «Правило 1» opening page 1, «Правило 2» page 2, … and no page numbers printed: its number
    # is set a word space from its word, as a title's is, not apart as a page's
    pages = [[f"Правило {p}", LINE + ".", LINE + "."] for p in range(1, 9)]
    assert pagechrome.find(_edges(pages)) == (set(), [])


def test_bare_numbers_first_on_each_page_are_page_numbers_still():
    # a page's number drawn first (before its text), the first page's too: the first page's
    # stands before the text that shows pages, and must not hide the others
    pages = [[str(p), *[LINE + "."] * 4] for p in range(1, 9)]
    lines = _edges(pages)
    found, _ = pagechrome.find(lines)
    assert {lines[i].text for i in found} >= {str(p) for p in range(2, 9)}
