"""The words of a web page as a browser shows them, and the words its markup glues together.

An inline element's edge joins the words on either side: «<em>silence</em>spell» is one word on
the page, and on the book's page made from it. Read with a space at every element's edge
(BeautifulSoup's `get_text(" ")`), the source had two words there, which the word coverage then
reported as lost. A block's edge and a line break part words; so do a superscript and a
subscript, which the coverage counts as words of their own on the book's side too.

Hand-written: BeautifulSoup knows no rendering, and a browser engine is too much for this.
"""

from __future__ import annotations

import re

from bs4 import NavigableString, Tag

_APART = {"br", "sup", "sub", "img"}  # inline, but their words stand apart
_LETTERS_END = re.compile(r"([^\W\d_]{2,})$")
_LETTERS_START = re.compile(r"^([^\W\d_]{2,})")
_TOUCHING = ["em", "i", "strong", "b", "a"]  # what a lost space glues a word to
_ENDING = re.compile(r"[а-яё]{1,3}")


def text(root: Tag, inline: set[str]) -> str:
    """The text of `root` with a space where a browser parts words, and none where it does not."""
    parts: list[str] = []

    def walk(node: Tag) -> None:
        for ch in node.children:
            if isinstance(ch, NavigableString):
                parts.append(str(ch))
            elif isinstance(ch, Tag):
                apart = ch.name not in inline or ch.name in _APART
                if apart:
                    parts.append(" ")
                walk(ch)
                if apart:
                    parts.append(" ")

    walk(root)
    return "".join(parts)


def glued(root: Tag) -> list[tuple[int, str]]:
    """(line, the glued word) where letters run into an emphasis or a link with no space
    («<em>silence</em>spell»): the page shows one word, as the source does, and the editor is
    told, since the source most likely lost a space. A single letter (a drop cap) is no word, a
    span is styling inside a word (Word's «Удар<span lang=EN-US>ом</span>»), and a Russian ending
    of up to three letters after a link is how Russian declines a linked word («<a>атак</a>ой»)."""
    out: list[tuple[int, str]] = []
    for el in root.find_all(_TOUCHING):
        prev, nxt = el.previous_sibling, el.next_sibling
        left = _LETTERS_END.search(str(prev)) if isinstance(prev, NavigableString) else None
        right = _LETTERS_START.search(str(nxt)) if isinstance(nxt, NavigableString) else None
        if not left and not right:
            continue
        inner = el.get_text()
        first, last = _LETTERS_START.search(inner), _LETTERS_END.search(inner)
        if left and first:
            out.append((el.sourceline or 0, f"{left.group(1)}{first.group(1)}"))
        if right and last and not (el.name == "a" and _ENDING.fullmatch(right.group(1))):
            out.append((el.sourceline or 0, f"{last.group(1)}{right.group(1)}"))
    return out
