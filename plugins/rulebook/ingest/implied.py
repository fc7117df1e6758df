"""HTML's implied end tags for list items, which Python's html.parser does not apply: an `<li>`
closes the open `<li>` before it, a `<dt>` or `<dd>` the open `<dt>`/`<dd>` (LibreOffice writes
its lists so, `<li><p>…</p>` with no `</li>`). html.parser nests each item in the one before
it, and the list read as one item holding the rest."""

from __future__ import annotations

from bs4 import BeautifulSoup, PageElement, Tag

_CLOSES = {"li": ("li",), "dt": ("dt", "dd"), "dd": ("dt", "dd")}


def close_items(soup: BeautifulSoup) -> None:
    """Move each item nested directly in an item (and what follows it there) out after it, as a
    browser builds the tree. A run of unclosed items is a chain: it is taken apart from its
    outermost item down and put back after that item in one insertion (moved one at a time, each
    move looked its place up among all the items before it, and a LibreOffice list of thousands
    of items took minutes)."""
    done: set[int] = set()
    for item in soup.find_all(list(_CLOSES)):
        if id(item) in done:
            continue
        done.add(id(item))
        out: list[PageElement] = []
        stack = [iter(_unnest(item))]
        while stack:
            node = next(stack[-1], None)
            if node is None:
                stack.pop()
                continue
            out.append(node)
            if isinstance(node, Tag) and node.name in _CLOSES:
                done.add(id(node))
                stack.append(iter(_unnest(node)))
        if out:
            item.insert_after(*out)


def _unnest(item: Tag) -> list[PageElement]:
    """The item nested directly in `item` and what follows it there, taken out."""
    inner = item.find(_CLOSES[item.name], recursive=False)
    if not isinstance(inner, Tag):
        return []
    moving = [inner, *inner.next_siblings]
    for node in moving:
        node.extract()
    return moving
