"""Obsidian's comments («%%…%%», inline or over several lines) are not shown in its reading
view: a game master hides notes and spoilers in them. Published, they reached every player.
They are taken out (their lines kept, blank, so that reports name the file's lines) and told.
Fenced and inline code keep their «%%».
"""

from __future__ import annotations

import re

from rulebook.ingest import fences

_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_COMMENT = re.compile(r"%%.*?%%", re.S)


def strip(text: str) -> tuple[str, list[int]]:
    """The Markdown without its comments, and the (1-based) line where each one began. A «%%»
    that nothing closes stays text, as Obsidian shows it."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    out: list[str] = []
    found: list[int] = []
    i = 0
    while i < len(lines):
        if code[i] or "%%" not in lines[i]:
            out.append(lines[i])
            i += 1
            continue
        j = i  # the run of prose lines a comment may span
        while j + 1 < len(lines) and not code[j + 1]:
            j += 1
        chunk = "\n".join(lines[i : j + 1])
        pieces, last = [], 0
        for m in _CODE.finditer(chunk):
            pieces.append(_strip_prose(chunk[last : m.start()], i, chunk, last, found))
            pieces.append(m.group(0))
            last = m.end()
        pieces.append(_strip_prose(chunk[last:], i, chunk, last, found))
        out.extend("".join(pieces).split("\n"))
        i = j + 1
    return "\n".join(out), found


def _strip_prose(part: str, first_line: int, chunk: str, offset: int, found: list[int]) -> str:
    def blank(m: re.Match[str]) -> str:
        found.append(first_line + chunk.count("\n", 0, offset + m.start()) + 1)
        return "\n" * m.group(0).count("\n")

    return _COMMENT.sub(blank, part)
