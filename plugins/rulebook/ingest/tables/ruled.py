"""Tables whose header a rule of dash runs underlines («Оружие  Урон» over «------  ----»),
as Pandoc's simple tables and a typewriter's or a terminal's listings set them.

The rule says where each column is: one run of dashes (or «=») per column, parted by spaces, so
a cell may hold single spaces («Бонус к Защ», «2 з») and may be empty, and the header needs no
double gaps. Read as text, the rule is a line of dashes: it was taken for a drawn table's border
and split the block, so the header became an empty heading, the rule a heading of dashes and the
first row the header. A row breaks where the rule's runs start (a space, or the line's end,
before each column). A hand-typed row whose word runs past its column's rule («Двуручный меч  12»
under «------      ----») is split at its gaps of two spaces or more when they give one cell per
column; a row that fits neither keeps the block as paragraphs, a line each (every word stays).
Either is told as a warning at the row's line. A closing rule under the last row is dropped.
"""

from __future__ import annotations

import re

from rulebook.ingest import fences
from rulebook.ingest.model import Cell, Row, Table, cell_inlines
from rulebook.ingest.reader import SourceLine

_RULE = re.compile(r"^ *(?:-{2,}|={2,})(?: +(?:-{2,}|={2,}))+ *$")
_RUN = re.compile(r"[-=]+")
_GAP = re.compile(r" {2,}|\t")


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


def split_rows(rule: str, texts: list[str]) -> list[list[str]] | None:
    """Each row's cells, cut where the rule's runs start; None when a word of any row runs
    across a start."""
    starts = column_starts(rule)
    rows = [split(text, starts) for text in texts]
    return None if any(r is None for r in rows) else [r for r in rows if r is not None]


def _by_gaps(text: str, columns: int) -> list[str] | None:
    """A row cut at its runs of two spaces or more, when they give one cell per column."""
    cells = _GAP.split(text.strip())
    return cells if len(cells) == columns else None


def ruled_table(lines: list[SourceLine]) -> tuple[Table | None, list[tuple[int, str]]]:
    """A header line over a rule of dash runs, then the rows: the block as a table (else None,
    and a row that fits neither the rule nor its gaps has its block kept as paragraphs); and a
    warning per row that does not break where the rule's runs start, with its line."""
    if len(lines) < 3 or not is_rule(lines[1].text) or is_rule(lines[0].text):
        return None, []
    starts = column_starts(lines[1].text)
    body = lines[2:-1] if is_rule(lines[-1].text) else lines[2:]
    rows: list[list[str]] = []
    warnings: list[tuple[int, str]] = []
    across = (
        "a word runs across a column's start set by the rule of dashes under the table's header "
        f"(line {lines[1].no})"
    )
    for ln in [lines[0], *body]:
        cells = split(ln.text, starts)
        if cells is None:
            cells = _by_gaps(ln.text, len(starts))
            if cells is None:
                keep = "the table is kept as paragraphs, a line each: line it up with the rule"
                return None, [*warnings, (ln.no, f"{across}: {keep}")]
            warnings.append((ln.no, f"{across}: the row is split at its gaps of two spaces or more"))
        rows.append(cells)
    header = [Cell(cell_inlines(c), header=True) for c in rows[0]]
    cells = [Row([Cell(cell_inlines(c)) for c in r], ln.no) for r, ln in zip(rows[1:], body, strict=True)]
    return Table(header=[header], rows=cells, line=lines[0].no), warnings


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
        end = i + 1
        while end < len(lines) and lines[end].strip() and not is_rule(lines[end]):
            end += 1
        rows = split_rows(lines[i], [lines[i - 1], *lines[i + 1 : end]])
        if end == i + 1 or rows is None:
            i = end
            continue
        piped = ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
        lines[i - 1] = piped[0]
        lines[i] = "|" + "---|" * len(rows[0])
        lines[i + 1 : end] = piped[1:]
        if end < len(lines) and is_rule(lines[end]):
            lines[end] = ""
        i = end + 1
    return "\n".join(lines)
