"""One parse per rendered page: block ids, the HTML decorations, and what later build steps need
(search records, the ids pins may point at). Cached by the page's HTML, so `mkdocs serve`
rebuilds skip pages whose content did not change."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bs4 import BeautifulSoup, Tag
from mkdocs.structure.pages import Page

from rulebook.html import blockids

Pairs = list[tuple[Tag, str]]


@dataclass(frozen=True)
class Processed:
    html: str
    ids: list[tuple[str, str]]  # (tag name, id) of every heading and block, in page order
    records: Any  # what `extract` returned (the page's search records), or None


def page_key(page: Page) -> str:
    """The page's file name without .md: the section name of blocks above its first heading."""
    return page.file.src_uri.rsplit("/", 1)[-1].removesuffix(".md")


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
        page: Page,
        decorate: Callable[[BeautifulSoup], None],
        extract: Callable[[Pairs, Page], Any] | None = None,
    ) -> Processed:
        book = str(page.meta.get("book") or "")
        key = hashlib.sha1(
            f"{page.file.src_uri}\0{page.url}\0{page.title}\0{book}\0{html}".encode()
        ).hexdigest()
        hit = self._cache.get(key)
        if hit is None:
            soup = BeautifulSoup(html, "html.parser")
            pairs = blockids.assign(soup, page_key(page))
            decorate(soup)
            ids = [(el.name, str(el["id"])) for el, _ in pairs if el.get("id")]
            records = extract(pairs, page) if extract is not None else None
            hit = Processed(str(soup), ids, records)
            self._cache[key] = hit
        self._used.add(key)
        return hit

    def finish(self) -> None:
        self._cache = {k: v for k, v in self._cache.items() if k in self._used}
