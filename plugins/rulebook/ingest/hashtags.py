"""A «#» glued to a word at a line's start is a tag (Obsidian's «#бой #правила», a forum's
«#houserule»), not a heading.

CommonMark, so GitHub and Obsidian, makes a heading of «#» only with a space (or the line's end)
after the marks; Python-Markdown makes one of «#бой» too, and a vault's tag line became the
page's H1. The «#» of such a line is escaped, so that it prints as written.
"""

from __future__ import annotations

import re

from rulebook.ingest import fences

_TAG_LINE = re.compile(r"^([ ]{0,3})(#{1,6}[^\s#])")


def escape(text: str) -> str:
    """The Markdown with each line that opens with a tag (not in fenced code) escaped."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    return "\n".join(
        line if fenced else _TAG_LINE.sub(r"\1\\\2", line) for line, fenced in zip(lines, code, strict=True)
    )
