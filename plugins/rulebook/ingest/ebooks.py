"""E-books as sources: which file is one, and its pages as the markup importer reads them.

A FictionBook (`.fb2`, `.fb2.zip`), an EPUB (`.epub`) and a Word document (`.docx`) are
structured books, not texts: each is turned into HTML pages (see fb2, epub and docx), and from
there read as a saved web page is, so such a book's entry takes the keys an HTML source takes.
This module is the one place that tells the kinds apart by name, for the registry's check of
`source` and for the importer, and holds what the readers share: how the XML is parsed (never a
DTD, an entity's expansion or the network: a book is data, not a program that may reach outside
it), the size limit on an entry of a zip, and the heading levels raised where a book has no H1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

SUFFIXES = (".fb2", ".fb2.zip", ".epub", ".docx")  # the registry names them when a source is of no kind
MAX_BYTES = 200 * 1024 * 1024  # a zip's entry larger than this, unpacked, is refused


_HEADING_TAG = re.compile(r"<(/?)h([1-6])\b", re.I)
_COMMENT = re.compile(r"<!--.*?-->", re.S)


def kind(name: str) -> str | None:
    """ "fb2", "epub" or "docx" for a book's file name, None for anything else."""
    low = name.lower()
    if low.endswith((".fb2", ".fb2.zip")):
        return "fb2"
    return next((k for k in ("epub", "docx") if low.endswith(f".{k}")), None)


def parser(encoding: str | None = None) -> etree.XMLParser:
    """lxml's parser for a book's XML: strict, no DTD loaded, no entity expanded, no network;
    comments and processing instructions dropped (they are no text of the book)."""
    return etree.XMLParser(
        encoding=encoding,
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        remove_comments=True,
        remove_pis=True,
    )


def declared_entity(root: etree._Element) -> tuple[str, int | None] | None:
    """(name, line of its first use) of an entity the document's DOCTYPE declares, else None.
    Such an entity is not expanded (expanding one is how an XML file reaches a local file or
    grows without end), so its text would be published as `&w;`: the book is refused instead."""
    dtd = root.getroottree().docinfo.internalDTD
    declared = [e.name for e in dtd.iterentities()] if dtd is not None else []
    if not declared:
        return None
    used = next(root.iter(etree.Entity), None)
    if used is not None:
        return used.name, used.sourceline
    return str(declared[0]), None


def name(el: etree._Element) -> str:
    """An element's name without its namespace (a book that declares none is read the same)."""
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


@dataclass
class Pages:
    """An e-book's pages (name, HTML text) in reading order, and what the report says of it.
    `flowing`: a page without an `<h1>` continues the page before it (an EPUB's split chapter),
    as a one-file book's text does, rather than being a page titled on its own."""

    pages: list[tuple[str, str]]
    notes: list[str] = field(default_factory=list)
    flowing: bool = False


def raise_levels(pages: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """With no `<h1>` in the book, every heading one level up (`<h2>` chapters are its pages)."""
    levels = {int(m.group(2)) for _, text in pages for m in _HEADING_TAG.finditer(_COMMENT.sub("", text))}
    if not levels or min(levels) == 1:
        return pages
    shift = min(levels) - 1
    return [
        (name, _HEADING_TAG.sub(lambda m: f"<{m.group(1)}h{int(m.group(2)) - shift}", text))
        for name, text in pages
    ]


def read(path: Path, book: str | None = None) -> Pages:
    from rulebook.ingest import docx, epub, fb2  # here: they import this module's shared parts

    found = kind(path.name)
    if found == "fb2":
        b = fb2.read(path, book)
        return Pages([(path.name, b.page)], b.notes)
    return docx.read(path, book) if found == "docx" else epub.read(path, book)
