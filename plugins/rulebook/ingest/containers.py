"""A documentation site's fenced boxes in a Markdown page -> boxes of their kind.

VitePress and VuePress («::: tip Порядок боя» … «:::»), Docusaurus («:::tip[Засада]», «:::note
Title») and Astro Starlight («:::note[Опциональное правило]») write a box as a fence of three
colons or more, a kind and a title; Python-Markdown knows no such fence and printed the colons and
the kind as the page's text. Each fence is rewritten before the page is rendered into a block
whose content is read as Markdown (md_in_html), carrying the kind and title for `boxes`. A kind
none of these sites draws as a box (VitePress's «::: raw», «::: code-group») keeps its content
as the page's text without the fence lines, which are told. Fences nest by their colons, as
Docusaurus writes an outer box with more.
"""

from __future__ import annotations

import html
import re

from bs4 import BeautifulSoup, Tag

from rulebook.ingest import boxmarks, callouts, fences

# the kinds the sites draw as boxes, by the Material box that shows the same thing
_KINDS = {"details": "note", "important": "info", "caution": "danger", "secondary": "note"}
# an opening fence: its colons, the kind, a title in brackets or after a space, then attributes
_OPEN = re.compile(
    r"^[ ]{0,3}(?P<colons>:{3,})[ \t]*(?P<kind>[A-Za-z][\w-]*)"
    r"(?:\[(?P<bracket>[^\]\n]*)\]|[ \t]+(?P<title>[^{\n]*?))?[ \t]*(?:\{[^}\n]*\})?[ \t]*$"
)
_CLOSE = re.compile(r"^[ ]{0,3}(?P<colons>:{3,})[ \t]*$")
KIND = "data-rb-fence-kind"
TITLE = "data-rb-fence-title"


def _kind(name: str) -> str | None:
    """The Material box for a fence's kind, or None for one no site draws as a box."""
    return _KINDS.get(name.casefold()) or callouts.kind(name)


def rewrite(text: str, line_of: list[int]) -> tuple[str, list[int], list[tuple[int, str]]]:
    """The Markdown with each closed box fence (outside fenced code) an HTML block read as
    Markdown, blank lines around its tags; the file's line of each new line; and the fence lines
    of a kind that is no box, (line, what it was), to be told. A fence nothing closes stays text."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    opened: list[tuple[int, int]] = []  # (line index, colons) of each fence still open
    pairs: dict[int, int] = {}  # an opening fence's index -> its closing fence's index
    for i, (line, fenced) in enumerate(zip(lines, code, strict=True)):
        if fenced:
            continue
        close = _CLOSE.match(line)
        if close and opened:
            # the innermost fence this one may close: colons as many as its opening's or more
            for k in range(len(opened) - 1, -1, -1):
                if len(close.group("colons")) >= opened[k][1]:
                    start, _ = opened[k]
                    del opened[k:]
                    pairs[start] = i
                    break
            continue
        m = _OPEN.match(line)
        if m:
            opened.append((i, len(m.group("colons"))))
    closing = set(pairs.values())
    out: list[str] = []
    out_lines: list[int] = []
    plain: list[tuple[int, str]] = []

    def emit(tag: str, at: int) -> None:
        for part in ("", tag, ""):
            out.append(part)
            out_lines.append(line_of[at])

    for i, line in enumerate(lines):
        if i in pairs:
            m = _OPEN.match(line)
            assert m is not None
            kind = _kind(m.group("kind"))
            title = (m.group("bracket") if m.group("bracket") is not None else m.group("title") or "").strip()
            if kind is None:
                plain.append((line_of[i], line.strip()))
                emit('<div markdown="1">', i)
            else:
                attrs = f'{KIND}="{kind}"' + (f' {TITLE}="{html.escape(title)}"' if title else "")
                emit(f'<div markdown="1" {attrs}>', i)
        elif i in closing:
            emit("</div>", i)
        else:
            out.append(line)
            out_lines.append(line_of[i])
    return "\n".join(out), out_lines, plain


def boxes(soup: BeautifulSoup, root: Tag) -> None:
    """Each block `rewrite` made of a box fence a box of its kind and title."""
    for el in root.find_all(attrs={KIND: True}):
        kind, title = str(el[KIND]), str(el.get(TITLE) or "")
        del el[KIND]
        if TITLE in el.attrs:
            del el[TITLE]
        boxmarks.box(soup, el, kind, title=title)
