"""A printed book's page furniture, found without an entry: page numbers and running headers.

A text copied out of a PDF or a print dump carries, at every page break, the page's number («— 12
—», «Стр. 12», «- 12 -», «Page 12») and often a running header (the book's or the chapter's title)
glued to it. They are not the book's words: published, they become one-line paragraphs, or an empty
«— 13 —» section, in the middle of the rules, and a page break inside a paragraph splits it in two.
A line is a page number only when the text shows pages: five such lines or more whose numbers never
go down, each after a page's worth of text (scene markers «— 1 —», «— 2 —» between a few short lines
are not pages); or three or more with a running header printed beside most of them (three or more,
and 60 %), always on the same side (above or below) and glued to the page's text on its other side
(a title with a blank line under it, under three scene numbers, stands alone: a heading, not a
header). Where five numbers show pages, a header printed beside them is one whatever follows it,
and so are headers that change (a left page's book title and a right page's chapter title, each
chapter's title on its pages): each printed beside two page numbers or more, together beside most
of them; a chapter's title that opens its page (first seen there, a blank line under it) stays its
heading. The lines found are
dropped as `chrome.junk` lines are (the page break inside a paragraph closed) and told in the
report, so a text that numbers something else this way is visible.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

from rulebook.ingest.lineshapes import TITLE_MAX
from rulebook.ingest.reader import SourceLine

_PAGE_NUMBER = re.compile(
    r"^\s*(?:[—–-]\s*(?P<a>\d{1,4})\s*[—–-]|(?:Стр\.|Страница|С\.|Page|p\.)\s*(?P<b>\d{1,4}))\s*$",
    re.IGNORECASE,
)
_MIN_PAGES = 3  # page-number lines that, with a running header beside them, show pages
_MIN_BARE_PAGES = 5  # page-number lines that show pages with no running header
_HEADER_SHARE = 0.6  # of the page numbers a running header is printed beside
_PAGE_TEXT = 200  # characters of text before each bare page number: a page, not a scene
_HEADER_MAX = TITLE_MAX  # a running header is a short line


def _number(text: str) -> int | None:
    m = _PAGE_NUMBER.match(text)
    return int(m.group("a") or m.group("b")) if m else None


def find(lines: list[SourceLine]) -> tuple[set[int], list[str]]:
    """Indices of the page-number and running-header lines, and a note on what was found
    (empty when the text does not show pages)."""
    numbered = [(i, n) for i, ln in enumerate(lines) if (n := _number(ln.text)) is not None]
    if len(numbered) < _MIN_PAGES or any(b[1] < a[1] for a, b in itertools.pairwise(numbered)):
        return set(), []
    at = [i for i, _ in numbered]
    certain = len(at) >= _MIN_BARE_PAGES and _pages_between(lines, at)
    headers = _running_headers(lines, at, certain)
    if not headers and not certain:
        return set(), []
    found = set(at)
    for i in at:
        for side in (-1, 1):
            j = i + side
            if 0 <= j < len(lines) and (lines[j].text.strip(), side) in headers:
                found.add(j)
    changing, openings = _changing_headers(lines, at) if certain else ({}, set())
    found = (found | changing.keys()) - openings
    first = lines[at[0]]
    titles = sorted({t for t, _ in headers} | set(changing.values()))
    note = (
        f"line {first.no}: {len(at)} page numbers («{first.text.strip()}», …)"
        + (f" and running headers ({', '.join(f'«{h}»' for h in titles)})" if titles else "")
        + " read as page chrome: dropped"
    )
    return found, [note]


def _running_headers(lines: list[SourceLine], numbers: list[int], certain: bool) -> set[tuple[str, int]]:
    """The lines printed beside most page numbers, as (text, side: -1 above, 1 below), each on
    one side only. Where the page numbers alone do not show pages (`certain`: five or more, a
    page's text apart), a header counts only where glued to the page's text on its other side
    (or at the text's edge): a line with a blank line beyond it stands alone, a title under a
    scene's number. Headers that share the pages (a left and a right page's, each chapter's
    title) are not found: a chapter's title opening a page is one of them, and a heading lost
    costs more than a header left as a paragraph."""
    at = set(numbers)
    beside: Counter[tuple[str, int]] = Counter()
    glued: Counter[tuple[str, int]] = Counter()
    sides: dict[str, set[int]] = {}
    for i in numbers:
        for side in (-1, 1):
            j = i + side
            if not 0 <= j < len(lines) or j in at:
                continue
            text = lines[j].text.strip()
            if not _title_like(text):
                continue
            sides.setdefault(text, set()).add(side)
            beside[text, side] += 1
            k = j + side
            if not 0 <= k < len(lines) or not lines[k].blank:
                glued[text, side] += 1
    count = beside if certain else glued
    need = max(_MIN_PAGES, _HEADER_SHARE * len(numbers))
    return {(t, side) for (t, side), n in count.items() if n >= need and sides[t] == {side}}


def _changing_headers(lines: list[SourceLine], numbers: list[int]) -> tuple[dict[int, str], set[int]]:
    """The headers that change from page to page, index -> text: on one side of the numbers, each
    title-like text beside two of them or more, and all of them together beside most (60 %). And the lines
    among them that open a chapter's page: its title under the page's number, first seen there,
    with a blank line under it where most of its later lines run into their page's text."""
    at = set(numbers)
    found: dict[int, str] = {}
    openings: set[int] = set()
    for side in (-1, 1):
        beside: dict[str, list[int]] = {}
        for i in numbers:
            j = i + side
            if 0 <= j < len(lines) and j not in at and _title_like(text := lines[j].text.strip()):
                beside.setdefault(text, []).append(j)
        other = {lines[i - side].text.strip() for i in numbers if 0 <= i - side < len(lines)}
        repeated = {t: js for t, js in beside.items() if len(js) >= 2 and t not in other}
        if not repeated or sum(map(len, repeated.values())) < _HEADER_SHARE * len(numbers):
            continue
        for text, js in repeated.items():
            found.update(dict.fromkeys(js, text))
            if side == 1 and _opens_page(lines, js, text):
                openings.add(js[0])
    return found, openings


def _opens_page(lines: list[SourceLine], js: list[int], text: str) -> bool:
    """The first of a header's lines is its chapter's title: alone (a blank line under it) where
    most of the later ones run into their page's text, and not in the text before it."""
    first, later = js[0], js[1:]
    if not _alone(lines, first) or 2 * sum(_alone(lines, j) for j in later) >= len(later):
        return False
    return all(ln.text.strip() != text for ln in lines[:first])


def _title_like(text: str) -> bool:
    """A line that may be a running header or footer: short, and not a line of prose going on from
    the page before (words starting in lower case, «участников. Герой …») or onto the next («…
    силы,», «пред-»): where a book repeats its wording, such a line may recur beside page numbers
    and is still the text's. A site's address in a footer («www.example.org») is one word."""
    if not 0 < len(text) <= _HEADER_MAX or text[-1] in ",;-‐":
        return False
    return not (text[0].islower() and " " in text)


def _alone(lines: list[SourceLine], j: int) -> bool:
    """A blank line (or the text's end) under line j."""
    return j + 1 >= len(lines) or lines[j + 1].blank


def _pages_between(lines: list[SourceLine], numbers: list[int]) -> bool:
    """Each page number comes after a page's worth of text (since the number before it)."""
    start = 0
    for i in numbers:
        if sum(len(ln.text.strip()) for ln in lines[start:i]) < _PAGE_TEXT:
            return False
        start = i + 1
    return True
