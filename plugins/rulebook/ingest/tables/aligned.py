"""Tables whose columns a plain text lines up with spaces (a typewriter's or a terminal's table).

The header names the columns: its cells are separated by two spaces or more, and each column
starts where its header cell does. Every row must break cleanly there (a space before each
column's start), as a table set in a monospaced font does; a cell may be shorter than its
column, so one space before the next column is enough in a row («Old battlefield 18»), and a
cell may be empty. A block that does not line up so stays text (the «read like table rows»
warning still names it), and so does prose with double spaces: in a table every wide gap
ends where a column starts.
"""

from __future__ import annotations

import re

from rulebook.ingest.model import Cell, Row, Table, cell_inlines
from rulebook.ingest.reader import SourceLine

_GAP = re.compile(r" {2,}")


def column_starts(header: str) -> list[int]:
    """Where the header's cells start: its first word, then each word after two spaces or more."""
    body = header.rstrip()
    first = len(body) - len(body.lstrip())
    return [first, *(m.end() for m in _GAP.finditer(body, first))]


def aligned_table(lines: list[SourceLine]) -> Table | None:
    """The block as a table when its lines are a header and rows aligned under it, else None."""
    if len(lines) < 3 or any("\t" in ln.text for ln in lines):
        return None
    starts = column_starts(lines[0].text)
    if len(starts) < 2:
        return None
    rows: list[list[str]] = []
    for ln in lines:
        text = ln.text.rstrip()
        if not _GAP.search(text.strip()):  # a table row has a gap between two of its cells
            return None
        if text[: starts[0]].strip():  # text left of the first column
            return None
        if any(m.end() not in starts for m in _GAP.finditer(text, starts[0])):
            return None  # a wide gap inside a cell: prose spaced out, not columns
        cells = []
        for i, at in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else len(text)
            if at > 0 and at <= len(text) and text[at - 1] != " ":
                return None  # a word runs across the column's start: not aligned
            cells.append(text[at:end].strip())
        if not cells[0]:
            return None
        rows.append(cells)
    header = [Cell(cell_inlines(c), header=True) for c in rows[0]]
    body = [Row([Cell(cell_inlines(c)) for c in r], ln.no) for r, ln in zip(rows[1:], lines[1:], strict=True)]
    return Table(header=[header], rows=body, line=lines[0].no)
