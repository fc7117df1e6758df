"""Stable ids for every block of a rendered page, so a URL can point at one paragraph.

A block's id is its section heading's id plus its position under that heading:
`3-9-raneniia-i-travmy--4` is the 4th block under «3.9. Ранения и травмы». Blocks are the
top-level paragraphs, tables, admonitions, quotes and definition terms, and each item of a
top-level list. The id changes only when that section's text changes, never because of an
edit elsewhere on the page.
"""

from __future__ import annotations

from typing import Any

from rulebook.html import tree
from rulebook.html.tree import HEADINGS, Element
from rulebook.slugs import slug

BLOCKS = ("p", "table", "div", "blockquote", "details", "pre", "figure", "dl")
LISTS = ("ul", "ol")
SEP = "--"  # never produced by the slug function, so a block id cannot equal a heading id
MARK = "data-rb-block"
SKIP = "rb-skip"  # a widget (calculator, sheet) is not a block: it shifts no paragraph's id


def block_id(section: str, n: int) -> str:
    return f"{section}{SEP}{n}"


def top_section(page_key: str) -> str:
    """The section name of blocks above a page's first heading."""
    return slug(page_key) if page_key else "top"


def assign(root: Element, page_key: str) -> list[tuple[Element, str]]:
    """Give ids to the blocks of one page body (the children of `root`); returns (block, section
    heading id) pairs in document order, headings included."""
    section = top_section(page_key)
    counter = 0
    used = {str(i) for i in root.xpath(".//@id")}
    out: list[tuple[Element, str]] = []

    def give(el: Element) -> None:
        nonlocal counter
        counter += 1
        if not el.get("id"):
            bid = block_id(section, counter)
            while bid in used:  # only if a hand-written id collides; stays deterministic
                counter += 1
                bid = block_id(section, counter)
            el.set("id", bid)
            used.add(bid)
        el.set(MARK, "")
        out.append((el, section))

    for el in tree.children(root):
        if el.tag in HEADINGS:
            if not el.get("id"):
                el.set("id", slug(tree.text(el)))
            section = el.get("id", "")
            counter = 0
            out.append((el, section))
        elif el.tag in LISTS:
            for li in el.iterchildren("li"):
                give(li)
        elif el.tag == "dl":
            for dt in el.iterchildren("dt"):
                give(dt)
        elif el.tag in BLOCKS:
            if el.tag == "div" and SKIP in tree.classes(el):
                continue
            give(el)
    return out


def read_marks(soup: Any, page_key: str) -> list[tuple[Any, str]]:
    """The (block, section heading id) pairs of a page `assign` already marked, read back from a
    BeautifulSoup parse of its HTML: the form the search records are made from."""
    section = top_section(page_key)
    out: list[tuple[Any, str]] = []
    for el in soup.find_all(True, recursive=False):
        if el.name in HEADINGS:
            section = str(el.get("id", ""))
            out.append((el, section))
        elif el.has_attr(MARK):
            out.append((el, section))
        elif el.name in (*LISTS, "dl"):
            out += [
                (item, section) for item in el.find_all(("li", "dt"), recursive=False) if item.has_attr(MARK)
            ]
    return out
