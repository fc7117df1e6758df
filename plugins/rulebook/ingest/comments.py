"""Obsidian's comments («%%…%%», inline or over several lines) are not shown in its reading
view: a game master hides notes and spoilers in them. Published, they reached every player.
They are taken out (their lines kept, blank, so that reports name the file's lines) and told.
Fenced and inline code keep their «%%».
"""

from __future__ import annotations

from rulebook.ingest import fences

_CODE = fences.CODE_SPAN
_MARK = "%%"


def strip(text: str) -> tuple[str, list[int]]:
    """The Markdown without its comments, and the (1-based) line where each one began. A comment
    runs from a «%%» outside code to the next «%%» wherever it is, over fenced code too (all of
    it hidden); a «%%» that nothing closes stays text, as Obsidian shows it."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    spans = _spans(lines, code)
    out = list(lines)
    for (i, a), (j, b) in reversed(spans):
        if i == j:
            out[i] = out[i][:a] + out[i][b:]
        else:
            out[i] = out[i][:a]
            for k in range(i + 1, j):
                out[k] = ""
            out[j] = out[j][b:]
    return "\n".join(out), [i + 1 for (i, _a), _end in spans]


def _spans(lines: list[str], code: list[bool]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each comment as ((line, column) of its «%%», (line, column) after its closing «%%»)."""
    spans = []
    i, col = 0, 0
    while i < len(lines):
        if code[i] and col == 0:
            i += 1
            continue
        start = _opening(lines[i], col)
        if start is None:
            i, col = i + 1, 0
            continue
        end = _closing(lines, i, start + len(_MARK))
        if end is None:  # nothing closes it: text, and the scan goes on after it
            col = start + len(_MARK)
            continue
        spans.append(((i, start), end))
        i, col = end
    return spans


def _opening(line: str, col: int) -> int | None:
    """The column of the first «%%» from `col` that is not inside an inline code span."""
    while True:
        at = line.find(_MARK, col)
        if at < 0:
            return None
        code = next((m for m in _CODE.finditer(line, col) if m.start() <= at < m.end()), None)
        if code is None:
            return at
        col = code.end()


def _closing(lines: list[str], i: int, col: int) -> tuple[int, int] | None:
    """Where the comment opened on line i before `col` ends: after the next «%%», on any line."""
    for j in range(i, len(lines)):
        at = lines[j].find(_MARK, col if j == i else 0)
        if at >= 0:
            return j, at + len(_MARK)
    return None
