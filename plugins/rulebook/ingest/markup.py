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
from urllib.parse import parse_qs, unquote, urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.dammit import EncodingDetector
from bs4.element import CData, Comment, Declaration, Doctype, ProcessingInstruction

from rulebook.ingest import (
    alerts,
    bbcode,
    boxmarks,
    dokunotes,
    ebooks,
    editlinks,
    gdoclists,
    githubids,
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
from rulebook.ingest.elements import HEADINGS, INLINE, INVISIBLE_TAGS, MAX_DEPTH, WS, shown
from rulebook.ingest.errors import IngestError
from rulebook.ingest.headings import HeadingDetector
from rulebook.ingest.model import (
    Admonition,
    Block,
    Break,
    Cell,
    DefItem,
    DefList,
    Em,
    FileLine,
    Footnote,
    Heading,
    Inline,
    Link,
    ListBlock,
    ListItem,
    Notice,
    Page,
    Paragraph,
    Report,
    Row,
    Strong,
    StrongEm,
    Sub,
    Sup,
    Table,
    Text,
    at,
    walk,
)
from rulebook.ingest.reader import INVISIBLE, read_text, tidy

_NOT_TEXT = (Comment, Declaration, CData, Doctype, ProcessingInstruction)
_WORD_HIDDEN = re.compile(r"(?=.*\bdisplay\s*:\s*none)(?=.*\bmso-hide\s*:)", re.I | re.S)
_SAFE_SCHEMES = ("http", "https", "ftp", "mailto", "tel")  # a link to anything else runs or embeds
_PENDING = "\x00link:"  # a Link target before anchors exist: "\x00link:<file>#<id>"


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


def _pages(book: BookConfig, report: Report, conv: _Converter) -> list[tuple[str, Path, str]]:
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
    conv = _Converter(book, report)
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


def _lays_out(table: Tag) -> bool:
    """A table that lays out a page (a forum's post, an old site's columns), not data: it says so
    (role="presentation"), or its cells hold headings or tables of their own, which no data
    table's cell does. Its cells are read as containers, in order."""
    if table.get("role") in ("presentation", "none"):
        return True
    return table.find(list(HEADINGS)) is not None or table.find("table") is not None


def _title_first(blocks: list[Block], start: int) -> None:
    """A folder's page's H1 opens its page, before what the file prints above it (a site's
    breadcrumb, a back link, a badge): pages are cut at the H1, so those lines closed the
    previous page, and a link to the page, which leads to its first block, landed there. In a
    one-file book what stands before the first H1 is a preface, a page of its own."""
    first = next((i for i in range(start, len(blocks)) if _is_title(blocks[i])), None)
    if first is not None and first > start:
        blocks.insert(start, blocks.pop(first))


def _is_title(b: Block) -> bool:
    return isinstance(b, Heading) and b.level == 1


class _Converter:
    def __init__(self, book: BookConfig, report: Report) -> None:
        self.book = book
        self.report = report
        self.h = HeadingDetector(book)
        self.blocks: list[Block] = []
        self.targets: dict[tuple[str, str], Block] = {}
        self.github_ids: dict[str, dict[str, int]] = {}  # per file: GitHub's heading ids so far
        self.github: dict[tuple[str, str], Block] = {}  # (file, GitHub's id) -> heading
        self.current: Block | None = None  # the heading whose section is being read
        self.file_name = ""
        self.notion_pages: dict[str, str] = {}  # Notion's page id -> page name (its export's files)
        self.saved = ownurls.Saved({})  # the addresses saved pages were saved from
        self.folder = False  # pages of their own (a folder, an e-book's files), not one file
        self.flowing = False  # a page without an H1 goes on from the page before it (an EPUB's)
        self.waiting: list[str] = []  # pages with no text: a link to one leads to the next text

    # ---- per file --------------------------------------------------------------------------
    def file(self, name: str, root: Tag, page_title: str) -> None:
        """Read one page, `name` (its path in a folder source), titled `page_title` when no H1
        of its own is inside the root (see pagetitle)."""
        self.file_name = name
        start = len(self.blocks)
        self.children(root, self.blocks)
        if self.folder and not self.flowing:  # an e-book's text before an H1 ends the page before
            _title_first(self.blocks, start)
        if start == len(self.blocks) and self.flowing:  # a cover's picture: links to it lead on
            self.waiting.append(name)
            return
        for waiting in self.waiting:
            self.targets.setdefault((waiting, ""), self.blocks[start])
        self.waiting = []
        has_title = any(_is_title(b) for b in self.blocks[start:])
        if not has_title and not (self.flowing and start):  # an e-book's page goes on from the last
            self.title_page(name, start, page_title)
        if root.get("id"):
            self.targets[(name, str(root["id"]))] = self.blocks[start]
        self.targets.setdefault((name, ""), self.blocks[start])

    def title_page(self, name: str, start: int, page_title: str) -> None:
        """Give a page without an H1 its title."""
        # a page without an H1 (its title sits outside chrome.root): `title_line`, else the
        # book's title for a one-page book, else the page's own (see pagetitle); a note
        # (Markdown) has none and goes by its file's name, as a vault shows it
        title = page_title
        if self.book.kind == "markdown":
            title = pagefiles.title(name)
        if self.book.title_line or not self.folder or self.flowing:
            title = ""
        title = WS.sub(" ", title) or self.book.title_line or self.book.title
        self.blocks.insert(start, Heading(level=1, text=title, line=0, structural=True))

    # ---- blocks ----------------------------------------------------------------------------
    def children(self, el: Tag, out: list[Block]) -> None:
        """Block content of a container; runs of inline content become paragraphs."""
        run: list[NavigableString | Tag] = []
        anchors: list[Tag] = []  # empty anchors before a block (`<span id="x"></span><h2>`)
        for node in list(el.children):
            if isinstance(node, Tag) and node.name not in INLINE:
                anchors += self.flush(run, out)
                run = []
                start = len(out)
                self.element(node, out)
                if anchors and len(out) > start:
                    for a in anchors:
                        self.mark(a, out[start])
                    anchors = []
            else:
                run.append(node)
        self.flush(run, out)

    def flush(self, run: list[NavigableString | Tag], out: list[Block]) -> list[Tag]:
        """The run's paragraph, which the ids inside it lead to; a run with no text (an empty
        anchor a site puts before a heading, Sphinx's label or an old `<a name>`) returns its
        elements, whose ids lead to the block after them."""
        inl = self.inlines(run)
        tags = [n for n in run if isinstance(n, Tag)]
        if not inl:
            return tags
        line = next((n.sourceline for n in run if isinstance(n, Tag) and n.sourceline), None)
        para = Paragraph(inl, line or self._line(run))
        out.append(para)
        for t in tags:
            self.mark(t, self.current or para)
        return []

    def _line(self, run: list[NavigableString | Tag]) -> int:
        for n in run:
            parent = n.parent
            if parent is not None and getattr(parent, "sourceline", None):
                return int(parent.sourceline)
        return 0

    def mark(self, el: Tag, block: Block, deep: bool = True) -> None:
        """Link targets: the element's id (and its descendants' ids) lead to this block."""
        for tag in [el, *(el.find_all(id=True) if deep else [])]:
            ident = tag.get("id")
            if ident:
                self.targets.setdefault((self.file_name, str(ident)), block)
        for tag in [el, *(el.find_all("a", attrs={"name": True}) if deep else [])]:
            name = tag.get("name") if tag.name == "a" else None
            if name:
                self.targets.setdefault((self.file_name, str(name)), block)

    def element(self, el: Tag, out: list[Block]) -> None:
        name = el.name
        line = el.sourceline or 0
        if name in HEADINGS:
            text = shown(el).strip()
            if not text:
                return
            level = self.h.outline_level(text, line) or HEADINGS[name]
            h = Heading(level=level, text=text, line=line, structural=True)
            out.append(h)
            self.current = h
            self.mark(el, h)
            # GitHub's id for the heading, which links written for GitHub use («#healing--recovery»
            # for «Healing & Recovery»); the page's own ids come first
            slug = githubids.slug(el.get_text().strip())
            seen = self.github_ids.setdefault(self.file_name, {})
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            self.github.setdefault((self.file_name, f"{slug}-{n}" if n else slug), h)
            return
        if name == "p":
            inl = self.inlines(list(el.children))
            if inl:
                p = Paragraph(inl, line)
                out.append(p)
                self.mark(el, self.current or p)
            return
        if name in ("ul", "ol"):
            lst = self.list_block(el)
            if lst.items:
                out.append(lst)
                self.mark(el, self.current or lst)
            return
        if name == "table" and _lays_out(el):
            for cell in el.find_all(["td", "th"]):
                if cell.find_parent("table") is el:  # each cell of this table, in reading order
                    self.children(cell, out)
            return
        if name == "table":
            t = self.table(el)
            if t is not None:
                out.append(t)
                self.mark(el, t)
            return
        if name == "dl":
            start = len(out)
            self.deflist(el, out)
            if len(out) > start:
                self.mark(el, self.current or out[start])
            return
        if name == "blockquote":
            inner: list[Block] = []
            self.children(el, inner)
            if out is self.blocks and inner and isinstance(inner[0], Heading):
                out.append(inner.pop(0))  # a titled box: its title is the section's heading
            if inner:
                kind, title = str(el.get(boxmarks.KIND) or "quote"), str(el.get(boxmarks.TITLE) or "")
                out.append(Admonition(kind, title, inner, line, css=str(el.get(boxmarks.CSS) or "")))
            return
        if name == "pre":
            parts = el.get_text().split("\n")
            inl: list[Inline] = []
            for i, part in enumerate(p for p in parts if p.strip()):
                if i:
                    inl.append(Break())
                inl.append(Text(part.rstrip()))
            if inl:
                out.append(Paragraph(inl, line))
            return
        if name == "figure":
            tables = el.find_all("table")
            cap = el.find("figcaption")
            if len(tables) == 1 and cap is not None and not tables[0].find("caption"):
                # a table in a <figure> (WordPress's wp-block-table) is captioned by its figcaption
                t = self.table(tables[0])
                if t is not None:
                    t.caption = shown(cap).strip()
                    out.append(t)
                    self.mark(el, t)
                    return
        if name == "figcaption" or name == "caption":
            inl = self.inlines(list(el.children))
            if inl:
                out.append(Paragraph(inl, line, role="caption"))
            return
        if name == pictures.FIGURE:
            out.append(Paragraph([Text(el.get_text())], line, role="caption"))
            out.append(
                Notice(
                    "info",
                    "Иллюстрация не перенесена",
                    "Здесь на исходной странице изображение; выше — его описание с той же страницы.",
                    line,
                )
            )
            return
        if name in ("hr",):
            return
        start = len(out)
        self.children(el, out)  # div, section, article, main, figure, aside, details, ...
        if len(out) > start:  # a container's own id leads to its first block
            self.mark(el, out[start], deep=False)

    def list_block(self, el: Tag) -> ListBlock:
        ordered = el.name == "ol"
        try:
            start = int(el.get("start") or 1)
        except ValueError:
            start = 1
        lst = ListBlock([], ordered=ordered, line=el.sourceline or 0, start=start)
        for li in el.find_all("li", recursive=False):
            inline_nodes: list[NavigableString | Tag] = []
            children: list[Block] = []
            for node in list(li.children):
                if isinstance(node, Tag) and node.name not in INLINE:
                    if _item_text(node) and not children and not self.inlines(inline_nodes):
                        inline_nodes.extend(node.children)  # a loose item's first paragraph
                        continue
                    self.element(node, children)
                elif not children:
                    inline_nodes.append(node)
                else:
                    self.flush([node], children)
            lst.items.append(ListItem(self.inlines(inline_nodes), li.sourceline or 0, children))
        return lst

    def deflist(self, el: Tag, out: list[Block]) -> None:
        """Terms and their descriptions. A description with no term before it is an indented
        paragraph (MediaWiki writes «:текст» as <dl><dd>), not a definition with an empty term."""
        items: list[DefItem] = []
        term: list[Inline] = []
        line = 0

        def close() -> None:
            nonlocal items
            if items:
                out.append(DefList(items, items[0].line or el.sourceline or 0))
                items = []

        for node in el.find_all(["dt", "dd"], recursive=False):
            if node.name == "dt":
                if term:
                    items.append(DefItem(term, [], line))
                term, line = self.inlines(list(node.children)), node.sourceline or 0
            elif term:
                items.append(DefItem(term, self.inlines(list(node.children)), line))
                term = []
            elif items:  # a second description of the same term
                items[-1].definition.extend([Break(), *self.inlines(list(node.children))])
            else:
                self.children(node, out)
        if term:
            items.append(DefItem(term, [], line))
        close()

    def table(self, el: Tag) -> Table | None:
        rows = [tr for tr in el.find_all("tr") if tr.find_parent("table") is el]
        if not rows:
            return None
        cap = el.find("caption", recursive=False)
        caption = shown(cap).strip() if cap else ""
        head_rows: list[list[Cell]] = []
        body: list[Row] = []
        for tr in rows:
            cells = [self.cell(td) for td in tr.find_all(["td", "th"], recursive=False)]
            if not cells:
                continue
            in_head = tr.find_parent("thead") is not None and tr.find_parent("table") is el
            all_th = all(td.name == "th" for td in tr.find_all(["td", "th"], recursive=False))
            if not body and (in_head or all_th):
                for c in cells:
                    c.header = True
                head_rows.append(cells)
            else:
                body.append(Row(cells, tr.sourceline or 0))
        if not head_rows and len(body) > 1 and _bold_row(body[0]) and not _bold_row(body[1]):
            # a first row set in bold over rows that are not: the header row of an office
            # program, whose tables have no <th> (Word, Google Docs); its cells are bold as headers
            for c in body[0].cells:
                c.inlines, c.header = [Text(i.text) if isinstance(i, Strong) else i for i in c.inlines], True
            head_rows.append(body.pop(0).cells)
        if not body and head_rows:  # a table of th cells only: its rows are data
            body = [Row(r, 0) for r in head_rows]
            head_rows = []
        return Table(header=head_rows, rows=body, line=el.sourceline or 0, caption=caption)

    def cell(self, td: Tag) -> Cell:
        def span(name: str) -> int:
            try:
                return max(1, int(str(td.get(name) or 1)))
            except ValueError:
                return 1

        # inline runs as one (a <br> between two runs is a line break, not trimmed away); a block
        # inside the cell (<p>, <div>, a list) starts a new line
        inl: list[Inline] = []
        run: list[NavigableString | Tag] = []
        for node in [*td.children, None]:
            if node is None or (isinstance(node, Tag) and node.name not in INLINE):
                part = self.inlines(run)
                run = []
                if node is not None:
                    part = [*part, Break(), *self.inlines([node])] if part else self.inlines([node])
                if part:
                    if inl:
                        inl.append(Break())
                    inl.extend(part)
            else:
                run.append(node)
        return Cell(_trim(inl), rowspan=span("rowspan"), colspan=span("colspan"), header=td.name == "th")

    # ---- inline ----------------------------------------------------------------------------
    def inlines(self, nodes: list[NavigableString | Tag]) -> list[Inline]:
        out: list[Inline] = []
        for n in nodes:
            self.inline(n, out, None)
        return _trim(_merge(out))

    def _blocks_apart(self, block: Tag) -> list[Inline]:
        """The inline content of a block read inside a line, a space at each inner block's edge."""
        out: list[Inline] = []
        for child in block.children:
            if isinstance(child, Tag) and child.name not in INLINE:
                out.append(Text(" "))
                out.extend(self._blocks_apart(child))
                out.append(Text(" "))
            else:
                self.inline(child, out, None)
        return out

    def inline(self, node: NavigableString | Tag, out: list[Inline], style: type | None) -> None:
        if isinstance(node, NavigableString):
            text = WS.sub(" ", str(node))
            if text:
                out.append(style(text) if style is not None and text.strip() else Text(text))
            return
        name = node.name
        if name == "br":
            out.append(Break())
            return
        if name == "img":
            # an icon inside a sentence says something the site cannot show (the image files are
            # not the book's): its alt text stands in its place, marked as an image's
            # («Удар [одно действие]»); an empty alt is decoration
            alt = WS.sub(" ", str(node.get("alt") or "")).strip()
            if alt:
                out.append(Text(f"[{alt}]"))
            return
        if name in ("strong", "b"):
            style = StrongEm if style in (Em, StrongEm) else Strong
        elif name in ("em", "i", "cite", "dfn", "var"):
            style = StrongEm if style in (Strong, StrongEm) else Em
        if name == "sub":
            text = shown(node).strip()
            if text:
                out.append(Sub(text))
            return
        if name == "sup":
            text = shown(node).strip()
            a = node.find("a", href=True)
            if text:  # a footnote marker links to its note when the note is on the same page
                out.append(Sup(text, (self.href(a) or "") if isinstance(a, Tag) else ""))
            return
        if name == "a" and node.get("href") and _only_sup(node):
            # LibreOffice's footnote mark, a link around the superscript: the superscript
            # that links, as Markdown's `<sup><a>` is; its text as shown («1<span>2</span>»: 12)
            text = shown(node).strip()
            out.append(Sup(text, self.href(node) or ""))
            return
        if name == "a" and node.get("href"):
            text = shown(node)
            if text.strip():
                target = self.href(node)
                out.append(Link(text, target) if target is not None else Text(text))
            return
        for child in list(node.children):
            if isinstance(child, Tag) and child.name not in INLINE:
                # a block inside inline content parts words, and so do the blocks inside it: the
                # items of a list in a table cell («<td><ul><li>Ранения</li><li>Путь</li>») ran
                # into one word
                out.append(Text(" "))
                out.extend(_trim(_merge(self._blocks_apart(child))))
                out.append(Text(" "))
            else:
                self.inline(child, out, style)

    def href(self, a: Tag) -> str | None:
        """The link's target, or None for a scheme that runs code or embeds a document
        (`javascript:`, `data:`, a saved page's `javascript:void(0)`): published, it would run
        on the site when clicked. Its text stays; the link is reported."""
        href = _unredirect(str(a["href"]))
        parts = urlsplit(href)  # as browsers read it: leading spaces and inner tabs ignored
        if parts.scheme and parts.scheme.lower() not in _SAFE_SCHEMES:
            self.report.warnings.append(
                (
                    FileLine(a.sourceline or 0, self.file_name),
                    f"a {parts.scheme.lower()}: link kept as text "
                    f"(links leave the site by {', '.join(_SAFE_SCHEMES)} only)",
                )
            )
            return None
        own = notion.own_page(parts, self.notion_pages, self.book.kind != "markdown")
        if own is not None:
            return f"{_PENDING}{own[0]}#{own[1]}"
        saved = self.saved.page(href, self.file_name) if parts.scheme or href.startswith("/") else None
        if saved is not None:
            return f"{_PENDING}{saved[0]}#{saved[1]}"
        if parts.scheme or href.startswith("//"):
            return href
        page = pagefiles.joined(self.file_name, unquote(parts.path)) if parts.path else self.file_name
        return f"{_PENDING}{page}#{unquote(parts.fragment)}"


def _item_text(node: Tag) -> bool:
    """A list item's text in a block of its own: a loose item's paragraph, or a wrapper that
    holds only inline content (DokuWiki writes every item as `<li><div class="li">…</div>`,
    read as an empty item with the text under it)."""
    if node.name == "p":
        return True
    return node.name == "div" and all(not isinstance(c, Tag) or c.name in INLINE for c in node.children)


def _bold_row(row: Row) -> bool:
    """Is every cell of the row text, all of it bold?"""
    return all(
        c.inlines
        and all(isinstance(i, Strong) or (isinstance(i, Text) and not i.text.strip()) for i in c.inlines)
        for c in row.cells
    )


def _unredirect(href: str) -> str:
    """The address behind Google's redirect («https://www.google.com/url?q=<address>&sa=D&…»),
    through which Google Docs' export sends every link: it tracks the reader and needs the
    network for a link that may not."""
    parts = urlsplit(href.strip())
    if parts.hostname in ("www.google.com", "google.com") and parts.path == "/url":
        target = parse_qs(parts.query).get("q", [""])[0]
        if urlsplit(target).scheme in ("http", "https"):
            return target
    return href


def _only_sup(a: Tag) -> bool:
    """Is the link's whole text one superscript (inside the spans an office program wraps it in)?"""
    sup = a.find("sup")
    text = a.get_text().strip()
    return isinstance(sup, Tag) and bool(text) and sup.get_text().strip() == text


def _merge(spans: list[Inline]) -> list[Inline]:
    """Adjacent spans of one kind become one (so «**a** **b**» is one bold run, text is one run)."""
    out: list[Inline] = []
    for s in spans:
        if out and type(s) is type(out[-1]) and isinstance(s, Text | Strong | Em | StrongEm):
            out[-1] = type(s)(out[-1].text + s.text)  # type: ignore[union-attr]
        else:
            out.append(s)
    return out


def _trim(spans: list[Inline]) -> list[Inline]:
    """No white space at the edges of a block, none inside a bold or italic run's edges."""
    out: list[Inline] = []
    for s in spans:
        if isinstance(s, Strong | Em | StrongEm):
            core = s.text.strip()
            if not core:
                out.append(Text(" "))
                continue
            if s.text[: len(s.text) - len(s.text.lstrip())]:
                out.append(Text(" "))
            out.append(type(s)(core))
            if s.text[len(s.text.rstrip()) :]:
                out.append(Text(" "))
        elif isinstance(s, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(WS.sub(" ", out[-1].text + s.text))
        else:
            out.append(s)
    while out and isinstance(out[0], Text) and not out[0].text.strip():
        out.pop(0)
    while out and (isinstance(out[-1], Break) or (isinstance(out[-1], Text) and not out[-1].text.strip())):
        out.pop()
    if out and isinstance(out[0], Text):
        out[0] = Text(out[0].text.lstrip())
    if out and isinstance(out[-1], Text):
        out[-1] = Text(out[-1].text.rstrip())
    return [s for s in out if not (isinstance(s, Text) and not s.text)]


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
        return addresses.page(href[len(_PENDING) :].partition("#")[0])

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
            if isinstance(s, Link) and s.target.startswith(_PENDING):
                dest = target(s.target, here)
                if dest is None:
                    outside = page_name(s.target) not in names
                    (report.external if outside else report.unresolved).append((line, s.text.strip()))
                    out.append(Text(s.text))
                    continue
                out.append(Link(s.text, dest))
                report.resolved += 1
            elif isinstance(s, Sup) and s.target.startswith(_PENDING):
                dest = target(s.target, here) or ""
                # a note on this page by its anchor, on another (an e-book's notes page) by both
                out.append(Sup(s.text, dest[1:] if dest.startswith("#") else dest))
            else:
                out.append(s)
        return _trim(_merge(out)) if any(isinstance(s, Text) for s in out) else out

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
    if not isinstance(span, Link) or urlsplit(span.target).scheme or span.target.startswith(_PENDING):
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
