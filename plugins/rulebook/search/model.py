"""The in-memory index of one book that the query engine runs on.

Both runtimes build the same structure: Python from the whoosh index (windex.py), the browser
from the exported file (export.py -> assets/search-engine.js); the derived tables (lengths,
heading paths, section ranges) are filled the same way by both."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebook.search import analysis

_LETTER = re.compile(r"[^\W\d_]")

Postings = dict[int, list[tuple[int, int]]]  # stem id -> [(record or section, tf)], ascending


@dataclass
class SectionData:
    page: int
    parent: int  # book-wide section index, -1 for none
    level: int
    anchor: str
    title: str
    original: str = ""
    tag: str = ""

    @property
    def head_text(self) -> str:
        return " ".join(p for p in (self.title, self.original, self.tag) if p)


@dataclass
class RecordData:
    section: int
    kind: str
    anchor: str
    text: str


@dataclass
class BookIndex:
    slug: str
    title: str
    pages: list[tuple[str, str]]  # (url, title)
    sections: list[SectionData]
    records: list[RecordData]
    glossary: list[tuple[str, tuple[str, ...]]]
    # vocabulary: surface -> stem id; stems by id
    surface_stem: dict[str, int] = field(default_factory=dict)
    stems: list[str] = field(default_factory=list)
    stem_id: dict[str, int] = field(default_factory=dict)
    sorted_surfaces: list[str] = field(default_factory=list)
    sorted_stems: list[str] = field(default_factory=list)
    text_post: Postings = field(default_factory=dict)
    head_post: Postings = field(default_factory=dict)
    path_post: Postings = field(default_factory=dict)
    rec_len: list[int] = field(default_factory=list)
    head_len: list[int] = field(default_factory=list)
    path_len: list[int] = field(default_factory=list)
    avg_text: float = 1.0
    avg_head: float = 1.0
    avg_path: float = 1.0
    sec_records: list[tuple[int, int]] = field(default_factory=list)  # own records [start, end)
    _vocab: list[str] | None = field(default=None, repr=False)
    _head_stems: dict[int, frozenset[int]] = field(default_factory=dict, repr=False)
    _title_words: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict, repr=False)

    # ---- per-section word tables, made when first asked for -------------------------------------
    def head_stems(self, s: int) -> frozenset[int]:
        """The stems of the section's heading with its English original and tag."""
        hit = self._head_stems.get(s)
        if hit is None:
            sec = self.sections[s]
            hit = self._head_stems[s] = frozenset(
                self.surface_stem[w] for w in analysis.surfaces(sec.head_text)
            )
        return hit

    def title_words(self, s: int) -> tuple[tuple[int, ...], ...]:
        """The stems of the content words of the title, and of the English original if any:
        words with a letter that are not optional (numbering and question words aside)."""
        hit = self._title_words.get(s)
        if hit is None:
            sec = self.sections[s]
            hit = self._title_words[s] = tuple(
                tuple(
                    self.surface_stem[w]
                    for w in analysis.surfaces(t)
                    if _LETTER.search(w) and not analysis.is_optional(w)
                )
                for t in (sec.title, sec.original)
                if t
            )
        return hit

    # ---- derived tables, shared by both loaders ---------------------------------------------
    def path_text(self, s: int) -> str:
        parts = []
        p = self.sections[s].parent
        while p >= 0:
            parts.append(self.sections[p].head_text)
            p = self.sections[p].parent
        return " ".join(reversed(parts))

    def breadcrumb(self, s: int) -> list[str]:
        out = []
        p = self.sections[s].parent
        while p >= 0:
            out.append(self.sections[p].title)
            p = self.sections[p].parent
        return [self.title, *reversed(out)]

    def vocab_order(self) -> list[str]:
        """Surfaces in order of first occurrence (section heads, then record texts): the order
        the exported stem table follows. Made once: the whoosh index and the export both use it."""
        if self._vocab is not None:
            return self._vocab
        seen: dict[str, None] = {}
        for s in self.sections:
            seen.update(dict.fromkeys(analysis.surfaces(s.head_text)))
        for r in self.records:
            seen.update(dict.fromkeys(analysis.surfaces(r.text)))
        self._vocab = list(seen)
        return self._vocab

    def set_vocab(self, pairs: list[tuple[str, str]]) -> None:
        for surface, st in pairs:
            sid = self.stem_id.get(st)
            if sid is None:
                sid = self.stem_id[st] = len(self.stems)
                self.stems.append(st)
            self.surface_stem[surface] = sid
        self.sorted_surfaces = sorted(self.surface_stem)
        self.sorted_stems = sorted(self.stems)

    def finish(self) -> None:
        """Lengths, averages and section ranges (postings must be filled)."""
        self.rec_len = [len(analysis.surfaces(r.text)) for r in self.records]
        self.head_len = [len(analysis.surfaces(s.head_text)) for s in self.sections]
        self.path_len = [len(analysis.surfaces(self.path_text(i))) for i in range(len(self.sections))]
        self.avg_text = (sum(self.rec_len) / len(self.rec_len)) if self.rec_len else 1.0
        self.avg_head = (sum(self.head_len) / len(self.head_len)) if self.head_len else 1.0
        self.avg_path = (sum(self.path_len) / len(self.path_len)) if self.path_len else 1.0
        self.avg_text = self.avg_text or 1.0
        self.avg_head = self.avg_head or 1.0
        self.avg_path = self.avg_path or 1.0
        ranges = [(0, 0)] * len(self.sections)
        i = 0
        while i < len(self.records):
            s = self.records[i].section
            j = i
            while j < len(self.records) and self.records[j].section == s:
                j += 1
            ranges[s] = (i, j)
            i = j
        self.sec_records = ranges

    def build_postings_from_text(self) -> None:
        """The browser's way (and a check on whoosh's): count stems per record and section."""

        def count(text: str) -> dict[int, int]:
            c: dict[int, int] = {}
            for w in analysis.surfaces(text):
                sid = self.surface_stem[w]
                c[sid] = c.get(sid, 0) + 1
            return c

        def add(post: Postings, i: int, c: dict[int, int]) -> None:
            for sid, tf in c.items():
                post.setdefault(sid, []).append((i, tf))

        for i, r in enumerate(self.records):
            add(self.text_post, i, count(r.text))
        for i, s in enumerate(self.sections):
            add(self.head_post, i, count(s.head_text))
        self.derive_paths()

    def derive_paths(self) -> None:
        """Postings of the heading paths from those of the headings: the path of a section is its
        ancestors' headings, so a stem counts there as often as in all of them together."""
        heads: list[dict[int, int]] = [{} for _ in self.sections]
        for sid, post in self.head_post.items():
            for s, tf in post:
                heads[s][sid] = tf
        self.path_post = {}
        for i in range(len(self.sections)):
            c: dict[int, int] = {}
            p = self.sections[i].parent
            while p >= 0:
                for sid, tf in heads[p].items():
                    c[sid] = c.get(sid, 0) + tf
                p = self.sections[p].parent
            for sid, tf in c.items():
                self.path_post.setdefault(sid, []).append((i, tf))
