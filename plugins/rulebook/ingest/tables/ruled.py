"""Tables whose header a rule of dash runs underlines («Оружие  Урон» over «------  ----»),
as Pandoc's simple tables and a typewriter's or a terminal's listings set them.

The rule says where each column is: one run of dashes (or «=») per column, parted by spaces, so
a cell may hold single spaces («Бонус к Защ», «2 з») and may be empty, and the header needs no
double gaps. Read as text, the rule is a line of dashes: it was taken for a drawn table's border
and split the block, so the header became an empty heading, the rule a heading of dashes and the
first row the header. Every row must break where the rule's runs start (a space, or the line's
end, before each column): a word running across a column's start is an error at its line, since
the text does not say in which column it belongs. A closing rule under the last row is dropped.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.ingest import fences
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Cell, Row, Table, cell_inlines
from rulebook.ingest.reader import SourceLine

_RULE = re.compile(r"^ *(?:-{2,}|={2,})(?: +(?:-{2,}|={2,}))+ *$")
_RUN = re.compile(r"[-=]+")


def is_rule(text: str) -> bool:
    """A line of two or more dash (or «=») runs parted by spaces: one run per column."""
    return bool(_RULE.match(text.rstrip()))


def column_starts(rule: str) -> list[int]:
    return [m.start() for m in _RUN.finditer(rule)]


def split(text: str, starts: list[int]) -> list[str] | None:
    """The row's cells, cut where the columns start; None when a word runs across a start."""
    text = text.rstrip()
    if text[: starts[0]].strip():
        return None
    cells: list[str] = []
    for i, at in enumerate(starts):
        if 0 < at < len(text) and text[at - 1] != " ":
            return None
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        cells.append(text[at:end].strip())
    return cells


def ruled_table(lines: list[SourceLine], path: Path, book: str | None = None) -> Table | None:
    """A header line over a rule of dash runs, then the rows: the block as a table, else None."""
    if len(lines) < 3 or not is_rule(lines[1].text) or is_rule(lines[0].text):
        return None
    starts = column_starts(lines[1].text)
    body = lines[2:-1] if is_rule(lines[-1].text) else lines[2:]
    rows: list[list[str]] = []
    for ln in [lines[0], *body]:
        cells = split(ln.text, starts)
        if cells is None:
            raise IngestError(
                "a word runs across a column's start set by the rule of dashes under the table's "
                f"header (line {lines[1].no}): line it up with the rule",
                path=path,
                line=ln.no,
                book=book,
            )
        rows.append(cells)
    header = [Cell(cell_inlines(c), header=True) for c in rows[0]]
    cells = [Row([Cell(cell_inlines(c)) for c in r], ln.no) for r, ln in zip(rows[1:], body, strict=True)]
    return Table(header=[header], rows=cells, line=lines[0].no)


def as_pipes(text: str) -> str:
    """Markdown text with each ruled table rewritten as a pipe table, line for line (a closing
    rule becomes the blank line that ends it): Python-Markdown, as GitHub, knows no simple tables
    and ran header and rows into paragraphs. A block whose rows do not break at the rule's runs,
    or that sits in a code fence, is left as it is."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    i = 1
    while i < len(lines):
        above = lines[i - 2] if i >= 2 else ""
        if (
            not is_rule(lines[i])
            or code[i]
            or not lines[i - 1].strip()
            or above.strip()
            or is_rule(lines[i - 1])
        ):
            i += 1
            continue
        starts = column_starts(lines[i])
        end = i + 1
        while end < len(lines) and lines[end].strip() and not is_rule(lines[end]):
            end += 1
        rows = [split(ln, starts) for ln in [lines[i - 1], *lines[i + 1 : end]]]
        if end == i + 1 or any(r is None for r in rows):
            i = end
            continue
        piped = ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows if r is not None]
        lines[i - 1] = piped[0]
        lines[i] = "|" + "---|" * len(starts)
        lines[i + 1 : end] = piped[1:]
        if end < len(lines) and is_rule(lines[end]):
            lines[end] = ""
        i = end + 1
    return "\n".join(lines)
