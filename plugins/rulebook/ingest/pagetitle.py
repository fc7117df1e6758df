"""The title of a saved page whose article (`chrome.root`) holds no H1.

A wiki prints the page's title above the article, outside the element that holds its text
(MediaWiki's `#firstHeading`, a GitHub wiki's `.gh-header-title`): that heading, when the page has
one alone outside the root, names the page as the reader saw it. Otherwise the `<title>`, which
also names the site («Ранения — Вики «Сумрак»»). The `<title>` is read before the page's `<head>`
is thrown away with the rest of what no browser shows.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

_WS = re.compile(r"\s+")


def head_title(soup: BeautifulSoup) -> str:
    """The page's `<title>`, as one line ("" when it has none)."""
    return _WS.sub(" ", soup.title.get_text(" ")).strip() if soup.title else ""


def outside(soup: BeautifulSoup, root: Tag) -> str:
    """The text of the one H1 of the page outside `root` ("" when there is none or several: a
    site's logo is an H1 on some wikis, and then nothing says which one is the page's)."""
    if root is soup:
        return ""
    inside = {id(h) for h in root.find_all("h1")}
    found = [h for h in soup.find_all("h1") if id(h) not in inside]
    if len(found) != 1:
        return ""
    return _WS.sub(" ", found[0].get_text(" ")).strip()
