"""Build-time search work, called from the plugin's hooks.

- `records` / `add_page`: a page's search records, made from the one parse of the page that
  html.pipeline does (and caches) for block ids, decorations and pin targets.
- `finish`: per book, the whoosh index and the browser export, both made from the same assembled
  book and rewritten only when its records changed (else copied from the cache), then the manifest.

The whoosh indexes live outside the published site, in the plugin's cache folder (default
`.cache/search/` next to mkdocs.yml): the browser never reads them, they would add megabytes to
every deployment, and `mkdocs serve` builds into a temporary folder that disappears, while
`rulebook search` must find them from the project root.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing as mp
import os
import shutil
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bs4 import Tag
from mkdocs.structure.pages import Page
from rulebook.books import BookInfo
from rulebook.search import analysis, export, windex
from rulebook.search.extract import PageRecords, page_records
from rulebook.search.glossary import Glossary, load
from rulebook.search.model import BookIndex, RecordData, SectionData

log = logging.getLogger("mkdocs.plugins.rulebook.search")
INDEX_VERSION = "3"
BOOKS_FILE = "books.json"


def _page_key(page: Page) -> str:
    return page.file.src_uri.rsplit("/", 1)[-1].removesuffix(".md")


class SearchBuild:
    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = cache_dir
        self.registry: list[BookInfo] = []
        self.glossaries: dict[str, Glossary] = {}
        self.nav_order: list[str] = []
        self.pages: dict[str, PageRecords] = {}  # src_uri -> records of this build

    # ---- per build ---------------------------------------------------------------------------
    def start(self, registry: list[BookInfo], books_toml: Path) -> None:
        self.registry = registry
        self.pages = {}
        self.glossaries = {b.slug: load(b.glossary) for b in registry if b.glossary}  # validated paths

    def set_nav(self, src_uris: list[str]) -> None:
        self.nav_order = src_uris

    def records(self, pairs: list[tuple[Tag, str]], page: Page) -> PageRecords:
        """The search records of one page, from the (block, section) pairs of its one parse."""
        book = str(page.meta.get("book") or "")
        return page_records(
            pairs, url=page.url, title=str(page.title or ""), book=book, page_key=_page_key(page)
        )

    def add_page(self, page: Page, records: PageRecords) -> None:
        search = page.meta.get("search")
        if isinstance(search, dict) and search.get("exclude"):  # Material's front-matter opt-out
            return
        if records.book:
            self.pages[page.file.src_uri] = records

    # ---- after the build ---------------------------------------------------------------------
    def assemble(self) -> list[BookIndex]:
        order = {u: i for i, u in enumerate(self.nav_order)}
        titles = {b.slug: b.title for b in self.registry}
        book_order = {b.slug: i for i, b in enumerate(self.registry)}
        by_book: dict[str, list[PageRecords]] = {}
        for uri in sorted(self.pages, key=lambda u: (order.get(u, len(order)), u)):
            pr = self.pages[uri]
            by_book.setdefault(pr.book, []).append(pr)
        books = []
        for slug in sorted(by_book, key=lambda s: (book_order.get(s, len(book_order)), s)):
            gl = self.glossaries.get(slug, Glossary())
            b = BookIndex(slug, titles.get(slug, slug), [], [], [], list(gl.rules))
            for pr in by_book[slug]:
                pidx = len(b.pages)
                b.pages.append((pr.url, pr.title))
                off = len(b.sections)
                for s in pr.sections:
                    b.sections.append(
                        SectionData(
                            pidx,
                            s.parent + off if s.parent >= 0 else -1,
                            s.level,
                            s.anchor,
                            s.title,
                            s.original,
                            s.tag,
                        )
                    )
                for r in pr.records:
                    b.records.append(RecordData(r.section + off, r.kind, r.anchor, r.text))
            books.append(b)
        return books

    def finish(self, site_dir: Path) -> list[dict[str, object]]:
        books = self.assemble()
        wdir = self.cache_dir / "whoosh"
        xdir = self.cache_dir / "export"
        xdir.mkdir(parents=True, exist_ok=True)
        out_dir = site_dir / "search"
        if out_dir.exists():
            shutil.rmtree(out_dir)
        out_dir.mkdir(parents=True)
        stamps = [_stamp(b) for b in books]
        # whoosh indexes to rewrite: their books' words are analysed here first (a forked writer
        # inherits the analysis caches), then written beside the export work below
        stale = [
            (wdir / b.slug, b, st)
            for b, st in zip(books, stamps, strict=True)
            if windex.stamp_of(wdir / b.slug) != st
        ]
        for _, b, _ in stale:
            b.vocab_order()
        writing = _write_indexes(stale)
        entries = []
        stats = []
        for b, stamp in zip(books, stamps, strict=True):
            cached = xdir / f"{b.slug}.json"
            meta = xdir / f"{b.slug}.meta.json"
            known = json.loads(meta.read_text(encoding="utf-8")) if meta.exists() else {}
            if cached.exists() and known.get("stamp") == stamp and "stats" in known:
                entry, st = known["entry"], known["stats"]
                _place(cached, out_dir / entry["file"])
            else:
                # the browser's file holds what the whoosh index holds, from the same book
                b.set_vocab([(w, analysis.stem(w)) for w in b.vocab_order()])
                entry = export.write_book(out_dir, b)
                st = export.book_stats(b)
                shutil.copyfile(out_dir / entry["file"], cached)
                meta.write_text(json.dumps({"stamp": stamp, "entry": entry, "stats": st}), encoding="utf-8")
            entry["records"] = len(b.records)
            entries.append(entry)
            stats.append(st)
        writing()
        export.write_manifest(out_dir, entries, stats)
        wdir.mkdir(parents=True, exist_ok=True)
        (wdir / BOOKS_FILE).write_text(json.dumps([b.slug for b in books]), encoding="utf-8")
        return entries


def _write_indexes(jobs: list[tuple[Path, BookIndex, str]]) -> Callable[[], None]:
    """Start writing whoosh indexes (target, book, stamp); the returned function waits for them.
    Whoosh writes in pure Python, a second or so for all the books: with more than one index to
    write and more than one core, they are written by forked processes while this one goes on
    (not under `mkdocs serve`, whose threads make forking unsafe; it rewrites one book at a time
    anyway)."""
    cores = os.cpu_count() or 1
    if len(jobs) < 2 or cores < 2 or threading.active_count() > 1 or "fork" not in mp.get_all_start_methods():

        def in_turn() -> None:
            for job in jobs:
                windex.write(*job)

        return in_turn
    workers = min(len(jobs), cores)
    log.debug(f"rulebook: writing {len(jobs)} search indexes in {workers} processes")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("fork"))
    # the biggest book first, so that the others share the remaining workers
    futures = [pool.submit(windex.write, *job) for job in sorted(jobs, key=lambda j: -len(j[1].records))]

    def wait() -> None:
        try:
            for f in futures:
                f.result()
        finally:
            pool.shutdown()

    return wait


def _stamp(b: BookIndex) -> str:
    h = hashlib.sha1()
    h.update(INDEX_VERSION.encode())
    h.update(json.dumps(analysis.SPEC, sort_keys=True).encode())
    h.update(json.dumps([b.slug, b.title, b.pages, b.glossary], ensure_ascii=False).encode())
    for s in b.sections:
        h.update(
            f"{s.page}\x1f{s.parent}\x1f{s.level}\x1f{s.anchor}\x1f{s.title}\x1f{s.original}\x1f{s.tag}\x1e".encode()
        )
    for r in b.records:
        h.update(f"{r.section}\x1f{r.kind}\x1f{r.anchor}\x1f{r.text}\x1e".encode())
    return h.hexdigest()


def _place(src: Path, target: Path) -> None:
    """A cached file into the site: a hard link where possible (the site is rebuilt often)."""
    try:
        os.link(src, target)
    except OSError:
        shutil.copyfile(src, target)


def load_books(cache_dir: Path, slugs: list[str] | None = None) -> list[BookIndex]:
    """The books of the last build, for `rulebook search`, the tests and the benchmark."""
    wdir = cache_dir / "whoosh"
    listed = wdir / BOOKS_FILE
    if not listed.exists():
        raise FileNotFoundError(f"no search index in {wdir}: build the site first (mkdocs build)")
    names = json.loads(listed.read_text(encoding="utf-8"))
    if slugs:
        unknown = [s for s in slugs if s not in names]
        if unknown:
            raise KeyError(f"unknown book(s): {', '.join(unknown)}; indexed: {', '.join(names)}")
        names = [n for n in names if n in slugs]
    return [windex.read(wdir / n) for n in names]
