"""Hard-wrapped texts: the lines of one paragraph joined back into one line.

The dumps the importer was written for put one paragraph (or list item) per line. A plain-text
book saved from a word processor or a terminal breaks its prose at a fixed width instead, so each
line would become a paragraph of its own, and a word hyphenated at a line end two words. A text
is read as hard-wrapped only when it shows it: its lines are short, and several of them stop in
mid-sentence with the sentence going on, in lower case, on the next line. Then a line is joined
to the one before it when that one does not end its sentence (or this one goes on in lower case);
never a blank line, a list item, a row of aligned columns or a line after a short one (a heading,
a paragraph's last line). The joined line keeps the number of its first line. A text with no blank
lines (pdftotext -raw) shows an unnumbered title only by its shape: a short line after a
sentence's end, ending no sentence, with a paragraph's full line under it; it is set apart as a
block of its own instead of being joined to the paragraph above, whose last line may fill the
column.
"""

from __future__ import annotations

import itertools
import re

from rulebook.ingest import linehyphens
from rulebook.ingest.lineshapes import BULLETS, CHAPTER_WORDS
from rulebook.ingest.reader import SourceLine

_WIDTH = 100  # a hard-wrapped text's lines fit a screen; the dumps' paragraphs are longer
_FILLED = 0.85  # of the wrap width: a line the column filled (a PDF probe's paragraph ends: ≤ 0.80)
_MIN_BREAKS = 3  # mid-sentence breaks that show a text is wrapped (not a stray short line)
_TITLE_WORDS = 6  # an unnumbered title is a few words («Очки выносливости», «Бой в темноте»)
_FIGURES = re.compile(r"[\d=+×*/<>%]")  # a formula's or a stat line's, not a title's
_RAW_BLANKS = 0.05  # blank lines per line in a text with none between paragraphs (page breaks')
_COLUMNS = re.compile(r"\S(?: {2,}|\t)\S")  # aligned columns: a run of spaces inside the line
_ITEM = re.compile(rf"^\s*(?:[-*{BULLETS}–—]|\d+[.)]|[a-zA-Zа-яА-ЯёЁ][.)])\s")
_ENDS_SENTENCE = re.compile(r"[.!?…:;»\"')\]]$")
_LOWER_START = re.compile(r"^[^\W\d_]")
# «Навык — выученное умение…», «Руна Огня: зажигает…», «Олег: Третий день…»: a term or a
# speaker of up to four words, a dash or a colon, and its text
_INDENT = re.compile(r"^(?:\t| {2,})\S")
_LABELLED = re.compile(r"^[A-ZА-ЯЁ][^\s.,:;—]*(?: [^\s.,:;—]+){0,3}(?: —|:) \S")
# A numbered section's title: «2.1. Очередность хода», «Глава 3.», «Chapter 4: Magic»
_NUMBERED_TITLE = re.compile(
    rf"^\s*(?:(?:{CHAPTER_WORDS})\s+\d+[.:]?|\d+(?:\.\d+)+\.?)(?=\s|$)", re.IGNORECASE
)


def _prose(text: str) -> bool:
    return bool(text.strip()) and not _COLUMNS.search(text.strip())


def _goes_on(prev: str, nxt: str, width: int, item: bool = False) -> bool:
    """Whether `nxt` continues the paragraph (`item`: the list item) `prev` broke off at the wrap width."""
    if not (_prose(prev) and _prose(nxt)) or _ITEM.match(nxt):
        return False
    head = nxt.strip()
    lower = bool(_LOWER_START.match(head)) and head[0].islower()
    if lower and linehyphens.ENDS_HYPHENATED.search(prev.rstrip()):
        return True  # a word broken at the line end, whatever the line's length
    full = len(prev.rstrip()) >= width * 0.6  # a line the wrap ended, not a short line
    if full and (lower or not _ENDS_SENTENCE.search(prev.rstrip())):
        return True
    # a sentence that ends a line the column filled goes on in its paragraph: a paragraph's last
    # line seldom fills it, and a text with no blank lines (pdftotext -raw) has no other cue; an
    # item goes on only in lower case (after it, a capital starts the paragraph under the list)
    return not item and len(prev.rstrip()) >= width * _FILLED


def _continues(line: str, before: str, nxt: str, width: int) -> bool:
    """Whether `nxt` goes on `line` (the joined line so far; `before`: its last line as wrapped).
    A numbered section's title is a heading, however much of a narrow column (a PDF's) it fills:
    it takes a line that goes on in lower case (its title wrapped) or follows its number alone
    («Глава 3.» + «Путешествия»), never the paragraph under it, and is a block of its own (a
    text with no blank lines, as pdftotext -raw writes it, has no other cue)."""
    if _ENDS_SENTENCE.search(before.rstrip()):
        if _NUMBERED_TITLE.match(nxt):
            return False  # a section after a sentence's end, not the sentence going on
        if _LABELLED.match(line.lstrip()) and _LABELLED.match(nxt.lstrip()):
            return False  # the next of a run of terms or speakers, each on a line of its own
        if _INDENT.match(nxt) and not _INDENT.match(before):
            return False  # a first line set in, as a typed book starts a paragraph
    title = _NUMBERED_TITLE.match(line)
    if title is None:
        return _goes_on(before, nxt, width, bool(_ITEM.match(line)))
    head = nxt.strip()
    if not head or _ITEM.match(nxt) or _NUMBERED_TITLE.match(nxt):
        return False
    alone = not line[title.end() :].strip()
    return alone or head[0].islower()


def is_wrapped(lines: list[SourceLine]) -> int:
    """The wrap width of a hard-wrapped text, or 0 when its lines are paragraphs."""
    # (a line the importer put for a table or an attachment, marked with a NUL, is no line of text)
    texts = [ln.text.rstrip() for ln in lines if ln.text.strip() and not ln.text.startswith("\x00")]
    if not texts:
        return 0
    lengths = sorted(len(t) for t in texts)
    longest = lengths[min(len(lengths) - 1, int(len(lengths) * 0.95))]  # a stray long line aside
    if longest > _WIDTH:
        return 0
    breaks = sum(
        1
        for a, b in itertools.pairwise(lines)
        if _prose(a.text)
        and _prose(b.text)
        and not _ENDS_SENTENCE.search(a.text.rstrip())
        and not _ITEM.match(b.text)
        and b.text.strip()[0].islower()
        and len(a.text.rstrip()) >= longest * 0.6
    )
    return longest if breaks >= _MIN_BREAKS else 0


def unwrap(
    lines: list[SourceLine], blank_share: float | None = None, short: set[int] | None = None
) -> tuple[list[SourceLine], int]:
    """The lines with each wrapped paragraph on one line, and how many line ends were joined.
    A word hyphenated at a line end («look-» + «ing») is joined without its hyphen unless its
    spelling keeps one (`linehyphens`: «jury-» + «rig», as «jury-rig» appears; «кто-» + «нибудь»).
    `short`: the lines a PDF's page shows stopped short (pdfgeometry), whose paragraph ended."""
    short = short or set()
    width = is_wrapped(lines)
    if not width:
        return lines, 0
    whole = "\n".join(ln.text for ln in lines)
    out: list[SourceLine] = []
    joined = 0
    raw = ""  # the line before, as the text wrapped it (out[-1] may hold several)
    title_at = 0  # the line of the last unnumbered title (see _title_between): its block ends
    # only a text with no blank lines between its paragraphs shows a title by its shape alone;
    # elsewhere a blank line sets it apart, or the report tells it is glued
    # (`blank_share`: the source's own, before its page furniture became blank lines)
    if blank_share is None:
        blank_share = sum(ln.blank for ln in lines) / max(len(lines), 1)
    raw_text = blank_share < _RAW_BLANKS
    for i, ln in enumerate(lines):
        before, raw = raw, ln.text
        after = lines[i + 1].text if i + 1 < len(lines) else ""
        over_title = bool(_NUMBERED_TITLE.match(before)) or (bool(out) and out[-1].no == title_at)
        title = raw_text and _title_between(before, ln.text, after, width, over_title)
        ended = i > 0 and lines[i - 1].no in short
        if (
            not title
            and not ended
            and out
            and out[-1].text.strip()
            and _continues(out[-1].text, before, ln.text, width)
        ):
            prev = out[-1].text.rstrip()
            head = ln.text.strip()
            if linehyphens.ENDS_HYPHENATED.search(prev) and head[:1].islower():
                text = linehyphens.join(prev, head, whole)
            else:
                text = f"{prev} {head}"
            out[-1] = SourceLine(out[-1].no, text)
            joined += 1
            continue
        titled = _NUMBERED_TITLE.match(ln.text) or (out and _NUMBERED_TITLE.match(out[-1].text))
        if (
            (titled or title or (out and out[-1].no == title_at))
            and out
            and out[-1].text.strip()
            and ln.text.strip()
        ):
            out.append(SourceLine(ln.no, ""))  # a title is a block of its own
        if title:
            title_at = ln.no
        out.append(ln)
    return out, joined


def _title_between(before: str, line: str, after: str, width: int, over_title: bool = False) -> bool:
    """An unnumbered title in a text with no blank lines (pdftotext -raw): a short line after a
    sentence's end (a closed page break's blank line, or right under a title: `over_title`),
    starting with a capital and ending no sentence, a few words without figures or signs (not a
    formula «Защита = 10 + Ловкость», a stat line «СИЛ 8 ЛОВ 14»), with a paragraph's line (one
    the wrap ended, starting with a capital) under it. A table's first row is followed by its
    short rows, a list's lead-in by its items: neither is one."""
    head, below = line.strip(), after.strip()
    if (
        not head
        or not below
        or not (over_title or not before.strip() or _ENDS_SENTENCE.search(before.rstrip()))
    ):
        return False
    if len(head) >= width * 0.6 or not head[0].isupper() or _ENDS_SENTENCE.search(head) or head.endswith(","):
        return False
    if len(head.split()) > _TITLE_WORDS or _FIGURES.search(head):
        return False
    if _ITEM.match(line) or _ITEM.match(after) or _LABELLED.match(head) or not _prose(line):
        return False
    return len(below) >= width * 0.6 and below[0].isupper() and _prose(after)
