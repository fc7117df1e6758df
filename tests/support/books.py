"""Small libraries for the search engine's tests, indexed the way the build indexes a site:
each book's whoosh index, its postings read back from whoosh, the sharded export, then the
store the query engine reads."""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from rulebook.search import build, library
from rulebook.search.glossary import Glossary, parse
from rulebook.search.store import Store

Outline = list[tuple[str, int, list[str]]]  # (heading, level, [block texts])
RUNNER = Path(__file__).parents[1] / "integration" / "search_runner.js"
_TMP = Path(tempfile.mkdtemp(prefix="rulebook-search-test-"))
atexit.register(shutil.rmtree, _TMP, True)
_count = 0


def book(slug: str, outline: Outline, glossary: str = "") -> library.Book:
    """One book of one page; parents follow the levels; glossary: TOML text."""
    return library.from_outline(slug, slug.upper(), outline, parse(glossary) if glossary else Glossary())


def index(*books: library.Book, common: str = "") -> Store:
    """The books as one library (in this order), with an optional shared glossary (TOML text)."""
    global _count
    _count += 1
    cache = _TMP / f"lib{_count}"
    build.write_index(cache, list(books), parse(common) if common else Glossary())
    return Store(cache / build.EXPORT)


def browser_search(
    lib: Store, queries: list[str], limit: int = 5, prefer: str | None = None
) -> list[dict[str, Any]]:
    """The queries answered by the browser's engine (in Node) over the same small library
    (`prefer`: the book being read)."""
    f = lib.folder.parent / "queries.json"
    f.write_text(json.dumps([{"q": q, "limit": limit, "prefer": prefer} for q in queries]), encoding="utf-8")
    out = subprocess.run(
        ["node", str(RUNNER), str(lib.folder.parent), str(f)], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)["results"]
