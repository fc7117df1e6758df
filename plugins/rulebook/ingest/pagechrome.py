"""A printed book's page furniture, found without an entry: page numbers and running headers.

A text copied out of a PDF or a print dump carries, at every page break, the page's number
(«— 12 —», «Стр. 12», «- 12 -», «Page 12») and often a running header (the book's or the
chapter's title) glued to it. They are not the book's words: published, they become one-line
paragraphs, or an empty «— 13 —» section, in the middle of the rules, and a page break inside a
paragraph splits it in two. A line is a page number only when the text shows it: at least
three such lines whose numbers never go down. A running header is a line printed at least
three times next to one of them (a title line elsewhere, not beside a page number, stays).
The lines found are dropped as `chrome.junk` lines are (the page break inside a paragraph
closed) and told in the report, so a text that numbers something else this way is visible.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

from rulebook.ingest.reader import SourceLine

_PAGE_NUMBER = re.compile(
    r"^\s*(?:[—–-]\s*(?P<a>\d{1,4})\s*[—–-]|(?:Стр\.|Страница|С\.|Page|p\.)\s*(?P<b>\d{1,4}))\s*$",
    re.IGNORECASE,
)
_MIN_PAGES = 3  # page-number lines that show a text is paginated
_HEADER_MAX = 80  # a running header is a short line


def _number(text: str) -> int | None:
    m = _PAGE_NUMBER.match(text)
    return int(m.group("a") or m.group("b")) if m else None


def find(lines: list[SourceLine]) -> tuple[set[int], list[str]]:
    """Indices of the page-number and running-header lines, and a note on what was found
    (empty when the text does not show pages)."""
    numbered = [(i, n) for i, ln in enumerate(lines) if (n := _number(ln.text)) is not None]
    if len(numbered) < _MIN_PAGES or any(b[1] < a[1] for a, b in itertools.pairwise(numbered)):
        return set(), []
    found = {i for i, _ in numbered}
    beside: Counter[str] = Counter()
    for i, _ in numbered:
        for j in (i - 1, i + 1):
            if 0 <= j < len(lines) and j not in found:
                text = lines[j].text.strip()
                if text and len(text) <= _HEADER_MAX:
                    beside[text] += 1
    headers = {t for t, n in beside.items() if n >= _MIN_PAGES}
    for i, _ in numbered:
        for j in (i - 1, i + 1):
            if 0 <= j < len(lines) and lines[j].text.strip() in headers:
                found.add(j)
    first = lines[numbered[0][0]]
    note = (
        f"line {first.no}: {len(numbered)} page numbers («{first.text.strip()}», …)"
        + (f" and running headers ({', '.join(f'«{h}»' for h in sorted(headers))})" if headers else "")
        + " read as page chrome: dropped"
    )
    return found, [note]
