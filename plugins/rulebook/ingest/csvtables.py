"""A link alone on its line to a CSV file of the source's folder is that table, in its place.

Notion's «Markdown & CSV» export writes a database inside a page as a link to the database's
CSV beside the page («[Оружие](Оружие%20<id>.csv)»): its rows were not on the site at all, and
the link was kept as text («Оружие»), the table's words outside the coverage count. The CSV is
read (UTF-8 with or without Notion's byte order mark) and written as a Markdown table with its
first row as the header, under the link's words as its caption line.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from urllib.parse import unquote

from rulebook.ingest import fences

_CSV_LINK = re.compile(r"^\[([^\]\n]*)\]\(<?([^()<>\s]+\.csv)>?\)[ \t]*$", re.IGNORECASE)


class BrokenCsv(ValueError):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line  # of the page's file


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|") or " "


def inline(text: str, page: Path, folder: Path) -> tuple[str, list[int]]:
    """The Markdown of `page` with each line that is only a link to a CSV file inside `folder`
    replaced by the link's words and the table, and the page's line (1-based) of each of its
    lines: a table adds lines, and what follows must still be reported at the file's lines.
    Raises BrokenCsv for a CSV that is not one."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    out: list[str] = []
    line_of: list[int] = []
    for no, (line, fenced) in enumerate(zip(lines, code, strict=True), start=1):
        m = None if fenced else _CSV_LINK.match(line)
        target = (page.parent / unquote(m.group(2))).resolve() if m else None
        if m is None or target is None or not target.is_file() or not target.is_relative_to(folder.resolve()):
            out.append(line)
            line_of.append(no)
            continue
        try:
            data = target.read_bytes().decode("utf-8-sig")
            rows = [r for r in csv.reader(io.StringIO(data, newline="")) if any(c.strip() for c in r)]
        except (UnicodeDecodeError, csv.Error) as err:
            raise BrokenCsv(no, f"the table {m.group(2)!r} is not a UTF-8 CSV file ({err})") from None
        if not rows:
            out.append(line)
            line_of.append(no)
            continue
        width = max(len(r) for r in rows)
        rows = [r + [""] * (width - len(r)) for r in rows]
        table = ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows]
        table.insert(1, "|" + " --- |" * width)
        out += [m.group(1), "", *table]
        line_of += [no] * (len(table) + 2)  # the table's lines are the link's
    return "\n".join(out), line_of
