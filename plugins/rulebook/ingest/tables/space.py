"""Tables whose columns are separated by single spaces, built from their per-table hints (spec)."""

from __future__ import annotations

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import Cell, Row, Table, Text, cell_inlines
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.tables.spec import TableSpec, split_row


def _group_rows(spec: TableSpec, body: list[SourceLine | None]) -> list[tuple[int, str, list[SourceLine]]]:
    """Lines -> (first line number, joined text, source lines) per row."""
    rows: list[tuple[int, list[str], list[SourceLine]]] = []
    blank = False
    for ln in body:
        if ln is None:
            blank = True
            continue
        starts = True
        if spec.row_start is not None:
            starts = bool(spec.row_start.match(ln.text)) or not rows
        elif spec.lines_per_row:
            starts = not rows or len(rows[-1][2]) >= spec.lines_per_row
        if starts:
            rows.append((ln.no, [ln.text], [ln]))
        else:
            rows[-1][1].append(("\n" if blank else "") + ln.text)
            rows[-1][2].append(ln)
        blank = False
    return [(no, "\n".join(parts), src) for no, parts, src in rows]


def space_table(
    book: BookConfig, spec: TableSpec, header: SourceLine, body: list[SourceLine | None]
) -> tuple[Table, list[SourceLine]]:
    rows = _group_rows(spec, body)
    rest: list[SourceLine] = []
    if spec.rows is not None:
        if len(rows) < spec.rows:
            raise book.source_error(
                f"table «{spec.header}» should have {spec.rows} rows, found {len(rows)}", header.no
            )
        for _, _, src in rows[spec.rows :]:
            rest.extend(src)
        rows = rows[: spec.rows]
    if not rows:
        raise book.source_error(f"table «{spec.header}» has no rows", header.no)
    table = Table(
        header=[[Cell([Text(c)], header=True) for c in spec.columns]], rows=[], line=header.no, hinted=True
    )
    above: list[Cell | None] = [None] * len(spec.columns)
    for no, text, _src in rows:
        cells = split_row(spec, text)
        if cells is None:
            shown = text.replace("\n", " ⏎ ")
            raise book.source_error(
                f"row does not fit table «{spec.header}» (columns: {' | '.join(spec.columns)}; "
                f"types: {' | '.join(spec.types)}): {shown[:160]!r}",
                no,
            )
        row = Row([], no)
        for i, value in enumerate(cells):
            if value is None and i in spec.rowspan and above[i] is not None:
                above[i].rowspan += 1  # type: ignore[union-attr]
                continue
            cell = Cell(cell_inlines(value or ""))
            above[i] = cell
            row.cells.append(cell)
        table.rows.append(row)
    return table, rest
