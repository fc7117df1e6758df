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
    titles,
    toggles,
    wikilinks,
    wordlists,
)
from rulebook.ingest.config import BookConfig
from rulebook.ingest.elements import HEADINGS, INLINE, INVISIBLE_TAGS, MAX_DEPTH, shown
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import (
    Block,
    DefList,
    FileLine,
    ListBlock,
    Paragraph,
    Report,
    Table,
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
