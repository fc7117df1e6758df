"""A rendered page body as an lxml tree, and back to HTML.

The build works on every page's HTML (block ids, table layout, rule links, cards); lxml's parser
and serializer are C (libxml2), some fifteen times faster than BeautifulSoup on these pages, and
the page is parsed once. The body is parsed as the children of one `<div>`, so the parser never
moves a leading `<style>` or `<script>` into a `<head>` of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import html as lxml_html

Element = lxml_html.HtmlElement

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def parse(body: str) -> Element:
    """The fragment `body` as the children of a wrapper element."""
    return lxml_html.fragment_fromstring(body, create_parent="div")


def serialize(root: Element) -> str:
    """The children of `parse`'s wrapper (text and tails included) as HTML."""
    out = lxml_html.tostring(root, encoding="unicode")
    return out[len("<div>") : -len("</div>")]


def children(el: Element) -> Iterator[Element]:
    """Element children only (comments and processing instructions left out)."""
    return (c for c in el if isinstance(c.tag, str))


def classes(el: Element) -> set[str]:
    return set((el.get("class") or "").split())


def add_class(el: Element, name: str) -> None:
    el.set("class", f"{el.get('class')} {name}" if el.get("class") else name)


def text(el: Element) -> str:
    """The element's text pieces, each stripped, joined by one space (BeautifulSoup's
    `get_text(" ", strip=True)`, which ids made from text were always computed with)."""
    return " ".join(t.strip() for t in el.itertext() if t.strip())


def is_heading(el: Element) -> bool:
    return el.tag in HEADINGS
