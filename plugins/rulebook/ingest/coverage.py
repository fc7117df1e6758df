"""Word coverage of the model: every word of the source text (chrome removed) must reach the
document, as often as it occurs. A word that a rule swallowed (a marker cut from a cell, a label
turned into markup) shows up here before anyone reads the site.

This works on the model, not on the HTML; the site-level check compares the built pages.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from rulebook.ingest.model import (
    Admonition,
    Block,
    DefList,
    Document,
    Heading,
    ListBlock,
    Notice,
    Paragraph,
    Table,
    plain,
)
from rulebook.ingest.prepare import ATTACHMENT

_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    return _WORD.findall(text)


@dataclass
class Coverage:
    source_words: int
    missing: list[tuple[str, int]] = field(default_factory=list)  # word, how many times it is missing

    @property
    def ratio(self) -> float:
        lost = sum(n for _, n in self.missing)
        return 1.0 if not self.source_words else (self.source_words - lost) / self.source_words


def source_counter(doc: Document) -> Counter[str]:
    dropped = set(doc.report.dropped)
    out: Counter[str] = Counter()
    for ln in doc.source:
        if ln.blank or ln.text.startswith(ATTACHMENT) or (ln.no, ln.text.strip()) in dropped:
            continue
        out.update(words(ln.text))
    return out


def model_counter(blocks: list[Block]) -> Counter[str]:
    out: Counter[str] = Counter()
    for text in _texts(blocks):
        out.update(words(text))
    return out


def _texts(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Heading):
            out += [b.text, b.original, b.tag]
        elif isinstance(b, Paragraph):
            out.append(plain(b.inlines))
        elif isinstance(b, ListBlock):
            for i, it in enumerate(b.items):
                if b.ordered:  # the number is shown (by the list), so its word is there
                    out.append(str(b.start + i))
                out.append(plain(it.inlines))
                out += _texts(it.children)
        elif isinstance(b, Table):
            out.append(b.caption)
            out += [plain(c.inlines) for row in b.header for c in row]
            out += [plain(c.inlines) for row in b.rows for c in row.cells]
            out += [fn.marker + " " + plain(fn.inlines) for fn in b.footnotes]
        elif isinstance(b, DefList):
            out += [plain(d.term) + " " + d.original + " " + plain(d.definition) for d in b.items]
        elif isinstance(b, Admonition):
            out.append(b.title)
            out += _texts(b.children)
        elif isinstance(b, Notice):
            continue  # not source text: it must not hide a missing word
    return out


def measure(doc: Document) -> Coverage:
    src = source_counter(doc)
    got = Counter[str]()
    for p in doc.pages:
        got.update(model_counter(p.blocks))
    missing = sorted(((w, n - got[w]) for w, n in src.items() if got[w] < n), key=lambda x: (-x[1], x[0]))
    return Coverage(sum(src.values()), missing)
