"""Table footnotes: the paragraphs under a table that explain its markers («1 ...», «^А ...»,
«* ...»), and the markers in its cells linked to them.

A marker is only a marker where the table has a footnote for it, and only at the end of a cell
(before an optional parenthesis such as «(см. ниже)»), after some text: so the «1» in «требующего
1 действие» or a cell that is just «4» stays text. Letters are compared after folding the Cyrillic
and Latin look-alikes (the sources write «С» in a cell and «^C» under the table).
"""

from __future__ import annotations

import re

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import Cell, Footnote, Inline, Page, Report, Sup, Table, Text, walk
from rulebook.ingest.reader import SourceLine

# Cyrillic capitals that look like Latin ones. Case matters: a lower-case «с» or «а» at the end of
# a cell is a Russian word, never a marker.
_LOOKALIKES = str.maketrans("АВСЕНКМОРТХ", "ABCEHKMOPTX")
_PENDING = "fn:"  # Sup.target before anchors exist: "fn:<index of the footnote>"


def fold_marker(text: str) -> str:
    return text.translate(_LOOKALIKES)


# Asterisks («*», «**») mark a table's notes in any book: under a table whose cells end in them,
# lines that start with them are its notes, with no entry (a «* …» line was a list item there)
ASTERISKS = re.compile(r"(?P<marker>\*{1,4})\s*(?P<body>[^\s*].*)")
_CELL_ASTERISKS = re.compile(r"\S(\*{1,4})$")


def asterisks(table: Table) -> set[str]:
    """The asterisk marks that end the table's cells («невозможна*», «+2**»)."""
    cells = [c for row in table.header for c in row] + [c for row in table.rows for c in row.cells]
    found = set()
    for c in cells:
        m = _CELL_ASTERISKS.search("".join(s.text for s in c.inlines if isinstance(s, Text)).rstrip())
        if m:
            found.add(m.group(1))
    return found


def parse(
    book: BookConfig, block: list[SourceLine], patterns: list[re.Pattern[str]] | None = None
) -> list[Footnote] | None:
    """The footnotes of a block where every line is one (by `patterns`, default the entry's
    tables.footnote), else None."""
    out: list[Footnote] = []
    pats = book.tables.footnote if patterns is None else patterns
    for ln in block:
        m = next((m for p in pats if (m := p.fullmatch(ln.text.strip()))), None)
        if m is None:
            return None
        out.append(Footnote(m.group("marker"), [Text(m.group("body").strip())], ln.no))
    return out


def link(book: BookConfig, table: Table, report: Report) -> None:
    """Replace markers in the table's cells by superscripts pointing at its footnotes."""
    if not table.footnotes:
        return
    index = {fold_marker(fn.marker): i for i, fn in enumerate(table.footnotes)}
    used: set[int] = set()
    units = tuple(u.casefold() for u in book.tables.marker_units)
    cells: list[Cell] = [c for row in table.header for c in row]
    cells += [c for row in table.rows for c in row.cells]
    for cell in cells:
        cell.inlines = _mark(cell.inlines, index, units, used)
    for i, fn in enumerate(table.footnotes):
        if i not in used:
            report.notes.append(
                f"line {fn.line}: footnote «{fn.marker}» of the table at line {table.line} "
                "has no marker in the table"
            )


def _mark(
    inlines: list[Inline], index: dict[str, int], units: tuple[str, ...], used: set[int]
) -> list[Inline]:
    out: list[Inline] = []
    for span in inlines:
        if isinstance(span, Text):
            out.extend(_split(span.text, index, units, used))
        else:
            out.append(span)
    return out


_TOKEN = re.compile(r"\S+")


def _tail_end(text: str) -> int:
    """Where the marker zone of a cell ends: before a trailing parenthesis («... 5 (см. ниже)»)."""
    t = text.rstrip()
    if not t.endswith(")"):
        return len(t)
    depth = 0
    for i in range(len(t) - 1, -1, -1):
        if t[i] == ")":
            depth += 1
        elif t[i] == "(":
            depth -= 1
            if depth == 0:
                return i
    return len(t)


def _split(text: str, index: dict[str, int], units: tuple[str, ...], used: set[int]) -> list[Inline]:
    """«Атака при Возможности 1» -> Text + Sup("1"); «+4*» -> Text("+4") + Sup("*")."""
    stop = _tail_end(text)
    tokens = [t for t in _TOKEN.finditer(text) if t.end() <= stop]
    after = text[stop:].strip().casefold()
    if after and any(after.lstrip("(").startswith(u) for u in units):
        return [Text(text)]
    tail: list[tuple[int, int, str, int]] = []  # (start, end, marker as written, footnote index)
    for j in range(len(tokens) - 1, -1, -1):
        tok = tokens[j].group()
        key = fold_marker(tok)
        symbol = not any(ch.isalnum() for ch in tok)
        if key in index and (j > 0 or symbol):  # a letter or digit needs some text before it
            tail.append((tokens[j].start(), tokens[j].end(), tok, index[key]))
            continue
        glued = _glued_symbol(tok, index)  # «Стороны*», «+4*»
        if glued is not None:
            n, fi = glued
            tail.append((tokens[j].end() - n, tokens[j].end(), tok[-n:], fi))
        break
    if not tail:
        return [Text(text)]
    tail.reverse()
    out: list[Inline] = []
    pos = 0
    for s, e, marker, fi in tail:
        before = text[pos:s]  # the space before a marker stays: the words around it must not fuse
        if before:
            out.append(Text(before))
        out.append(Sup(marker, f"{_PENDING}{fi}"))
        used.add(fi)
        pos = e
    if pos < len(text):
        out.append(Text(text[pos:]))
    return out


def _glued_symbol(token: str, index: dict[str, int]) -> tuple[int, int] | None:
    """A marker of symbols («*», «**», «†») at the end of a token: (its length, footnote index)."""
    for key in sorted(index, key=len, reverse=True):
        if key and not any(ch.isalnum() for ch in key) and token.endswith(key):
            # «**» must not be read as «*» after a stray «*»: take the longest run of the symbol
            run = len(token) - len(token.rstrip(key[0]))
            if run == len(key):
                return len(key), index[key]
    return None


def resolve(page: Page) -> None:
    """Give footnotes their ids (after the table's) and point the superscripts at them."""
    for table in (b for b in walk(page.blocks) if isinstance(b, Table)):
        if not table.footnotes:
            continue
        for i, fn in enumerate(table.footnotes, start=1):
            fn.anchor = f"{table.anchor}-fn-{i}"
        targets = [fn.anchor for fn in table.footnotes]
        cells = [c for row in table.header for c in row] + [c for row in table.rows for c in row.cells]
        for cell in cells:
            cell.inlines = [
                Sup(s.text, targets[int(s.target[len(_PENDING) :])])
                if isinstance(s, Sup) and s.target.startswith(_PENDING)
                else s
                for s in cell.inlines
            ]
