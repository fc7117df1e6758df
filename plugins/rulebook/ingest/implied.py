"""HTML's implied end tags for list items, which Python's html.parser does not apply: an `<li>`
closes the open `<li>` before it, a `<dt>` or `<dd>` the open `<dt>`/`<dd>` (LibreOffice writes
its lists so, `<li><p>…</p>` with no `</li>`). html.parser nests each item in the one before
it, and the list read as one item holding the rest."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

_CLOSES = {"li": ("li",), "dt": ("dt", "dd"), "dd": ("dt", "dd")}


def close_items(soup: BeautifulSoup) -> None:
    """Move each item nested directly in an item (and what follows it there) out after it, as a
    browser builds the tree; the innermost first, so a run of unclosed items ends as siblings."""
    for item in reversed(soup.find_all(list(_CLOSES))):
        inner = item.find(_CLOSES[item.name], recursive=False)
        if not isinstance(inner, Tag):
            continue
        moving = [inner, *inner.next_siblings]
        anchor = item
        for node in moving:
            anchor.insert_after(node.extract())
            anchor = node
