"""Links between saved pages that name each other by their address on the wiki.

A page saved from a site links to the site's other pages by their address there: absolute
(«https://wiki.example/wiki/Ранения»; a browser's «Save page as… complete» writes every link so)
or from the site's root («/ru/pravila/ranenia», Wiki.js). Offline, such a link left the site for
the wiki. Each saved page says its own address: the browser's «saved from url» comment (Chrome,
Edge), the page's `<link rel="canonical">` or `<meta property="og:url">` (MediaWiki, DokuWiki,
GitHub). A link to the address of a page the source holds leads to that page.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urljoin, urlsplit

from bs4 import BeautifulSoup, SoupStrainer

_SAVED_FROM = re.compile(r"<!-- saved from url=\(\d+\)(\S+?) -->")
_WEB = ("http", "https")


def _key(url: str) -> str | None:
    """The address without what does not tell pages apart: the fragment, the case of the scheme
    and host, percent-encoding, a trailing slash. None for what is not a web address."""
    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in _WEB or not parts.netloc:
        return None
    path = unquote(parts.path).rstrip("/")
    query = f"?{unquote(parts.query)}" if parts.query else ""
    return f"{parts.netloc.lower()}{path}{query}"


def own(text: str) -> list[str]:
    """The addresses a saved page gives as its own."""
    found = [m.group(1) for m in _SAVED_FROM.finditer(text[:4096])]
    head = BeautifulSoup(text, "html.parser", parse_only=SoupStrainer(["link", "meta"]))
    for link in head.find_all("link", href=True):
        if "canonical" in (link.get("rel") or []):
            found.append(str(link["href"]))
    for meta in head.find_all("meta", attrs={"property": "og:url", "content": True}):
        found.append(str(meta["content"]))
    return found


class Saved:
    """Which saved page an address means, and where each page was saved from."""

    def __init__(self, pages: dict[str, list[str]]) -> None:
        self.base = {name: urls[0] for name, urls in pages.items() if urls}
        self.pages: dict[str, str] = {}
        for name, urls in pages.items():
            for url in urls:
                key = _key(url)
                if key is not None:
                    self.pages.setdefault(key, name)

    @classmethod
    def read(cls, texts: dict[str, str]) -> Saved:
        """From each page's text, by its name."""
        return cls({name: own(text) for name, text in texts.items()})

    def page(self, href: str, here: str) -> tuple[str, str] | None:
        """(page, fragment) of a link on page `here` to another saved page by its address, or
        None. A link from the site's root is read against the address `here` was saved from."""
        if not self.pages:
            return None
        url = urljoin(self.base[here], href) if href.startswith("/") and here in self.base else href
        key = _key(url)
        if key is None or key not in self.pages:
            return None
        return self.pages[key], unquote(urlsplit(url).fragment)
