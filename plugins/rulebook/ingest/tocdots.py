"""A printed table of contents copied with the text: titles, dot leaders and page numbers.

A book copied out of a PDF or a typed one starts with its contents: «Бой ........ 12». The site
builds its own navigation, and these lines are no rules: read as text they became a page of
dotted lines (or a heading «Приложение А. Таблицы ......... 24», and section numbers read as
headings of their own). A line is an entry when a run of leaders (dots, «…», «·» or «_») ends
in a page number; a run of three or more entries, blank lines between allowed, whose numbers
never go down, is the contents (a price list with leaders goes up and down) when a «Содержание»,
«Оглавление» or «Contents» line is just above it (its title, dropped with it) or when nothing is
above it (the book's very start): a price list under a sentence («Кинжал ........ 5»,
«Меч ........ 15», «Доспех ........ 50») rises too, and stays text. Lines in a Markdown code
fence are a listing, never the contents. They are dropped as page chrome is, each line in the
report, and told.
"""

from __future__ import annotations

import itertools
import re

from rulebook.ingest import fences
from rulebook.ingest.lineshapes import TITLE_MAX
from rulebook.ingest.reader import SourceLine

_ENTRY = re.compile(r"^\s*\S.*?\s?(?:[.…·_] ?){4,}\s*(?P<page>\d{1,4})\s*$")
_TITLE = re.compile(
    r"^\s*(?:#+\s*)?(?:Содержание|Оглавление|Contents|Table of contents)\s*:?\s*$", re.IGNORECASE
)
_MIN_ENTRIES = 3
_TITLE_PAGE = 6  # lines above a contents' title: the book's title page (title, author, edition)
_CODE = "```"  # what a fenced line is read as: text that is no entry and no title


def _title_page(texts: list[str]) -> bool:
    """The lines are a title page's (a title, a subtitle, an author, an edition): a few short
    lines, none ending a sentence."""
    return len(texts) <= _TITLE_PAGE and all(len(t) <= TITLE_MAX and t[-1] not in ".!?…:;" for t in texts)


def _page(text: str) -> int | None:
    m = _ENTRY.match(text)
    return int(m.group("page")) if m else None


def find(lines: list[SourceLine]) -> tuple[set[int], list[str]]:
    """Indices of the contents' lines (entries and title), and a note per contents found."""
    found: set[int] = set()
    notes: list[str] = []
    i = 0
    while i < len(lines):
        if _page(lines[i].text) is None:
            i += 1
            continue
        run: list[tuple[int, int]] = []
        j = i
        while j < len(lines) and (lines[j].blank or (n := _page(lines[j].text)) is not None):
            if not lines[j].blank:
                run.append((j, n))
            j += 1
        above = next((k for k in range(i - 1, -1, -1) if not lines[k].blank), None)
        # a contents is printed at the book's start, under its title page's few lines: a price
        # list headed «Содержание:» in a chapter («Набор путешественника. Содержание:») is text
        titled = (
            above is not None
            and _TITLE.match(lines[above].text) is not None
            and _title_page([ln.text.strip() for ln in lines[:above] if not ln.blank])
        )
        rising = all(a[1] <= b[1] for a, b in itertools.pairwise(run))
        if len(run) >= _MIN_ENTRIES and rising and (titled or above is None):
            found.update(k for k, _ in run)
            first = run[0][0]
            if titled and above is not None:  # (the check narrows the type)
                found.add(above)
                first = above
            notes.append(
                f"lines {lines[first].no}–{lines[run[-1][0]].no}: a table of contents (titles, dot leaders, "
                "page numbers) read as page chrome: dropped"
            )
        i = j
    return found, notes


def blank(text: str) -> tuple[str, list[tuple[int, str]], list[str]]:
    """Markdown text with its contents' lines blank (line numbers kept), the lines dropped (line
    number, text) and the notes. A fenced block's lines are no entries: a listing is no contents
    (and a contents after it is not at the page's start)."""
    lines = text.split("\n")
    fenced, _ = fences.code_lines(lines)
    found, notes = find([SourceLine(k + 1, _CODE if fenced[k] else t) for k, t in enumerate(lines)])
    dropped = [(k + 1, lines[k].strip()) for k in sorted(found)]
    return "\n".join("" if k in found else t for k, t in enumerate(lines)), dropped, notes
