"""Word coverage: every word occurrence of a source (minus its chrome) must reach the output.

Words are runs of letters and digits; punctuation and markup do not count. The ingest report
checks the document model; the site test checks the rendered HTML with the same counting.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import (
    Admonition,
    DefList,
    Document,
    Heading,
    ListBlock,
    Notice,
    Paragraph,
    Table,
    plain,
    walk,
)
from rulebook.ingest.prepare import ATTACHMENT, strip_chrome
from rulebook.ingest.reader import read_source

WORD = re.compile(r"[^\W_]+")


def words(text: str) -> Counter[str]:
    return Counter(WORD.findall(text))


def source_words(book: BookConfig) -> Counter[str]:
    """Words of the source text minus the chrome the book config declares."""
    prepared = strip_chrome(book, read_source(book.source, book.encoding, book.slug))
    out: Counter[str] = Counter()
    for ln in prepared.lines:
        if not ln.text.startswith(ATTACHMENT):
            out.update(words(ln.text))
    return out


def model_words(doc: Document) -> Counter[str]:
    out: Counter[str] = Counter()
    for page in doc.pages:
        for b in walk(page.blocks):
            if isinstance(b, Heading):
                out.update(words(f"{b.text} {b.original} {b.tag}"))
            elif isinstance(b, Paragraph):
                out.update(words(plain(b.inlines)))
            elif isinstance(b, ListBlock):
                for i, it in enumerate(b.items):
                    # an ordered list shows its numbers (start, start+1, ...), as the browser does
                    out.update(words((f"{b.start + i} " if b.ordered else "") + plain(it.inlines)))
            elif isinstance(b, Table):
                out.update(words(b.caption))
                for hr in b.header:
                    for c in hr:
                        out.update(words(plain(c.inlines)))
                for r in b.rows:
                    for c in r.cells:
                        out.update(words(plain(c.inlines)))
                for fn in b.footnotes:
                    out.update(words(fn.marker + " " + plain(fn.inlines)))
            elif isinstance(b, DefList):
                for d in b.items:
                    out.update(words(f"{plain(d.term)} {d.original} {plain(d.definition)}"))
            elif isinstance(b, Admonition):
                out.update(words(b.title))
            elif isinstance(b, Notice):
                out.update(words(f"{b.title} {b.text}"))
    return out


@dataclass
class Coverage:
    total: int
    missing: Counter[str]

    @property
    def found(self) -> int:
        return self.total - sum(self.missing.values())

    @property
    def ratio(self) -> float:
        return self.found / self.total if self.total else 1.0

    def __str__(self) -> str:
        return f"{self.found}/{self.total} source words ({self.ratio:.2%})"


def compare(source: Counter[str], output: Counter[str]) -> Coverage:
    return Coverage(sum(source.values()), source - output)


def html_words(article: object) -> Counter[str]:
    """Words a reader sees in a rendered page body (a BeautifulSoup tag): its text plus the
    numbers the browser draws for ordered lists. Permalink pilcrows are not words anyway."""
    from bs4 import Tag

    assert isinstance(article, Tag)
    out = words(article.get_text(" "))
    for ol in article.find_all("ol"):
        start = int(ol.get("start") or 1)
        for i, _ in enumerate(ol.find_all("li", recursive=False)):
            out[str(start + i)] += 1
    return out
