"""Fill `/// card` placeholders with the rendered text they reference.

Runs once every page of the build has been rendered (and has its heading and block ids), so a
card copies the current HTML of its source: an edit in the book changes the card on the next
build, `mkdocs serve` included. Links inside the copy are re-based from the source page to the
card's page, ids are dropped (the source keeps them; the card links back to it), and a reference
that does not resolve raises `CardError`, which the plugin turns into a failed build.
"""

from __future__ import annotations

import copy
import difflib
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from rulebook.html import tree
from rulebook.html.blockids import MARK
from rulebook.html.tree import HEADINGS, Element
from rulebook.slugs import slug
from rulebook.widgets.cards import ATTR, CardSpec

_BASE = "http://rulebook.invalid/"  # only to resolve relative URLs; never emitted


class CardError(Exception):
    """A card that cannot be filled; the message names the card and the reference. Raised by
    `fill`, it also says where: the page (`src_uri`), the card (`nth` on it) and `detail`, the
    message without the page."""

    def __init__(self, message: str, src_uri: str = "", nth: int = 0, detail: str = "") -> None:
        super().__init__(message)
        self.src_uri, self.nth, self.detail = src_uri, nth, detail or message


@dataclass(frozen=True)
class RenderedPage:
    src_uri: str  # docs-relative Markdown path, e.g. fatum/03-boi.md
    url: str  # site-relative URL, e.g. fatum/03-boi/
    title: str
    html: str | None  # None when the page was not rendered in this build
    book: str = ""  # the book's title, for the «Источник» line


# src_uri -> (HTML, its parse): a `mkdocs serve` rebuild does not parse an unchanged source page
# again (cards only read the parse: they copy what they take from it)
_PARSED: dict[str, tuple[str, Element]] = {}


class Sources:
    """Rendered pages by src_uri, each parsed at most once per build (and kept while unchanged)."""

    def __init__(self, pages: Iterable[RenderedPage]) -> None:
        self.pages = {p.src_uri: p for p in pages}
        self._trees: dict[str, Element] = {}

    def tree(self, src_uri: str) -> Element:
        if src_uri not in self._trees:
            html = self.pages[src_uri].html
            if html is None:
                raise CardError(
                    f"{src_uri} was not rendered in this build (a --dirty rebuild?); rebuild in full"
                )
            kept = _PARSED.get(src_uri)
            if kept is None or kept[0] != html:
                kept = _PARSED[src_uri] = (html, tree.parse(html))
            self._trees[src_uri] = kept[1]
        return self._trees[src_uri]


def has_cards(html: str) -> bool:
    return ATTR in html


def fill(html: str, page: RenderedPage, sources: Sources) -> str:
    """The page's HTML with every card placeholder replaced by its card; cards that follow each
    other are wrapped in one grid (`div.rb-cards`)."""
    root = tree.parse(html)
    used_ids = {str(i) for i in root.xpath(".//@id")}
    holders = [d for d in root.iter("div") if d.get(ATTR) is not None]
    for n, holder in enumerate(holders, 1):
        spec = CardSpec.load(holder.get(ATTR, ""))
        try:
            card = _build_card(holder, spec, page, sources, used_ids)
        except CardError as e:
            detail = f"card {n} «{spec.label}»: {e}"
            raise CardError(f"{page.src_uri}: {detail}", page.src_uri, n, detail) from None
        card.tail = holder.tail
        holder.getparent().replace(holder, card)
    _group(root)
    return tree.serialize(root)


# ---- one card ----------------------------------------------------------------------------------
@dataclass
class _Part:
    """What one reference contributes: copies of its elements and where they came from."""

    src: RenderedPage
    target_id: str
    heading: str  # text of the referenced heading (or of the block's section heading)
    is_heading: bool
    level: int  # the referenced heading's level (blocks: their section's level)
    head: Element | None  # a copy of the referenced heading
    nodes: list[Element]  # copies of what follows it (or of the block)


def _build_card(
    holder: Element,
    spec: CardSpec,
    page: RenderedPage,
    sources: Sources,
    used_ids: set[str],
) -> Element:
    parts = [_resolve(ref, spec, page, sources) for ref in spec.refs]
    _apply_exclusions(parts, spec.exclude)
    title = spec.title or (parts[0].heading if parts else "")
    if not title:
        raise CardError("a card without a reference needs a 'title'")
    level = min(_level_before(holder) + 1, 6)

    card = holder.makeelement("section", {"class": "rb-card" + (" rb-card--wide" if spec.wide else "")})
    if spec.slot:
        card.set("data-rb-slot", spec.slot)
    tid = _unique(slug(title), used_ids)
    # named by its title, not by its heading: the heading gets a pin button in the page, whose
    # label a name taken from the heading would repeat («… Закрепить раздел «…»»)
    card.set("aria-label", title)
    head = _sub(card, f"h{level}", {"id": tid, "class": "rb-card__title"}, title)
    if parts:
        head.set("data-rb-pin-src", f"{parts[0].src.url}#{parts[0].target_id}")

    if parts:
        body = _sub(card, "div", {"class": "rb-card__body", "data-rb-transcluded": ""})
        for part in parts:
            # The referenced heading appears under the card's title unless it *is* the title;
            # its subsections keep their depth relative to it.
            shown = [part.head] if part.head is not None and part.heading != title else []
            shift = level + 1 - part.level if shown or not part.is_heading else level - part.level
            for node in shown + part.nodes:
                body.append(_adapt(node, part, page, shift=shift))

    if (holder.text or "").strip() or len(holder):
        note = _sub(card, "div", {"class": "rb-card__note"})
        note.text = holder.text
        for child in list(holder):
            note.append(child)

    if parts:
        card.append(_source_line(card, parts, page))
    return card


def _source_line(card: Element, parts: list[_Part], page: RenderedPage) -> Element:
    """«Источник: FATUM, Глава 3. Бой — 3.2. Действия в бою · …», one link per reference."""
    line = card.makeelement("p", {"class": "rb-card__source"})
    line.text = "Источник: "
    by_page: dict[str, list[_Part]] = {}
    for part in parts:
        by_page.setdefault(part.src.src_uri, []).append(part)
    for i, group in enumerate(by_page.values()):
        src = group[0].src
        _add_text(line, ("; " if i else "") + (f"{src.book}, " if src.book else "") + f"{src.title} — ")
        for j, part in enumerate(group):
            if j:
                _add_text(line, " · ")
            _sub(line, "a", {"href": f"{_relative(src.url, page.url)}#{part.target_id}"}, part.heading)
    return line


def _resolve(ref: str, spec: CardSpec, page: RenderedPage, sources: Sources) -> _Part:
    path, _, frag = ref.partition("#")
    if not frag:
        raise CardError(f"reference '{ref}' names no heading or block: write page.md#id")
    src_uri = (
        posixpath.normpath(posixpath.join(posixpath.dirname(page.src_uri), path)) if path else page.src_uri
    )
    if src_uri not in sources.pages:
        raise CardError(f"reference '{ref}': no page {src_uri} in the docs")
    src = sources.pages[src_uri]
    try:
        doc = sources.tree(src_uri)
    except CardError as e:
        raise CardError(f"reference '{ref}': {e}") from None
    found = doc.xpath(".//*[@id=$id]", id=frag)
    if not found:
        raise CardError(
            f"reference '{ref}': no heading or block with id '{frag}' on {src_uri}{_hint(doc, frag)}"
        )
    el = found[0]
    if el.tag in HEADINGS and el.getparent() is doc:
        level = int(el.tag[1])
        nodes = [_copy(n) for n in _section_after(el, level, spec.sections)]
        nodes = [n for n in nodes if not _is_widget(n)]
        if not spec.examples:
            nodes = _drop_examples(nodes)
        return _Part(src, frag, _heading_text(el), True, level, _copy(el), nodes)
    if el.get(MARK) is not None:
        top = el if el.getparent() is doc else next(a for a in el.iterancestors() if a.getparent() is doc)
        section = _section_heading(top)
        heading = _heading_text(section) if section is not None else src.title
        level = int(section.tag[1]) if section is not None else 1
        return _Part(src, frag, heading, False, level, None, [_block_copy(el, doc)])
    raise CardError(f"reference '{ref}': '{frag}' on {src_uri} is neither a heading nor a block")


def _section_after(heading: Element, level: int, with_subsections: bool) -> list[Element]:
    out = []
    for sib in heading.itersiblings():
        if not isinstance(sib.tag, str):
            continue
        if sib.tag in HEADINGS and (not with_subsections or int(sib.tag[1]) <= level):
            break
        out.append(sib)
    return out


def _section_heading(top: Element) -> Element | None:
    return next((s for s in top.itersiblings(*HEADINGS, preceding=True)), None)


def _block_copy(el: Element, doc: Element) -> Element:
    """A block alone; a list item keeps its list (and number), a term keeps its definitions."""
    parent = el.getparent()
    if parent is doc or parent is None:
        return _copy(el)
    if el.tag == "li" and parent.tag in ("ul", "ol"):
        wrap = parent.makeelement(parent.tag, dict(parent.attrib))
        if parent.tag == "ol":
            start = int(parent.get("start", "1") or 1)
            wrap.set("start", str(start + list(parent.iterchildren("li")).index(el)))
        wrap.append(_copy(el))
        return wrap
    if el.tag == "dt" and parent.tag == "dl":
        wrap = parent.makeelement(parent.tag, dict(parent.attrib))
        wrap.append(_copy(el))
        for sib in el.itersiblings():
            if sib.tag != "dd":
                break
            wrap.append(_copy(sib))
        return wrap
    return _copy(el)


def _apply_exclusions(parts: list[_Part], exclude: list[str]) -> None:
    for xid in exclude:
        found = False
        for part in parts:
            for node in list(part.nodes):
                hits = [node] if node.get("id") == xid else node.xpath(".//*[@id=$id]", id=xid)
                if not hits:
                    continue
                found = True
                hit = hits[0]
                if hit is node and node.tag in HEADINGS:
                    lvl = int(node.tag[1])
                    i = part.nodes.index(node)
                    j = i + 1
                    while j < len(part.nodes) and not (
                        part.nodes[j].tag in HEADINGS and int(part.nodes[j].tag[1]) <= lvl
                    ):
                        j += 1
                    del part.nodes[i:j]
                elif hit is node:
                    part.nodes.remove(node)
                else:
                    hit.drop_tree()
        if not found:
            raise CardError(f"exclude '{xid}' is not inside the card's references")


def _adapt(node: Element, part: _Part, page: RenderedPage, shift: int) -> Element:
    """A copy fit for the card: ids and permalinks dropped, headings moved under the card's title,
    links re-based to the card's page, examples removed unless asked for."""
    for el in list(node.iter()):
        if not isinstance(el.tag, str):
            continue
        if el.tag == "a" and "headerlink" in tree.classes(el):
            el.drop_tree()
            continue
        for attr in ("id", MARK, "tabindex"):
            el.attrib.pop(attr, None)
        if el.tag in HEADINGS:
            el.tag = f"h{max(1, min(6, int(el.tag[1]) + shift))}"
        for attr in ("href", "src"):
            value = el.get(attr)
            if value is not None:
                el.set(attr, _rebase(value, part.src.url, page.url))
    return node


def _drop_examples(nodes: list[Element]) -> list[Element]:
    out = []
    for n in nodes:
        if _is_example(n):
            continue
        for inner in [e for e in n.iter() if _is_example(e)]:
            inner.drop_tree()
        out.append(n)
    return out


def _is_widget(t: Element) -> bool:
    """An interactive widget placed in the book (a calculator): its form needs its own ids, so a
    card never copies it; the GM screen embeds the calculators itself."""
    return "rb-calc" in tree.classes(t)


def _is_example(t: Element) -> bool:
    return t.tag in ("div", "details") and "example" in tree.classes(t)


def _group(root: Element) -> None:
    """Consecutive cards share one grid."""
    run: list[Element] = []

    def flush() -> None:
        if run:
            grid = root.makeelement("div", {"class": "rb-cards"})
            run[0].addprevious(grid)
            grid.tail, run[-1].tail = run[-1].tail, None
            for c in run:
                grid.append(c)
            run.clear()

    for node in list(tree.children(root)):
        if node.tag == "section" and "rb-card" in tree.classes(node):
            run.append(node)
        else:
            flush()
    flush()


# ---- helpers ----------------------------------------------------------------------------------
def _copy(el: Element) -> Element:
    """A detached copy of `el` (without the text that follows it in the page)."""
    c = copy.deepcopy(el)
    c.tail = None
    return c


def _sub(parent: Element, tag: str, attrib: dict[str, str], text: str | None = None) -> Element:
    el = parent.makeelement(tag, attrib)
    el.text = text
    parent.append(el)
    return el


def _add_text(el: Element, text: str) -> None:
    """`text` after everything `el` holds so far."""
    if len(el):
        el[-1].tail = (el[-1].tail or "") + text
    else:
        el.text = (el.text or "") + text


def _heading_text(h: Element) -> str:
    c = _copy(h)
    for a in c.xpath(".//a[contains(concat(' ', normalize-space(@class), ' '), ' headerlink ')]"):
        a.drop_tree()
    return " ".join(tree.text(c).split())


def _level_before(holder: Element) -> int:
    h = next((s for s in holder.itersiblings(*HEADINGS, preceding=True)), None)
    return int(h.tag[1]) if h is not None else 1


def _unique(base: str, used: set[str]) -> str:
    i, cand = 1, base
    while cand in used:
        i += 1
        cand = f"{base}-{i}"
    used.add(cand)
    return cand


def _hint(doc: Element, frag: str) -> str:
    ids = [str(i) for i in doc.xpath(".//@id")]
    close = difflib.get_close_matches(frag, ids, n=3, cutoff=0.6)
    return f" (did you mean: {', '.join(close)}?)" if close else ""


def _relative(target: str, from_url: str) -> str:
    """Site-relative `target` as seen from the page at site-relative `from_url`."""
    from_dir = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url) + "/"
    rel = posixpath.relpath("/" + target, "/" + from_dir)
    if rel == ".":
        return "./"
    is_dir = target == "" or target.endswith("/")
    return rel + "/" if is_dir and not rel.endswith("/") else rel


def _rebase(href: str, src_url: str, dst_url: str) -> str:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("//"):
        return href
    absolute = urlsplit(urljoin(_BASE + src_url, href))
    target = absolute.path.removeprefix("/")
    out = _relative(target, dst_url)
    if absolute.query:
        out += "?" + absolute.query
    if absolute.fragment:
        out += "#" + absolute.fragment
    return out


def fill_pages(pages: Iterable[Any], books: dict[str, str]) -> int:
    """Fill the cards of every rendered MkDocs page (`page.content` is replaced); returns how many
    pages had cards. `books` maps a book slug (front matter `book:`) to its title."""
    pages = list(pages)
    sources = Sources(
        RenderedPage(
            src_uri=p.file.src_uri,
            url=p.url,
            title=p.title or "",
            html=p.content,
            book=books.get(str(p.meta.get("book", "")), ""),
        )
        for p in pages
    )
    n = 0
    for p in pages:
        if p.content and has_cards(p.content):
            p.content = fill(p.content, sources.pages[p.file.src_uri], sources)
            n += 1
    return n
