"""Per-table hints for tables whose columns are separated by single spaces.

A space also separates words inside a cell, so the columns of «Профиль Куб Дальность ...» cannot
be recovered by splitting. A hint gives the column names and a type per column; the types anchor
the split (a die, a number, a closed set of words) and at most one free-text column takes what is
left between anchors. Every row must match its table's pattern exactly, or the ingest fails with
the line number: a row is never split silently in the wrong place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex

from rulebook.ingest import schema
from rulebook.ingest.patterns import TIMEOUT, Pattern
from rulebook.ingest.tomlfile import KeyLocator, read_toml

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
    line_hint: int = 0  # where the table is expected in the text (only for messages)
    declared: int = 0  # the hint's own line in the hints file (for messages about the hint)
    rows: int | None = None  # exact number of data rows; lines after them are not part of the table
    row_start: Pattern | None = None  # a line that starts a row; other lines continue it
    lines_per_row: int | None = None
    paragraphs: bool = False  # cells continue across blank lines until the next row or heading
    rowspan: list[int] = field(default_factory=list)  # columns that may be omitted (spanned from above)
    occurrence: int | None = None  # apply to the n-th table with this header only
    note: str = ""
    pattern: regex.Pattern[str] = field(init=False)

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


def compile_row(types: list[str], rowspan: list[int]) -> regex.Pattern[str]:
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
    return regex.compile("".join(parts), regex.DOTALL | regex.VERSION0)


def split_row(spec: TableSpec, text: str) -> list[str | None] | None:
    """The cells of one row, or None when the row does not fit the spec. A missing optional
    cell is None."""
    try:
        m = spec.pattern.fullmatch(text, timeout=TIMEOUT)
    except TimeoutError:
        return None  # a type's regex that backtracks without end fits no row: the row error names it
    if not m:
        return None
    return [m.group(f"c{i}") for i in range(len(spec.columns))]


HINT = schema.Table(
    [
        schema.Field("header", schema.Str(True), "the header line exactly as in the text", required=True),
        schema.Field(
            "columns",
            schema.ListOf(schema.Str(True), single=False, min_items=1),
            "column names",
            required=True,
        ),
        schema.Field("types", schema.ListOf(schema.Str(True), single=False), "a type per column"),
        schema.Field("line", schema.Int(0), "where the table is (for messages)", 0),
        schema.Field("rows", schema.Int(1), "exact number of data rows"),
        schema.Field("row_start", schema.Regex(), "a line that starts a row"),
        schema.Field("lines_per_row", schema.Int(1), "lines per row"),
        schema.Field("paragraphs", schema.Bool(), "cells continue across blank lines", False),
        schema.Field("rowspan", schema.ListOf(schema.Int(0), single=False), "columns spanned from above", []),
        schema.Field("occurrence", schema.Int(1), "apply to the n-th table with this header only"),
        schema.Field("note", schema.Str(), "a note for the editor", ""),
    ]
)
HINTS = schema.Table([schema.Field("table", schema.ListOf(HINT, single=False), "one per table", [])])


def load_specs(path: Path, book: str) -> dict[str, list[TableSpec]]:
    """Hints file -> header line -> specs (several when one header occurs more than once). Every
    key is checked like books.toml: a mistake is one line naming the hints file and its line."""
    data, text = read_toml(path, book)
    loc = KeyLocator(text)
    values = HINTS.check(data, schema.At(path, loc, (), book))
    specs: dict[str, list[TableSpec]] = {}
    for i, t in enumerate(values["table"]):
        spec = _spec(t, schema.At(path, loc, ("table", i), book))
        specs.setdefault(spec.header, []).append(spec)
    return specs


def _spec(t: dict[str, Any], at: schema.At) -> TableSpec:
    header, columns = t["header"], t["columns"]
    if " ".join(columns).split() != header.split():
        raise at.child("columns").fail(f"columns {columns!r} do not spell the header {header!r}")
    types = t["types"] if t["types"] is not None else ["text"] * len(columns)
    if len(types) != len(columns):
        raise at.child("types").fail(f"{header!r}: {len(columns)} columns but {len(types)} types")
    for i in t["rowspan"]:
        if i >= len(columns):
            raise at.child("rowspan").fail(f"column {i} does not exist ({len(columns)} columns, from 0)")
    try:
        # the hint's keys are the spec's fields, but for `line` (the spec's `line_hint`)
        fields = {k: v for k, v in t.items() if k != "line"}
        return TableSpec(**{**fields, "types": types, "line_hint": t["line"], "declared": at.line or 0})
    except (ValueError, re.error) as err:
        raise at.child("types").fail(f"{header!r}: {err}") from None
