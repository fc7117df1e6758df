"""Links between a markup source's pages -> links between the site's pages, once the pages and
their anchors exist: the converter leaves each link's target pending (a file and an id of the
source), which only the paginated book can resolve."""

from __future__ import annotations

from rulebook.ingest import pagefiles, tidyspans
from rulebook.ingest.converter import PENDING
from rulebook.ingest.markup import MarkupBook
from rulebook.ingest.model import (
    Block,
    DefList,
    Footnote,
    Heading,
    Inline,
    Link,
    ListBlock,
    Page,
    Paragraph,
    Report,
    Sup,
    Table,
    Text,
    walk,
)


def _anchor_of(block: Block, page: Page) -> str | None:
    """The id a link to this block leads to: its own (a heading, a table); for a block without
    one, the heading of its section ("" before the page's first heading: the page's top). None
    when the block should have an id and has none: the link cannot reach it, and is reported
    rather than sent to the top of the page."""
    if isinstance(block, Heading | Table | Footnote):
        return block.anchor or None
    section = ""
    for b in walk(page.blocks):
        if b is block:
            return section
        if isinstance(b, Heading) and b.anchor:
            section = b.anchor
    return ""


def resolve(mb: MarkupBook, pages: list[Page], report: Report) -> None:
    """Links between the source's pages -> links between the site's pages; a link to a page or
    id the source does not have stays text and is reported: a page the source does not hold (the
    rest of the site a page was saved from) as pointing outside it, an id missing from a page it
    holds as unresolved."""
    page_of: dict[int, Page] = {}
    for p in pages:
        for b in walk(p.blocks):
            page_of[id(b)] = p
    names = set(mb.names)
    addresses = pagefiles.Addresses(sorted(names))

    def page_name(href: str) -> str:
        return addresses.page(href[len(PENDING) :].partition("#")[0])

    def target(href: str, here: Page) -> str | None:
        file, ident = page_name(href), href.partition("#")[2]
        if file not in names:
            return None
        block = mb.targets.get((file, ident)) or (mb.targets.get((file, "")) if not ident else None)
        block = block or mb.github.get((file, ident))  # the page's own ids first
        if block is None:
            return None
        page = page_of.get(id(block))
        if page is None:
            return None
        anchor = _anchor_of(block, page)
        if anchor is None:
            return None
        frag = f"#{anchor}" if anchor else ""
        if isinstance(block, Heading) and block.level == 1 and page.blocks and page.blocks[0] is block:
            frag = ""
        if page is here:
            return frag or f"#{getattr(page.blocks[0], 'anchor', '')}"
        return page.file + frag

    def fix(spans: list[Inline], here: Page, line: int) -> list[Inline]:
        out: list[Inline] = []
        for s in spans:
            if isinstance(s, Link) and s.target.startswith(PENDING):
                dest = target(s.target, here)
                if dest is None:
                    outside = page_name(s.target) not in names
                    (report.external if outside else report.unresolved).append((line, s.text.strip()))
                    out.append(Text(s.text))
                    continue
                out.append(Link(s.text, dest))
                report.resolved += 1
            elif isinstance(s, Sup) and s.target.startswith(PENDING):
                dest = target(s.target, here) or ""
                # a note on this page by its anchor, on another (an e-book's notes page) by both
                out.append(Sup(s.text, dest[1:] if dest.startswith("#") else dest))
            else:
                out.append(s)
        return tidyspans.trim(tidyspans.merge(out)) if any(isinstance(s, Text) for s in out) else out

    for p in pages:
        for b in walk(p.blocks):
            if isinstance(b, Paragraph):
                b.inlines = fix(b.inlines, p, b.line)
            elif isinstance(b, ListBlock):
                for it in b.items:
                    it.inlines = fix(it.inlines, p, it.line)
            elif isinstance(b, DefList):
                for d in b.items:
                    d.term = fix(d.term, p, d.line)
                    d.definition = fix(d.definition, p, d.line)
            elif isinstance(b, Table):
                for row in [*b.header]:
                    for c in row:
                        c.inlines = fix(c.inlines, p, b.line)
                for r in b.rows:
                    for c in r.cells:
                        c.inlines = fix(c.inlines, p, r.line)
