"""Split a parsed book into pages (one per chapter) and give every heading a readable, unique id."""

from __future__ import annotations

import re
from collections import Counter

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import Block, Heading, Page, Table, walk
from rulebook.slugs import slug

_CHAPTER_PREFIX = re.compile(r"^(?:Глава|Chapter|Часть)\s+\S+?[.:]\s*", re.IGNORECASE)


def paginate(book: BookConfig, blocks: list[Block]) -> list[Page]:
    pages: list[Page] = []
    for b in blocks:
        starts = isinstance(b, Heading) and (b.level == 1 or any(r.start.search(b.text) for r in book.pages))
        if starts or not pages:
            assert isinstance(b, Heading) or not pages
            title = b.text if isinstance(b, Heading) else book.title
            pages.append(Page(file="", title=title, blocks=[], line=getattr(b, "line", 0)))
        pages[-1].blocks.append(b)
    used: set[str] = set()
    for i, page in enumerate(pages):
        rule = next((r for r in book.pages if r.start.search(page.title)), None)
        if rule:
            page.file = rule.file
            page.title = rule.title or page.title
        else:
            words = _CHAPTER_PREFIX.sub("", page.title).split()[:3]
            page.file = f"{i:02d}-{slug(' '.join(words), max_length=32)}.md"
        if page.file in used:
            page.file = page.file[:-3] + f"-{i}.md"
        used.add(page.file)
    return pages


def assign_anchors(page: Page) -> None:
    """Heading ids: the slug of the title; a title repeated on the page («Пример», «Срыв») is
    qualified by its nearest structural ancestor, else its parent heading (`shag-5-sryv`,
    `pallid-stoimost-vida`), so its id does not shift when another repeat is added elsewhere;
    remaining clashes get -2, -3. A heading inside a box or a list item gets one too: every
    heading can be linked to."""
    heads = [b for b in walk(page.blocks) if isinstance(b, Heading)]
    counts = Counter(slug(h.text) for h in heads)
    used: set[str] = set()
    stack: list[Heading] = []
    for h in heads:
        while stack and stack[-1].level >= h.level:
            stack.pop()
        base = slug(h.text)
        if counts[base] > 1:
            # the nearest structural ancestor (numbered, or placed by the outline) is the stable
            # qualifier: an umbrella heading nested between them does not move the id
            anc = next((a for a in reversed(stack) if a.structural and a.level > 1), None)
            anc = anc or (stack[-1] if stack else None)
            if anc is not None and anc.level > 1:  # a page title tells no two repeats apart
                prefix = _qualifier(anc)
                base = f"{prefix}-{base}"
        anchor, n = base, 2
        while anchor in used:
            anchor = f"{base}-{n}"
            n += 1
        h.anchor = anchor
        used.add(anchor)
        stack.append(h)
    tables = [b for b in walk(page.blocks) if isinstance(b, Table)]
    for i, t in enumerate(tables, start=1):
        if not t.anchor:
            t.anchor = f"table-{i}"


def _qualifier(anc: Heading) -> str:
    """What tells two repeats apart: a section's number (`3-9`), else the first words of the
    ancestor's title (`shag-5`, `modul-ii`, `prilozhenie-e`)."""
    kind, _, num = anc.number.partition(":")
    if num and kind == "section":
        return slug(num)
    if num:
        return slug(" ".join(anc.text.split()[:2]))
    return anc.anchor or slug(anc.text)
