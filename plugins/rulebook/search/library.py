"""The books as the search build assembles them from the pages' records.

Sections are kept in reading order (a pre-order walk of the heading tree), each with its heading
record (k = 0, when the section has a heading) and its own blocks (k = 1, 2, ...). Numbering the
sections of the whole library in reading order lets a posting name its record by (section, k)
alone, and makes a book a contiguous range of sections, so that the browser needs no table of
records to rank, filter by book or group by section.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from rulebook.search import analysis
from rulebook.search.extract import PageRecords
from rulebook.search.glossary import Glossary


@dataclass
class Block:
    kind: str  # p, li, dt, row, note, quote, code, block
    anchor: str  # the block's id (a table row: its table's id)
    text: str
    lead: str = ""  # a bold run-in at the start of the block («Атака по возможности.»)
    context: str = ""  # a table row's first column's heading: searched with the row, not shown


@dataclass
class Section:
    page: int  # index into Book.pages
    parent: int  # index into Book.sections, -1 for none
    level: int  # 1-6; 0 for the untitled top of a page
    anchor: str
    title: str  # the page title for an untitled top
    original: str = ""  # the English original of a bilingual heading
    tag: str = ""
    titled: bool = True  # has a heading record (k = 0)
    blocks: list[Block] = field(default_factory=list)

    @property
    def head_text(self) -> str:
        return " ".join(p for p in (self.title, self.original, self.tag) if p)

    @property
    def subject(self) -> str:
        """The heading without its numbering («Шаг 1. Нация» -> «Нация»; «Глава 3. Бой» -> «Бой»):
        what the section is about. The heading and heading-path fields hold this, so that «шаг»
        finds «Шаг на 5 футов», not every numbered step of a procedure; the heading record's
        text keeps every word of the heading."""
        return analysis.unnumbered(self.title).strip() or self.title

    @property
    def subject_text(self) -> str:
        """`head_text` with the heading's subject for its title."""
        return " ".join(p for p in (self.subject, self.original, self.tag) if p)


@dataclass
class Book:
    slug: str
    title: str
    pages: list[tuple[str, str]]  # (url, title)
    sections: list[Section]
    glossary: Glossary = field(default_factory=Glossary)

    def path_text(self, s: int) -> str:
        """The headings of the section's ancestors, without their numbering (the BM25F
        heading-path field)."""
        parts = []
        p = self.sections[s].parent
        while p >= 0:
            parts.append(self.sections[p].subject_text)
            p = self.sections[p].parent
        return " ".join(reversed(parts))

    def breadcrumb(self, s: int) -> list[str]:
        out = []
        p = self.sections[s].parent
        while p >= 0:
            out.append(self.sections[p].title)
            p = self.sections[p].parent
        return [self.title, *reversed(out)]

    def stamp(self, version: str) -> str:
        """A digest of everything the book's index is made from."""
        h = hashlib.sha1()
        h.update(version.encode())
        h.update(json.dumps(analysis.SPEC, sort_keys=True).encode())
        h.update(json.dumps([self.slug, self.title, self.pages], ensure_ascii=False).encode())
        for s in self.sections:
            h.update(
                "\x1f".join(
                    map(str, (s.page, s.parent, s.level, s.anchor, s.title, s.original, s.tag, s.titled))
                ).encode()
            )
            for b in s.blocks:
                h.update(f"\x1e{b.kind}\x1f{b.anchor}\x1f{b.text}\x1f{b.lead}\x1f{b.context}".encode())
            h.update(b"\x1d")
        return h.hexdigest()


def assemble(slug: str, title: str, pages: list[PageRecords], glossary: Glossary | None = None) -> Book:
    """One book from its pages' records, pages in reading order."""
    book = Book(slug, title, [], [], glossary or Glossary())
    for pr in pages:
        pidx = len(book.pages)
        book.pages.append((pr.url, pr.title))
        off = len(book.sections)
        for s in pr.sections:
            book.sections.append(
                Section(
                    pidx,
                    s.parent + off if s.parent >= 0 else -1,
                    s.level,
                    s.anchor,
                    s.title,
                    s.original,
                    s.tag,
                    titled=s.level > 0,
                )
            )
        for r in pr.records:
            sec = book.sections[r.section + off]
            if r.kind == "h":
                sec.titled = True
            else:
                sec.blocks.append(Block(r.kind, r.anchor, r.text, r.lead, r.context))
    return book


def from_outline(
    slug: str, title: str, outline: list[tuple[str, int, list[str]]], glossary: Glossary | None = None
) -> Book:
    """A one-page book from (heading, level, [block texts]), parents following the levels: the
    small books of the engine's tests."""
    book = Book(slug, title, [(f"{slug}/page/", title)], [], glossary or Glossary())
    stack: list[int] = []
    for heading, level, blocks in outline:
        while stack and book.sections[stack[-1]].level >= level:
            stack.pop()
        anchor = f"s{len(book.sections)}"
        sec = Section(0, stack[-1] if stack else -1, level, anchor, heading)
        sec.blocks = [Block("p", f"{anchor}--{n}", t) for n, t in enumerate(blocks, 1)]
        book.sections.append(sec)
        stack.append(len(book.sections) - 1)
    return book
