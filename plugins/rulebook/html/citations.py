"""Find, in a built site, the block a rule citation points at, and the block that now holds its
quote.

Block ids number the blocks under their heading (`<heading-id>--<n>`), so turning a run of
paragraphs into one table renumbers the blocks after it; the quote is what stays. A quote is
looked for first under the citation's own heading (first block that contains it), then in the
whole page, where it must be unique.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup, Tag

from rulebook.html.blockids import SEP

_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text.replace("\u00a0", " ")).strip()


@dataclass(frozen=True)
class Block:
    id: str
    section: str
    text: str


def split_url(url: str) -> tuple[str, str]:
    """`fatum/03-boi/#shag-7--2` -> (`fatum/03-boi/`, `shag-7--2`)."""
    page, _, frag = url.partition("#")
    if not frag:
        raise ValueError(f"citation URL without a block id: {url}")
    return page, frag


def page_file(site: Path, page: str) -> Path:
    return site / page / "index.html" if page.endswith("/") or not page else site / page


class Site:
    """The blocks of a built site, page by page (parsed once)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._pages: dict[str, list[Block]] = {}

    def blocks(self, page: str) -> list[Block]:
        if page not in self._pages:
            path = page_file(self.root, page)
            if not path.exists():
                raise FileNotFoundError(f"{path} (page {page!r}) is not in the built site")
            soup = BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")
            found: list[Block] = []
            for el in soup.find_all(attrs={"data-rb-block": True}):
                assert isinstance(el, Tag)
                bid = str(el.get("id", ""))
                if SEP not in bid:
                    continue
                found.append(Block(bid, bid.rsplit(SEP, 1)[0], normalise(el.get_text(" "))))
            self._pages[page] = found
        return self._pages[page]

    def block(self, url: str) -> Block | None:
        page, bid = split_url(url)
        return next((b for b in self.blocks(page) if b.id == bid), None)

    def locate(self, url: str, quote: str) -> str:
        """The URL of the block that holds `quote` (same page; the cited section first)."""
        page, bid = split_url(url)
        section = bid.rsplit(SEP, 1)[0] if SEP in bid else bid
        q = normalise(quote)
        blocks = self.blocks(page)
        for b in blocks:
            if b.section == section and q in b.text:
                return f"{page}#{b.id}"
        hits = [b for b in blocks if q in b.text]
        if len(hits) == 1:
            return f"{page}#{hits[0].id}"
        if not hits:
            raise LookupError(f"no block of {page} contains «{quote}»")
        ids = ", ".join(b.id for b in hits[:5])
        raise LookupError(f"«{quote}» is not under {section} and is ambiguous in {page}: {ids}")


def stale(site: Site, citations: list[tuple[str, str, str]]) -> list[str]:
    """(key, url, quote) triples whose block is missing or lacks the quote; one message each."""
    problems = []
    for key, url, quote in citations:
        block = site.block(url)
        if block is None:
            problems.append(f"{key}: {url} is not a block of the built site")
        elif normalise(quote) not in block.text:
            problems.append(f"{key}: {url} does not contain «{quote}» (it says «{block.text[:80]}…»)")
    return problems
