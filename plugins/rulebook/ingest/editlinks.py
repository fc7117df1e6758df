"""A wiki's edit links, which are the wiki's and not the page's words.

MediaWiki prints «[править | править код]» beside every heading (`.mw-editsection`, inside the
heading or, since 1.40, beside it), Fandom and others likewise; a saved page keeps them, and an
entry that does not drop them ran them into every heading («Бой [ править код ]») and its id.
A link whose address asks the wiki to edit (`action=edit`, `veaction=edit`, `do=edit`), with the
brackets MediaWiki puts around it, is left out and reported as chrome.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from bs4 import Tag

_EDIT = {"action": {"edit", "submit"}, "veaction": {"edit", "editsource"}, "do": {"edit"}}
_WS = re.compile(r"\s+")


def _edits(href: str) -> bool:
    query = parse_qs(urlsplit(href).query)
    return any(v in wanted for k, wanted in _EDIT.items() for v in query.get(k, []))


def drop(root: Tag) -> list[tuple[int, str]]:
    """Remove the edit links under `root`; (line, text) of each removed."""
    out: list[tuple[int, str]] = []
    for a in root.find_all("a", href=True):
        if a.decomposed or not _edits(str(a["href"])):
            continue
        box = a.find_parent(class_="mw-editsection")
        el = box if isinstance(box, Tag) else a
        text = _WS.sub(" ", el.get_text(" ")).strip()
        if text:
            out.append((el.sourceline or 0, text))
        el.decompose()
    return out
