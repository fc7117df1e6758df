"""A `.txt` that is Markdown: read as Markdown, not as a copied text.

Notes apps, chat bots and GitHub give rules as Markdown, and a user saves them as `.txt`. Read
as a copied text, every «# Бой» was a heading titled «# Бой», every «**жирный**» printed its
asterisks and every «- пункт» its dash. Markdown's ATX headings at two levels or more («# Бой»,
«## Атака») are the sign: a copied text does not start lines with «#» and a space at two
depths, while a wiki's numbered items («# пункт», «## подпункт») come with its «== Title ==»
headings, which keep the text where it was. The switch is told in the report with the line
that decided it, so a user who meant otherwise sees why.
"""

from __future__ import annotations

import re

from rulebook.ingest.reader import SourceLine

_ATX = re.compile(r"^(#{1,6}) +\S")
_WIKI_HEADING = re.compile(r"^(={2,6}) *\S.*?\S *\1\s*$")


def markdown_evidence(lines: list[SourceLine]) -> SourceLine | None:
    """The first ATX heading line when the text is Markdown (headings at two levels or more, no
    wiki heading), else None."""
    if any(_WIKI_HEADING.match(ln.text) for ln in lines):
        return None
    found = [(m.group(1), ln) for ln in lines if (m := _ATX.match(ln.text))]
    if len({hashes for hashes, _ in found}) < 2:
        return None
    return found[0][1]
