"""`rulebook ingest --outline BOOK`: the book as the importer understood it, to compare with the
book's own table of contents: the heading tree with levels, ids and block counts, each table's
shape and caption, lists, boxes, and the references left unresolved. Also the warnings about
structure that may be wrong (empty sections)."""

from __future__ import annotations

from collections import Counter

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
    Widget,
    at,
)

_KINDS = {Paragraph: "paragraph", ListBlock: "list", Table: "table", DefList: "definition list"}
_KINDS |= {Admonition: "box", Notice: "notice", Widget: "widget"}


def empty_sections(doc: Document, markup: bool = False) -> list[tuple[int, str]]:
    """Headings with nothing under them before the next heading of the same or a higher level:
    an umbrella whose children sit beside it, or a heading the text lost. The way out named is
    one the source's kind takes (`markup`: HTML or Markdown, whose entry has no headings.nest
    and no chrome.start)."""
    out: list[tuple[int, str]] = []
    drop = "chrome.drop" if markup else "chrome.start"
    for n, page in enumerate(doc.pages):
        blocks = page.blocks
        if not markup and n == 0 and len(doc.pages) > 1 and [type(b) for b in blocks] == [Heading]:
            # a title line alone on a page before the first chapter («Часть 1» at level 1)
            (b,) = blocks
            out.append(
                (
                    b.line,
                    f"«{b.text}» (H{b.level}) comes before the first chapter with nothing under it: if "
                    f"it is the book's title, drop it with {drop} (the entry's title names the book)",
                )
            )
            continue
        for i, b in enumerate(blocks):
            if not isinstance(b, Heading):
                continue
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if nxt is not None and not (isinstance(nxt, Heading) and nxt.level <= b.level):
                continue
            if b.level > 1 and not any(isinstance(h, Heading) and h.level == 1 for h in blocks):
                # alone before the first chapter: a title line or a site's header
                way = (
                    f"if it is the book's title, drop it with {drop} (the entry's title names "
                    f'the book) or make it the H1 with headings.outline ("{b.text}" = 1)'
                )
                out.append((b.line, f"«{b.text}» (H{b.level}) comes before the first chapter: {way}"))
                continue
            if markup:
                way = "give them a lower level in headings.outline; if it says nothing, drop it with "
                way += "chrome.drop"
            else:
                way = f'say how many in headings.nest ("{b.text}" = N)'
            out.append(
                (
                    b.line,
                    f"the section «{b.text}» (H{b.level}) is empty: "
                    f"if the headings after it belong under it, {way}",
                )
            )
    return out


def _count(blocks: list[Block]) -> str:
    c: Counter[str] = Counter(_KINDS.get(type(b), type(b).__name__) for b in blocks)
    return ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in sorted(c.items())) or "empty"


def lines(doc: Document) -> list[str]:
    out: list[str] = []
    for page in doc.pages:
        out.append(f"{page.file}")
        sections: list[tuple[Heading, list[Block]]] = []
        for b in page.blocks:
            if isinstance(b, Heading):
                sections.append((b, []))
            elif sections:
                sections[-1][1].append(b)
        for head, body in sections:
            pad = "  " * head.level
            where = f"L{head.line}" if head.line else "title"
            out.append(f"{pad}H{head.level} {head.text}  #{head.anchor}  ({where}; {_count(body)})")
            for b in body:
                out.extend(_detail(b, pad + "    "))
    for line, text in doc.report.unresolved:
        out.append(f"unresolved reference at {at(line)}: «{text}»")
    for line, text in doc.report.external:
        out.append(f"reference whose target is not in this source, {at(line)}: «{text}» (kept as text)")
    return out


def _detail(b: Block, pad: str) -> list[str]:
    if isinstance(b, Table):
        shape = f"{len(b.rows)}×{b.ncols}"
        cap = f" «{b.caption}»" if b.caption else ""
        return [
            f"{pad}table L{b.line} {shape}{cap}" + (f", {len(b.footnotes)} footnotes" if b.footnotes else "")
        ]
    if isinstance(b, ListBlock):
        return [f"{pad}{'numbered' if b.ordered else 'bulleted'} list L{b.line}, {len(b.items)} items"]
    if isinstance(b, Admonition):
        return [f"{pad}box {b.kind} «{b.title}» L{b.line} ({_count(b.children)})"]
    if isinstance(b, DefList):
        return [f"{pad}definition list L{b.line}, {len(b.items)} terms"]
    return []
