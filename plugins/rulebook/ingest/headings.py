"""Which lines are headings, and at what level.

Four cues exist in the texts we ingest (heading modes): numbered (`Глава 3.`, `3.9.`, FATUM),
an English original in parentheses (Starfinder), a trailing ` #` (the D&D 2024 glossary) and a
short isolated line (D&D 3.5, Star Wars). Levels come from numbering rules, an outline override
(by title, one level per occurrence), or sit one level below the last structural heading. Umbrella
headings (`headings.nest`) are applied last, to the finished tree: an umbrella takes the headings
after it, each with everything under it, one level down, so umbrellas nest inside umbrellas.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter
from dataclasses import dataclass

from rulebook.ingest import divisions
from rulebook.ingest.config import BookConfig, HeadingRule
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading, fold
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.schema import MAX_HEADING_LENGTH

_ENGLISH = re.compile(r"\s*\((?P<en>[A-Z0-9][^()]*(?:\([^()]*\)[^()]*)*)\)(?P<glyph>\s*[◆◇↩]+)?\s*$")


@dataclass
class Candidate:
    text: str  # title as shown (suffix, tag and English original removed)
    rule: HeadingRule | None
    number: str
    original: str
    tag: str


class HeadingDetector:
    def __init__(self, book: BookConfig) -> None:
        self.book = book
        self.cfg = book.headings
        self.glued = {fold(t) for t in self.cfg.glued}
        self.last_structural = 0
        self.caps_levels: set[int] = set()  # levels of numbered or listed headings set in capitals
        self.used_outline: set[str] = set()  # outline keys that placed a heading
        self.occurrences: Counter[str] = Counter()  # outline key -> headings with that title so far
        self.nest_seen: Counter[str] = Counter()  # nest key -> occurrences so far
        self.used_nest: set[str] = set()
        self.used_glued: set[str] = set()  # headings.glued titles that made a heading
        self.umbrellas: dict[int, int] = {}  # id(heading) -> how many headings sit under it
        self.chapters: set[int] = set()  # lines of «N. Title» chapters over «N.M.» sections
        self.levels = divisions.Levels([])  # the levels of «Часть 2», «Глава 3» (see find_divisions)
        self.contents: set[int] = set()  # first lines of contents lists set a division a line

    def find_divisions(self, blocks: list[list[SourceLine]]) -> list[list[SourceLine]]:
        """The blocks with each division label joined to its title, the levels of the divisions
        the text uses noted (a book whose entry declares no numbering rules: its own rules
        decide otherwise)."""
        if not self.cfg.divisions:
            return blocks
        blocks, self.contents = divisions.join_contents(divisions.join_labels(blocks))
        self.levels = divisions.Levels(blocks)
        return blocks

    def find_chapters(self, blocks: list[list[SourceLine]]) -> None:
        """The «N. Title» lines that open a chapter of numbered sections: the next numbered line
        alone in its block is one of its «N.M.» sections (its first, «N.1.», where a lead-in
        ending with a colon is right above: steps «1. Бросок инициативы», «2. …» under «Ход
        состоит из шагов:» inside section 1.1 are no chapters, «Книга делится на части:» over
        «1. Бой», «1.1. …» is one); and, once chapters are shown, the next chapter's number alone
        (a last chapter with no sections, «3. Послесловие»)."""
        alone = [
            (b[0].no, m, prev[-1].text.rstrip() if prev else "")
            for prev, b in zip([[], *blocks], blocks, strict=False)
            if len(b) == 1
            and (m := _SECTION_NUMBER.match(b[0].text))
            and len(b[0].text) <= MAX_HEADING_LENGTH
        ]
        # numbered lines that are no title: items of a list or paragraphs («1. …» in a block of
        # several lines, or too long for a title); a list between two chapters ends the sequence
        items = sorted(
            ln.no
            for b in blocks
            for ln in b
            if _ITEM_NUMBER.match(ln.text) and (len(b) > 1 or len(ln.text) > MAX_HEADING_LENGTH)
        )
        last = 0  # the number of the last «N.» line alone, if it was a chapter
        seen = 0  # the line of the last numbered line alone
        for (no, m, above), after in itertools.zip_longest(alone, alone[1:]):
            if bisect.bisect_right(items, no) > bisect.bisect_right(items, seen):
                last = 0  # «3. Взмахните рукой» after items «1. …», «2. …» is a step, not chapter 3
            seen = no
            if m.group(1) is not None:
                continue
            chapter = m.group(0).split(".")[0]
            lead_in = above.endswith(":")
            first = after[1].group(1).split(".")[:2] if after and after[1].group(1) else []
            sections = first[:1] == [chapter] and (not lead_in or first[1:] == ["1"])
            # the next chapter's number alone after a chapter («3. Послесловие» after «2. Магия»
            # and its sections), not a step's after a step («2. Действия» after «1. Бросок»)
            if sections or (last and not lead_in and int(chapter) == last + 1):
                self.chapters.add(no)
                last = int(chapter)
            else:
                last = 0

    # ---- cues ----------------------------------------------------------------------------
    def rule_for(self, text: str) -> tuple[HeadingRule, re.Match[str]] | None:
        if len(text.strip()) > self.cfg.max_length:
            return None  # a numbered paragraph is not a heading however it starts
        for rule in self.cfg.rules:
            m = rule.pattern.match(text)
            if m:
                return rule, m
        return None

    def splits_block(self, text: str) -> bool:
        """A heading that may be glued to the text around it (so it splits a block)."""
        if text != text.lstrip():
            return False
        found = self.rule_for(text)
        if found and found[0].glued:
            return True
        return fold(self._strip_marks(text)) in self.glued

    def is_heading(self, text: str) -> bool:
        """Is this isolated line (blank before and after) a heading?"""
        c = self.cfg
        if not text or text != text.lstrip() or "\t" in text:
            return False
        t = text.strip()
        if any(p.search(t) for p in c.exclude):
            return False
        if self.rule_for(t) or fold(self._strip_marks(t)) in self.glued:
            return True
        if any(p.search(t) for p in c.always):
            return len(t) <= MAX_HEADING_LENGTH
        if any(co.pattern.match(t) for co in self.book.callouts):
            return False  # a line that opens a box («Пример») is not a heading of its own
        if (
            self.levels
            and divisions.match(t)
            and len(t) <= c.max_length
            and not self._forbidden(t, end=False)
        ):
            return True  # «Глава 1.» may end with a full stop
        if c.mode == "trailing_hash":
            return bool(c.suffix and c.suffix.search(t))
        if c.mode == "english_paren":
            return len(t) <= c.max_length and bool(_ENGLISH.search(t)) and not self._forbidden(t, end=False)
        # numbered and isolated_short: a short line that does not read like a sentence
        return len(t) <= c.max_length and not self._forbidden(t, end=True)

    def _forbidden(self, t: str, end: bool) -> bool:
        c = self.cfg
        if end and t[-1] in c.forbid_end:
            return True
        if any(p.match(t) for p in c.forbid_start):
            return True
        return any(s in t for s in c.forbid_contains)

    def _strip_marks(self, text: str) -> str:
        c = self.cfg
        t = text.strip()
        if c.suffix:
            t = c.suffix.sub("", t).strip()
        return t

    def outline_level(self, title: str, line: int) -> int | None:
        """The level the outline gives this occurrence of the title (None: not listed). A list
        gives one level per occurrence, 0 for an occurrence the outline leaves alone."""
        key = fold(title)
        if key not in self.cfg.outline:
            return None
        self.used_outline.add(key)
        value = self.cfg.outline[key]
        n = self.occurrences[key]
        self.occurrences[key] += 1
        if isinstance(value, int):
            return value
        if n >= len(value):
            written = self.cfg.outline_titles.get(key, title)
            raise IngestError(
                f"headings.outline: «{written}» lists {len(value)} level(s), but the title occurs "
                f"again at line {line} of {self.book.source.name}: add a level for that occurrence "
                "(0 leaves it one level below the last listed heading)",
                path=self.book.config_file,
                line=self.book.where("headings", "outline", written),
                book=self.book.slug,
            )
        return value[n] or None

    def nest_count(self, title: str, line: int) -> int:
        """How many of the following headings `headings.nest` puts one level below this one."""
        key = fold(title)
        value = self.cfg.nest.get(key)
        if value is None:
            return 0
        self.used_nest.add(key)
        n = self.nest_seen[key]
        self.nest_seen[key] += 1
        if isinstance(value, int):
            return value
        return value[n] if n < len(value) else 0

    # ---- building ------------------------------------------------------------------------
    def candidate(self, text: str) -> Candidate:
        c = self.cfg
        t = self._strip_marks(text)
        tag = ""
        if c.tag:
            m = c.tag.search(t)
            if m:
                tag = m.group("tag")
                t = (t[: m.start()] + t[m.end() :]).strip()
        original = ""
        if c.original:
            m = c.original.search(t)
            if m and m.group("en"):
                original = m.group("en").strip()
                glyph = (m.groupdict().get("glyph") or "").strip()
                t = (t[: m.start()] + (" " + glyph if glyph else "") + t[m.end() :]).strip()
        found = self.rule_for(t)
        rule, number = None, ""
        if found:
            rule, m = found
            number = m.groupdict().get("num") or ""
        return Candidate(t, rule, number, original, tag)

    def make(self, text: str, line: int, underlined: int | None = None) -> Heading:
        """`underlined`: the level the line under the title draws («=====» 1, «-----» 2), which
        ranks as the outline's does: the entry's outline, then the text's own drawing."""
        c = self.cfg
        cand = self.candidate(text)
        if fold(self._strip_marks(text)) in self.glued:
            self.used_glued.add(fold(self._strip_marks(text)))
        level = self.outline_level(cand.text, line)
        if level is None:
            level = underlined
        listed = level is not None
        structural = numbered = False
        division = divisions.match(cand.text) if self.levels and level is None else None
        if level is not None:
            structural = True
        elif division is not None and division.rank in self.levels.of:
            level, structural = self.levels.of[division.rank], True
        elif cand.rule is not None:
            structural = cand.rule.structural
            if cand.rule.level == "depth":
                level = self._numbered(cand.number.count(".") + 1) if cand.number else c.default_level
            else:
                level = int(cand.rule.level)
        elif (depth := _number_depth(cand.text)) and (depth > 1 or line in self.chapters):
            # «4.1.1 Boarding a Hulk» where no numbering rule is declared: its number says how deep
            # it sits, as the numbering rules' «depth» would
            level, structural, numbered = self._numbered(depth), True, True
        elif _in_capitals(cand.text) and self.caps_levels - {1}:
            # «SUMMARY» in a text that sets its sections in capitals («4.2 STRIPPING PARTS») is a
            # section of that rank, not a subsection of the last numbered heading
            level = max(self.caps_levels - {1})
            structural = True
        elif c.relative and self.last_structural:
            level = self.last_structural + 1
        else:
            level = c.default_level
        level = max(1, min(level, c.max_level))
        if structural:
            self.last_structural = level
            if (cand.rule is not None or listed or numbered) and _in_capitals(cand.text):
                self.caps_levels.add(level)
        number = cand.number
        if cand.rule is not None and number:
            number = f"{cand.rule.kind}:{number}"
        if division is not None and structural:
            number = f"{division.kind}:{division.number}"
        head = Heading(
            level=level,
            text=cand.text,
            line=line,
            original=cand.original,
            tag=cand.tag,
            structural=structural,
            number=number,
        )
        children = self.nest_count(cand.text, line)
        if children:
            self.umbrellas[id(head)] = children
        return head

    def _numbered(self, depth: int) -> int:
        """The level of a section numbered `depth` deep: below the lowest division, where the
        text has divisions. «1.1.» continues «Глава 1»'s number (level 2 under chapters at 1); a
        text that also numbers its chapters «1. Бой» under «Часть 1» puts those one level lower."""
        if not self.levels.lowest:
            return depth
        return self.levels.lowest + depth - (0 if self.chapters else 1)

    # ---- umbrellas -----------------------------------------------------------------------
    def place_umbrellas(self, heads: list[Heading]) -> None:
        """Put the headings each umbrella names under it. An umbrella with N takes its next N
        children: headings already one level below it count, and each heading at its own level
        (a sibling) moves one level down with everything under it. Umbrellas are applied from the
        last to the first, so an umbrella inside an umbrella has taken its children before its
        parent moves it, and every count is of the headings directly under the umbrella."""
        for i in range(len(heads) - 1, -1, -1):
            n = self.umbrellas.get(id(heads[i]))
            if n:
                self._take(heads, i, n)

    def _take(self, heads: list[Heading], i: int, n: int) -> None:
        top = heads[i]
        found, j = 0, i + 1
        while found < n:
            if j >= len(heads) or heads[j].level < top.level:
                stop = f"before «{heads[j].text}» (line {heads[j].line})" if j < len(heads) else "in the text"
                raise self._nest_error(
                    top,
                    f"«{top.text}» = {n}, but only {found} heading(s) follow under it {stop}: count only "
                    "the headings directly under it (an umbrella under it counts its own)",
                )
            end = j + 1
            while end < len(heads) and heads[end].level > heads[j].level:
                end += 1  # the heading's own subtree travels with it
            if heads[j].level == top.level:
                for h in heads[j:end]:
                    h.level += 1
                    if h.level > self.cfg.max_level:
                        raise self._nest_error(
                            top,
                            f"«{top.text}» puts «{h.text}» (line {h.line}) below level {self.cfg.max_level}",
                        )
            found += 1
            j = end

    def _nest_error(self, top: Heading, message: str) -> IngestError:
        written = next((t for k, t in self.cfg.outline_titles.items() if k == fold(top.text)), top.text)
        return IngestError(
            f"headings.nest: {message}",
            path=self.book.config_file,
            line=self.book.where("headings", "nest", written),
            book=self.book.slug,
        )


_UNDERLINE = {"=": 1, "-": 2}
_UNDERLINE_SLACK = 5  # a hand-typed underline overshoots its title by a few marks
_SENTENCE_END = ".!…,;:"  # a title may ask («Кто ходит первым?»), but ends no sentence


def underline_level(title: str, under: str) -> int | None:
    """The level a line of «=» or «-» under a title draws (Markdown's setext headings, a plain
    text's underlined titles), None when `under` is no underline of this title: a rule not about
    the title's length (shorter than half of it, longer than twice it and a few), or under a line
    too long to be a title or that ends a sentence or a clause («.», «!», «…», «,», «;», «:»: a
    paragraph's last line, a one-line paragraph or a lead-in over a separator)."""
    u, t = under.strip(), title.strip()
    if len(u) < 3 or len(set(u)) != 1 or u[0] not in _UNDERLINE or under != under.lstrip():
        return None
    if not t or len(t) > MAX_HEADING_LENGTH or t[-1] in _SENTENCE_END:
        return None
    if len(u) * 2 < len(t) or len(u) > len(t) * 2 + _UNDERLINE_SLACK:
        return None
    return _UNDERLINE[u[0]]


_ITEM_NUMBER = re.compile(r"^\s*\d+[.)]\s+\S")
_SECTION_NUMBER = re.compile(r"(\d+(?:\.\d+)+)\.?\s+\S|\d+\.\s+\S")


def _number_depth(title: str) -> int:
    """The depth of a section number at the start of a title («4.1.1 Title» is 3, «2. Бой» 1:
    a chapter numbered without a chapter word sits above its «2.1.», not under the «1.2.2.»
    before it, when it is one, see find_chapters), 0 if none."""
    m = _SECTION_NUMBER.match(title)
    return (m.group(1).count(".") + 1 if m.group(1) else 1) if m else 0


def _in_capitals(title: str) -> bool:
    """A title set in capital letters (its words, not a number or an abbreviation alone)."""
    letters = [ch for ch in title if ch.isalpha()]
    return len(letters) >= 4 and all(ch.isupper() for ch in letters)
