"""Definition lists: runs of «Термин (English): описание» lines and degrees of success.

A run needs two or more consecutive lines that all match one of the book's `deflists` patterns;
one lead-in line may come first («Глава 4 ... кратко описаны.» directly above the list). A single
matching line is not a list: it is a paragraph with a bold lead-in (see `runin`).

Degrees of success come either as one line per outcome or as one run-on line («Критический успех
Вы ... Успех Вы ... Провал ...»), which is split before each outcome label that follows a sentence.
"""

from __future__ import annotations

import re

from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import DefItem, DefList, Text
from rulebook.ingest.reader import SourceLine


def _item(patterns: list[re.Pattern[str]], text: str, line: int) -> DefItem | None:
    for pat in patterns:
        m = pat.fullmatch(text)
        if m:
            gd = m.groupdict()
            return DefItem(
                term=[Text(m.group("term").strip())],
                definition=[Text(m.group("def").strip())],
                line=line,
                original=(gd.get("en") or "").strip(),
            )
    return None


def detect(book: BookConfig, lines: list[SourceLine]) -> tuple[list[SourceLine], DefList] | None:
    """(lead-in lines, the list) when the block is a definition list, else None."""
    found = _degrees(book, lines)
    if found is not None:
        return [], found
    if not book.deflists:
        return None
    for start in (0, 1):
        run = lines[start:]
        if len(run) < 2:
            break
        items = [_item(book.deflists, ln.text.strip(), ln.no) for ln in run]
        if all(items):
            return lines[:start], DefList([i for i in items if i is not None], run[0].no)
    return None


def _degrees(book: BookConfig, lines: list[SourceLine]) -> DefList | None:
    dg = book.degrees
    if dg is None:
        return None
    parts: list[tuple[str, int]] = []
    if len(lines) == 1:
        parts = [(p, lines[0].no) for p in dg.split.split(lines[0].text.strip())]
    else:
        parts = [(ln.text.strip(), ln.no) for ln in lines]
    if len(parts) < 2:
        return None
    items = []
    for text, no in parts:
        m = dg.line.fullmatch(text)
        if m is None:
            return None
        items.append(DefItem([Text(m.group("term"))], [Text(m.group("def"))], no))
    return DefList(items, lines[0].no, css="degrees")
