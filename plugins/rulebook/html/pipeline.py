"""One parse per rendered page: block ids, the HTML decorations, and what later build steps need
(the ids pins may point at, the page's search records). Cached by the page's HTML, so
`mkdocs serve` rebuilds skip pages whose content did not change."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
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


class PageProcessor:
    def __init__(self) -> None:
        self._cache: dict[str, Processed] = {}
        self._used: set[str] = set()

    def start(self) -> None:
        """A new build: entries not used by it are forgotten at `finish`."""
        self._used = set()

    def run(
        self,
        html: str,
        page: PageInfo,
        decorate: Callable[[Element], None],
        extract: Callable[[str, PageInfo], Any] | None = None,
        inspect: Callable[[Element], list[Any]] | None = None,
    ) -> Processed:
        key = hashlib.sha1(f"{page}\0{html}".encode()).hexdigest()
        hit = self._cache.get(key)
        if hit is None:
            root = tree.parse(html)
            problems = inspect(root) if inspect is not None else []
            pairs = blockids.assign(root, page.key)
            decorate(root)
            ids = [(str(el.tag), el.get("id", "")) for el, _ in pairs if el.get("id")]
            out = tree.serialize(root)
            records = extract(out, page) if extract is not None and not problems else None
            hit = Processed(out, ids, records, problems)
            self._cache[key] = hit
        self._used.add(key)
        return hit

    def finish(self) -> None:
        self._cache = {k: v for k, v in self._cache.items() if k in self._used}
