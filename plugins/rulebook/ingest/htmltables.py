"""An HTML table -> the model's table: header rows (a <thead>, a row of <th>, an office program's
bold first row), spans and cells of several lines; and which tables only lay out a page."""

from __future__ import annotations

from collections.abc import Callable

from bs4 import NavigableString, Tag

from rulebook.ingest import tidyspans
from rulebook.ingest.elements import HEADINGS, INLINE, shown
from rulebook.ingest.model import Break, Cell, Inline, Row, Strong, Table, Text

# the converter's reading of a run of inline nodes
Inlines = Callable[[list[NavigableString | Tag]], list[Inline]]


def lays_out(table: Tag) -> bool:
    """A table that lays out a page (a forum's post, an old site's columns), not data: it says so
    (role="presentation"), or its cells hold headings or tables of their own, which no data
    table's cell does. Its cells are read as containers, in order."""
    if table.get("role") in ("presentation", "none"):
        return True
    return table.find(list(HEADINGS)) is not None or table.find("table") is not None


def table(el: Tag, inlines: Inlines) -> Table | None:
    """The table's rows, its header rows apart; None for a table with no row."""
    rows = [tr for tr in el.find_all("tr") if tr.find_parent("table") is el]
    if not rows:
        return None
    cap = el.find("caption", recursive=False)
    caption = shown(cap).strip() if cap else ""
    head_rows: list[list[Cell]] = []
    body: list[Row] = []
    for tr in rows:
        cells = [_cell(td, inlines) for td in tr.find_all(["td", "th"], recursive=False)]
        if not cells:
            continue
        in_head = tr.find_parent("thead") is not None and tr.find_parent("table") is el
        all_th = all(td.name == "th" for td in tr.find_all(["td", "th"], recursive=False))
        if not body and (in_head or all_th):
            for c in cells:
                c.header = True
            head_rows.append(cells)
        else:
            body.append(Row(cells, tr.sourceline or 0))
    if not head_rows and len(body) > 1 and _bold_row(body[0]) and not _bold_row(body[1]):
        # a first row set in bold over rows that are not: the header row of an office
        # program, whose tables have no <th> (Word, Google Docs); its cells are bold as headers
        for c in body[0].cells:
            c.inlines, c.header = [Text(i.text) if isinstance(i, Strong) else i for i in c.inlines], True
        head_rows.append(body.pop(0).cells)
    if not body and head_rows:  # a table of th cells only: its rows are data
        body = [Row(r, 0) for r in head_rows]
        head_rows = []
    return Table(header=head_rows, rows=body, line=el.sourceline or 0, caption=caption)


def _cell(td: Tag, inlines: Inlines) -> Cell:
    def span(name: str) -> int:
        try:
            return max(1, int(str(td.get(name) or 1)))
        except ValueError:
            return 1

    # inline runs as one (a <br> between two runs is a line break, not trimmed away); a block
    # inside the cell (<p>, <div>, a list) starts a new line
    inl: list[Inline] = []
    run: list[NavigableString | Tag] = []
    for node in [*td.children, None]:
        if node is None or (isinstance(node, Tag) and node.name not in INLINE):
            part = inlines(run)
            run = []
            if node is not None:
                part = [*part, Break(), *inlines([node])] if part else inlines([node])
            if part:
                if inl:
                    inl.append(Break())
                inl.extend(part)
        else:
            run.append(node)
    return Cell(tidyspans.trim(inl), rowspan=span("rowspan"), colspan=span("colspan"), header=td.name == "th")


def _bold_row(row: Row) -> bool:
    """Is every cell of the row text, all of it bold?"""
    return all(
        c.inlines
        and all(isinstance(i, Strong) or (isinstance(i, Text) and not i.text.strip()) for i in c.inlines)
        for c in row.cells
    )
