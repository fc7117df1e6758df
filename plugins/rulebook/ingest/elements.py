"""What the markup importer takes an HTML element for: never shown, a heading (and its level) or
inline; and an element's text as the browser shows it. The page's steps and the converter read
elements by the same sets, so that they agree on where a block begins."""

from __future__ import annotations

import re

from bs4 import Tag

from rulebook.ingest import rendered

# Never text: scripts, styles, forms and embedded media carry no rules words a reader sees.
INVISIBLE_TAGS = ["script", "style", "noscript", "template", "svg", "iframe", "object", "embed", "head"]
INVISIBLE_TAGS += ["form", "button", "input", "select", "textarea", "canvas", "video", "audio", "map"]
HEADINGS = {f"h{i}": i for i in range(1, 7)}
INLINE = {"a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i", "img"}
INLINE |= {"ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u"}
INLINE |= {"var", "wbr", "font", "nobr", "label"}
WS = re.compile(r"\s+")

MAX_DEPTH = 150  # far deeper than any page's markup; the reading recurses per level


def shown(el: Tag) -> str:
    """An element's text as the browser shows it: an inline element's edge inside a word parts
    nothing («Удар<span>ом</span>», an icon font's letter glued to a title); read with a space at
    every edge, the page had two words where the source has one."""
    return WS.sub(" ", rendered.text(el, INLINE))
