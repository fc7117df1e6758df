"""DokuWiki's footnotes, as the other wikis write theirs: a numbered list of notes.

DokuWiki puts a page's notes in `div.footnotes`, each a `div.fn` of its back-link mark
(`<sup><a class="fn_bot" id="fn__1">1)</a></sup>`) and a `div.content` with the note. Read as
they are, each note was two paragraphs, the mark alone above its text. As a list (MediaWiki's
`ol.references`, markdown-it's `ol.footnotes-list`), each note is one item that keeps its id, so
the marks in the text still lead to it, and its mark stays the link back.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

_NUMBER = re.compile(r"\d+")


def rebuild(soup: BeautifulSoup, root: Tag) -> None:
    for box in root.select("div.footnotes"):
        notes = box.find_all("div", class_="fn", recursive=False)
        if not notes:
            continue
        ol = soup.new_tag("ol")
        first = _NUMBER.search(notes[0].get_text())
        if first and first.group() != "1":
            ol["start"] = first.group()
        for fn in notes:
            back = fn.find("a", class_="fn_bot")
            li = soup.new_tag("li")
            li.sourceline = fn.sourceline
            if isinstance(back, Tag) and back.get("id"):
                li["id"] = str(back["id"])
                del back["id"]
            for content in fn.find_all("div", class_="content"):
                li.extend(list(content.children))
            if isinstance(back, Tag):
                li.append(" ")
                li.append(back.extract())
            ol.append(li)
        box.replace_with(ol)
