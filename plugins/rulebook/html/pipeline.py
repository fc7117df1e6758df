"""One parse per rendered page: block ids, the HTML decorations, and what later build steps need
(the ids pins may point at, the page's search records). Cached by the page's HTML, in memory (so
`mkdocs serve` rebuilds skip pages whose content did not change) and on disk (so does the next
`mkdocs build`): the work is a pure function of the page's HTML, its place and this package's
code, and those make the key. The disk entries are pickles, because they are this program's own
objects in its own build cache (like Python's bytecode cache), never input from elsewhere."""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rulebook.html import blockids, tree
from rulebook.html.tree import Element


@dataclass(frozen=True)
class PageInfo:
    src_uri: str  # docs-relative Markdown path: fatum/03-boi.md
    url: str  # site-relative URL: fatum/03-boi/
    title: str
    book: str  # the book's slug, "" for a page outside the books

    @property
    def key(self) -> str:
        return page_key(self.src_uri)


@dataclass(frozen=True)
class Processed:
    html: str
    ids: list[tuple[str, str]]  # (tag name, id) of every heading and block, in page order
    records: Any  # what `extract` returned for the finished HTML (the search records), or None
    problems: list[Any]  # what `inspect` found wrong with the page (bad blocks)


def page_key(src_uri: str) -> str:
    """The page's file name without .md: the section name of blocks above its first heading."""
    return src_uri.rsplit("/", 1)[-1].removesuffix(".md")


@cache
def code_version() -> str:
    """A hash of every Python file of the rulebook package: what a cached page was made by."""
    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha1()
    for f in sorted(package.rglob("*.py")):
        h.update(f.relative_to(package).as_posix().encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


class PageProcessor:
    def __init__(self) -> None:
        self._cache: dict[str, Processed] = {}
        self._used: set[str] = set()
        self._disk: Path | None = None
        self._new: dict[str, Processed] = {}

    def start(self, cache_dir: Path | None = None) -> None:
        """A new build: entries not used by it are forgotten at `finish`; `cache_dir` keeps the
        finished pages between builds (None: in memory only)."""
        self._used = set()
        self._disk = cache_dir
        self._new: dict[str, Processed] = {}  # made by this build, written at `finish`

    def run(
        self,
        html: str,
        page: PageInfo,
        decorate: Callable[[Element], None],
        extract: Callable[[str, PageInfo], Any] | None = None,
        inspect: Callable[[Element], list[Any]] | None = None,
    ) -> Processed:
        steps = f"{extract is not None}{inspect is not None}{code_version()}"
        key = hashlib.sha1(f"{page}\0{steps}\0{html}".encode()).hexdigest()
        hit = self._cache.get(key) or self._load(key)
        if hit is None:
            root = tree.parse(html)
            problems = inspect(root) if inspect is not None else []
            pairs = blockids.assign(root, page.key)
            decorate(root)
            ids = [(str(el.tag), el.get("id", "")) for el, _ in pairs if el.get("id")]
            out = tree.serialize(root)
            records = extract(out, page) if extract is not None and not problems else None
            hit = Processed(out, ids, records, problems)
            if not problems:
                self._new[key] = hit
        self._cache[key] = hit
        self._used.add(key)
        return hit

    def finish(self) -> None:
        """After a whole build (a failed one writes nothing): what it made is kept on disk, what it
        did not use is dropped, in memory and on disk."""
        self._cache = {k: v for k, v in self._cache.items() if k in self._used}
        for key, hit in self._new.items():
            self._store(key, hit)
        self._new = {}
        if self._disk is not None and self._disk.is_dir():
            for f in self._disk.glob("*.pickle"):
                if f.stem not in self._used:
                    f.unlink(missing_ok=True)

    def _load(self, key: str) -> Processed | None:
        if self._disk is None:
            return None
        try:
            hit = pickle.loads((self._disk / f"{key}.pickle").read_bytes())
        except FileNotFoundError:
            return None
        except Exception:  # a damaged or foreign entry is a miss; it is rewritten
            return None
        return hit if isinstance(hit, Processed) else None

    def _store(self, key: str, hit: Processed) -> None:
        if self._disk is None:
            return
        self._disk.mkdir(parents=True, exist_ok=True)
        tmp = self._disk / f"{key}.{os.getpid()}.tmp"
        tmp.write_bytes(pickle.dumps(hit, protocol=pickle.HIGHEST_PROTOCOL))
        tmp.replace(self._disk / f"{key}.pickle")
