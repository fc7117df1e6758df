"""Per-table hints for tables whose columns are separated by single spaces.

A space also separates words inside a cell, so the columns of «Профиль Куб Дальность ...» cannot
be recovered by splitting. A hint gives the column names and a type per column; the types anchor
the split (a die, a number, a closed set of words) and at most one free-text column takes what is
left between anchors. Every row must match its table's pattern exactly, or the ingest fails with
the line number: a row is never split silently in the wrong place.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.ingest.errors import IngestError

_DASHES = "–—-"
# Regex fragments for column types. None contains a capturing group.
TYPES: dict[str, str] = {
    "text": r".+?",
    "word": r"\S+",
    "int": r"\d+",
    "signed": r"[+\-−–]?\d+",
    "number": r"[+\-−–]?\d+(?:[.,]\d+)?",
    "die": r"\d*к\d+(?:\s?/\s?\d*к\d+)?",
    "range": r"\d+(?:\s?[–—-]\s?\d+)?",
    "ap": r"\d+(?:\s?[–-]\s?\d+)? ОД",
    "feet": r"\d+(?:[–-]\d+)?\s?(?:фт|футов)",
    "dash": r"—",
    "bonus": r"[+\-−–]\d+",
    # a name: the first token, then tokens until the first capitalised one (or a digit/sign)
    "name": r"\S+(?: (?![А-ЯЁA-Z0-9+\-−–—(])\S+)*",
    # the first sentence of the rest of the line
    "sentence": r"[^.]+?\.",
}


@dataclass
class TableSpec:
    header: str
    columns: list[str]
    types: list[str]
    line_hint: int = 0  # where the table is expected (only for messages)
    rows: int | None = None  # exact number of data rows; lines after them are not part of the table
    row_start: re.Pattern[str] | None = None  # a line that starts a row; other lines continue it
    lines_per_row: int | None = None
    paragraphs: bool = False  # cells continue across blank lines until the next row or heading
    rowspan: list[int] = field(default_factory=list)  # columns that may be omitted (spanned from above)
    occurrence: int | None = None  # apply to the n-th table with this header only
    note: str = ""
    pattern: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        self.pattern = compile_row(self.types, self.rowspan)


def _fragment(typ: str) -> str:
    if typ.startswith("enum:"):
        return "(?:" + "|".join(re.escape(v) for v in sorted(typ[5:].split("|"), key=len, reverse=True)) + ")"
    if typ.startswith("re:"):
        return "(?:" + typ[3:] + ")"
    if typ.startswith("words:"):
        n = int(typ[6:])
        return r"\S+" + r"(?: \S+)" * (n - 1)
    if typ in TYPES:
        return TYPES[typ]
    raise ValueError(f"unknown column type {typ!r}")


def _optional(raw: str) -> tuple[str, bool]:
    """(type, optional?). A trailing `?` marks an optional cell, except on a regex, where `?` is
    regex syntax: an optional regex cell is written `re?:<regex>`."""
    if raw.startswith("re?:"):
        return "re:" + raw[4:], True
    if raw.startswith("re:"):
        return raw, False
    return raw.rstrip("?"), raw.endswith("?")


def compile_row(types: list[str], rowspan: list[int]) -> re.Pattern[str]:
    """One regex for a whole row. Cells are separated by any whitespace: a space, the TABs of the
    nation table, or the line break between the lines of a multi-line row. Optional cells before
    the first required one carry their separator after them, the others before them."""
    parts: list[str] = []
    started = False  # has a required cell been placed yet?
    for i, raw in enumerate(types):
        typ, optional = _optional(raw)
        optional = optional or i in rowspan
        frag = f"(?P<c{i}>{_fragment(typ)})"
        if not started:
            if optional:
                parts.append(f"(?:{frag}\\s+)?")
                continue
            parts.append(frag)
            started = True
        elif optional:
            parts.append(f"(?:\\s+{frag})?")
        else:
            parts.append(f"\\s+{frag}")
    return re.compile("".join(parts), re.DOTALL)


def split_row(spec: TableSpec, text: str) -> list[str | None] | None:
    """The cells of one row, or None when the row does not fit the spec. A missing optional
    cell is None."""
    m = spec.pattern.fullmatch(text)
    if not m:
        return None
    return [m.group(f"c{i}") for i in range(len(spec.columns))]


def load_specs(path: Path, book: str) -> dict[str, list[TableSpec]]:
    """Hints file -> header line -> specs (several when one header occurs more than once)."""
    if not path.exists():
        raise IngestError("table hints file not found", path=path, book=book)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise IngestError(f"invalid TOML: {err}", path=path, book=book) from None
    specs: dict[str, list[TableSpec]] = {}
    for i, t in enumerate(data.get("table", []), start=1):
        spec = _spec(t, path, book, i)
        specs.setdefault(spec.header, []).append(spec)
    return specs


def _spec(t: dict[str, Any], path: Path, book: str, index: int) -> TableSpec:
    where = f"[[table]] #{index}"
    header = t.get("header")
    columns = t.get("columns")
    if not isinstance(header, str) or not isinstance(columns, list) or not columns:
        raise IngestError(f"{where}: 'header' and 'columns' are required", path=path, book=book)
    if " ".join(columns).split() != header.split():
        raise IngestError(
            f"{where}: columns {columns!r} do not spell the header {header!r}", path=path, book=book
        )
    types = t.get("types", ["text"] * len(columns))
    if len(types) != len(columns):
        raise IngestError(
            f"{where} ({header!r}): {len(columns)} columns but {len(types)} types", path=path, book=book
        )
    try:
        return TableSpec(
            header=header,
            columns=columns,
            types=types,
            line_hint=int(t.get("line", 0)),
            rows=t.get("rows"),
            row_start=re.compile(t["row_start"]) if t.get("row_start") else None,
            lines_per_row=t.get("lines_per_row"),
            paragraphs=bool(t.get("paragraphs", False)),
            rowspan=list(t.get("rowspan", [])),
            occurrence=t.get("occurrence"),
            note=t.get("note", ""),
        )
    except (ValueError, re.error) as err:
        raise IngestError(f"{where} ({header!r}): {err}", path=path, book=book) from None
