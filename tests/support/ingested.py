"""A project book parsed once per test process, with the lookups golden tests need."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rulebook.ingest.config import BookConfig, load_books
from rulebook.ingest.model import Block, Document, Heading, walk
from rulebook.ingest.pipeline import parse_book

from tests.support.site import ROOT


@cache
def config(slug: str) -> BookConfig:
    return next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == slug)


@cache
def parsed(slug: str) -> Document:
    return parse_book(config(slug))


def blocks(slug: str) -> list[Block]:
    """Every block of the book, depth first (list items' and boxes' children included)."""
    return [b for p in parsed(slug).pages for b in walk(p.blocks)]


def headings(slug: str) -> list[Heading]:
    return [b for b in blocks(slug) if isinstance(b, Heading)]


def heading(slug: str, title: str) -> Heading:
    return next(h for h in headings(slug) if h.text == title)


DEMO = '[books.demo]\ntitle = "Demo"\nsystem = "Demo"\nsource = "demo.txt"\n'


def generated(tmp_path: Path, entry: str, text: str) -> tuple[Document, list[Block]]:
    """A one-book registry in `tmp_path` (`[books.demo]` + `entry`, its text `demo.txt`), parsed:
    the document and every block, depth first (but the H1 the entry's title gives a snippet with
    no heading of its own)."""
    (tmp_path / "books.toml").write_text(DEMO + entry, encoding="utf-8")
    (tmp_path / "demo.txt").write_text(text, encoding="utf-8")
    doc = parse_book(load_books(tmp_path / "books.toml")[0])
    every = [b for p in doc.pages for b in walk(p.blocks)]
    if [b.line for b in every if isinstance(b, Heading)] == [0]:
        every = [b for b in every if not isinstance(b, Heading)]
    return doc, every
