"""What the site knows about its books: the registry in sources/books.toml plus the pages that
ingest wrote for each. Read without the parser, so a build never re-ingests."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class BookInfo:
    slug: str
    title: str
    system: str
    description: str
    pages: tuple[str, ...] = field(default=())  # page files under docs/<slug>/, index excluded


def load_registry(books_toml: Path, docs_dir: Path) -> list[BookInfo]:
    data = tomllib.loads(books_toml.read_text(encoding="utf-8"))
    out = []
    for slug, entry in data.get("books", {}).items():
        folder = docs_dir / slug
        pages = (
            tuple(sorted(p.name for p in folder.glob("*.md") if p.name != "index.md"))
            if folder.exists()
            else ()
        )
        out.append(
            BookInfo(slug, entry["title"], entry.get("system", ""), entry.get("description", ""), pages)
        )
    return out
