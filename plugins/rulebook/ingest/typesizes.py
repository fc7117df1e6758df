"""A PDF's titles found by their type size, and their levels by its rank.

A book sets its titles larger than its text, the larger the higher: a chapter's over a section's
over a subsection's. That size is all a PDF's text keeps of them (pdftotext's lines carry no
markup), and without it a title stood out only by its shape: a short line between sentences.
Two titles on two lines («Barbarian», «Class Features» under it) have no sentence between, so
neither was found, and a 400-page book whose chapters print no «Глава N» was one page.

The text's own size is the one most of its letters have. A line set clearly larger (by a sixth)
is a title when it reads as one: a few words with letters, ending no sentence, exclaiming or
trailing off, not in quotes, no cell's gap in it (a table's header set large); lines of one size
a line apart are one title set on two or three lines (further apart, two titles). Larger text
that runs on (a boxed note, a chapter's opening paragraph), a page break and its furniture
between its parts, is text. Sizes rank from the largest, a level each (the book's title on its
cover, larger than all and set once on a page of next to no text, aside: a page of its own); a
title goes one level under the last larger one, so a section's title right under a chapter's is
its section however many sizes lie between, and its siblings of its size sit beside it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from rulebook.ingest import pdfrows
from rulebook.ingest.lineshapes import TITLE_MAX
from rulebook.ingest.reader import SourceLine

LARGER = 1.15  # a title's size over the text's
SAME = 0.25  # pt: two sizes this close are one (a bold face's box is a little taller)
_TITLE_LINES = 3  # a title set on more lines than this is large text
_WRAPPED = 1.5  # of its size: how far under a title's line its next line stands at most
_TITLE_ENDS = ".,;:!…"  # a title may ask, but ends no sentence (an exclaimed lead's, a quote's «…»)
_QUOTES = ("«»", "“”", "„“", '""')  # a line set large inside quotes: a pull quote
_COVER = float("inf")  # the size a cover's title ranks by: above all
_COVER_TEXT = 300  # letters of the text's size on a cover page at most (a publisher's line)


@dataclass(frozen=True)
class Title:
    lines: tuple[int, ...]  # indices of its lines (page furniture between them aside)
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
    blocks: list[tuple[list[int], float]] = []  # the larger lines in a row, and their size
    for i, ln in enumerate(lines):
        if i in skip or ln.blank or ln.size < body * LARGER or pdfrows.gapped(list(ln.boxes)):
            continue  # (a line with a cell's gap in it is a table's header set large, no title)
        # lines of one size in a row, page furniture and a page break between them aside: a
        # block set large that a page break cut is one block, however few lines each part has
        if (
            blocks
            and _next_to(lines, skip, blocks[-1][0][-1] + 1, i)
            and abs(blocks[-1][1] - ln.size) <= SAME
        ):
            blocks[-1][0].append(i)
        else:
            blocks.append(([i], ln.size))
    found = []
    for block, size in blocks:
        if len(block) > _TITLE_LINES:
            continue  # a box, a list, a quote set large: text
        # a block's lines a line apart are one title set on two or three lines (each but the last
        # full: a line that stopped short is a list's item), further apart two titles («Часть
        # вторая» over «Глава 2. Магия»)
        pieces = [[block[0]]]
        for k in block[1:]:
            if _apart(lines[pieces[-1][-1]], lines[k]):
                pieces.append([k])
            else:
                pieces[-1].append(k)
        found += [
            (at, size, text)
            for at in pieces
            if not any(lines[k].short for k in at[:-1])
            and all(len(lines[k].text.strip()) <= TITLE_MAX for k in at)
            and _title(text := " ".join(lines[k].text.strip() for k in at))
        ]
    found = _cover(lines, skip, body, found)
    cover = bool(found) and found[0][1] == _COVER
    ranks = _ranks([size for _, size, _ in found[1 if cover else 0 :]])
    out: list[Title] = []
    above: list[tuple[int, int]] = []  # (rank, level) of the titles the next one may go under
    for at, size, text in found:
        rank = 1 if size == _COVER else ranks[size]
        while above and above[-1][0] >= rank:
            above.pop()  # a title of its size or smaller ends there
        level = min(above[-1][1] + 1 if above else 1, max_level)
        above.append((rank, level))
        out.append(Title(tuple(at), text, level))
    return out


def _cover(
    lines: list[SourceLine], skip: set[int], body: float, found: list[tuple[list[int], float, str]]
) -> list[tuple[list[int], float, str]]:
    """The book's own title on its cover, larger than any other title and set once, on a page
    with next to no text: a page of its own, not the one page every chapter goes under (its
    size marked _COVER). Larger lines above it on its cover (a series' name) are no titles. A
    book of one chapter, whose title is larger than its sections' over its text, has no cover."""
    if len(found) < 2:
        return found
    sizes = [size for _, size, _ in found]
    top = max(range(len(found)), key=lambda k: sizes[k])
    if any(k != top and sizes[top] - sizes[k] <= SAME for k in range(len(found))):
        return found
    page = list(itertools.accumulate(int(ln.page) for ln in lines))
    cover = page[found[top][0][0]]
    text = sum(
        len(ln.text.strip())
        for i, ln in enumerate(lines)
        if page[i] == cover and i not in skip and abs(ln.size - body) <= SAME
    )
    if text > _COVER_TEXT:
        return found
    at, _, title = found[top]
    return [(at, _COVER, title), *found[top + 1 :]]


def _next_to(lines: list[SourceLine], skip: set[int], end: int, i: int) -> bool:
    """Line i comes right after the run ending before `end`, only page furniture between."""
    return all(k in skip or lines[k].blank for k in range(end, i))


def _apart(above: SourceLine, line: SourceLine) -> bool:
    """Two lines of one size on one page further apart than a title's lines set one under the
    other: two titles («Часть вторая» over «Глава 2. Магия»), not one title on two lines."""
    if not above.boxes or not line.boxes or above.boxes[0].page != line.boxes[0].page:
        return False
    return line.boxes[0].bottom - above.boxes[0].bottom > _WRAPPED * line.size


def _title(text: str) -> bool:
    letters = sum(c.isalpha() for c in text)
    # in quotes, or after a dash: a quote set large, or its source's name («— Старая поговорка»)
    quoted = any(text[0] == a and text[-1] == b for a, b in _QUOTES) or text[0] in "—–"
    return letters >= 2 and len(text) <= 2 * TITLE_MAX and text[-1] not in _TITLE_ENDS and not quoted


def _ranks(sizes: list[float]) -> dict[float, int]:
    """Each size's rank from the largest (1), sizes within SAME of the one above sharing it."""
    ranks: dict[float, int] = {}
    rank, last = 0, None
    for size in sorted(set(sizes), reverse=True):
        if last is None or last - size > SAME:
            rank += 1
        ranks[size] = rank
        last = size
    return ranks
