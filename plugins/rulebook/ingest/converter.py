"""The HTML elements of a page -> the document model's blocks and inline spans, page after page,
with the ids that links lead to (the page's own and GitHub's heading ids). What the markup
says is kept: heading levels, lists, tables, emphasis, boxes, links between the pages.

A box (a blockquote) whose content begins with a heading is a titled rule, as a book of moves
prints each move («> ### STRIKE» and the move's text under it): the heading is lifted out of the
box to be the section's own heading, and the rest of the box stays a box under it. A heading
must be a section to have an id, an entry in the table of contents, a place links lead to and a
record that search ranks as a title; and the model's sections are headings in the page's block
flow, which a box's children are not. The text after the box (the move's commentary) belongs to
that section too, as the book means it. Only a box in the page's own flow is lifted (one inside
a list item or another box keeps its heading, which still gets an id).
"""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

from bs4 import NavigableString, Tag

from rulebook.ingest import boxmarks, githubids, htmltables, notion, ownurls, pagefiles, pictures, tidyspans
from rulebook.ingest.config import BookConfig
from rulebook.ingest.elements import HEADINGS, INLINE, WS, shown
from rulebook.ingest.headings import HeadingDetector
from rulebook.ingest.model import (
    Admonition,
    Block,
    Break,
    DefItem,
    DefList,
    Em,
    FileLine,
    Heading,
    Inline,
    Link,
    ListBlock,
    ListItem,
    Paragraph,
    Report,
    Strong,
    StrongEm,
    Sub,
    Sup,
    Text,
)

_SAFE_SCHEMES = ("http", "https", "ftp", "mailto", "tel")  # a link to anything else runs or embeds
PENDING = "\x00link:"  # a Link target before anchors exist: "\x00link:<file>#<id>"


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


def _own_title(blocks: list[Block], start: int) -> bool:
    """A folder's Markdown page with no H1 that opens with a heading, the only one at its page's
    top level («### Отдых» over «#### Короткий отдых», as a site's page may start), is titled by
    it: that heading becomes the page's H1 and the page's headings go up with it. Its file's name
    («resting») would otherwise title the page above its own title. A page with several headings
    at its top level, or text before its first heading, keeps its file's name."""
    if start >= len(blocks) or not isinstance(blocks[start], Heading):
        return False
    heads = [b for b in blocks[start:] if isinstance(b, Heading)]
    top = min(h.level for h in heads)
    if blocks[start].level != top or sum(h.level == top for h in heads) > 1:
        return False
    for h in heads:
        h.level -= top - 1
    return True


class Converter:
    def __init__(self, book: BookConfig, report: Report) -> None:
        self.book = book
        self.report = report
        self.h = HeadingDetector(book)
        self.blocks: list[Block] = []
        self.targets: dict[tuple[str, str], Block] = {}
        self.github_ids: dict[tuple[str, str], dict[str, int]] = {}  # per file and site: ids so far
        self.github: dict[tuple[str, str], Block] = {}  # (file, a site's id) -> heading
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
        if not has_title and self.folder and self.book.kind == "markdown" and not self.flowing:
            has_title = _own_title(self.blocks, start)
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
            # for «Healing & Recovery»), then VitePress's («#_2-инициатива»); the page's own ids
            # come first. Each site numbers a title's repeats («-1», «-2») by its own ids
            for scheme in (githubids.slug, githubids.vitepress):
                slug = scheme(el.get_text().strip())
                seen = self.github_ids.setdefault((self.file_name, scheme.__name__), {})
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
        if name == "table" and htmltables.lays_out(el):
            for cell in el.find_all(["td", "th"]):
                if cell.find_parent("table") is el:  # each cell of this table, in reading order
                    self.children(cell, out)
            return
        if name == "table":
            t = htmltables.table(el, self.inlines)
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
            kind, title = str(el.get(boxmarks.KIND) or "quote"), str(el.get(boxmarks.TITLE) or "")
            # a titled box with no body («::: info Опциональное правило» over «:::») says its title
            if inner or title:
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
                t = htmltables.table(tables[0], self.inlines)
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
            out.extend(pictures.blocks(el, line))
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

    # ---- inline ----------------------------------------------------------------------------
    def inlines(self, nodes: list[NavigableString | Tag]) -> list[Inline]:
        out: list[Inline] = []
        for n in nodes:
            self.inline(n, out, None)
        return tidyspans.trim(tidyspans.merge(out))

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
                out.extend(tidyspans.trim(tidyspans.merge(self._blocks_apart(child))))
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
            return f"{PENDING}{own[0]}#{own[1]}"
        saved = self.saved.page(href, self.file_name) if parts.scheme or href.startswith("/") else None
        if saved is not None:
            return f"{PENDING}{saved[0]}#{saved[1]}"
        if parts.scheme or href.startswith("//"):
            return href
        page = pagefiles.joined(self.file_name, unquote(parts.path)) if parts.path else self.file_name
        return f"{PENDING}{page}#{unquote(parts.fragment)}"


def _item_text(node: Tag) -> bool:
    """A list item's text in a block of its own: a loose item's paragraph, or a wrapper that
    holds only inline content (DokuWiki writes every item as `<li><div class="li">…</div>`,
    read as an empty item with the text under it)."""
    if node.name == "p":
        return True
    return node.name == "div" and all(not isinstance(c, Tag) or c.name in INLINE for c in node.children)


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
