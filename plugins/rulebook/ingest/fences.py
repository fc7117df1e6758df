"""Which lines of a Markdown page are fenced code, as Python-Markdown's fenced_code reads them:
a fence of three or more «`» or «~» at the start of a line opens a block, and the very same
fence on a line of its own closes it; a fence that nothing closes opens nothing (it is printed
as text). The pre-passes over a page's Markdown (front matter, spaced bold marks, lists after a
paragraph's line, the unclosed-fence warning) ask this one reading, so that they agree with the
converter and with each other.

Hand-written: Python-Markdown keeps this inside its preprocessor and exposes no per-line answer.
"""

from __future__ import annotations

import re

_OPEN = re.compile(r"^(`{3,}|~{3,})[ \t]*[^`\n]*$")  # an info string holds no backtick
# an inline code span within one line (a stray backtick makes no span across paragraphs): what
# the pre-passes that look inside lines (comments, wikilinks) leave as written
CODE_SPAN = re.compile(r"(`+)(?:(?!\1)[^\n])+?\1")


def code_lines(lines: list[str]) -> tuple[list[bool], int]:
    """Per line, whether it is a fence or inside a fenced block; and the (1-based) line of a fence
    that nothing closes, or 0."""
    inside = [False] * len(lines)
    opened: tuple[int, str] | None = None
    for i, line in enumerate(lines):
        if opened is None:
            m = _OPEN.match(line)
            if m:
                opened = (i, m.group(1))
        elif line.rstrip() == opened[1]:
            for j in range(opened[0], i + 1):
                inside[j] = True
            opened = None
    return inside, opened[0] + 1 if opened else 0
