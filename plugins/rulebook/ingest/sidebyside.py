"""Two columns set side by side, as `pdftotext -layout` writes a PDF's page: refused.

Each line then holds the ends of two paragraphs, so no rule of the entry can read them apart, and
the site would publish every paragraph as halves of two. The same PDF's text as `pdftotext -raw`
writes it has its columns one after the other, which the importer reads.
"""

from __future__ import annotations

from pathlib import Path

import regex

from rulebook.ingest.errors import IngestError
from rulebook.ingest.reader import SourceLine

# two runs of prose, a gap of three spaces or more between them, and no other such gap (a table
# with space-aligned columns has several, or figures in them)
_TWO_RUNS = regex.compile(r"^\s*(?P<a>\S(?:(?! {3}).)*\S) {3,}(?P<b>\S(?:(?! {3}).)*\S)\s*$")
_WORD = regex.compile(r"\p{L}{2,}")
_SHARE = 0.2  # of the text's lines: a page of two columns has most of its lines so (a probe: 32%)
_LEAST = 5  # lines, so that a short text's one odd line is not a page
# of such lines followed by another: the next one goes on with a sentence (a column's next line
# starts in lower case; a probe: 46 of 47). A table aligned with spaces starts its rows with
# capitals, and is read, not refused
_GOES_ON = 0.5


def _two_columns(text: str) -> regex.Match[str] | None:
    m = _TWO_RUNS.match(text)
    return m if m and all(len(_WORD.findall(m.group(k))) >= 2 for k in ("a", "b")) else None


def _goes_on(m: regex.Match[str]) -> bool:
    """Either column of the line goes on with the sentence of the line before (lower case)."""
    return m.group("a")[:1].islower() or m.group("b")[:1].islower()


def check(lines: list[SourceLine], path: Path, book: str) -> None:
    """Refuse a text whose lines set two columns side by side, at the first such line."""
    filled = [ln for ln in lines if not ln.blank]
    found = {ln.no: m for ln in filled if (m := _two_columns(ln.text))}
    paired = [ln for ln in filled if ln.no in found]
    nexts = [found[ln.no + 1] for ln in paired if ln.no + 1 in found]
    going_on = sum(_goes_on(m) for m in nexts)
    if (
        len(paired) >= _LEAST
        and len(paired) >= _SHARE * len(filled)
        and going_on >= _GOES_ON * len(nexts) > 0
    ):
        raise IngestError(
            f"{len(paired)} of the text's {len(filled)} lines set two columns side by side (as "
            "`pdftotext -layout` writes a PDF's page), which cannot be read apart: bring the text "
            "`pdftotext -raw` writes, each column after the other",
            path=path,
            line=paired[0].no,
            book=book,
        )
