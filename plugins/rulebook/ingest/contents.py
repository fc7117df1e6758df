"""A page's own table of contents, told: the site builds its own, and a copy of the page's
would stand in the text as lists or paragraphs of links."""

from __future__ import annotations

from urllib.parse import urlsplit

from rulebook.ingest.converter import PENDING
from rulebook.ingest.model import Block, Inline, Link, ListBlock, Page, Paragraph, Report, at, walk


def _to_heading(span: Inline) -> bool:
    """A link resolved to a heading of the book: `#id`, `page.md#id`, or a page's top (its H1)."""
    if not isinstance(span, Link) or urlsplit(span.target).scheme or span.target.startswith(PENDING):
        return False
    return "#" in span.target or span.target.endswith(".md")


def warn(pages: list[Page], report: Report) -> None:
    """Warn about a list whose every item is one link to a heading of the book: the page's own
    table of contents (MediaWiki's #toc, a «Содержание» block), which the site builds itself.
    A contents list is told once: the lists nested in it (its chapters' sections) are part of it."""
    for p in pages:
        _contents_paragraphs(p.blocks, report)
        told: set[int] = set()  # the blocks inside a contents list already told
        for b in walk(p.blocks):
            if not isinstance(b, ListBlock) or len(b.items) < 3 or id(b) in told:
                continue
            if all(len(it.inlines) == 1 and _to_heading(it.inlines[0]) for it in b.items):
                told |= {id(x) for it in b.items for x in walk(it.children)}
                report.warnings.append(
                    (
                        b.line,
                        f"the list at {at(b.line)} is only links to headings of the book (a table of "
                        "contents of the page?): the site makes its own, drop it with chrome.drop",
                    )
                )


def _contents_paragraphs(blocks: list[Block], report: Report) -> None:
    """Warn about a run of three or more paragraphs that are each one link to a heading of the
    book: a table of contents written as paragraphs (Word's, class MsoToc1, MsoToc2…)."""
    run: list[Paragraph] = []
    for b in [*blocks, None]:
        if isinstance(b, Paragraph) and len(b.inlines) == 1 and _to_heading(b.inlines[0]):
            run.append(b)
            continue
        if len(run) >= 3:
            report.warnings.append(
                (
                    run[0].line,
                    f"the {len(run)} paragraphs from {at(run[0].line)} to {at(run[-1].line)} are only links "
                    "to headings of the book (a table of contents of the page?): the site makes its "
                    "own, drop them with chrome.drop",
                )
            )
        run = []
