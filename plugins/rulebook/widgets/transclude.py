"""Fill `/// card` placeholders with the rendered text they reference.

Runs once every page of the build has been rendered (and has its heading and block ids), so a
card copies the current HTML of its source: an edit in the book changes the card on the next
build, `mkdocs serve` included. Links inside the copy are re-based from the source page to the
card's page, ids are dropped (the source keeps them; the card links back to it), and a reference
that does not resolve raises `CardError`, which the plugin turns into a failed build.
"""

from __future__ import annotations

import difflib
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag

from rulebook.slugs import slug
from rulebook.widgets.cards import ATTR, CardSpec

HEADING = re.compile(r"^h[1-6]$")
# pymdownx leaves a block it cannot parse (say, bad YAML in its options) as plain text.
UNPARSED = re.compile(r"(?:^|>)\s*///\s*card\b[^<\n]*", re.MULTILINE)
_BASE = "http://rulebook.invalid/"  # only to resolve relative URLs; never emitted


class CardError(Exception):
    """A card that cannot be filled; the message names the card and the reference."""


@dataclass(frozen=True)
class RenderedPage:
    src_uri: str  # docs-relative Markdown path, e.g. fatum/03-boi.md
    url: str  # site-relative URL, e.g. fatum/03-boi/
    title: str
    html: str | None  # None when the page was not rendered in this build
    book: str = ""  # the book's title, for the «Источник» line


# src_uri -> (HTML, its parse): a `mkdocs serve` rebuild does not parse an unchanged source page
# again (cards only read the parse: they copy what they take from it)
_PARSED: dict[str, tuple[str, BeautifulSoup]] = {}


class Sources:
    """Rendered pages by src_uri, each parsed at most once per build (and kept while unchanged)."""

    def __init__(self, pages: Iterable[RenderedPage]) -> None:
        self.pages = {p.src_uri: p for p in pages}
        self._soups: dict[str, BeautifulSoup] = {}

    def soup(self, src_uri: str) -> BeautifulSoup:
        if src_uri not in self._soups:
            html = self.pages[src_uri].html
            if html is None:
                raise CardError(
                    f"{src_uri} was not rendered in this build (a --dirty rebuild?); rebuild in full"
                )
            kept = _PARSED.get(src_uri)
            if kept is None or kept[0] != html:
                kept = _PARSED[src_uri] = (html, BeautifulSoup(html, "html.parser"))
            self._soups[src_uri] = kept[1]
        return self._soups[src_uri]


def has_cards(html: str) -> bool:
    return ATTR in html


def fill(html: str, page: RenderedPage, sources: Sources) -> str:
    """The page's HTML with every card placeholder replaced by its card; cards that follow each
    other are wrapped in one grid (`div.rb-cards`)."""
    soup = BeautifulSoup(html, "html.parser")
    used_ids = {str(t["id"]) for t in soup.find_all(id=True)}
    for n, holder in enumerate(soup.find_all("div", attrs={ATTR: True}), 1):
        spec = CardSpec.load(str(holder[ATTR]))
        try:
            card = _build_card(soup, holder, spec, page, sources, used_ids)
        except CardError as e:
            raise CardError(f"{page.src_uri}: card {n} «{spec.label}»: {e}") from None
        holder.replace_with(card)
    _group(soup)
    return str(soup)


# ---- one card ----------------------------------------------------------------------------------
@dataclass
class _Part:
    """What one reference contributes: copies of its elements and where they came from."""

    src: RenderedPage
    target_id: str
    heading: str  # text of the referenced heading (or of the block's section heading)
    is_heading: bool
    level: int  # the referenced heading's level (blocks: their section's level)
    head: Tag | None  # a copy of the referenced heading
    nodes: list[Tag]  # copies of what follows it (or of the block)


def _build_card(
    soup: BeautifulSoup,
    holder: Tag,
    spec: CardSpec,
    page: RenderedPage,
    sources: Sources,
    used_ids: set[str],
) -> Tag:
    parts = [_resolve(ref, spec, page, sources) for ref in spec.refs]
    _apply_exclusions(parts, spec.exclude)
    title = spec.title or (parts[0].heading if parts else "")
    if not title:
        raise CardError("a card without a reference needs a 'title'")
    level = min(_level_before(holder) + 1, 6)

    card = soup.new_tag("section", attrs={"class": "rb-card" + (" rb-card--wide" if spec.wide else "")})
    if spec.slot:
        card["data-rb-slot"] = spec.slot
    tid = _unique(slug(title), used_ids)
    card["aria-labelledby"] = tid
    head = soup.new_tag(f"h{level}", attrs={"id": tid, "class": "rb-card__title"})
    head.string = title
    if parts:
        head["data-rb-pin-src"] = f"{parts[0].src.url}#{parts[0].target_id}"
    card.append(head)

    if parts:
        body = soup.new_tag("div", attrs={"class": "rb-card__body", "data-rb-transcluded": ""})
        for part in parts:
            # The referenced heading appears under the card's title unless it *is* the title;
            # its subsections keep their depth relative to it.
            shown = [part.head] if part.head is not None and part.heading != title else []
            shift = level + 1 - part.level if shown or not part.is_heading else level - part.level
            for node in shown + part.nodes:
                body.append(_adapt(node, part, page, shift=shift))
        card.append(body)

    note = [c for c in holder.contents if not (isinstance(c, NavigableString) and not c.strip())]
    if note:
        div = soup.new_tag("div", attrs={"class": "rb-card__note"})
        for c in note:
            div.append(c.extract())
        card.append(div)

    if parts:
        card.append(_source_line(soup, parts, page))
    return card


def _source_line(soup: BeautifulSoup, parts: list[_Part], page: RenderedPage) -> Tag:
    """«Источник: FATUM, Глава 3. Бой — 3.2. Действия в бою · …», one link per reference."""
    line = soup.new_tag("p", attrs={"class": "rb-card__source"})
    line.append("Источник: ")
    by_page: dict[str, list[_Part]] = {}
    for part in parts:
        by_page.setdefault(part.src.src_uri, []).append(part)
    for i, group in enumerate(by_page.values()):
        src = group[0].src
        line.append(("; " if i else "") + (f"{src.book}, " if src.book else "") + f"{src.title} — ")
        for j, part in enumerate(group):
            if j:
                line.append(" · ")
            a = soup.new_tag("a", href=f"{_relative(src.url, page.url)}#{part.target_id}")
            a.string = part.heading
            line.append(a)
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
        doc = sources.soup(src_uri)
    except CardError as e:
        raise CardError(f"reference '{ref}': {e}") from None
    el = doc.find(id=frag)
    if not isinstance(el, Tag):
        raise CardError(
            f"reference '{ref}': no heading or block with id '{frag}' on {src_uri}{_hint(doc, frag)}"
        )

    if HEADING.match(el.name) and el.parent is doc:
        level = int(el.name[1])
        nodes = [_copy(n) for n in _section_after(el, level, spec.sections)]
        nodes = [n for n in nodes if not _is_widget(n)]
        if not spec.examples:
            nodes = _drop_examples(nodes)
        return _Part(src, frag, _heading_text(el), True, level, _copy(el), nodes)
    if el.has_attr("data-rb-block"):
        top = el if el.parent is doc else el.find_parent(lambda t: t.parent is doc)
        section = _section_heading(top) if isinstance(top, Tag) else None
        heading = _heading_text(section) if section else src.title
        level = int(section.name[1]) if section else 1
        return _Part(src, frag, heading, False, level, None, [_block_copy(el, doc)])
    raise CardError(f"reference '{ref}': '{frag}' on {src_uri} is neither a heading nor a block")


def _section_after(heading: Tag, level: int, with_subsections: bool) -> list[Tag]:
    out = []
    for sib in heading.next_siblings:
        if not isinstance(sib, Tag):
            continue
        if HEADING.match(sib.name) and (not with_subsections or int(sib.name[1]) <= level):
            break
        out.append(sib)
    return out


def _section_heading(top: Tag) -> Tag | None:
    for sib in top.previous_siblings:
        if isinstance(sib, Tag) and HEADING.match(sib.name):
            return sib
    return None


def _block_copy(el: Tag, doc: BeautifulSoup) -> Tag:
    """A block alone; a list item keeps its list (and number), a term keeps its definitions."""
    if el.parent is doc or el.parent is None:
        return _copy(el)
    parent = el.parent
    if el.name == "li" and parent.name in ("ul", "ol"):
        wrap = _copy_empty(parent)
        if parent.name == "ol":
            start = int(str(parent.get("start", "1")) or 1)
            wrap["start"] = str(start + parent.find_all("li", recursive=False).index(el))
        wrap.append(_copy(el))
        return wrap
    if el.name == "dt" and parent.name == "dl":
        wrap = _copy_empty(parent)
        wrap.append(_copy(el))
        for sib in el.find_next_siblings():
            if sib.name != "dd":
                break
            wrap.append(_copy(sib))
        return wrap
    return _copy(el)


def _apply_exclusions(parts: list[_Part], exclude: list[str]) -> None:
    for xid in exclude:
        found = False
        for part in parts:
            for node in list(part.nodes):
                hit = node if node.get("id") == xid else node.find(id=xid)
                if not isinstance(hit, Tag):
                    continue
                found = True
                if hit is node and HEADING.match(node.name):
                    lvl = int(node.name[1])
                    i = part.nodes.index(node)
                    j = i + 1
                    while j < len(part.nodes) and not (
                        HEADING.match(part.nodes[j].name) and int(part.nodes[j].name[1]) <= lvl
                    ):
                        j += 1
                    del part.nodes[i:j]
                elif hit is node:
                    part.nodes.remove(node)
                else:
                    hit.decompose()
        if not found:
            raise CardError(f"exclude '{xid}' is not inside the card's references")


def _adapt(node: Tag, part: _Part, page: RenderedPage, shift: int) -> Tag:
    """A copy fit for the card: ids and permalinks dropped, headings moved under the card's title,
    links re-based to the card's page, examples removed unless asked for."""
    for el in [node, *node.find_all(True)]:
        if el.decomposed:
            continue
        if el.name == "a" and "headerlink" in (el.get("class") or []):
            el.decompose()
            continue
        for attr in ("id", "data-rb-block", "tabindex"):
            if attr in el.attrs:
                del el[attr]
        if HEADING.match(el.name):
            el.name = f"h{max(1, min(6, int(el.name[1]) + shift))}"
        for attr in ("href", "src"):
            if el.has_attr(attr):
                el[attr] = _rebase(str(el[attr]), part.src.url, page.url)
    return node


def _drop_examples(nodes: list[Tag]) -> list[Tag]:
    out = []
    for n in nodes:
        if _is_example(n):
            continue
        for inner in n.find_all(_is_example):
            inner.decompose()
        out.append(n)
    return out


def _is_widget(t: Tag) -> bool:
    """An interactive widget placed in the book (a calculator): its form needs its own ids, so a
    card never copies it; the GM screen embeds the calculators itself."""
    return "rb-calc" in (t.get("class") or [])


def _is_example(t: Tag) -> bool:
    return t.name in ("div", "details") and "example" in (t.get("class") or [])


def _group(soup: BeautifulSoup) -> None:
    """Consecutive cards share one grid."""
    run: list[Tag] = []

    def flush() -> None:
        if run:
            grid = soup.new_tag("div", attrs={"class": "rb-cards"})
            run[0].insert_before(grid)
            for c in run:
                grid.append(c.extract())
            run.clear()

    for node in list(soup.children):
        if isinstance(node, Tag) and node.name == "section" and "rb-card" in (node.get("class") or []):
            run.append(node)
        elif isinstance(node, Tag):
            flush()
    flush()


# ---- helpers ----------------------------------------------------------------------------------
def _copy(el: Tag) -> Tag:
    return BeautifulSoup(str(el), "html.parser").find(el.name)  # type: ignore[return-value]


def _copy_empty(el: Tag) -> Tag:
    t = BeautifulSoup("", "html.parser").new_tag(el.name, attrs=dict(el.attrs))
    return t


def _heading_text(h: Tag) -> str:
    c = _copy(h)
    for a in c.find_all("a", class_="headerlink"):
        a.decompose()
    return " ".join(c.get_text(" ", strip=True).split())


def _level_before(holder: Tag) -> int:
    for sib in holder.previous_siblings:
        if isinstance(sib, Tag) and HEADING.match(sib.name):
            return int(sib.name[1])
    return 1


def _unique(base: str, used: set[str]) -> str:
    i, cand = 1, base
    while cand in used:
        i += 1
        cand = f"{base}-{i}"
    used.add(cand)
    return cand


def _hint(doc: BeautifulSoup, frag: str) -> str:
    ids = [str(t["id"]) for t in doc.find_all(id=True)]
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
        bad = UNPARSED.search(p.content or "")
        if bad:
            raise CardError(
                f"{p.file.src_uri}: a card block was not understood and would show as text: "
                f"{bad.group(0).lstrip('>').strip()!r}; check its options (quote a value containing ': ')"
            )
        if p.content and has_cards(p.content):
            p.content = fill(p.content, sources.pages[p.file.src_uri], sources)
            n += 1
    return n
