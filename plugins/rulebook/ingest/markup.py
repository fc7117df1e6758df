"""HTML and Markdown sources -> the document model, keeping what the markup says.

A saved web page or a Markdown file still has its structure: heading levels, lists (bulleted and
numbered), tables with `colspan`/`rowspan` and header rows, emphasis, links between its pages and
definition lists. BeautifulSoup reads the HTML (Python-Markdown renders a Markdown source to HTML
first), the entry's CSS selectors drop the site chrome (navigation, footers, ads: every dropped
element is reported), and the elements become the same blocks the text importer makes, so
pages, heading ids, cross-references, widgets, word coverage and writing work unchanged.
Here the pages are read and the steps run in their order; each step is a module of its own
(sourcepages, mdpages, sitechrome, alerts, pictures, converter; pagelinks once the pages exist).

The book's own words are the visible text of the content root after chrome removal: word
coverage compares them with the model, as for text sources.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup, Tag
from bs4.element import CData, Comment, Declaration, Doctype, ProcessingInstruction

from rulebook.ingest import (
    alerts,
    boxmarks,
    containers,
    converter,
    dokunotes,
    editlinks,
    gdoclists,
    implied,
    katex,
    mathblocks,
    mdpages,
    notion,
    ownurls,
    pagetitle,
    pictures,
    rendered,
    sitechrome,
    sourcepages,
    styled,
    titles,
    toggles,
    wikilinks,
    wordlists,
)
from rulebook.ingest.config import BookConfig
from rulebook.ingest.elements import HEADINGS, INLINE, INVISIBLE_TAGS, MAX_DEPTH, shown
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Block, DefList, FileLine, ListBlock, Paragraph, Report, Table
from rulebook.ingest.reader import INVISIBLE

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


def parse(book: BookConfig) -> MarkupBook:
    report = Report()
    words: Counter[str] = Counter()
    conv = converter.Converter(book, report)
    files, conv.flowing = sourcepages.read(book, report)
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
            containers.boxes(soup, root)
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
