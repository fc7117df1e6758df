"""Stable ids for every block of a rendered page, so a URL can point at one paragraph.

A block's id is its section heading's id plus its position under that heading:
`3-9-raneniia-i-travmy--4` is the 4th block under «3.9. Ранения и травмы». Blocks are the
top-level paragraphs, tables, admonitions, quotes and definition terms, and each item of a
top-level list. The id changes only when that section's text changes, never because of an
edit elsewhere on the page.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from rulebook.slugs import slug

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
BLOCKS = ("p", "table", "div", "blockquote", "details", "pre", "figure", "dl")
LISTS = ("ul", "ol")
SEP = "--"  # never produced by the slug function, so a block id cannot equal a heading id


def block_id(section: str, n: int) -> str:
    return f"{section}{SEP}{n}"


def assign(soup: BeautifulSoup, page_key: str) -> list[tuple[Tag, str]]:
    """Give ids to the blocks of one page body; returns (block, section heading id) pairs in
    document order (headings included), for the search indexer."""
    section = slug(page_key) if page_key else "top"
    counter = 0
    used = {t["id"] for t in soup.find_all(id=True)}
    out: list[tuple[Tag, str]] = []

    def give(el: Tag) -> None:
        nonlocal counter
        counter += 1
        if not el.get("id"):
            bid = block_id(section, counter)
            while bid in used:  # only if a hand-written id collides; stays deterministic
                counter += 1
                bid = block_id(section, counter)
            el["id"] = bid
            used.add(bid)
        el["data-rb-block"] = ""
        out.append((el, section))

    for el in list(soup.children):
        if not isinstance(el, Tag):
            continue
        if el.name in HEADINGS:
            if not el.get("id"):
                el["id"] = slug(el.get_text(" ", strip=True))
            section = str(el["id"])
            counter = 0
            out.append((el, section))
        elif el.name in LISTS:
            for li in el.find_all("li", recursive=False):
                give(li)
        elif el.name == "dl":
            for dt in el.find_all("dt", recursive=False):
                give(dt)
        elif el.name in BLOCKS:
            if el.name == "div" and "rb-skip" in (el.get("class") or []):
                continue
            give(el)
    return out
