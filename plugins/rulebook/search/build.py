"""Build-time search work, called from the plugin's hooks (or from a post-build step).

- `records` / `add_page`: a page's search records, made from the finished page (html.pipeline
  caches them with it); `add_page_later` leaves them to `finish_later`.
- `finish`: per book, the whoosh index (rewritten only when the book changed) and its postings
  read back from whoosh's reader, with the terms its initials may shorten (kept beside it; both
  need a pass over every word of the book, so they run in parallel, once per change of the
  book); then the library's browser index (export.py), rewritten only when a book or a
  glossary changed, and a copy of it in the site.

Under `mkdocs serve` the pages' records and the library's index are made by a thread after the
pages are written (`finish_later`), so an edit reloads the page at once and search catches up a
moment later; the next rebuild waits for it first.

Everything lives in the plugin's cache folder (default `.cache/search/` next to mkdocs.yml):
`whoosh/<slug>/` (the index), `whoosh/<slug>.postings.json` (what its reader gave, and the
terms), `export/` (the browser's index, which `rulebook search` reads). The site gets a *copy*
of the export: a published build must never share a file with a later build.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing as mp
import os
import shutil
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup
from rulebook.books import BookInfo
from rulebook.html import blockids
from rulebook.html.pipeline import page_key
from rulebook.search import analysis, export, folders, library, windex
from rulebook.search.extract import PageRecords, page_records
from rulebook.search.glossary import COMMON_GLOSSARY, Glossary, load

log = logging.getLogger("mkdocs.plugins.rulebook.search")
INDEX_FORMAT = "6"  # raised by hand only when a book's index changes shape, not its code
EXPORT = "export"


def index_version() -> str:
    """What a book's whoosh index depends on besides the book: its format and the code that
    writes it (the schema and the analysers, the sections' fields): a changed indexer rebuilds
    every book's index, as a changed exporter rewrites the export, with no number to forget; the
    analysis's data (analysis.json: its patterns of definitions, its word lists) is part of it."""
    files = [Path(m.__file__) for m in (windex, library, analysis)]
    files.append(Path(analysis.__file__).with_name("analysis.json"))
    code = b"".join(f.read_bytes() for f in files)
    return f"{INDEX_FORMAT}-{hashlib.sha1(code).hexdigest()[:12]}"


class SearchBuild:
    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = cache_dir
        self.registry: list[BookInfo] = []
        self.glossaries: dict[str, Glossary] = {}
        self.common = Glossary()
        self.nav_order: list[str] = []
        self.pages: dict[str, PageRecords] = {}  # src_uri -> records of this build
        self.later: dict[str, tuple[str, dict[str, str]]] = {}  # src_uri -> (html, page fields)
        self._made: dict[str, PageRecords] = {}  # the last rebuild's records, by page and HTML
        self._job: threading.Thread | None = None  # finish_later's thread

    # ---- per build ---------------------------------------------------------------------------
    def start(self, registry: list[BookInfo], books_toml: Path) -> None:
        """The books' own glossaries (each entry's `glossary` file) and the shared one,
        `common.glossary.toml` beside the registry, if present."""
        self.wait()
        self.registry = registry
        self.pages, self.later = {}, {}
        self.glossaries = {b.slug: load(b.glossary) for b in registry if b.glossary}  # validated paths
        common = books_toml.parent / COMMON_GLOSSARY
        self.common = load(common) if common.exists() else Glossary()

    def set_nav(self, src_uris: list[str]) -> None:
        self.nav_order = src_uris

    def records(self, html: str, *, url: str, title: str, book: str, src_uri: str) -> PageRecords:
        """The search records of one finished page (its blocks carry their ids and sections)."""
        pairs = blockids.read_marks(BeautifulSoup(html, "html.parser"), page_key(src_uri))
        return page_records(pairs, url=url, title=title, book=book, page_key=page_key(src_uri))

    def add_page(self, src_uri: str, records: PageRecords, *, excluded: bool = False) -> None:
        """A page's records join the index, unless the page asks not to (`search: exclude`)."""
        self.later.pop(src_uri, None)
        if records.book and not excluded:
            self.pages[src_uri] = records
        else:
            self.pages.pop(src_uri, None)

    def add_page_later(
        self, src_uri: str, html: str, *, url: str, title: str, book: str, excluded: bool = False
    ) -> None:
        """`add_page` for a finished page whose records are made by `finish_later`'s thread."""
        self.pages.pop(src_uri, None)
        if book and not excluded:
            self.later[src_uri] = (html, {"url": url, "title": title, "book": book, "src_uri": src_uri})
        else:
            self.later.pop(src_uri, None)

    def _make_later(self) -> None:
        """The records `add_page_later` left to make; a page whose HTML did not change since the
        last rebuild keeps the records it had."""
        made: dict[str, PageRecords] = {}
        for uri, (html, fields) in self.later.items():
            key = hashlib.sha1(f"{sorted(fields.items())}\0{html}".encode()).hexdigest()
            made[key] = self._made.get(key) or self.records(html, **fields)
            self.pages[uri] = made[key]
        self._made, self.later = made, {}

    # ---- after the build ---------------------------------------------------------------------
    def assemble(self) -> list[library.Book]:
        order = {u: i for i, u in enumerate(self.nav_order)}
        titles = {b.slug: b.title for b in self.registry}
        book_order = {b.slug: i for i, b in enumerate(self.registry)}
        by_book: dict[str, list[PageRecords]] = {}
        for uri in sorted(self.pages, key=lambda u: (order.get(u, len(order)), u)):
            pr = self.pages[uri]
            by_book.setdefault(pr.book, []).append(pr)
        return [
            library.assemble(slug, titles.get(slug, slug), by_book[slug], self.glossaries.get(slug))
            for slug in sorted(by_book, key=lambda s: (book_order.get(s, len(book_order)), s))
        ]

    def finish(self, site_dir: Path | None) -> dict[str, Any]:
        """Index every book, export the library, and copy the export into `site_dir/search`."""
        self.wait()
        self._make_later()
        return self._write(self.assemble(), site_dir)

    def finish_later(self, site_dir: Path) -> None:
        """`finish` in a thread (under `mkdocs serve`), the records of `add_page_later` made there
        too; the next build (its `start`), or `wait`, waits for the thread."""
        self.wait()

        def job() -> None:
            t = time.perf_counter()
            try:
                self._make_later()
                self._write(self.assemble(), site_dir)
            except Exception as err:  # the pages are served already; say why search is stale
                log.error(f"rulebook: the search index was not updated: {err}")
            else:
                log.info(f"rulebook: search index updated in {time.perf_counter() - t:.2f} seconds")

        self._job = threading.Thread(target=job, name="rulebook-search-index")
        self._job.start()

    def wait(self) -> None:
        """Until a `finish_later` thread is done."""
        if self._job is not None:
            self._job.join()
            self._job = None

    def _write(self, books: list[library.Book], site_dir: Path | None) -> dict[str, Any]:
        manifest = write_index(self.cache_dir, books, self.common)
        if site_dir is not None:
            # copied beside, then swapped in: a reader's palette never finds half an index
            with folders.replacing(site_dir / "search") as out:
                shutil.copytree(self.cache_dir / EXPORT, out, dirs_exist_ok=True)
        return manifest


def write_index(cache_dir: Path, books: list[library.Book], common: Glossary) -> dict[str, Any]:
    """The whoosh indexes of the books that changed, then the export (when anything changed)."""
    wdir = cache_dir / "whoosh"
    version = index_version()
    stamps = [b.stamp(version) for b in books]
    stale = [
        (wdir / b.slug, b, st) for b, st in zip(books, stamps, strict=True) if _posted(wdir / b.slug) != st
    ]
    _run_all(stale)
    postings = []
    for b in books:
        kept = json.loads(_postings_file(wdir / b.slug).read_text(encoding="utf-8"))
        postings.append({**kept["postings"], "terms": kept["terms"]})
    edir = cache_dir / EXPORT
    # the books' own glossaries too: the export applies them, and the books' stamps (what their
    # whoosh indexes are made from) do not hold them
    own = [b.glossary.to_json() for b in books]
    key = json.dumps([version, export.version(), stamps, own, common.to_json()], ensure_ascii=False)
    stamp_file = cache_dir / "export.stamp"
    if (
        (edir / export.MANIFEST).exists()
        and stamp_file.exists()
        and stamp_file.read_text(encoding="utf-8") == key
    ):
        return json.loads((edir / export.MANIFEST).read_text(encoding="utf-8"))
    stamp_file.unlink(missing_ok=True)  # an export cut short is never taken for a finished one
    manifest = export.write(edir, list(zip(books, postings, strict=True)), common)
    stamp_file.write_text(key, encoding="utf-8")
    return manifest


def _postings_file(target: Path) -> Path:
    return target.with_name(target.name + ".postings.json")


def _posted(target: Path) -> str | None:
    """The stamp of the postings kept beside a book's index (None when missing or stale)."""
    f = _postings_file(target)
    st = windex.stamp_of(target)
    if st is None or not f.exists():
        return None
    try:
        head = json.loads(f.read_text(encoding="utf-8")).get("stamp")
    except (OSError, ValueError):
        return None
    return st if head == st else None


def index_book(target: Path, book: library.Book, stamp: str) -> None:
    """Write one book's whoosh index and keep what its reader gives back, with the terms that
    initials may shorten (a pass over every word: here it runs in parallel, once per change)."""
    windex.write(target, book, stamp)
    data = json.dumps(
        {"stamp": stamp, "postings": windex.read(target), "terms": export.initial_terms(book)},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    tmp = _postings_file(target).with_suffix(".tmp")
    tmp.write_text(data, encoding="utf-8")
    tmp.replace(_postings_file(target))


def _run_all(jobs: list[tuple[Path, library.Book, str]]) -> None:
    """Index the books: whoosh writes in pure Python, so with several books and cores they are
    written by forked processes (not under `mkdocs serve`, whose threads make forking unsafe; it
    rewrites one book at a time anyway)."""
    cores = os.cpu_count() or 1
    if len(jobs) < 2 or cores < 2 or threading.active_count() > 1 or "fork" not in mp.get_all_start_methods():
        for job in jobs:
            index_book(*job)
        return
    workers = min(len(jobs), cores)
    log.debug(f"rulebook: indexing {len(jobs)} books in {workers} processes")
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("fork")) as pool:
        # the biggest book first, so that the others share the remaining workers
        order = sorted(jobs, key=lambda j: -sum(len(s.blocks) + 1 for s in j[1].sections))
        for f in [pool.submit(index_book, *job) for job in order]:
            f.result()


def open_store(cache_dir: Path) -> Any:
    """The Python runtime's view of the last build's index (for `rulebook search`, tests,
    benchmarks)."""
    from rulebook.search.store import Store

    return Store(cache_dir / EXPORT)
