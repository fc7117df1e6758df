"""The marker that makes a quote a box: GitHub's alerts («> [!NOTE]», on a line of its own) and
Obsidian's callouts («> [!tip] Засада», «> [!faq]- Вопрос»: any of its types, in any case, with
a title on the marker's line and a fold mark).

Obsidian's types and their aliases are those its help lists; each becomes the Material box that
shows the same thing. A marker of no known type stays the quote's text, as both programs print
it. The fold mark («-» folded, «+» open) is dropped: a reference page shows the box open, so that
a search lands on words the reader can see.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_KINDS = {
    # GitHub's alerts
    "note": "note",
    "tip": "tip",
    "important": "info",
    "warning": "warning",
    "caution": "danger",
    # Obsidian's callouts (its aliases beside each type)
    "abstract": "abstract",
    "summary": "abstract",
    "tldr": "abstract",
    "info": "info",
    "todo": "info",
    "hint": "tip",
    "success": "success",
    "check": "success",
    "done": "success",
    "question": "question",
    "help": "question",
    "faq": "question",
    "attention": "warning",
    "failure": "failure",
    "fail": "failure",
    "missing": "failure",
    "danger": "danger",
    "error": "danger",
    "bug": "bug",
    "example": "example",
    "quote": "quote",
    "cite": "quote",
}
_MARKER = re.compile(r"^\s*\[!([A-Za-z]+)\]([+-]?)[ \t]*([^\n]*)(?:\n|$)")


class Marker(NamedTuple):
    kind: str  # the Material box
    title: str  # Obsidian's title on the marker's line ("" for none)
    end: int  # where the quote's own text starts
    title_at: int  # where the title starts (an HTML line may go on in inline elements)


def marker(text: str) -> Marker | None:
    """The box marker that opens `text` (a quote's first line), or None."""
    m = _MARKER.match(text)
    if m is None or m.group(1).casefold() not in _KINDS:
        return None
    return Marker(_KINDS[m.group(1).casefold()], m.group(3).strip(), m.end(), m.start(3))


def kind(name: str) -> str | None:
    """The Material box for an alert's or a callout's type (any case), or None."""
    return _KINDS.get(name.casefold())
