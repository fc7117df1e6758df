"""A PDF's titles found by their type size, and their levels by its rank.

A book sets its titles larger than its text, the larger the higher: a chapter's over a section's
over a subsection's. That size is all a PDF's text keeps of them (pdftotext's lines carry no
markup), and without it a title stood out only by its shape: a short line between sentences.
Two titles on two lines («Barbarian», «Class Features» under it) have no sentence between, so
neither was found, and a 400-page book whose chapters print no «Глава N» was one page.

The text's own size is the one most of its letters have. A line set clearly larger (by a sixth)
is a title when it reads as one: a few words with letters, ending no sentence; lines of one size
in a row are one title set on two or three lines. Larger text that runs on (a boxed quote set
large, a chapter's opening paragraph) is text. Sizes rank from the largest, a level each (the
book's title on its cover, larger than all and set once, aside: a page of its own); a title
goes one level under the last larger one, so a section's title right under a chapter's is its
section however many sizes lie between, and its siblings of its size sit beside it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulebook.ingest import pdftables
from rulebook.ingest.lineshapes import TITLE_MAX
from rulebook.ingest.reader import SourceLine

_LARGER = 1.15  # a title's size over the text's
_SAME = 0.25  # pt: two sizes this close are one (a bold face's box is a little taller)
_TITLE_LINES = 3  # a title set on more lines than this is large text
_TITLE_ENDS = ".,;:"  # a title may ask or exclaim, but ends no sentence


@dataclass(frozen=True)
class Title:
    first: int  # index of its first line
    count: int  # its lines
    text: str  # the lines joined
    level: int


def text_size(lines: list[SourceLine], skip: set[int]) -> float:
    """The size most of the text's letters are set in (0: unknown, not a PDF's text)."""
    body = Counter[float]()
    for i, ln in enumerate(lines):
        if ln.size > 0 and i not in skip:
            body[ln.size] += len(ln.text.strip())
    return body.most_common(1)[0][0] if body else 0.0


def find(lines: list[SourceLine], skip: set[int], max_level: int) -> list[Title]:
    """The titles among `lines` (indices in `skip` are not the text's: page chrome), in order."""
    body = text_size(lines, skip)
    if not body:
        return []
    runs: list[tuple[int, int, float]] = []  # (first, count, size) of the larger lines in a row
    for i, ln in enumerate(lines):
        if i in skip or ln.blank or ln.size < body * _LARGER or pdftables.gapped(list(ln.boxes)):
            continue  # (a line with a cell's gap in it is a table's header set large, no title)
        if runs and runs[-1][0] + runs[-1][1] == i and abs(runs[-1][2] - ln.size) <= _SAME:
            first, count, size = runs[-1]
            runs[-1] = (first, count + 1, size)
        else:
            runs.append((i, 1, ln.size))
    found = [
        (first, count, size, text)
        for first, count, size in runs
        if count <= _TITLE_LINES
        and all(len(ln.text.strip()) <= TITLE_MAX for ln in lines[first : first + count])
        and _title(text := " ".join(ln.text.strip() for ln in lines[first : first + count]))
    ]
    sizes = [size for _, _, size, _ in found]
    # the book's own title on its cover, larger than any other and set once: a page of its own,
    # not the one page every chapter goes under
    cover = len(sizes) > 1 and sizes[0] - max(sizes[1:]) > _SAME
    ranks = _ranks(sizes[1:] if cover else sizes)
    out: list[Title] = []
    above: list[tuple[int, int]] = []  # (rank, level) of the titles the next one may go under
    for k, (first, count, _size, text) in enumerate(found):
        rank = 1 if cover and k == 0 else ranks[sizes[k]]
        while above and above[-1][0] >= rank:
            above.pop()  # a title of its size or smaller ends there
        level = min(above[-1][1] + 1 if above else 1, max_level)
        above.append((rank, level))
        out.append(Title(first, count, text, level))
    return out


def _title(text: str) -> bool:
    letters = sum(c.isalpha() for c in text)
    return letters >= 2 and len(text) <= 2 * TITLE_MAX and text[-1] not in _TITLE_ENDS


def _ranks(sizes: list[float]) -> dict[float, int]:
    """Each size's rank from the largest (1), sizes within _SAME of the one above sharing it."""
    ranks: dict[float, int] = {}
    rank, last = 0, None
    for size in sorted(set(sizes), reverse=True):
        if last is None or last - size > _SAME:
            rank += 1
        ranks[size] = rank
        last = size
    return ranks
