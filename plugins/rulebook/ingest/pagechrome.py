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
and so are headers that change: chapters' titles, each over its chapter's pages, one chapter after
another, alone or on one side of the spread with the book's title on the other (see
_changing_headers). Lines a book repeats at its pages' feet that come and go (a stat block's) are
no headers, and the first line of each chapter's title stays, as the chapter may open its page
with it (a heading lost costs more than a header left as a paragraph). The lines found are
dropped as `chrome.junk` lines are (the page break inside a paragraph closed) and told in the
report, so a text that numbers something else this way is visible.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter

from rulebook.ingest import divisions, pdfrows
from rulebook.ingest.lineshapes import TITLE_MAX
from rulebook.ingest.reader import SourceLine

_PAGE_NUMBER = re.compile(
    r"^\s*(?:[—–-]\s*(?P<a>\d{1,4})\s*[—–-]|(?:Стр\.|Страница|С\.|Page|p\.)\s*(?P<b>\d{1,4}))\s*$",
    re.IGNORECASE,
)
_FIGURES = re.compile(r"\d")
_BARE_NUMBER = re.compile(r"^\s*(\d{1,4})\s*$")
# a page's number on its running header's line, before or after it, maybe set off by a bar, a
# dot or a dash: «12 | Книга правил», «Глава 2. Бой · 13»
_WITH_NUMBER = (
    re.compile(r"^(?P<n>\d{1,4})(?P<sep>\s*[|·•—–-]\s*|\s+)(?P<t>\S.*)$"),
    re.compile(r"^(?P<t>.*?\S)(?P<sep>\s*[|·•—–-]\s*|\s+)(?P<n>\d{1,4})$"),
)
_LETTER = re.compile(r"[^\W\d_]")
_MIN_PAGES = 3  # page-number lines that, with a running header beside them, show pages
_MIN_BARE_PAGES = 5  # page-number lines that show pages with no running header
_HEADER_SHARE = 0.6  # of the page numbers a running header is printed beside
_PAGE_TEXT = 200  # characters of text before each bare page number: a page, not a scene
_HEADER_MAX = TITLE_MAX  # a running header is a short line


def _number(text: str) -> int | None:
    m = _PAGE_NUMBER.match(text)
    return int(m.group("a") or m.group("b")) if m else None


def _bare_numbers(lines: list[SourceLine]) -> list[tuple[int, int]]:
    """The bare page numbers («12») of a text that prints no other form, as (index, number): at
    its pages' edges (see _page_edges), the longest rising run of them, so a chapter's numeral
    or a table's last cell at a page's edge is the text's and does not hide the pages."""
    edges = _page_edges(lines)
    found = [(i, int(m.group(1))) for i in sorted(edges) if (m := _BARE_NUMBER.match(lines[i].text))]
    return _rising(found)


def _rising(found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of `found` whose numbers rise (patience sorting)."""
    tails: list[int] = []  # tails[k]: the number ending the best run of length k + 1 so far
    ends: list[int] = []  # its place in `found`
    back = [-1] * len(found)
    for k, (_, n) in enumerate(found):
        at = bisect.bisect_left(tails, n)
        back[k] = ends[at - 1] if at else -1
        tails[at : at + 1], ends[at : at + 1] = [n], [k]
    run, k = [], ends[-1] if ends else -1
    while k >= 0:
        run.append(found[k])
        k = back[k]
    return run[::-1]


def _page_edges(lines: list[SourceLine], top: bool = False) -> set[int]:
    """The lines at a printed page's edge, where a PDF's text (pdftotext's) shows its pages with a
    form feed: the first two of each page and the last two before the next, and the text's last
    two (and first two, `top`). Most books print their page numbers bare there («12»), which
    elsewhere are any number."""
    starts = [i for i, ln in enumerate(lines) if ln.page]
    if not starts:
        return set()
    filled = [i for i, ln in enumerate(lines) if not ln.blank]
    # the last page's foot, and (`top`) the first page's top: a header's line there has its page
    # number on it; a bare number there stands before the text that shows pages (a bare number
    # counts only after a page's worth of text, see _pages_between)
    edges: set[int] = set(filled[-2:] + (filled[:2] if top else []))
    for i in starts:
        k = bisect.bisect_left(filled, i)
        edges.update(filled[max(0, k - 2) : k + 2])
    return edges


def find(lines: list[SourceLine]) -> tuple[set[int], list[str]]:
    """Indices of the page-number and running-header lines, and a note on what was found
    (empty when the text does not show pages)."""
    # each text's lines, for «seen before as a title» (see _seen_as_title), built once
    places: dict[str, list[int]] = {}
    for j, ln in enumerate(lines):
        places.setdefault(ln.text.strip(), []).append(j)
    found, notes = _numbers_apart(lines, places)
    joined = _numbers_with_headers(lines, places)
    if joined:
        first = lines[min(joined)]
        headers = sorted(set(joined.values()) - {""})
        notes.append(
            f"line {first.no}: {len(joined)} page numbers («{first.text.strip()}», …) printed on the"
            f" running headers' lines ({', '.join(f'«{h}»' for h in headers[:4])}"
            f"{', …' if len(headers) > 4 else ''}) read as page chrome: dropped"
        )
    return found | joined.keys(), notes


def _numbers_with_headers(lines: list[SourceLine], places: dict[str, list[int]]) -> dict[int, str]:
    """The lines at a PDF's page edges that print a page's number on its running header's line
    («Книга правил 12», «12 | Глава 2. Бой», as a header and a number on one baseline come out of
    pdftotext), and, in such a text, the bare numbers of the pages without a header (a chapter's
    opening page), index -> the header ("" for a bare number). Most books print their numbers
    so; before, each such line stayed a paragraph in the rules and split the one it fell in.

    The number is set apart from the header: by a bar, a dot or a dash, or by white wider than a
    word space on the PDF's page (a title «Правило 2» opening its page sets its number as a word).
    A page's number is its place among the pages plus one offset for the whole book (the front
    matter's pages): a line is one where its number fits the offset most edge lines fit, so a
    line of text that ends in a number («Класс брони 13») is one only by that coincidence, and
    then only if its words recur beside other pages' numbers (the book's title, a chapter's over
    its pages), name a division («Глава 2. Магия») or were a title before (a chapter's over its
    one page after the first)."""
    if any(_number(ln.text) is not None for ln in lines):
        return {}  # «— 12 —», «Стр. 12»: the book prints its numbers apart
    place = list(itertools.accumulate(int(ln.page) for ln in lines))
    readings: dict[int, list[tuple[int, str]]] = {}
    for i in _page_edges(lines, top=True):
        text = lines[i].text.strip()
        if m := _BARE_NUMBER.match(text):
            readings[i] = [(int(m.group(1)), "")]
            continue
        found = [
            (int(m["n"]), m["t"].strip())
            for pat in _WITH_NUMBER
            if (m := pat.match(text)) and (m["sep"].strip() or pdfrows.gapped(list(lines[i].boxes)))
        ]
        if found := [(n, t) for n, t in found if _header_shape(t) and _LETTER.search(t) and not _label(t, n)]:
            readings[i] = found
    bare: Counter[int] = Counter(rs[0][0] - place[i] for i, rs in readings.items() if not rs[0][1])
    counts: Counter[int] = Counter()
    for i, rs in readings.items():
        counts.update({n - place[i] for n, _ in rs})
    if not counts:
        return {}
    # the bare numbers' offset where they show one: a page's edge that holds nothing but a
    # number is surer than a line ending in one («Гоблин 2» opening a creature's page)
    offset, _ = (
        bare.most_common(1)[0]
        if bare and bare.most_common(1)[0][1] >= _MIN_PAGES
        else counts.most_common(1)[0]
    )
    fits = {i: t for i, rs in readings.items() for n, t in rs if n - place[i] == offset}
    beside = Counter(t for t in fits.values() if t)

    def header(i: int, t: str) -> bool:
        return beside[t] >= 2 or bool(divisions.match(t)) or _seen_as_title(lines, places, i, t)

    joined = {i: t for i, t in fits.items() if t and header(i, t)}
    if len(joined) < _MIN_PAGES:
        return {}
    return joined | {i: t for i, t in fits.items() if not t}


def _label(text: str, number: int) -> bool:
    """«Глава» of «Глава 2»: the number is a division's own, not a page's beside its header."""
    d = divisions.match(f"{text} {number}")
    return d is not None and not d.title


def _numbers_apart(lines: list[SourceLine], places: dict[str, list[int]]) -> tuple[set[int], list[str]]:
    """The page numbers on lines of their own («— 12 —», «Стр. 12», a bare «12»), with the running
    headers beside them."""
    numbered = [(i, n) for i, ln in enumerate(lines) if (n := _number(ln.text)) is not None]
    if not numbered:
        numbered = _bare_numbers(lines)
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
    changing, openings = _changing_headers(lines, at, places) if certain else ({}, set())
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
            if not _header_shape(text):
                continue
            sides.setdefault(text, set()).add(side)
            beside[text, side] += 1
            k = j + side
            if not 0 <= k < len(lines) or not lines[k].blank:
                glued[text, side] += 1
    count = beside if certain else glued
    need = max(_MIN_PAGES, _HEADER_SHARE * len(numbers))
    return {(t, side) for (t, side), n in count.items() if n >= need and sides[t] == {side}}


def _changing_headers(
    lines: list[SourceLine], numbers: list[int], places: dict[str, list[int]]
) -> tuple[dict[int, str], set[int]]:
    """The headers that change from page to page, index -> text, on one side of the numbers. The
    layout first: texts of a title's shape, each beside two numbers or more, chapters' titles over
    their chapters' pages one chapter after another, alone or with the book's title on the other
    side of the spread (four in five of its pages of one parity, the chapters' two in three of the
    other), together beside most numbers (60 %); lines that overlap and keep no side (a stat
    block's «Опасность 1/4», «Опасность 1/8») are no layout. Then what is dropped: the book's
    title and the chapters' beside it; with no book's title, a chapter's title named as a division
    («Глава 2. Магия»); and one seen before as a title (a line with text under it, not a contents
    list's), beside one number too. And the lines that stay: the first of each chapter's title
    dropped and not seen before, as a chapter opening its page is its own title, unless the title
    itself follows it."""
    at = set(numbers)
    found: dict[int, str] = {}
    openings: set[int] = set()
    for side in (-1, 1):
        seq = [_beside(lines, i + side, at) for i in numbers]
        other = {lines[i - side].text.strip() for i in numbers if 0 <= i - side < len(lines)}
        counts = Counter(t for t in seq if t and t not in other)
        repeated = [t for t, n in counts.most_common() if n >= 2]
        chapters = _chapter_titles(seq, repeated)
        if chapters is None:
            continue
        runs = set(repeated)
        if sum(counts[t] for t in runs) < _HEADER_SHARE * len(numbers):
            continue
        seen = {t for t in counts if _seen_as_title(lines, places, numbers[seq.index(t)] + side, t)}
        spread = runs - chapters  # the book's title on the other side of the spread
        # dropped: the book's title and the chapters' beside it; where no book's title alternates
        # with them, a chapter's title named as a division («Глава 2. Магия») or seen before as a
        # title: a line that only repeats in runs («Обитает в лесах» over a bestiary sorted by
        # habitat, a creature a page) may be the book's own, and stays
        named = chapters if spread else {t for t in chapters if divisions.match(t)}
        gone = spread | seen | named
        for k, text in enumerate(seq):
            if text in gone:
                found[numbers[k] + side] = text
        for text in named - seen:
            # its first line may open its page, unless the title itself follows (a header over it)
            first = numbers[seq.index(text)] + side
            if _next_text(lines, first) != text:
                openings.add(first)
    return found, openings


def _chapter_titles(seq: list[str], repeated: list[str]) -> set[str] | None:
    """Which of the repeated texts beside the numbers are chapters' titles (the rest, the book's
    title on the other side of the spread), None when they are no running headers."""
    if not repeated:
        return None
    span = {t: (seq.index(t), len(seq) - 1 - seq[::-1].index(t)) for t in repeated}

    def one_after_another(texts: list[str]) -> bool:
        return not any(_overlap(span[a], span[b]) for a, b in itertools.combinations(texts, 2))

    if one_after_another(repeated):
        return set(repeated)
    book, chapters = repeated[0], repeated[1:]
    if not one_after_another(chapters):
        return None
    parity = Counter(k % 2 for k, t in enumerate(seq) if t == book)
    side, share = parity.most_common(1)[0]
    theirs = [k % 2 != side for k, t in enumerate(seq) if t in chapters]
    if share < 0.8 * sum(parity.values()) or (theirs and sum(theirs) < len(theirs) * 2 / 3):
        return None
    return set(chapters)


def _next_text(lines: list[SourceLine], j: int) -> str:
    return next((ln.text.strip() for ln in lines[j + 1 :] if not ln.blank), "")


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def _beside(lines: list[SourceLine], j: int, at: set[int]) -> str:
    """The text of line j beside a page number when it has a title's shape: starting with a
    capital or a digit, ending no clause; else ""."""
    if not 0 <= j < len(lines) or j in at:
        return ""
    text = lines[j].text.strip()
    if not _header_shape(text) or not (text[0].isupper() or text[0].isdigit()) or text[-1] == ":":
        return ""
    if _FIGURES.search(text) and not divisions.match(text):
        return ""  # «Опасность 1/4 (50 опыта)»: a stat line; «Глава 2. Магия» is a title
    return text


def _seen_as_title(lines: list[SourceLine], places: dict[str, list[int]], first: int, text: str) -> bool:
    """Whether a line of these words comes before line `first` with text under it (a title),
    rather than another short line (a contents list's entry, the next chapter's title).
    `places`: each text's lines, so the text is not searched line by line for every header."""
    for j in places.get(text, ()):
        if j >= first:
            break
        following = itertools.islice(lines, j + 1, first)
        under = list(itertools.islice((ln.text.strip() for ln in following if not ln.blank), 2))
        if (
            under
            and not divisions.match(under[0])
            and (_prose(under[0]) or (len(under) > 1 and _prose(under[1])))
        ):
            return True  # text under it, or a section's title and its text: a chapter's title
    return False


def _prose(text: str) -> bool:
    return len(text) >= 40 or text[-1] in ".!?…"


def _header_shape(text: str) -> bool:
    """A line that may be a running header or footer: short, and not a line of prose going on to
    the next page («… силы,», «пред-»): where a book repeats its wording, such a line may recur
    beside page numbers and is still the text's."""
    return 0 < len(text) <= _HEADER_MAX and text[-1] not in ",;-‐"


def _pages_between(lines: list[SourceLine], numbers: list[int]) -> bool:
    """Each page number comes after a page's worth of text (since the number before it)."""
    start = 0
    for i in numbers:
        if sum(len(ln.text.strip()) for ln in lines[start:i]) < _PAGE_TEXT:
            return False
        start = i + 1
    return True
