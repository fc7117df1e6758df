"""Where a PDF's lines stand on their page: each line's type size, and whether it stopped short.

`pdftotext -raw -bbox` writes the words of the text `pdftotext -raw` writes, in the same order,
each with its box; the letters are matched one by one (spaces aside) to tell which words make
each line of the text. Two things a PDF's text loses come back from the boxes:

- the type size a line is set in (the height of most of its letters' boxes): titles are set
  larger (see typesizes);
- whether a line stopped short of its column's right edge, where the next line's first word
  would have fitted: the printed paragraph (or item, or row) ended there, whatever its words
  say. The text alone guesses it from a line's length in letters, so a short line that ends no
  sentence («Hit Dice: 1d12 per barbarian level» over «Hit Points at 1st Level: …») was taken
  for a wrapped one and joined to the next. Only a line of the text right under it counts as
  the next (a page's footer does not), and a short word goes with the word after it, as a
  no-break space may tie them.

A word whose box is taller than wide is set on its side (a thumb tab, a turned table or page):
its line has no type size (SIDEWAYS) and no place in the text's flow, its words are the text's.

Hand-written: poppler's boxes are the data, and no library reads them back onto pdftotext's text.
"""

from __future__ import annotations

import bisect
import html
import itertools
import re
import statistics
from collections import Counter
from dataclasses import dataclass

_WORD = re.compile(
    r'<page |<word xMin="(?P<x0>[-\d.]+)" yMin="(?P<y0>[-\d.]+)" xMax="(?P<x1>[-\d.]+)" '
    r'yMax="(?P<y1>[-\d.]+)">(?P<w>[^<]*)</word>'
)
# a line's peers: lines starting within this many of its heights of its start (a quote set in,
# a list's hanging lines have their own right edge); the next line: in its column within more
_PEERS = 1.0
_COLUMN = 3.0
_NEXT = 2.0  # of its size: how far below a line the next one in its column stands at most
_PARAGRAPH = 0.35  # of its size: white over the usual step between lines that parts paragraphs
_SPACE = 0.25  # a space's width, of the type's height
_TIED = 3  # letters of a word a no-break space may tie to the next
# a word of this many letters or more shows it is set on its side by a box this much taller than
# wide (upright, three letters are about one and a half times as wide as tall)
_SIDEWAYS = 3
_TALL = 1.2
SIDEWAYS = -1.0  # the size of a line set on its side (a thumb tab's «Глава 3» at the page's edge)
_SAME = 0.25  # pt: a line of another size (a title, a table's small print) is no peer
# the column's edge: as far as most of its lines reach (a justified column's lines all do; one
# line across two columns, or a wide row, does not move it)
_EDGE = 0.8


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    x0: float
    x1: float
    bottom: float  # the foot of its box: words on one printed line share it
    size: float
    page: int


@dataclass(frozen=True)
class Geometry:
    sizes: list[float]  # per line of the text: its type size (pt), 0 for a blank line
    short: list[bool]  # per line: it stopped where the next line's first word would have fitted
    words: list[list[Word]]  # per line: its words (as the text splits them) where they stand


@dataclass(frozen=True, slots=True)
class _Line:
    page: int
    x0: float
    x1: float
    size: float
    # the width of its first word, with the next where the first is short: a short word is
    # often tied to the next by a no-break space («и 5», «в бой»), which pdftotext writes as
    # any space, and the two would not have moved up alone
    first: float
    bottom: float  # its foot on the page


def measure(text: str, bbox: str) -> Geometry | None:
    """The lines' geometry, or None where the boxes' letters are not the text's."""
    x0s: list[float] = []
    x1s: list[float] = []
    bottoms: list[float] = []
    heights: list[float] = []
    pages: list[int] = []
    side: list[bool] = []  # per word: set on its side
    known: list[bool] = []  # per word: long enough for its box to tell
    turned: Counter[int] = Counter()  # per page: its long words on their side, less those upright
    ends: list[int] = []  # per word: how many letters up to its end
    page, count = -1, 0
    for m in _WORD.finditer(bbox):
        if m["w"] is None:
            page += 1
            continue
        w = m["w"]
        n = len("".join((html.unescape(w) if "&" in w else w).split()))
        if not n:
            continue
        count += n
        x0s.append(float(m["x0"]))
        x1s.append(float(m["x1"]))
        bottoms.append(float(m["y1"]))
        height, width = float(m["y1"]) - float(m["y0"]), float(m["x1"]) - float(m["x0"])
        heights.append(round(height, 1))
        # a word set on its side (a thumb tab, a turned table, a page turned): its box is taller
        # than wide, its height its length; told by words long enough to show it
        if n >= _SIDEWAYS:
            turned[page] += 1 if height > _TALL * width else -1
            side.append(height > _TALL * width)
        else:
            side.append(False)
        known.append(n >= _SIDEWAYS)
        pages.append(page)
        ends.append(count)

    def word(letter: int) -> int:
        return bisect.bisect_right(ends, letter)

    lines: list[_Line | None] = []
    placed: list[list[Word]] = []
    at = 0
    for raw in text.split("\n"):
        tokens = raw.split()
        mine: list[Word] = []
        placed.append(mine)
        if not tokens:
            lines.append(None)
            continue
        sizes: Counter[float] = Counter()
        sideways = told = 0  # letters of its words set on their side, of those whose box tells
        for t in tokens:
            if at + len(t) > count:
                return None
            a, b = word(at), word(at + len(t) - 1)
            sizes[heights[a]] += len(t)
            sideways += len(t) if side[a] else 0
            told += len(t) if known[a] else 0
            mine.append(Word(t, x0s[a], x1s[b], bottoms[b], heights[a], pages[a]))
            at += len(t)
        first = mine[0]
        # a line of short words only («15 зм») between lines on their side is one of them
        on_side = (
            2 * sideways > told if told else bool(lines) and lines[-1] is not None and lines[-1].size < 0
        )
        if on_side or turned[first.page] > 0:
            # a line on its side (or on a page turned) has no type size and stands nowhere in
            # the text's flow: its words are the text's still, and its boxes say where it stands
            lines.append(_Line(first.page, 0, 0, SIDEWAYS, 0, 0))
            placed[-1] = [Word(w.text, w.x0, w.x1, w.bottom, SIDEWAYS, w.page) for w in mine]
            continue
        last = mine[-1]
        lead = mine[1] if len(mine) > 1 and len(first.text) <= _TIED else first
        size = sizes.most_common(1)[0][0]
        lines.append(
            _Line(first.page, first.x0, last.x1, size, lead.x1 - first.x0, max(w.bottom for w in mine))
        )
    if at != count:
        return None
    return Geometry([ln.size if ln else 0.0 for ln in lines], _short(lines), placed)


def _short(lines: list[_Line | None]) -> list[bool]:
    """Per line: the next line's first word would have fitted after it, before its column's
    right edge (as far as most lines of its column and size on its page reach)."""
    by_page: dict[int, list[_Line]] = {}
    for ln in lines:
        if ln is not None:
            by_page.setdefault(ln.page, []).append(ln)
    starts = {p: sorted(ls, key=lambda ln: ln.x0) for p, ls in by_page.items()}
    keys = {p: [ln.x0 for ln in ls] for p, ls in starts.items()}
    # the usual step from a line to the next of its size: a wider one is a paragraph's space
    steps: dict[float, list[float]] = {}
    for ln, nxt in itertools.pairwise(lines):
        if ln is None or nxt is None or nxt.page != ln.page or ln.size <= 0 or nxt.size != ln.size:
            continue
        if 0 < (step := nxt.bottom - ln.bottom) <= _NEXT * ln.size:
            steps.setdefault(ln.size, []).append(step)
    usual = {size: statistics.median(v) for size, v in steps.items()}
    out = [False] * len(lines)
    for i, (ln, nxt) in enumerate(zip(lines, [*lines[1:], None], strict=True)):
        if ln is None or nxt is None or nxt.page != ln.page or ln.size < 0 or nxt.size < 0:
            continue
        if (
            abs(nxt.x0 - ln.x0) > _COLUMN * ln.size
            or not 0 < nxt.bottom - ln.bottom <= _NEXT * ln.size
            or abs(nxt.size - ln.size) > _SAME
        ):
            continue  # the next line is in another column, or not the text's right under it (a footer)
        peers, at = starts[ln.page], keys[ln.page]
        reach = _PEERS * ln.size
        lo, hi = bisect.bisect_left(at, ln.x0 - reach), bisect.bisect_right(at, ln.x0 + reach)
        reaches = sorted(p.x1 for p in peers[lo:hi] if abs(p.size - ln.size) <= _SAME)
        edge = reaches[int(_EDGE * (len(reaches) - 1))]
        spaced = nxt.bottom - ln.bottom > usual.get(ln.size, _NEXT * ln.size) + _PARAGRAPH * ln.size
        out[i] = spaced or ln.x1 + _SPACE * ln.size + nxt.first < edge
    return out
