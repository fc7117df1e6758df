"""What the site knows about its books: the registry in sources/books.toml (read and validated by
the ingest loader, the one reader of that file) plus the pages that ingest wrote for each. Read
without the parser, so a build never re-ingests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulebook.ingest.config import load_books


@dataclass(frozen=True)
class BookInfo:
    slug: str
    title: str
    system: str
    description: str
    pages: tuple[str, ...] = field(default=())  # page files under docs/<slug>/, index excluded
    glossary: Path | None = None  # the book's search glossary, if it has one


def load_registry(books_toml: Path, docs_dir: Path) -> list[BookInfo]:
    """The books in registry order. A mistake in books.toml raises IngestError (one line)."""
    out = []
    for book in load_books(books_toml, docs_dir):
        folder = docs_dir / book.slug
        pages = (
            tuple(sorted(p.name for p in folder.glob("*.md") if p.name != "index.md"))
            if folder.exists()
            else ()
        )
        out.append(BookInfo(book.slug, book.title, book.system, book.description, pages, book.glossary))
    return out
