"""A book's divisions named by a word and a number: «Часть 2. Магия», «ГЛАВА ПЕРВАЯ», «Chapter 3:
Spells», «Приложение А».

A text that nobody configured shows its structure this way more often than any other: parts
above chapters, chapters above their unnumbered or «N.M» sections. Without this, each such line
sat one level below the last structural heading, so «Часть 2» and «Глава 2» went under «Глава 1»
and its sections, and a book's chapters all shared one page.

Each word has a rank (a book above a part above a section above a chapter); the ranks a text uses
take the levels from 1 down, so a text of chapters alone has them at level 1, one page each, and
a text of parts and chapters puts the chapters at level 2. An appendix sits at the top level, as
it stands outside the parts. A label alone on its line («Глава 1», «ЧАСТЬ ПЕРВАЯ») takes the title
on the line under it, glued or after a blank line, as books set it: «Глава 1. Атака».
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.ingest.lineshapes import SENTENCE_ENDS, TITLE_MAX
from rulebook.ingest.reader import SourceLine

_RANKS = {
    "книга": 0,
    "том": 0,
    "book": 0,
    "volume": 0,
    "часть": 1,
    "part": 1,
    "раздел": 2,
    "глава": 3,
    "chapter": 3,
}
_APPENDIX = {"приложение": "appendix", "appendix": "appendix"}
_KIND = {3: "chapter", 1: "part", 0: "book", 2: "division"}

_ORDINAL_RU = (
    r"(?i:(?:перв|втор|трет|четв[её]рт|пят|шест|седьм|восьм|девят|десят|одиннадцат|двенадцат)"
    r"(?:ая|ый|ой|ое|ья|ий|ье|ую))"
)
_NUMBER_EN = r"(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_NUMBER = rf"\d{{1,3}}|[IVXLC]{{1,7}}|{_ORDINAL_RU}|{_NUMBER_EN}"
# the word capitalised or in capitals, then a whole number (an appendix's: a capital letter too;
# a Roman one in capitals, so «Book Learning» names no book L), then nothing or a full stop, or a
# title after «.», «:», a dash or a space: «Глава 3. Бой», «ЧАСТЬ II», «Приложение Б: Таблицы»;
# a dotted number is a numbered section's («Раздел 1.1. Приёмы»), not a division's
_DIVISION = re.compile(
    rf"^(?P<word>[А-ЯЁA-Z][а-яёa-z]+|[А-ЯЁA-Z]{{3,}})\s+(?P<num>{_NUMBER}|[А-ЯЁA-Z])(?!\w|\.\d)"
    r"(?:\s*[.:]?|(?P<sep>\s*[.:]\s*[—–-]?\s*|\s*[—–-]\s*|\s+)(?P<title>\S.*?))\s*$"
)
_TITLE_END = SENTENCE_ENDS.replace("?", "")  # a title may ask, but ends no sentence


@dataclass(frozen=True)
class Division:
    rank: int  # -1: an appendix, at the top level
    kind: str  # what cross-references call it: chapter, part, appendix, …
    number: str
    title: str  # empty for a label alone («Глава 1»)


def match(text: str) -> Division | None:
    """The division a line names, None when it names none: «Глава правил», «глава 1» in a
    sentence, «Глава 1 описывает создание персонажа.», «Часть 1 — создание персонажа;» (a title
    starts with a capital, a quote or a digit, and ends no sentence)."""
    t = text.strip()
    if len(t) > TITLE_MAX:
        return None
    m = _DIVISION.match(t)
    if not m:
        return None
    word, num, title = m.group("word").lower(), m.group("num"), (m.group("title") or "").strip()
    if title and (
        title[-1] in _TITLE_END or not (title[0].isupper() or title[0].isdigit() or title[0] in '«"(')
    ):
        return None
    if word in _APPENDIX:
        return Division(-1, "appendix", num, title)
    if word not in _RANKS or (len(num) == 1 and num.isalpha() and not _roman(num)):
        return None  # a letter numbers appendices only
    rank = _RANKS[word]
    return Division(rank, _KIND[rank], num, title)


def _roman(num: str) -> bool:
    return bool(re.fullmatch(r"[IVXLC]+", num))


def _title_like(text: str) -> bool:
    t = text.strip()
    return (
        0 < len(t) <= TITLE_MAX
        and t == text.rstrip()
        and t[-1] not in _TITLE_END
        and (t[0].isalpha() or t[0] in '«"')
        and match(t) is None
    )


def join_labels(blocks: list[list[SourceLine]]) -> list[list[SourceLine]]:
    """Blocks with each division label alone («Глава 1», «ЧАСТЬ ПЕРВАЯ») joined to the title on the
    line under it, glued («Глава 1» / «Атака» as one block of two lines) or as the next block of
    one line: one heading line «Глава 1. Атака» at the label's line. A label followed by text,
    or by another label, stays as it is."""
    out: list[list[SourceLine]] = []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        d = match(b[0].text) if len(b) <= 2 else None
        if d is not None and not d.title:
            label = b[0]
            if len(b) == 2 and _title_like(b[1].text):
                out.append([_joined(label, b[1])])
                i += 1
                continue
            nxt = blocks[i + 1] if len(b) == 1 and i + 1 < len(blocks) else None
            if nxt is not None and len(nxt) == 1 and _title_like(nxt[0].text) and i + 2 < len(blocks):
                out.append([_joined(label, nxt[0])])
                i += 2
                continue
        out.append(b)
        i += 1
    return out


def join_contents(blocks: list[list[SourceLine]]) -> tuple[list[list[SourceLine]], set[int]]:
    """Blocks with a contents list set one entry a line with blank lines between («Глава 1. Бой»,
    «Глава 2. Магия», each alone) joined into one block of its lines: two divisions or more in a
    row, each of whose titles comes again later in the text, are the list, not empty chapters.
    And the first lines of the lists joined."""
    names = [_name(b) for b in blocks]
    out: list[list[SourceLine]] = []
    lists: set[int] = set()
    i = 0
    while i < len(blocks):
        j = i
        while j < len(blocks) and names[j] and names[j] in names[j + 1 :]:
            j += 1
        if j - i >= 2:
            out.append([ln for b in blocks[i:j] for ln in b])
            lists.add(blocks[i][0].no)
            i = j
            continue
        out.append(blocks[i])
        i += 1
    return out, lists


def _name(block: list[SourceLine]) -> str:
    """A one-line block's text when it names a division, else ""."""
    return block[0].text.strip() if len(block) == 1 and match(block[0].text) else ""


def _joined(label: SourceLine, title: SourceLine) -> SourceLine:
    return SourceLine(label.no, f"{label.text.strip().rstrip('.:')}. {title.text.strip()}")


class Levels:
    """The level of each division rank a text uses: the ranks in their order take 1, 2, …"""

    def __init__(self, blocks: list[list[SourceLine]]) -> None:
        found = [(b[0].no, d.rank) for b in blocks if len(b) == 1 and (d := match(b[0].text)) is not None]
        ordered = sorted({rank for _, rank in found} - {-1})
        self.of = {rank: i + 1 for i, rank in enumerate(ordered)}
        self.of[-1] = 1
        self.lowest = len(ordered)  # the level of the lowest division (0: the text has none)
        self.first_line = found[0][0] if found else 0  # blocks are in the text's order

    def __bool__(self) -> bool:
        return bool(self.first_line)
