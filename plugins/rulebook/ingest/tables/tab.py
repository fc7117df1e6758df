"""Tables whose columns are separated by TABs, as web dumps flatten HTML tables.

What the dumps do to a table, and what is rebuilt here:
- a header split over two lines, the first starting with a TAB («\\tАтака при» / «Стандартное
  Действие\\tВозможности 1»): merged cell by cell; when such a pair appears inside the body it is
  the header of the next stacked part (a sub-header row);
- a header whose second line starts with a TAB and has more cells («Размер - Пример\\tЗащита
  объекта» / «\\tВ руках*\\tНа теле*\\tНеподвижный»): two header rows with row and column spans;
- a line without TABs inside the table («Прочие Действия», «Действия атаки:»): a group row;
- a row repeating the first header cell («Базовый бонус атаки\\t...»): the header of a stacked
  second table;
- a row with fewer cells than the header: its last cell spans the rest.
A row with more cells than the header fits no reading and stops the ingest at its line.
`key = value` paragraphs under a caption (declared per book in tables.kv) become two-column tables.
"""

from __future__ import annotations

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import Cell, Report, Row, Table, Text, cell_inlines
from rulebook.ingest.reader import SourceLine


def _cells(line: SourceLine) -> list[str]:
    return [c.strip() for c in line.text.split("\t")]


def _merge(top: list[str], bottom: list[str]) -> list[str]:
    """Two halves of one header line, column by column."""
    return [" ".join(p for p in (a, b) if p) for a, b in zip(top, bottom, strict=True)]


def _head(texts: list[str]) -> list[Cell]:
    return [Cell(cell_inlines(t), header=True) for t in texts]


def _is_pair(lines: list[SourceLine], i: int) -> bool:
    """Line i opens a two-line header: it starts with a TAB and the next line has as many cells."""
    return (
        lines[i].text.startswith("\t")
        and i + 1 < len(lines)
        and "\t" in lines[i + 1].text
        and len(_cells(lines[i])) == len(_cells(lines[i + 1]))
    )


def tab_table(book: BookConfig, lines: list[SourceLine], report: Report, caption: str = "") -> Table:
    header, i = _header(book, lines)
    table = Table(header=header, rows=[], line=lines[0].no, caption=caption)
    ncols = table.ncols
    first = _cells(lines[0]) if not _is_pair(lines, 0) else _merge(_cells(lines[0]), _cells(lines[1]))
    while i < len(lines):
        ln = lines[i]
        if "\t" not in ln.text:
            sr = book.tables.section_row
            if sr is not None and not sr.search(ln.text.strip()):
                raise book.source_error(
                    f"a line without TABs inside the table at line {lines[0].no} is neither a row "
                    f"nor a group row (tables.section_row = {sr.pattern!r}): {ln.text.strip()!r}",
                    ln.no,
                )
            table.rows.append(Row([Cell(cell_inlines(ln.text.strip()))], ln.no, group=True))
            i += 1
            continue
        if _is_pair(lines, i):
            texts = _merge(_cells(ln), _cells(lines[i + 1]))
            table.rows.append(Row(_head(texts), ln.no, head=True))
            i += 2
            continue
        texts = _cells(ln)
        if len(texts) > ncols:
            raise book.source_error(
                f"row has {len(texts)} cells but the table at line {lines[0].no} has {ncols} columns: "
                f"{ln.text.strip()!r}",
                ln.no,
            )
        if texts[0] and texts[0] == first[0] and len(texts) == ncols:
            table.rows.append(Row(_head(texts), ln.no, head=True))  # a stacked table's own header
            i += 1
            continue
        cells = [Cell(cell_inlines(t)) for t in texts]
        cells[-1].colspan = ncols - len(texts) + 1
        table.rows.append(Row(cells, ln.no))
        i += 1
    if not any(not r.group and not r.head for r in table.rows):
        raise book.source_error("a table without data rows", lines[0].no)
    report.tables += 1
    return table


def _header(book: BookConfig, lines: list[SourceLine]) -> tuple[list[list[Cell]], int]:
    """The header rows and the index of the first body line."""
    if _is_pair(lines, 0):
        return [_head(_merge(_cells(lines[0]), _cells(lines[1])))], 2
    top = _cells(lines[0])
    if len(lines) > 1 and lines[1].text.startswith("\t"):
        bottom = _cells(lines[1])
        lead = next((i for i, c in enumerate(bottom) if c), len(bottom))  # empty cells under the top row
        if len(bottom) > len(top) and lead == len(top) - 1:
            row1 = _head(top)
            for c in row1[:lead]:
                c.rowspan = 2
            row1[-1].colspan = len(bottom) - lead
            return [row1, _head(bottom[lead:])], 2
        raise book.source_error(
            f"the second header line of the table at line {lines[0].no} does not fit its first "
            f"({len(top)} cells over {len(bottom)})",
            lines[1].no,
        )
    return [_head(top)], 1


def kv_table(
    book: BookConfig, blocks: list[list[SourceLine]], sep: str, report: Report, caption: str
) -> Table:
    """`key = value` paragraphs -> a two-column table without a header; a paragraph without the
    separator (a note inside the list) spans both columns."""
    table = Table(header=[], rows=[], line=blocks[0][0].no, caption=caption, hinted=True)
    for block in blocks:
        for ln in block:
            text = ln.text.strip()
            if sep in text:
                key, value = text.split(sep, 1)
                table.rows.append(Row([Cell([Text(key.strip())]), Cell([Text(value.strip())])], ln.no))
            else:
                table.rows.append(Row([Cell([Text(text)], colspan=2)], ln.no))
    report.tables += 1
    return table


def kv_extent(queue: list[list[SourceLine]], sep: str) -> int:
    """How many of the next blocks belong to a `key = value` table: single-line blocks up to the last
    one with the separator; a line without it counts only between two that have it."""
    n = 0
    for i, block in enumerate(queue):
        if len(block) != 1:
            break
        if sep in block[0].text:
            n = i + 1
        elif not (i + 1 < len(queue) and len(queue[i + 1]) == 1 and sep in queue[i + 1][0].text):
            break
    return n
