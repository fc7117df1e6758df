"""The lines of a Markdown file its HTML's elements came from: reports, the outline and errors
name lines of the file, and the HTML's own lines are not the file's."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from rulebook.ingest.elements import HEADINGS

_FIRST_WORD = re.compile(r"\w+")
# a line's marks before its first word, and what else a text may put before it: quotes, brackets,
# symbols, entities («*"You're punching…"*», «&#x23E3; &nbsp; Roll»: such a line was skipped for
# the next one the word begins)
_MARKS = re.compile(r"[\s>#|:*_\[+-]*(?:\d+[.)]\s+)?(?:&#?\w+;|[\W_])*")
_LEAD = re.compile(r"[\s>#|:*_\[+-]*")
_LINE_STARTS = {*HEADINGS, "p", "li", "ul", "ol", "dl", "dt", "dd", "table", "thead", "tbody", "tr"}
_LINE_STARTS.add("blockquote")
_LINE_STARTS.add("div")  # a block of Markdown in HTML (md_in_html: a site's «::: tip» box)


def assign(soup: BeautifulSoup, text: str, line_of: list[int]) -> None:
    """Give each element of a Markdown source's HTML the line of the Markdown it came from (the
    HTML's own lines are not the file's, and reports, the outline and errors name lines of the
    file): the first line, from the previous element's on, that holds the element's first word
    (a heading: a heading line that does; a block: one it begins), in document order; an element
    with no words keeps the line before it. Footnotes, which the HTML moves to its end, are
    looked for from the start. `line_of` gives the file's line of each line of `text` (a CSV
    table inlined adds lines the file does not have)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    setext = re.compile(r"^\s*(?:=+|-+)\s*$")

    def is_heading(i: int) -> bool:
        return lines[i].lstrip().startswith("#") or (i + 1 < len(lines) and bool(setext.match(lines[i + 1])))

    def find(word: str, start: int, heading: bool, first: bool) -> int | None:
        # «_» is a word character to `\w` and an emphasis mark in Markdown: «_Poison Lake_» holds
        # the word «Poison», which a `\w` boundary missed, and the search ran on to the next line
        # that has it (all that followed was given that line)
        pat = re.compile(r"(?<![^\W_])" + re.escape(word) + r"(?![^\W_])")
        for i in range(start, len(lines)):
            m = pat.search(lines[i])
            if not m or (heading and not is_heading(i)):
                continue
            # a word a number starts («# 1. Основы», «1.1. Броски»: the first word is «1») begins
            # the line where the marks before a list item's number end
            begins = (_MARKS.match(lines[i]).end(), _LEAD.match(lines[i]).end())  # type: ignore[union-attr]
            if first and m.start() not in begins:
                continue
            return i
        return None

    cursor = 0
    block: Tag | None = None  # the last block element
    for el in soup.find_all(True):
        # the first word of the element's first text, as the file spells it: read off the whole
        # text, «Удар<span>ом</span>» is one word that the file does not hold
        m = next((w for t in el.strings if (w := _FIRST_WORD.search(t))), None)
        # a block's first word begins its line (after the marks: «#», «-», «1.», «|», «:»), a
        # line after the block before it unless that block holds it
        first = el.name in _LINE_STARTS
        start = cursor + 1 if first and block is not None and block not in el.parents else cursor
        if first and m:  # a block with no words (a table's empty header row) holds no line of text
            block = el
        if m:
            heading = el.name in HEADINGS
            at = find(m.group(0), start, heading, first)
            if at is None and first:
                at = find(m.group(0), start, heading, False)
            if at is None and el.find_parent("div", class_="footnote") is not None:
                at = find(m.group(0), 0, heading, False)
            if at is not None:
                cursor = at
        el.sourceline = line_of[cursor]
