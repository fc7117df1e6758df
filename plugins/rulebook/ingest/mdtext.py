"""A `.txt` that is Markdown: read as Markdown, not as a copied text.

Notes apps, chat bots and GitHub give rules as Markdown, and a user saves them as `.txt`. Read
as a copied text, every «# Бой» was a heading titled «# Бой», every «**жирный**» printed its
asterisks and every «- пункт» its dash. Lines starting with «#» are no sign alone: a wiki's
numbered list («# Бросьте инициативу», «## Победитель ходит первым») starts its lines so, one
item under another. The sign is Markdown's headings as Markdown sets them, each a line of its own
after a blank line (the text under it glued on or not), at two depths or more, and not a run of
«#» lines: two of them over text of their own, or one with Markdown's other marks in the text
(emphasis «**…**», «*…*», «`…`», a «- » or «* » list, a «> » quote, a code fence, a link
«[…](…)»); a wiki's «== Title ==» headings keep the text where it was. The
switch is told in the report with the line that decided it, so a user who meant otherwise sees
why.
"""

from __future__ import annotations

import re

from rulebook.ingest.reader import SourceLine

_ATX = re.compile(r"^(#{1,6}) +\S")
_WIKI_HEADING = re.compile(r"^(={2,6}) *\S.*?\S *\1\s*$")
# Markdown's marks other than headings: emphasis, code, a list or a quote line, a fence, a link
_MARKS = re.compile(
    r"\*\*[^\s*][^*\n]*?\*\*|(?<![\w*])\*[^\s*][^*\n]*?\*(?![\w*])|`[^`\n]+`"
    r"|^\s*[-*] \S|^> ?\S|^(?:```|~~~)|\[[^\]\n]+\]\([^)\s]+\)",
    re.MULTILINE,
)


def markdown_evidence(lines: list[SourceLine]) -> SourceLine | None:
    """The first heading line when the text is Markdown (see the module), else None."""
    if any(_WIKI_HEADING.match(ln.text) for ln in lines):
        return None

    def blank(k: int) -> bool:
        return k < 0 or k >= len(lines) or lines[k].blank

    def atx(k: int) -> bool:
        return 0 <= k < len(lines) and bool(_ATX.match(lines[k].text))

    headings: list[tuple[str, int]] = []  # a heading's marks and its index
    for k, ln in enumerate(lines):
        # a line of its own after a blank line, not one of a run of «#» lines (a wiki's list)
        if (m := _ATX.match(ln.text)) and blank(k - 1) and not atx(k + 1):
            headings.append((m.group(1), k))
    if len({hashes for hashes, _ in headings}) < 2:
        return None
    at = {k for _, k in headings}

    def over_text(k: int) -> bool:
        nxt = next((j for j in range(k + 1, len(lines)) if not lines[j].blank), None)
        return nxt is not None and nxt not in at and not atx(nxt)

    over = sum(1 for k in at if over_text(k))
    body = "\n".join(ln.text for k, ln in enumerate(lines) if k not in at)
    # two headings over text of their own, or one with Markdown's other marks in the text
    if over >= 2 or (over and _MARKS.search(body)):
        return lines[headings[0][1]]
    return None
