"""HTML and Markdown sources -> the document model, keeping what the markup says.

A saved web page or a Markdown file still has its structure: heading levels, lists (bulleted and
numbered), tables with `colspan`/`rowspan` and header rows, emphasis, links between its pages and
definition lists. BeautifulSoup reads the HTML (Python-Markdown renders a Markdown source to HTML
first), the entry's CSS selectors drop the site chrome (navigation, footers, ads: every dropped
element is reported), and the elements become the same blocks the text importer makes, so
pages, heading ids, cross-references, widgets, word coverage and writing work unchanged.

A box (a blockquote) whose content begins with a heading is a titled rule, as a book of moves
prints each move («> ### STRIKE» and the move's text under it): the heading is lifted out of the
box to be the section's own heading, and the rest of the box stays a box under it. A heading
must be a section to have an id, an entry in the table of contents, a place links lead to and a
record that search ranks as a title; and the model's sections are headings in the page's block
flow, which a box's children are not. The text after the box (the move's commentary) belongs to
that section too, as the book means it. Only a box in the page's own flow is lifted (one inside
a list item or another box keeps its heading, which still gets an id).

The book's own words are the visible text of the content root after chrome removal: word
coverage compares them with the model, as for text sources.
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, Tag
from bs4.dammit import EncodingDetector
from bs4.element import CData, Comment, Declaration, Doctype, ProcessingInstruction

from rulebook.ingest import (
    alerts,
    bbcode,
    boxmarks,
    converter,
    dokunotes,
    ebooks,
    editlinks,
    gdoclists,
    implied,
    katex,
    mathblocks,
    mdpages,
    notion,
    ownurls,
    pagefiles,
    pagetitle,
    pictures,
    rendered,
    sitechrome,
    styled,
    tidyspans,
    titles,
    toggles,
    wikilinks,
    wordlists,
)
from rulebook.ingest.config import BookConfig
from rulebook.ingest.converter import PENDING
from rulebook.ingest.elements import HEADINGS, INLINE, INVISIBLE_TAGS, MAX_DEPTH, shown
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import (
    Block,
    DefList,
    FileLine,
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
    at,
    walk,
)
from rulebook.ingest.reader import INVISIBLE, read_text, tidy

_NOT_TEXT = (Comment, Declaration, CData, Doctype, ProcessingInstruction)
_WORD_HIDDEN = re.compile(r"(?=.*\bdisplay\s*:\s*none)(?=.*\bmso-hide\s*:)", re.I | re.S)


@dataclass
class MarkupBook:
    """What the markup importer hands to the pipeline."""

    blocks: list[Block]
    words: Counter[str]  # the book's own words (content roots minus chrome)
    report: Report
    names: list[str]  # the pages' names: their paths in a folder source (or an e-book)
    targets: dict[tuple[str, str], Block] = field(default_factory=dict)  # (file, element id) -> block
    github: dict[tuple[str, str], Block] = field(default_factory=dict)  # (file, GitHub's heading id)


def source_files(book: BookConfig) -> list[Path]:
    """The pages of a markup source: the file, or the folder's pages (at any depth) in `order`
    (default: by their path in the folder)."""
    src = book.source
    if not src.exists():
        raise book.fail(f"source {src.name!r} not found in sources/", "source")
    if src.is_file():
        return [src]
    suffixes = {"html": (".html", ".htm", ".xhtml"), "markdown": (".md", ".markdown")}[book.kind]
    found = {pagefiles.name(src, p): p for p in pagefiles.find(src, suffixes)}
    if not book.order:
        return list(found.values())
    missing = [n for n in book.order if n not in found]
    if missing:
        raise book.fail(f"order: {missing[0]!r} is not a page of the folder {src.name}/", "order")
    left = sorted(set(found) - set(book.order))
    if left:
        raise book.fail(
            f"order: the folder {src.name}/ also holds {', '.join(left)}: "
            "list every page (nothing is skipped)",
            "order",
        )
    return [found[n] for n in book.order]


def _page_encoding(book: BookConfig, path: Path) -> str:
    """The encoding to read a page in: the entry's, except that a saved web page that is not UTF-8
    under the default is read in the charset its own <meta> declares (a browser saves a
    Windows-1251 site as Windows-1251 and says so in the page, as it reads it)."""
    if book.kind != "html" or book.encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
        return book.encoding
    data = path.read_bytes() if path.is_file() else b""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"  # a byte order mark outweighs the <meta>, as in browsers (Word's «Unicode» page)
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        declared = EncodingDetector.find_declared_encoding(data, is_html=True)
        if declared:
            try:
                name = codecs.lookup(declared).name
            except LookupError:
                pass
            else:
                # as browsers read them (the WHATWG encoding standard): a page that says Latin-1
                # or ASCII is Windows-1252, whose «…» and curly quotes Latin-1 has as controls
                return "cp1252" if name in ("latin-1", "iso8859-1", "ascii") else name
    return book.encoding


def _soup(
    book: BookConfig, name: str, path: Path, text: str, report: Report, vault: wikilinks.Vault
) -> BeautifulSoup:
    if book.kind != "markdown":
        soup = BeautifulSoup(text, "html.parser")
        implied.close_items(soup)
        styled.wrap_emphasis(soup)
        titles.promote(soup)
        return _visible(soup)
    return _visible(mdpages.soup(book, name, path, text, report, vault))


def _visible(soup: BeautifulSoup) -> BeautifulSoup:
    """The invisible characters the reader removes from a file, removed once more where the
    markup wrote them as entities (`&shy;`, `&#8203;`), which only the parser decodes."""
    for s in soup.find_all(string=INVISIBLE):
        s.replace_with(type(s)(INVISIBLE.sub("", str(s))))  # a comment stays a comment
    return soup


def _pages(book: BookConfig, report: Report, conv: converter.Converter) -> list[tuple[str, Path, str]]:
    """The source's pages: (name, the file errors name, its text). An e-book's pages are made
    from it (see ebooks), each named by its path in the book and told by the book's file."""
    if ebooks.kind(book.source.name) and not book.source.is_dir():
        source_files(book)  # the file is there (the same error as any source's)
        made = ebooks.read(book.source, book.slug)
        report.notes.extend(made.notes)
        conv.flowing = made.flowing
        return [(name, book.source, tidy(text)) for name, text in made.pages]
    out = []
    for path in source_files(book):
        name = pagefiles.name(book.source, path)
        text = read_text(path, _page_encoding(book, path), book.slug)
        if book.kind == "html" and path.suffix.lower() == ".txt":  # a forum post (see pipeline)
            text = bbcode.to_html(text, path, book.slug)
        out.append((name, path, text))
    return out


def parse(book: BookConfig) -> MarkupBook:
    report = Report()
    words: Counter[str] = Counter()
    conv = converter.Converter(book, report)
    files = _pages(book, report, conv)
    conv.folder = len(files) > 1 or book.source.is_dir()
    conv.notion_pages = notion.page_ids([name for name, _, _ in files])
    used_drops: set[str] = set()
    swallowed: list[tuple[Path, int]] = []  # headings that hold block elements
    from rulebook.ingest.coverage import words as count_words

    vault = wikilinks.Vault([name for name, _, _ in files])
    if book.kind != "markdown":
        conv.saved = ownurls.Saved.read({name: text for name, _, text in files})
    for name, path, text in files:
        soup = _soup(book, name, path, text, report, vault)
        head_title = pagetitle.head_title(soup)
        if len(files) > 1:  # a page's line numbers name its file (they repeat from page to page)
            for el in soup.find_all(True):
                el.sourceline = FileLine(el.sourceline or 0, name)
        for el in soup.find_all(INVISIBLE_TAGS):
            el.decompose()
        katex.hide_mathml(soup)
        # Word's hidden text (a table of contents' page numbers): no browser shows it
        for el in soup.find_all(style=_WORD_HIDDEN):
            el.decompose()
        # markup no browser shows: Word's `<![if !supportLists]>…<![endif]>` (its words stay,
        # as a browser shows them) and a CDATA section are bogus comments in HTML
        for c in soup.find_all(string=lambda s: isinstance(s, _NOT_TEXT)):
            c.extract()
        root: Tag | None = soup
        if book.chrome.root:
            root = sitechrome.select(book, soup, book.chrome.root, ("chrome", "root"), one=True)
            if root is None:
                raise book.fail(
                    f"chrome.root: {book.chrome.root!r} matches nothing in {name}", "chrome", "root"
                )
        elif soup.body is not None:
            root = soup.body
        assert root is not None
        for sel in book.chrome.drop:
            found = sitechrome.select(book, root, sel, ("chrome", "drop", book.chrome.drop.index(sel)))
            for el in found:
                if el.decomposed:
                    continue
                used_drops.add(sel)
                sitechrome.drop(el, report)
        report.dropped.extend(editlinks.drop(root))
        # a control the page draws as one (role="button": MediaWiki's «развернуть» beside a
        # collapsible table's title) is the site's, as a <button> is: left out, told as chrome
        for el in root.find_all(attrs={"role": "button"}):
            if not el.decomposed:
                sitechrome.drop(el, report)
        notion.boxes(soup, root)
        toggles.boxes(soup, root, shown)
        for line, text in notion.properties(root):
            report.notes.append(f"{name}:{line}: Notion's page properties, read as metadata: {text[:80]}")
        if not book.chrome.root:
            sitechrome.warn_chrome(root, report, name)
        if book.kind == "markdown":
            alerts.alerts(soup, root)
            mathblocks.boxes(soup, root)
        sitechrome.permalinks(root)
        pictures.pictures(soup, root)
        dokunotes.rebuild(soup, root)
        wordlists.rebuild(soup, root)
        gdoclists.nest(root)
        deepest = _too_deep(root)
        if deepest is not None:
            raise IngestError(
                f"elements nested more than {MAX_DEPTH} deep here: a page so deep is not read",
                path=path,
                line=deepest.sourceline,
                book=book.slug,
            )
        words.update(count_words(rendered.text(root, INLINE)))
        for quote in root.find_all(attrs={boxmarks.TITLE: True}):
            words.update(count_words(str(quote[boxmarks.TITLE])))
        for line, word in rendered.glued(root):
            report.warnings.append(
                (line, f"«{word}» is one word on the page: a word runs into the emphasis or link beside it")
            )
        for h in _swallowing(root):
            line = h.sourceline or 0
            swallowed.append((path, line))
            report.warnings.append(
                (
                    FileLine(line, name),
                    f"the heading <{h.name}> holds the text after it (no closing tag?)",
                )
            )
        conv.file(name, root, pagetitle.outside(soup, root) or head_title)
    for i, sel in enumerate(book.chrome.drop):
        if sel not in used_drops:
            raise book.fail(f"chrome.drop: {sel!r} matches nothing in the source", "chrome", "drop", i)
    for key in book.headings.outline:
        if key not in conv.h.used_outline:
            name = book.headings.outline_titles.get(key, key)
            raise book.fail(
                f"headings.outline entry {name!r} matches no heading of the source",
                "headings",
                "outline",
                name,
            )
    if not any(isinstance(b, Paragraph | ListBlock | Table | DefList) for b in conv.blocks):
        if swallowed:  # the text is there, inside a heading left open
            where, line = swallowed[0]
            raise IngestError(
                "no text outside headings: this heading holds the rest of the page (no closing tag?)",
                path=where,
                line=line,
                book=book.slug,
            )
        raise book.source_error("the source has no text after chrome removal")
    return MarkupBook(conv.blocks, words, report, [n for n, _, _ in files], conv.targets, conv.github)


_BLOCKS_IN_HEADING = ["p", "div", "table", "ul", "ol", "dl", "blockquote", "pre", *HEADINGS]


def _too_deep(root: Tag) -> Tag | None:
    """The first element nested more than MAX_DEPTH deep under `root` (read without recursion:
    the page is refused before anything recurses into it)."""
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if depth > MAX_DEPTH:
            return el
        stack.extend((c, depth + 1) for c in el.children if isinstance(c, Tag))
    return None


def _swallowing(root: Tag) -> list[Tag]:
    """Headings that hold paragraphs, tables or other headings: a closing tag left out («<h1>Бой
    <p>…»), which browsers render as one long heading too."""
    return [h for h in root.find_all(list(HEADINGS)) if h.find(_BLOCKS_IN_HEADING) is not None]


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


def resolve_links(mb: MarkupBook, pages: list[Page], report: Report) -> None:
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


def _to_heading(span: Inline) -> bool:
    """A link resolved to a heading of the book: `#id`, `page.md#id`, or a page's top (its H1)."""
    if not isinstance(span, Link) or urlsplit(span.target).scheme or span.target.startswith(PENDING):
        return False
    return "#" in span.target or span.target.endswith(".md")


def contents_lists(pages: list[Page], report: Report) -> None:
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
