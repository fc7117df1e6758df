"""Tables a plain text draws with lines: pipes (`| Оружие | Урон |` under a `|---|---|` rule,
as Markdown and many wikis write them) or box-drawing characters (┌─┬─┐, │, ├─┼─┤, └─┴─┘,
as a terminal or a word processor's text export draws them; +---+ too).

Such a table says where each cell ends, so it needs no entry: each line between bars is a row
and its bars part the cells. The rows above the first inner rule (`|---|`, `├───┼`) are the
header; a table with no inner rule has none. Read as text, a drawn table became paragraphs of
bars and dashes, a border line an empty «heading». A row whose cells do not match the header's
is an error at its line: the text is ambiguous there, and a guess would move cells to the wrong
column.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Cell, Row, Table, cell_inlines
from rulebook.ingest.reader import SourceLine

_BARS = "|│┃║"
_RULE = re.compile(r"^[|│┃║+┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╒╕╘╛╞╡╤╧╪╓╖╙╜╟╢╥╨╫─━═:\-=\s]+$")
_CROSS = re.compile(r"[-─━═]{3}")  # a rule draws a line, not a lone «|» or «:»


def is_rule(text: str) -> bool:
    t = text.strip()
    return bool(t) and bool(_RULE.match(t)) and bool(_CROSS.search(t))


def is_row(text: str) -> bool:
    t = text.strip()
    return len(t) >= 3 and t[0] in _BARS and t[-1] in _BARS and not is_rule(t)


def is_drawn(text: str) -> bool:
    """A line of a drawn table: a row between bars or a rule."""
    return is_row(text) or is_rule(text)


def _cells(text: str) -> list[str]:
    return [c.strip() for c in re.split(f"[{_BARS}]", text.strip()[1:-1])]


def drawn_table(lines: list[SourceLine], path: Path, book: str | None = None) -> Table | None:
    """The block as a table when every line is drawn and two or more are rows, else None."""
    if not all(is_drawn(ln.text) for ln in lines):
        return None
    rows = [ln for ln in lines if is_row(ln.text)]
    if len(rows) < 2:
        return None
    first_row = lines.index(rows[0])
    inner = next((i for i, ln in enumerate(lines) if i > first_row and is_rule(ln.text)), None)
    head_rows = [ln for ln in lines[:inner] if is_row(ln.text)] if inner is not None else []
    body_rows = [ln for ln in rows if ln not in head_rows]
    width = len(_cells(rows[0].text))
    for ln in rows:
        n = len(_cells(ln.text))
        if n != width:
            raise IngestError(
                f"row has {n} cells but the drawn table at line {rows[0].no} has {width} columns",
                path=path,
                line=ln.no,
                book=book,
            )
    header = [[Cell(cell_inlines(c), header=True) for c in _cells(ln.text)] for ln in head_rows]
    body = [Row([Cell(cell_inlines(c)) for c in _cells(ln.text)], ln.no) for ln in body_rows]
    return Table(header=header, rows=body, line=lines[0].no)
