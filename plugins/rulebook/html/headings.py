"""Headings named by their own words.

Material's permalink («¶») sits inside every heading, and the page script adds a pin button there
too; a heading's accessible name is all the text inside it, so a screen reader listing a page's
headings read «3.2. Действия в бою ¶ Закрепить раздел «3.2. Действия в бою»». Each heading is
named (aria-label) by its words as the reader sees them; the link and the button inside keep their
own names and stay reachable.
"""

from __future__ import annotations

from rulebook.html import tree
from rulebook.html.tree import HEADINGS, Element

# a heading's English original and its tag («Атака <small>Strike</small>», «<span>Действие</span>»)
# are words of their own, however the page glues them on
_APART = {"rb-original", "rb-tag"}


def _words(el: Element, out: list[str]) -> None:
    """The heading's text in document order, pieces joined as written («Удар<span>ом</span>» is
    one word), an image by its alt text, leaving out the permalink and any button."""
    if el.text:
        out.append(el.text)
    for child in tree.children(el):
        if child.tag == "img":
            out.append(child.get("alt") or "")
        elif child.tag == "br":
            out.append(" ")
        elif _APART & tree.classes(child):
            out.append(" ")
            _words(child, out)
            out.append(" ")
        elif not (child.tag == "button" or "headerlink" in tree.classes(child)):
            _words(child, out)
        if child.tail:
            out.append(child.tail)


def name(root: Element) -> None:
    """Give every heading that holds a permalink its own words as its name."""
    for h in root.iter(*HEADINGS):
        if not any("headerlink" in tree.classes(a) for a in h.iter("a")):
            continue
        pieces: list[str] = []
        _words(h, pieces)
        words = " ".join("".join(pieces).split())
        if words:
            h.set("aria-label", words)
