"""A PDF's tables rebuilt from where their words stand.

pdftotext's text keeps no table: a row's cells come out as one line with single spaces between
them («1st +2 Rage, 2 +2»), and a cell wrapped over two lines as lines of their own («Unarmored»,
«Defense») between the rows, so a class's table read as a column of one-line paragraphs. The
words' boxes (pdfgeometry) still show it: cells set apart by a wide gap, in columns.

A table is a run of lines that show as rows (pdfrows: a cell's gap, or a tight grid's white
all the way down), three or more, on one page, a few others between them at most, no title set
larger between them. Its columns are where the words of those lines leave a gap all the way
down. Its rows start at each printed line with a word in the first column, or filling
about as many cells as a row does (a row grouped under the one above, its first cell empty);
another printed line is a cell wrapped onto a line of its own, and joins the row above it (or,
above the first row, the header). A first cell alone over rows set in under it names their group.
The first row is the header where it names what the rows under it give: no figure in it where
they have some (a die's name, «к6», is none); the lines above it, each cell at its own height,
are the header's too where their labels stand over the columns (set flush or centred, parted by
less than a cell's gap). A paragraph's last line over the table, a list whose first column holds
only its bullets, and the page's other column stay out. A table that a page's or a column's break
cut is one where the second part's columns stand where the first's did, its header printed
again dropped as page furniture. Every word of the lines taken
lands in a cell or that header (prepare checks it before a table takes their place).

Hand-written: poppler's boxes are the data, and no library reads them back onto pdftotext's text.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import statistics
from collections import Counter
from dataclasses import dataclass

from rulebook.ingest import linehyphens, pdfrows
from rulebook.ingest.pdfgeometry import Word
from rulebook.ingest.pdfrows import GAP, LEADING, SAME_LINE, TIGHT, gapped

_COLUMN_GAP = 0.6  # ems of white all the way down between two columns (a word space: 0.25)
_MIN_ROWS = 3  # lines with cells that make a table
_BETWEEN = 4  # lines (a wrapped cell's) that may come between two lines with cells
_ABOVE = 3  # lines' height of a header above the first line with cells (a header cell set on two lines)
_ABOVE_LINES = 8  # the text's lines it may take: cells set at their own heights are a line each
_FILLED = 0.8  # of the rows that fill two cells or more
_SENTENCE_END = re.compile(r"[^\W\d_][.!?]\s*$")  # «a game.», not «CR . . .»
_CLOSER = 0.2  # ems: a cell's next line stands closer than the next row by this at least
_EXACT = 0.15  # ems: a word starting this close to a column's start starts it
_LABEL_GAP = 0.7  # ems: white this wide between two centred labels, in the columns' white, parts them
_HEAD_GAP = 0.5  # ems: white this wide where a word starts a column parts two cells (wider than a word space)
_SAME_SIZE = 0.3  # pt: a line set this close to a row's size is set as the rows are
_UNDER = 2.0  # of a line's size: how far under the last row its cell's wrapped lines stand at most
_DIE = re.compile(r"^\d*[кkdд]\d+$", re.IGNORECASE)
# «1st», «2-й», «3-го»: a header's label over a level's column («Bonus 1st 2nd 3rd»), not a row's figure
_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th|-?[йяеоиг][а-я]?)$", re.IGNORECASE)
_MARKER = re.compile(
    r"^(?:[-–—*•·▪►●○◦■□✓]|\(?(?:\d{1,3}|[a-zа-яё]|[ivx]{1,4})[.)])$", re.IGNORECASE
)  # of a word's height: feet this close are on one printed line


@dataclass(frozen=True)
class Found:
    first: int  # index of its first line
    last: int  # index of its last line
    header: list[list[tuple[str, int]]]  # the header's rows: (text, columns spanned) per cell
    rows: list[list[str]]  # the rows' cells, as many as the header's
    repeated: tuple[int, ...] = ()  # lines of its header printed again after a page's break
    bounds: tuple[tuple[float, float], ...] = ()  # its columns' spans across (its last part's)
    stub: bool = False  # a row or two at a column's foot: a table only where the next part goes on


def find(
    words: list[list[Word]], body: float, held: frozenset[int] = frozenset(), text: str = ""
) -> list[Found]:
    """The tables among the lines (`words`: per line, its words where they stand, none for the
    page's furniture; `body`: the text's type size: a title set larger is no row; `held`: lines
    with words but no boxes to read, such as words set on their side; `text`: the whole text, whose
    spelling decides a hyphen at a wrapped cell's line end, see linehyphens)."""
    seeds = pdfrows.seeds(words)
    out: list[Found] = []
    k = 0
    while k < len(seeds):
        run = [seeds[k]]
        while (
            k + 1 < len(seeds)
            and seeds[k + 1] - run[-1] <= _BETWEEN + 1
            and words[seeds[k + 1]][0].page == words[run[0]][0].page
            and not _column_break(words[seeds[k + 1]], [w for i in run for w in words[i]])
            and not any(
                _across(words[j], [w for i in run for w in words[i]]) or _title(words[j], body)
                for j in range(run[-1] + 1, seeds[k + 1])
            )
        ):
            k += 1
            run.append(seeds[k])
        k += 1
        if out and run[0] <= out[-1].last:
            if not out[-1].stub:
                continue
            out.pop()  # a table's rows go before a stub that reached them
        # fewer rows than a table's: its first rows at a column's foot, maybe (see _join_broken)
        few = len(run) < _MIN_ROWS
        if few and not _at_foot(words, run[-1]):
            continue
        table = _table(words, run, body, out[-1].last if out else -1, text, 1 if few else _MIN_ROWS)
        if table is not None:
            out.append(dataclasses.replace(table, stub=few))
    return [t for t in _join_broken(out, words, held, _feet(words)) if not t.stub]


def _at_foot(words: list[list[Word]], k: int) -> bool:
    """Line `k` is its column's last: the next line with words starts another page or column."""
    nxt = next((ws for ws in words[k + 1 :] if ws), None)
    here = words[k]
    return (
        nxt is None or nxt[0].page != here[0].page or min(w.bottom for w in nxt) < min(w.bottom for w in here)
    )


def _feet(words: list[list[Word]]) -> dict[int, float]:
    """Per page, the foot of its lowest line (page furniture aside: `words` has none of it)."""
    out: dict[int, float] = {}
    for ws in words:
        for w in ws:
            out[w.page] = max(out.get(w.page, w.bottom), w.bottom)
    return out


def _join_broken(
    found: list[Found], words: list[list[Word]], held: frozenset[int], feet: dict[int, float]
) -> list[Found]:
    """A table that a page's (or a column's) break cut in two is one: the second part starts
    the next page or column, nothing but page furniture between them (`words` has none of it),
    its columns as many and where the first part's stand (each column's start, end or middle,
    the whole moved alike: two tables set one after the other have columns of their own), and
    its header none or the first's printed again (its lines are then `repeated`, dropped as the
    page's furniture is). A first part of a row or two (a header and a row at a column's foot)
    is a table only so."""
    out: list[Found] = []
    for t in found:
        again = _goes_on(out[-1], t, words, held, feet) if out else None
        if again is None:
            out.append(t)
            continue
        head = out[-1]
        out[-1] = Found(
            head.first, t.last, head.header, head.rows + t.rows, head.repeated + again, t.bounds, t.stub
        )
    return out


def _goes_on(
    a: Found, b: Found, words: list[list[Word]], held: frozenset[int], feet: dict[int, float]
) -> tuple[int, ...] | None:
    """The lines of `b`'s repeated header (none) where `b` goes on with `a`'s rows; else None."""
    between = range(a.last + 1, b.first)
    if any(words[k] or k in held for k in between) or len(a.rows[0]) != len(b.rows[0]):
        return None
    if not _same_columns(a.bounds, b.bounds, words[a.last][0].size):
        return None
    end, start = words[a.last], words[b.first]
    if start[0].page == end[0].page and min(w.bottom for w in start) >= max(w.bottom for w in end):
        return None  # under it on its page: no break between them
    if max(w.bottom for w in end) < feet[end[0].page] - 2 * LEADING * end[0].size:
        return None  # the first ended above its page's last lines: no break cut it
    if not b.header:
        return ()
    if b.header != a.header:
        return None
    left = Counter(w for row in b.header for text, _ in row for w in text.split())
    lines: list[int] = []
    for k in range(b.first, b.last + 1):
        mine = Counter(w.text for w in words[k])
        if not left or not mine <= left:
            break
        left -= mine
        lines.append(k)
    return tuple(lines) if not left else None


def _same_columns(
    a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...], size: float
) -> bool:
    """Each column of `b` stands where `a`'s does, once the whole is moved by the first column's
    start (the next column's, or a page's other margin): its start, end or middle within half an
    em (a column of figures set flush right ends alike, whatever its widest figure)."""
    if len(a) != len(b) or not a:
        return False
    shift = b[0][0] - a[0][0]
    return all(
        min(abs(c - (x + shift)), abs(d - (y + shift)), abs((c + d) / 2 - (x + y) / 2 - shift))
        <= _HEAD_GAP * size
        for (x, y), (c, d) in zip(a, b, strict=True)
    )


def _column_break(line: list[Word], run: list[Word]) -> bool:
    """The line starts again near the page's top, above the run's lines: the page's next column
    (a table's rows only go down, its header's lines a little up and down)."""
    return min(w.bottom for w in line) < max(w.bottom for w in run) - _ABOVE * 1.5 * line[0].size


def _title(line: list[Word], body: float) -> bool:
    """A line set larger than the text between two runs of rows: a title, so two tables (a
    druid's «Arctic» and «Coast» circle spells), each under its own."""
    return bool(line) and max(w.size for w in line) > body + 0.5


def _across(line: list[Word], run: list[Word]) -> bool:
    """A paragraph's line between rows: from the first column's edge across most of the table
    (a cell wrapped onto a line of its own stands in its column)."""
    if not line:
        return False
    left, right = min(w.x0 for w in run), max(w.x1 for w in run)
    start, end = min(w.x0 for w in line), max(w.x1 for w in line)
    return abs(start - left) <= line[0].size and end - start >= (right - left) * 2 / 3


def _table(
    words: list[list[Word]], run: list[int], body: float, before: int, text: str, least: int = _MIN_ROWS
) -> Found | None:
    page = words[run[0]][0].page
    first, last = run[0], run[-1]
    # the columns of the rows and of the lines between them (cells wrapped onto lines of their
    # own, each in its column): a paragraph between two tables runs across their white
    bounds = _columns([words[i] for i in range(first, last + 1) if words[i]])
    if len(bounds) < 2:
        return None
    top = min(w.bottom for w in words[run[0]])
    # a header set on two lines above the first line with cells: lines at most a few lines above
    # it, or beside it (a header cell set in the middle of two lines), each in its column or a
    # phrase over a few of them; the paragraph above the table runs across its columns
    while (
        first - 1 > before
        and run[0] - (first - 1) <= _ABOVE_LINES
        and (ws := words[first - 1])
        and ws[0].page == page
        and (all(w.size <= body + 0.5 for w in ws) or gapped(ws))  # a title set large over it stays
        and -SAME_LINE * body <= top - max(w.bottom for w in ws) <= _ABOVE * body * 1.5
        and (
            _in_columns(ws, bounds)
            or _over_some(ws, bounds)
            # labels over their columns, or a row a word space too tight to be a seed
            or (_labels(ws, bounds) and not _figures([w.text for w in ws]))
            or _apart(ws, bounds, row=True)[:1] == [0]
        )
        and not _tail(words[first - 2] if first - 2 > before else [], ws, bounds)
    ):
        first -= 1
    # the last row's cell wrapped onto lines of their own under it, each in its column, and rows
    # after it, set as it is (a note under the table, set another size, stays out)
    low = max(w.bottom for w in words[last])
    row_size = statistics.median(w.size for w in words[last])
    while (
        last + 1 < len(words)
        and (ws := words[last + 1])
        and ws[0].page == page
        and all(abs(w.size - row_size) <= _SAME_SIZE for w in ws)
        and (
            (
                all(_column(bounds, w) > 0 for w in ws)
                and (
                    _in_columns(ws, bounds)
                    or (_in_columns(ws, bounds, open_end=True) and _wraps(words[last], ws))
                )
            )
            or _apart(ws, bounds, row=True)[:1] == [0]  # a row a word space too tight to be a seed
        )
        and 0 < min(w.bottom for w in ws) - low <= _UNDER * ws[0].size
    ):
        last += 1
        low = max(low, *(w.bottom for w in ws))
    taken = [w for i in range(first, last + 1) for w in words[i]]
    if any(w.page != page for w in taken):
        return None
    rows: list[list[list[str]]] = []
    starts: list[float] = []  # per row: where its first cell starts
    lead: list[list[Word]] = []  # the printed lines above the first row: the header's upper parts
    printed = _printed_lines(taken)
    placed = [
        [[w.text for w in line if _column(bounds, w) == k] for k in range(len(bounds))] for line in printed
    ]
    # how many cells a row fills: a line with none in the first column that fills about as many
    # is a row whose first cell is empty (grouped under the one above), not a cell wrapped
    fill = statistics.median([sum(map(bool, c)) for c in placed if c[0]] or [len(bounds)])
    above: list[Word] = []  # the first cell's words on the row's last printed line
    # the step from a row's line to the next row's: a cell's own lines stand closer
    feet = [min(w.bottom for w in line) for line, cells in zip(printed, placed, strict=True) if cells[0]]
    pitch = statistics.median([b - a for a, b in itertools.pairwise(feet)] or [0.0])
    # per printed line, where the next line's first cell starts: a line set in under a lone first
    # cell makes that cell a group's name («Ammunition» over «Arrows (20)»), no wrapped one
    starts_next = [
        min((w.x0 for w in nxt if _column(bounds, w) == 0), default=None) for nxt in [*printed[1:], []]
    ]
    for line, cells, following in zip(printed, placed, starts_next, strict=True):
        filled = sum(map(bool, cells))
        mine = [w for w in line if _column(bounds, w) == 0]
        named = (
            bool(mine) and following is not None and following - min(w.x0 for w in mine) >= _HEAD_GAP * body
        )
        # the first cell wrapped: its next words would not have fitted (a name over two lines,
        # «Potion of» «greater healing»), the row's other cells on this line or the one above
        wrapped = (
            bool(rows)
            and not named
            and _wrapped_in(above, mine, bounds[0][1])
            and (
                (filled == 1 and any(rows[-1][1:]))  # the row's other cells beside its first line
                or (not any(rows[-1][1:]) and _closer(above, line, pitch))  # or beside its last
            )
        )
        if not rows and len({_column(bounds, w) for w in line}) > 1 and len(_phrases(line, bounds)) == 1:
            lead.append(line)  # a title over the table set across its columns, no row
        elif not wrapped and (
            (cells[0] and not (filled == 1 and rows and _cut(rows[-1][0])))
            or (rows and filled >= 2 and filled >= fill - 1)
        ):
            rows.append(cells)
            starts.append(min((w.x0 for w in line if _column(bounds, w) == 0), default=bounds[0][0]))
            above = mine
        elif rows:  # a cell wrapped onto a line of its own (after a word cut, «Слож-» «ность»)
            above = mine or above
            for c, part in zip(rows[-1], cells, strict=True):
                if c and part and _cut(c):  # «за-» «бор»: one word, as a paragraph's would be
                    c[-1] = linehyphens.join(c[-1], part[0], text)
                    part = part[1:]
                c += part
        else:
            lead.append(line)
    if all(_MARKER.match(" ".join(row[0])) for row in rows):
        return None  # a list whose items hang a few ems after their bullets or numbers
    header, texts = _header(lead, [[" ".join(c) for c in row] for row in rows], bounds)
    if len(texts) < least:
        return None
    # a table's rows fill two cells or more, as a few columns' words cut apart by chance do not;
    # a row of a first cell alone over rows set in under it («Hireling» over «Skilled», «Untrained»)
    # names their group, as a table's rows do
    grouped = [
        sum(map(bool, row)) == 1
        and bool(row[0])
        and k + 1 < len(rows)
        and starts[k + 1] - starts[k] >= _HEAD_GAP * body
        for k, row in enumerate(rows)
    ]
    off = len(rows) - len(texts)  # the first row went to the header, or a row cut off above came in
    grouped = grouped[off:] if off >= 0 else [False] * -off + grouped
    if sum(
        sum(bool(c) for c in row) >= 2 or g for row, g in zip(texts, grouped, strict=True)
    ) < _FILLED * len(texts):
        return None
    return Found(first, last, header, texts, bounds=tuple(bounds))


def _header(
    lead: list[list[Word]], texts: list[list[str]], bounds: list[tuple[float, float]]
) -> tuple[list[list[tuple[str, int]]], list[list[str]]]:
    """The header's rows, as (text, columns spanned) per cell, and the rows under it: the lines
    above the first row, with the first row where it names what the rows below give («Level»
    over «1st», «Dragon» over «Black … 5 by 30 ft.»). A phrase above set across columns («Spell
    Slots per Spell Level») is a row of its own, its cell spanning them. Lines above with
    figures (ordinals are labels: «1st») are a row cut off by a column's or a page's break."""
    if any(_figures([w.text for w in line if not _ORDINAL.match(w.text)]) for line in lead):
        cells: list[list[str]] = [[] for _ in bounds]
        for w in sorted((w for line in lead for w in line), key=lambda w: (w.bottom, w.x0)):
            cells[_column(bounds, w)].append(w.text)
        return [], [[" ".join(c) for c in cells], *texts]
    first = bool(texts) and not _figures(texts[0][:1])
    # a label names, it says no sentence («Game a game.» beside «Advantage» is a definition)
    first = first and not any(len(c.split()) >= 3 and _SENTENCE_END.search(c) for c in texts[0])
    first = first and (
        any(_figures(r[:1]) for r in texts[1:])
        or (not _figures(texts[0]) and any(_figures(r) for r in texts[1:]))
    )
    if not lead and not first:
        return [], texts
    spanning: list[tuple[str, int, int]] = []
    labels: list[list[str]] = [[] for _ in bounds]
    for line in lead:
        for phrase in _phrases(line, bounds):
            cols = sorted({_column(bounds, w) for w in phrase})
            if len(cols) > 1:
                spanning.append((" ".join(w.text for w in phrase), cols[0], cols[-1]))
            else:
                labels[cols[0]] += [w.text for w in phrase]
    if first:
        for label, cell in zip(labels, texts[0], strict=True):
            label += [cell] if cell else []
        texts = texts[1:]
    out: list[list[tuple[str, int]]] = []
    if spanning:
        row: list[tuple[str, int]] = []
        k = 0
        for text, a, b in sorted(spanning, key=lambda t: t[1]):
            if a < k:
                labels[a].insert(0, text)  # two phrases over one column: the second goes below
                continue
            row += [("", 1)] * (a - k) + [(text, b - a + 1)]
            k = b + 1
        out.append(row + [("", 1)] * (len(bounds) - k))
    out.append([(" ".join(c), 1) for c in labels])
    return out, texts


def _phrases(line: list[Word], bounds: list[tuple[float, float]]) -> list[list[Word]]:
    """A printed line's words in runs set a word space apart: a cell's gap parts two, and so
    does a narrower one where the next word starts its column or the gap stands in the white
    between two columns (a tight header's labels: «Druid Level» over «3rd», whose column it
    overhangs, «Circle Spells» over the spells; «Level», «Proficiency Bonus» centred over
    «1st», «+2»)."""
    out: list[list[Word]] = []
    for w in sorted(line, key=lambda w: w.x0):
        gap = w.x0 - out[-1][-1].x1 if out else 0.0
        k = _column(bounds, w)
        starts = k > _column(bounds, out[-1][-1]) if out else False
        middle = (w.x0 + out[-1][-1].x1) / 2 if out else 0.0
        starts = starts and (
            (
                gap >= _HEAD_GAP * w.size
                and (
                    w.x0 >= bounds[k][0] - _HEAD_GAP * w.size
                    or (
                        gap >= _LABEL_GAP * w.size
                        and any(b < middle < c for (_, b), (c, _) in itertools.pairwise(bounds))
                    )
                )
            )
            # a label flush with its column's start after another flush with its own, however
            # close («Значение» over a narrow column of figures, «Пример» over the examples)
            or (gap > 0 and _flush_start(w, bounds) and _flush_start(out[-1][0], bounds))
        )
        if out and gap < GAP * w.size and not starts:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def _wrapped_in(above: list[Word], line: list[Word], edge: float) -> bool:
    """`line`'s words go on with the cell's words `above` in a column ending at `edge`: they start
    where those did, and the first would not have fitted after them."""
    if not above or not line:
        return False
    first = min(line, key=lambda w: w.x0)
    return abs(first.x0 - min(w.x0 for w in above)) <= _EXACT * first.size and _no_room(
        above, first, edge + _EXACT * first.size
    )


def _closer(above: list[Word], line: list[Word], pitch: float) -> bool:
    """`line` stands under `above` closer than the table's rows stand to each other."""
    step = min(w.bottom for w in line) - max(w.bottom for w in above)
    return 0 < step < pitch - _CLOSER * line[0].size


def _wraps(above: list[Word], line: list[Word]) -> bool:
    """`line` goes on with the last cell of the line `above`: its first word would not have fitted
    there (a wrapped entry reaches the column's edge; a short cell, «Кольцо 6», ends its row, and
    a paragraph or a list set in under it is no part of it)."""
    first = min(line, key=lambda w: w.x0)
    return _no_room(above, first, max(w.x1 for w in above + line))


def _no_room(above: list[Word], first: Word, edge: float) -> bool:
    """`first`, a word space after the words `above`, would have run past `edge`."""
    return max(w.x1 for w in above) + TIGHT * first.size + (first.x1 - first.x0) > edge


def _in_columns(ws: list[Word], bounds: list[tuple[float, float]], open_end: bool = False) -> bool:
    """Each word stands inside a column (half an em of slack), none in the white between; with
    `open_end`, the last column reaches as far right as a cell's wrapped line may (the rows
    seen so far need not have been its widest)."""
    spans = [*bounds[:-1], (bounds[-1][0], float("inf"))] if open_end else bounds
    return all(any(a - w.size / 2 <= w.x0 and w.x1 <= b + w.size / 2 for a, b in spans) for w in ws)


def _labels(ws: list[Word], bounds: list[tuple[float, float]]) -> bool:
    """A header's labels: two or more, each over a column of its own (set flush or centred), the
    line's wider gaps all in the white between columns."""
    phrases = _phrases(ws, bounds)
    cols = [{_column(bounds, w) for w in p} for p in phrases]
    inside = all(len(c) == 1 for c in cols) and [min(c) for c in cols] == sorted({min(c) for c in cols})
    wide = all(b.x0 - a.x1 < _HEAD_GAP * a.size for p in phrases for a, b in itertools.pairwise(p))
    return len(phrases) >= 2 and inside and wide


def _apart(ws: list[Word], bounds: list[tuple[float, float]], row: bool = False) -> list[int]:
    """The columns of a line's phrases where it has two or more, each in a column of its own and
    ending before the next column starts (a header's «Druid Level» over the levels, though
    wider, «Circle Spells» over the spells; a row «Undercommon Underworld traders Elvish» whose
    gaps are under a cell's); else none. For a `row`, no gap within a phrase is wider than a word
    space: a justified line's words stand alike apart, and where a few of its gaps fall at the
    columns' starts, its others are as wide (a header's labels, centred, may have such gaps);
    and the phrases are parted by more than one (a paragraph's line, one of whose words happens
    to start at a column's edge, is no row)."""
    phrases = _phrases(ws, bounds)
    cols = [_column(bounds, p[0]) for p in phrases]
    apart = (
        len(phrases) >= 2
        and (
            not row
            or (
                all(b.x0 - a.x1 < _HEAD_GAP * a.size for p in phrases for a, b in itertools.pairwise(p))
                and all(b[0].x0 - a[-1].x1 >= _HEAD_GAP * a[-1].size for a, b in itertools.pairwise(phrases))
            )
        )
        and cols == sorted(set(cols))
        and all(
            p[-1].x1 <= bounds[k + 1][0] for p, k in zip(phrases, cols, strict=True) if k + 1 < len(bounds)
        )
    )
    return cols if apart else []


def _over_some(ws: list[Word], bounds: list[tuple[float, float]]) -> bool:
    """A phrase set over a few columns («Spell Slots per Spell Level»), not a paragraph's line
    across the table: it spans less than two thirds of the table's width and ends no sentence."""
    span = max(w.x1 for w in ws) - min(w.x0 for w in ws)
    return span < (bounds[-1][1] - bounds[0][0]) * 2 / 3 and not ws[-1].text.endswith(".")


def _tail(above: list[Word], line: list[Word], bounds: list[tuple[float, float]]) -> bool:
    """The line above runs across the table's columns, and its sentence goes on or the line
    under it follows it as a paragraph's next line does: that line is its paragraph's last
    («… daily at» over «dawn.», «…» over «Итог.»), not a header's."""
    if not above or _in_columns(above, bounds) or _over_some(above, bounds):
        return False
    if max(w.size for w in above) > max(w.size for w in line) + 0.5:
        return False  # a title over the table («Character Advancement»), no paragraph's line
    # (a line with words in two columns or more is the table's header, however close it sits)
    close = max(w.bottom for w in line) - max(w.bottom for w in above) <= LEADING * line[0].size
    alone = len({_column(bounds, w) for w in line}) == 1
    return (close and alone) or not above[-1].text.endswith((".", "!", "?", ":"))


def _flush_start(w: Word, bounds: list[tuple[float, float]]) -> bool:
    """The word starts where its column does."""
    return abs(w.x0 - bounds[_column(bounds, w)][0]) <= _EXACT * w.size


def _cut(cell: list[str]) -> bool:
    """The cell's last word is cut at the line's end («Слож-»): its next line goes on with it."""
    return bool(cell) and linehyphens.ENDS_HYPHENATED.search(cell[-1]) is not None


def _figures(cells: list[str]) -> bool:
    """Cells holding a figure; a die's name («к6», «d20») names a column, it is no figure."""
    return any(ch.isdigit() for c in cells if not _DIE.match(c) for ch in c)


def _columns(lines: list[list[Word]]) -> list[tuple[float, float]]:
    """The columns' spans: where the lines' words leave a gap of over half an em all the way
    down (save one line: a header spanning columns, «Spell Slots per Spell Level»)."""
    size = max(w.size for ws in lines for w in ws)
    left = min(w.x0 for ws in lines for w in ws)
    width = int(max(w.x1 for ws in lines for w in ws) - left) + 2
    covered = [0] * width  # per point across: how many lines have a word there
    for ws in lines:
        mine = [False] * width
        for w in ws:
            for x in range(int(w.x0 - left), int(w.x1 - left) + 1):
                mine[x] = True
        covered = [c + m for c, m in zip(covered, mine, strict=True)]
    spare = 1 if len(lines) > _MIN_ROWS else 0
    out: list[tuple[float, float]] = []
    x = 0
    while x < width:
        if covered[x] <= spare:
            x += 1
            continue
        start = x
        gap = 0
        while x < width and (covered[x] > spare or gap < _COLUMN_GAP * size):
            gap = gap + 1 if covered[x] <= spare else 0
            x += 1
        out.append((left + start, left + x - gap))
    return out


def _column(bounds: list[tuple[float, float]], w: Word) -> int:
    """The column a word's middle falls in, or the nearest (a header's word wider than its column)."""
    mid = (w.x0 + w.x1) / 2

    def off(k: int) -> float:
        a, b = bounds[k]
        return 0.0 if a <= mid <= b else min(abs(mid - a), abs(mid - b))

    return min(range(len(bounds)), key=off)


def _printed_lines(ws: list[Word]) -> list[list[Word]]:
    """The words by printed line, top to bottom."""
    out: list[list[Word]] = []
    for w in sorted(ws, key=lambda w: w.bottom):
        if out and abs(out[-1][0].bottom - w.bottom) <= SAME_LINE * w.size:
            out[-1].append(w)
        else:
            out.append([w])
    return out
