"""Word coverage: every word occurrence of a source (minus its chrome) must reach the output.

Words are runs of letters and digits; punctuation and markup do not count. Notices the
ingester adds (a table missing in the source) are not source text, so they can never hide a
lost word. The ingest report checks the document model; the site test checks the rendered
HTML with the same counting.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import (
    Admonition,
    Block,
    DefList,
    Document,
    Heading,
    Inline,
    ListBlock,
    Paragraph,
    Sub,
    Sup,
    Table,
    plain,
)
from rulebook.ingest.prepare import ATTACHMENT, strip_chrome
from rulebook.ingest.reader import SourceLine, read_source

WORD = re.compile(r"[^\W_]+")


def words(text: str) -> Counter[str]:
    return Counter(WORD.findall(text))


def _line_words(lines: list[SourceLine], dropped: set[tuple[int, str]] | None = None) -> Counter[str]:
    out: Counter[str] = Counter()
    for ln in lines:
        if ln.text.startswith(ATTACHMENT) or (dropped and (ln.no, ln.text.strip()) in dropped):
            continue
        out.update(words(ln.text))
    return out


def source_words(book: BookConfig) -> Counter[str]:
    """Words of the source minus the chrome the book config declares (read afresh)."""
    if book.kind != "text":
        from rulebook.ingest import markup

        return markup.parse(book).words
    return _line_words(strip_chrome(book, read_source(book.source, book.encoding, book.slug)).lines)


def source_counter(doc: Document) -> Counter[str]:
    """Words of a parsed book's source minus its chrome, including label lines the parser
    reported as dropped (a box trigger such as «Tldr» is a label, not text)."""
    if doc.source_words is not None:
        return Counter(doc.source_words)
    return _line_words(doc.source, set(doc.report.dropped))


def _words_of(inlines: list[Inline]) -> str:
    """The text of inline spans as words are counted: a superscript (an exponent, a footnote
    marker) or a subscript is a word of its own, as in the source and on the page, where it is its own element
    («Толщина<sup>2</sup>» is «Толщина» and «2», not «Толщина2»)."""
    return "".join(f" {i.text} " if isinstance(i, Sup | Sub) else plain([i]) for i in inlines)


def _texts(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Heading):
            out += [b.text, b.original, b.tag]
        elif isinstance(b, Paragraph):
            out.append(_words_of(b.inlines))
        elif isinstance(b, ListBlock):
            for i, it in enumerate(b.items):
                if b.ordered:  # the browser draws the number, so the reader sees that word
                    out.append(str(b.start + i))
                out.append(_words_of(it.inlines))
                out += _texts(it.children)
        elif isinstance(b, Table):
            out.append(b.caption)
            out += [_words_of(c.inlines) for row in b.header for c in row]
            out += [_words_of(c.inlines) for row in b.rows for c in row.cells]
            out += [fn.marker + " " + _words_of(fn.inlines) for fn in b.footnotes]
        elif isinstance(b, DefList):
            out += [f"{_words_of(d.term)} {d.original} {_words_of(d.definition)}" for d in b.items]
        elif isinstance(b, Admonition):
            out.append(b.title)
            out += _texts(b.children)
    return out


def model_words(doc: Document) -> Counter[str]:
    out: Counter[str] = Counter()
    for page in doc.pages:
        for text in _texts(page.blocks):
            out.update(words(text))
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


def measure(doc: Document) -> Coverage:
    """Coverage of a parsed book's model (the source lines travel with the document)."""
    return compare(source_counter(doc), model_words(doc))


def html_words(article: object) -> Counter[str]:
    """Words a reader sees in a rendered page body (a BeautifulSoup tag): its text plus the
    numbers the browser draws for ordered lists."""
    from bs4 import Tag

    assert isinstance(article, Tag)
    out = words(article.get_text(" "))
    for ol in article.find_all("ol"):
        start = int(ol.get("start") or 1)
        for i, _ in enumerate(ol.find_all("li", recursive=False)):
            out[str(start + i)] += 1
    return out
