"""E-books as sources: which file is one, and its pages as the markup importer reads them.

A FictionBook (`.fb2`, `.fb2.zip`) and an EPUB (`.epub`) are structured books, not texts: each
is turned into HTML pages (see fb2 and epub), and from there read as a saved web page is, so
an e-book's entry takes the keys an HTML source takes. This module is the one place that tells
the kinds apart by name, for the registry's check of `source` and for the importer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulebook.ingest import epub, fb2

SUFFIXES = (".fb2", ".fb2.zip", ".epub")


def kind(name: str) -> str | None:
    """ "fb2" or "epub" for an e-book's file name, None for anything else."""
    low = name.lower()
    if low.endswith((".fb2", ".fb2.zip")):
        return "fb2"
    if low.endswith(".epub"):
        return "epub"
    return None


@dataclass
class Pages:
    """An e-book's pages (name, HTML text) in reading order, and what the report says of it.
    `flowing`: a page without an `<h1>` continues the page before it (an EPUB's split chapter),
    as a one-file book's text does, rather than being a page titled on its own."""

    pages: list[tuple[str, str]]
    notes: list[str] = field(default_factory=list)
    flowing: bool = False


def read(path: Path, book: str | None = None) -> Pages:
    if kind(path.name) == "fb2":
        b = fb2.read(path, book)
        return Pages([(path.name, b.page)], b.notes)
    e = epub.read(path, book)
    return Pages(e.pages, e.notes, flowing=True)
