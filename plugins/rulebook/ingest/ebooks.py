"""E-books as sources: which file is one, and its pages as the markup importer reads them.

A FictionBook (`.fb2`, `.fb2.zip`) and an EPUB (`.epub`) are structured books, not texts: each
is turned into HTML pages (see fb2 and epub), and from there read as a saved web page is, so
an e-book's entry takes the keys an HTML source takes. This module is the one place that tells
the kinds apart by name, for the registry's check of `source` and for the importer, and holds
what both readers share: how the XML is parsed (never a DTD, an entity's expansion or the
network: a book is data, not a program that may reach outside it), and the size limit on an
entry of a zip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

SUFFIXES = (".fb2", ".fb2.zip", ".epub")  # the registry names them when a source is of no kind
MAX_BYTES = 200 * 1024 * 1024  # a zip's entry larger than this, unpacked, is refused


def kind(name: str) -> str | None:
    """ "fb2" or "epub" for an e-book's file name, None for anything else."""
    low = name.lower()
    if not low.endswith(SUFFIXES):
        return None
    return "epub" if low.endswith(".epub") else "fb2"


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


def read(path: Path, book: str | None = None) -> Pages:
    from rulebook.ingest import epub, fb2  # here: they import this module's shared parts

    if kind(path.name) == "fb2":
        b = fb2.read(path, book)
        return Pages([(path.name, b.page)], b.notes)
    return epub.read(path, book)
