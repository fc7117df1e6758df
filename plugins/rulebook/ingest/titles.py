"""The document's title in an office program's export: Google Docs writes its Title style as
`<p class="title">`, Word as `<p class=MsoTitle>`, neither as a heading. On a page with no
`<h1>` that paragraph is the page's title, as the document shows it."""

from __future__ import annotations

from bs4 import BeautifulSoup

_TITLE_CLASSES = {"title", "MsoTitle"}


def promote(soup: BeautifulSoup) -> None:
    if soup.find("h1") is not None:
        return
    for p in soup.find_all("p"):
        if _TITLE_CLASSES & set(p.get("class") or []) and p.get_text().strip():
            p.name = "h1"
            return
