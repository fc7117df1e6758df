"""A display formula in Markdown («$$» lines around it, as Notion's export, Obsidian and GitHub
write one) is a formula box, as a text source's formula lines are: Python-Markdown knows no
math and printed it as a paragraph between dollar signs («$$ Урон = … $$»).

A formula's lines are kept from Markdown's inline markup (`protect` before it runs, `restore` in
its HTML), as fenced code is: «2*k*m» was «2<em>k</em>m», a double backslash a single one.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from rulebook.ingest import boxmarks, fences

_OPEN = re.compile(r"^\s*\$\$\s*")
_CLOSE = re.compile(r"\s*\$\$\s*$")
_FENCE = re.compile(r"^([\s>]*)\$\$\s*$")  # a «$$» line, in a quote or a list item too
# a formula line stands in Markdown as its number between two private-use characters: no markup,
# and no word a text holds
_TOKEN = re.compile("\ue000(\\d+)\ue001")


def protect(text: str) -> tuple[str, list[str]]:
    """The Markdown with each line between two «$$» lines (outside fenced code, at the same quote
    depth and indent) a token, and the lines it stands for: the file's lines are kept."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    kept: list[str] = []
    opened: tuple[int, str] | None = None  # the open «$$» line and its prefix
    for i, (line, fenced) in enumerate(zip(lines, code, strict=True)):
        m = None if fenced else _FENCE.match(line)
        if m is None:
            continue
        if opened is None or opened[1] != m.group(1):
            opened = (i, m.group(1))
            continue
        start, prefix = opened
        for j in range(start + 1, i):
            if lines[j].startswith(prefix) and lines[j][len(prefix) :].strip():
                kept.append(lines[j][len(prefix) :])
                lines[j] = f"{prefix}\ue000{len(kept) - 1}\ue001"
        opened = None
    return "\n".join(lines), kept


def restore(soup: BeautifulSoup, kept: list[str]) -> None:
    """Put the formula lines `protect` took out back in the HTML, as text."""
    for s in soup.find_all(string=_TOKEN):
        s.replace_with(type(s)(_TOKEN.sub(lambda m: kept[int(m.group(1))], str(s))))


def boxes(soup: BeautifulSoup, root: Tag) -> None:
    """Each paragraph under `root` that is one «$$ … $$» a quote marked as a formula box, the
    dollar signs taken out."""
    for p in root.find_all("p"):
        text = p.get_text()
        if not (text.lstrip().startswith("$$") and text.rstrip().endswith("$$") and len(text.strip()) > 4):
            continue
        strings = [s for s in p.find_all(string=True) if s.strip()]
        first, last = strings[0], strings[-1]
        if first is last:
            first.replace_with(NavigableString(_CLOSE.sub("", _OPEN.sub("", str(first)))))
        else:
            first.replace_with(NavigableString(_OPEN.sub("", str(first))))
            last.replace_with(NavigableString(_CLOSE.sub("", str(last))))
        if not p.get_text().strip():
            continue
        boxmarks.box(soup, p, "abstract", css="formula", inside=True)
