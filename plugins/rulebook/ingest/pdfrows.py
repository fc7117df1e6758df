"""Which lines of a PDF's page are a table's rows (pdftables builds the tables around them).

A row shows by its gaps: a gap of over an em and a half between two words on one printed line,
which a paragraph's words never have, its gaps unlike a justified line's (stretched alike); or,
set tight (a spell-slot grid, its columns an em apart), three lines whose every wider gap is
white all the way down and whose cells line up, as a justified column's words, meeting by
chance, do not (both columns flush left where the white is one column's, one of them a few
words with a figure in each line: «1 Weasel» under «d8 Creature»).

Hand-written: poppler's boxes are the data, and no library reads them back onto pdftotext's text.
"""

from __future__ import annotations

import itertools

from rulebook.ingest.pdfgeometry import Word

GAP = 1.5  # ems between two cells of a row: more than a paragraph's words ever leave
TIGHT = 0.8  # ems: a gap wider than a word space (0.25–0.33), even a justified line's as a rule
SAME_LINE = 0.4  # of a word's size: feet this close stand on one printed line
LEADING = 1.5  # of a line's size: a paragraph's next line stands this far under it at most
_UNEVEN = 1.3  # a row's widest gap over its narrowest at least (a justified line's are alike)
_LINED_UP = 0.2  # ems: cells' edges (or middles) down a column stand this close
_KEY_WORDS = 3  # words of a key column's cell at most («01–08», «Stone», «Iron, steel»)


def gapped(ws: list[Word]) -> bool:
    """Two words of one printed line with a cell's gap between them: a table's row (or its
    header, often set in bold and larger), never a title's or a paragraph's line."""
    return bool(_gaps(ws))


def _gaps(ws: list[Word]) -> list[float]:
    """The gaps between the words of a printed line, where one is a cell's; else none."""
    gaps = [
        b.x0 - a.x1
        for a, b in itertools.pairwise(ws)
        if a.size > 0 and abs(a.bottom - b.bottom) <= SAME_LINE * a.size
    ]
    return gaps if any(g >= GAP * w.size for g, w in zip(gaps, ws, strict=False)) else []


def _uneven(gaps: list[float]) -> bool:
    """A row's cells stand apart unlike its words within a cell, or a few cells apart; a
    justified line stretched wide spaces all its words alike."""
    return len(gaps) < 3 or max(gaps) > _UNEVEN * min(gaps)


def seeds(words: list[list[Word]]) -> list[int]:
    """The lines with cells: a cell's gap in them, spaced unlike a justified line's words, or
    alike right beside a row beyond doubt (a header whose columns are spaced evenly, over its
    first row)."""
    gaps = [_gaps(ws) for ws in words]
    rows = {i for i, g in enumerate(gaps) if g and _uneven(g)}
    # a row beyond doubt: three gaps or more, a cell's among a cell's words' (a line of two or
    # three words set wide may be a justified line's)
    sure = {i for i in rows if len(gaps[i]) >= 3}
    seeds = {i for i, g in enumerate(gaps) if g and (i in rows or sure.intersection((i - 1, i + 1)))}
    return sorted(seeds | _aligned(words))


def _aligned(words: list[list[Word]]) -> set[int]:
    """Lines of a table set tight (a spell-slot grid, «1st 2 — — —», its columns under an em
    apart): three lines or more, one under the other, each with gaps wider than a word space,
    all of them white all the way down, their cells lined up; where that white is one column's
    («1 Weasel», «2 Giant rat» under «d8 Creature»), both columns set flush left. A paragraph's
    words, even stretched in a justified line, leave no such white through three lines: where a
    few of its gaps meet by chance, its other gaps, as wide, do not."""
    whites = [_whites(ws) for ws in words]
    out: set[int] = set()
    for i in range(len(words) - 2):
        trio = range(i, i + 3)
        if not all(whites[k] for k in trio) or not all(_under(words[k], words[k + 1]) for k in (i, i + 1)):
            continue
        through = whites[i]
        for k in (i + 1, i + 2):
            through = [
                (max(a, c), min(b, d)) for a, b in through for c, d in whites[k] if min(b, d) - max(a, c) > 0
            ]
        # every wide gap of the three lines is one of those columns' white: a justified line's
        # gaps are all wide, and a few of them meeting down three lines leave the others out
        lines = [words[k] for k in trio]
        if (
            through
            and all(any(min(b, d) > max(a, c) for c, d in through) for k in trio for a, b in whites[k])
            and all(_lined_up(lines, white) for white in through)
            and (len(through) >= 2 or _flush(lines, through[0]))
        ):
            out.update(trio)
    return out


def _flush(lines: list[list[Word]], white: tuple[float, float]) -> bool:
    """Two columns each set flush left, the lines starting alike and so their words after the
    white, and one column a few words with a figure in each line (a roll's «1 Weasel», «d100»
    over «01–08», an armour class's «Stone 17»): a glossary's or a dialogue's text beside its term
    or speaker is no such column, though a figure may stand in it."""
    size = lines[0][0].size
    slack = _LINED_UP * size
    starts = [min(w.x0 for w in ws) for ws in lines]
    after = [min((w.x0 for w in ws if w.x0 >= white[1]), default=0.0) for ws in lines]
    sides = [
        [[w.text for w in ws if w.x1 <= white[0]] for ws in lines],
        [[w.text for w in ws if w.x0 >= white[1]] for ws in lines],
    ]
    return (
        max(starts) - min(starts) <= slack
        and max(after) - min(after) <= slack
        and (
            any(all(len(cell) <= _KEY_WORDS and _digits(cell) for cell in side) for side in sides)
            or all(_digits(cell) for side in sides for cell in side)  # «10 ft. away» | «8 × the charges»
        )
    )


def _lined_up(lines: list[list[Word]], white: tuple[float, float]) -> bool:
    """The words either side of a column's white line up down the lines, as a table's cells
    do (set flush left, flush right or centred); a justified column's words meet by chance."""
    a, b = white
    after = [min((w for w in ws if w.x0 >= b), key=lambda w: w.x0, default=None) for ws in lines]
    before = [max((w for w in ws if w.x1 <= a), key=lambda w: w.x1, default=None) for ws in lines]
    if None in after or None in before:
        return False
    slack = _LINED_UP * lines[0][0].size
    return any(
        max(xs) - min(xs) <= slack
        for xs in (
            [w.x0 for w in after if w],
            [(w.x0 + w.x1) / 2 for w in after if w],
            [w.x1 for w in before if w],
        )
    )


def _whites(ws: list[Word]) -> list[tuple[float, float]]:
    """The gaps wider than a word space between the words of a printed line, as spans across."""
    return [
        (a.x1, b.x0)
        for a, b in itertools.pairwise(ws)
        if a.size > 0 and abs(a.bottom - b.bottom) <= SAME_LINE * a.size and b.x0 - a.x1 >= TIGHT * a.size
    ]


def _under(above: list[Word], line: list[Word]) -> bool:
    """`line` is the next printed line under `above`, on its page."""
    if not above or not line or above[0].page != line[0].page:
        return False
    step = min(w.bottom for w in line) - max(w.bottom for w in above)
    return 0 < step <= LEADING * line[0].size


def _digits(cell: list[str]) -> bool:
    return any(ch.isdigit() for t in cell for ch in t)
