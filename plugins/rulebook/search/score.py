"""Scoring a plan: postings per stem, BM25F over block text, heading and heading path with
rarity and lengths over the library, coverage, tiers (exact titles and definitions), bonuses
(exact words, phrase, proximity, heading, definition), sections that answer as a whole, the
book being read."""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate

from rulebook.search import analysis
from rulebook.search import vocab as V
from rulebook.search.plan import Alt, Group, Plan, Slot
from rulebook.search.store import Key, Store

P = analysis.ENGINE
K = 1 << 20  # record id = section * K + k
# how far an alternative of a query word is from what was typed: the words themselves, a glossary
# of the record's own book (its equivalences: its originals, its abbreviations), the shared one
LITERAL, OWN, SHARED = 0, 1, 2


def reach(a: Alt) -> int:
    return LITERAL if a.literal else OWN if a.books else SHARED


def round6(x: float) -> float:
    return math.floor(x * 1e6 + 0.5) / 1e6


@dataclass
class StemPost:
    """A stem's postings, its surfaces' summed: text per record (tf, length, positions), heading
    and path per section, definitions per record."""

    df: int
    text: dict[int, list[int]] = field(default_factory=dict)  # rid -> [tf, block length]
    head: dict[int, list[int]] = field(default_factory=dict)  # section -> [tf, bits, nrec2, len, tw, ow]
    path: dict[int, list[int]] = field(default_factory=dict)  # section -> [tf, path length]
    defs: dict[int, int] = field(default_factory=dict)  # rid -> 2 x content words of the term + «это»
    exact_text: dict[str, set[int]] = field(default_factory=dict)  # surface -> rids
    exact_head: dict[str, set[int]] = field(default_factory=dict)  # surface -> sections

    def found(self) -> bool:
        """The stem occurs somewhere in the library."""
        return bool(self.text or self.head or self.path or self.defs)


def _entries(flat: list[int], width: int) -> Iterator[tuple[int, int]]:
    """(section, offset) of each `width`-long entry of a flat postings list, whose first number is
    the gap from the previous entry's section (the layout `export` writes)."""
    return zip(accumulate(flat[::width]), range(0, len(flat), width), strict=True)


def _merge_sections(into: dict[int, list[int]], flat: list[int], width: int, flags: bool) -> list[int]:
    """Add a surface form's heading or path entries into the stem's, by section: a section seen
    first keeps the entry's record; seen again (another form of the stem), its count (record[0])
    is added and, for headings, its flags (record[1]) are or-ed in. Returns the sections."""
    sections = []
    for s, i in _entries(flat, width):
        cur = into.get(s)
        if cur is None:
            into[s] = flat[i + 1 : i + width]
        else:
            cur[0] += flat[i + 1]
            if flags:
                cur[1] |= flat[i + 2]
        sections.append(s)
    return sections


def _decode(store: Store, surfaces: list[str], df: int) -> StemPost:
    sp = StemPost(df)
    lengths = store.spec["length_codes"]
    for u in surfaces:
        post = store.postings(u)
        if post is None:
            continue
        lists = post.lists()
        t = lists.text
        ex = sp.exact_text.setdefault(u, set())
        for s, i in _entries(t, 3):
            rid = s * K + t[i + 1]
            tf, code = t[i + 2] // 64 + 1, t[i + 2] % 64
            cur = sp.text.get(rid)
            if cur is None:
                sp.text[rid] = [tf, lengths[code]]
            else:
                cur[0] += tf
            ex.add(rid)
        sp.exact_head.setdefault(u, set()).update(_merge_sections(sp.head, lists.head, 7, flags=True))
        _merge_sections(sp.path, lists.path, 3, flags=False)
        d = lists.defs
        for s, i in _entries(d, 3):
            sp.defs[s * K + d[i + 1]] = d[i + 2]
    return sp


def _initials_only(sp: StemPost) -> bool:
    """The stem is found only as headings' initials (no word of the books)."""
    return bool(sp.head) and not (sp.text or sp.path or sp.defs) and all(h[1] == 8 for h in sp.head.values())


def idf(store: Store, df: int) -> float:
    """BM25's rarity on a fixed scale (`idf_records`), from the share of all records that hold
    the stem."""
    ref = P["idf_records"]
    d = df * ref / max(1, store.stats["records"])
    return math.log(1 + (ref - d + 0.5) / (d + 0.5))


# a slot's stems (postings, weight times rarity) and, per record and per section, the
# indexes of the stems there
SlotTerms = tuple[list[tuple[StemPost, float]], dict[int, list[int]], dict[int, list[int]]]


@dataclass
class Hit:
    rid: int
    book: int
    tier: int
    score: float
    cov: float
    strong: bool = False  # its heading holds every word of the query, or it is an exact title or definition
    whole: bool = False  # a block whose section answers as a whole: it opens the section's heading
    typed: bool = False  # an exact title whose words are the query's as typed, not other forms


class Scorer:
    def __init__(self, store: Store, plan: Plan, scope: list[int]) -> None:
        self.store = store
        self.plan = plan
        self.scope = scope  # book indexes searched
        st = store.stats
        self.avg_text = st["text_len"] / st["records"] if st["records"] and st["text_len"] else 1.0
        self.avg_head = st["head_len"] / st["sections"] if st["sections"] and st["head_len"] else 1.0
        self.avg_path = st["path_len"] / st["sections"] if st["sections"] and st["path_len"] else 1.0
        self.bounds = [(b.first, b.end) for b in store.books]
        self.firsts = [b.first for b in store.books]
        self.posts: dict[str, StemPost] = {}
        self.structure: list[Group] = []  # the content groups the library knows (prerank)
        self._term_cache: dict[int, SlotTerms] = {}
        self._slot_cache: dict[tuple[int, int, int], list[Slot]] = {}
        self.unprinted = False  # no word of the query, as typed, is in any book (table talk)

    def book_of(self, s: int) -> int:
        """The book whose sections hold s (books hold consecutive sections, in order): a halving
        search, as a library of dozens of books asks it for each of thousands of candidates."""
        i = bisect.bisect_right(self.firsts, s) - 1
        return i if i >= 0 and s < self.bounds[i][1] else -1

    def needs(self) -> list[Key]:
        keys: list[Key] = []
        for g in self.plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    for us in sl.surfaces.values():
                        for u in us:
                            at = self.store.locate(u)
                            if at is not None:
                                keys.append(("p", self.store.post_shard(at)))
        return V.uniq(keys)

    def load(self) -> None:
        surfaces: dict[str, list[str]] = {}  # stem -> every surface any slot reads for it
        for g in self.plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    for st in sl.stems:
                        have = surfaces.setdefault(st, [])
                        have += [u for u in sl.surfaces.get(st, []) if u not in have]
        for st, us in surfaces.items():
            us.sort(key=V.key)
            info = V.stem_df(self.store, us[:1])
            self.posts[st] = _decode(self.store, us, info[us[0]][1] if us and us[0] in info else 0)
        # a heading's initials are an abbreviation, typed whole and as it is: the word being
        # typed does not complete to one («ов» is no beginning of «овп», Особые виды
        # перемещения, and must not outrank the books' own «ов»), nor does a form of another
        # word reach one («скор» without its fleeting vowel is «скр», Стабилизация
        # Критического ранения)
        for g in self.plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    # a glossary's word («аоо», AoO) is not a form of the initials its stem is
                    typed = (sl.word,) if sl.glossed else (sl.word, analysis.stem(sl.word))
                    for st in list(sl.stems):
                        if not (st in sl.whole and st in typed) and _initials_only(self.posts[st]):
                            # gone from every reading of the slot: a list ranked again (its unused
                            # corrections dropped) loads the postings of `stems` alone
                            del sl.stems[st]
                            sl.surfaces.pop(st, None)
                            sl.whole.discard(st)
        for g in self.plan.groups:
            # the rarest word the group can match in the library (a glossary target that no
            # book uses matches nothing, and weighs nothing)
            g.idf = max(
                (
                    a.weight * w * idf(self.store, self.posts[st].df)
                    for a in g.alts
                    for sl in a.slots
                    for st, w in sl.stems.items()
                    if self.posts[st].found()
                ),
                default=0.0,
            )
        content = [g for g in self.plan.groups if g.role == "content"]
        typed = [sl for g in content for a in g.alts if a.literal for sl in a.slots]
        self.unprinted = bool(content) and not any(self.posts[st].found() for sl in typed for st in sl.stems)

    # BM25F of one slot for one record
    def slot_score(self, sl: Slot, rid: int, s: int) -> float:
        k1 = P["k1"]
        bt, bh = P["b_text"], P["b_head"]
        w_text, w_head, w_path, min_len = P["w_text"], P["w_head"], P["w_path"], P["min_text_len"]
        terms, rids, sections = self._terms(sl)
        # only the slot's stems in the block or its section's heading (none, for most records):
        # a prefix has dozens of stems, a record one or two
        at_rid, at_sec = rids.get(rid), sections.get(s)
        if at_rid is None and at_sec is None:
            return 0.0
        best = 0.0
        at = at_rid if at_sec is None else at_sec if at_rid is None else sorted({*at_rid, *at_sec})
        for i in at:
            sp, weight = terms[i]
            t = sp.text.get(rid)
            h = sp.head.get(s)
            p = sp.path.get(s)
            tfw = 0.0
            if t is not None:
                # a block of a few words (a list item «ядов;») is not that much more about its words
                # than a paragraph: its length counts as at least `min_text_len`
                n = t[1] if t[1] > min_len else min_len
                tfw += w_text * t[0] / (1 - bt + bt * n / self.avg_text)
            if h is not None:
                tfw += w_head * h[0] / (1 - bh + bh * h[3] / self.avg_head)
            if p is not None:
                tfw += w_path * p[0] / (1 - bh + bh * p[1] / self.avg_path)
            v = weight * tfw * (k1 + 1) / (k1 + tfw)
            if v > best:
                best = v
        return best

    def _terms(self, sl: Slot) -> SlotTerms:
        """The slot's stems in order, each as its postings and its weight times its rarity (the
        product BM25F starts from, the same for every record), and, per record and per section,
        the indexes of the stems there: worked out once per query, as prerank asks for millions
        of slot scores (the operations and their order are unchanged)."""
        got = self._term_cache.get(id(sl))
        if got is None:
            terms: list[tuple[StemPost, float]] = []
            rids: dict[int, list[int]] = {}
            sections: dict[int, list[int]] = {}
            for i, st in enumerate(sorted(sl.stems)):
                sp = self.posts[st]
                terms.append((sp, sl.stems[st] * idf(self.store, sp.df)))
                for rid in sp.text:
                    rids.setdefault(rid, []).append(i)
                for sec in (*sp.head, *sp.path):
                    at = sections.setdefault(sec, [])
                    if not at or at[-1] != i:
                        at.append(i)
            got = self._term_cache[id(sl)] = (terms, rids, sections)
        return got

    def candidates(self) -> dict[int, int]:
        """rid -> section of every record a content or glossary stem reaches through its text or
        its section's heading (a heading path alone does not make a candidate)."""
        out: dict[int, int] = {}
        for g in self.plan.groups:
            if g.role != "content":
                continue
            for a in g.alts:
                for sl in a.slots:
                    for st in sl.stems:
                        sp = self.posts[st]
                        for rid in sp.text:
                            out[rid] = rid // K
                        for s, h in sp.head.items():
                            n2 = h[2]
                            if n2 & 1:
                                out[s * K] = s
                            for k in range(1, (n2 >> 1) + 1):
                                out[s * K + k] = s
        return out

    def group_score(self, g: Group, rid: int, s: int, b: int) -> float:
        best = 0.0
        for a in g.alts:
            if a.books and b not in a.books:
                continue
            if not a.slots:
                continue
            total = 0.0
            for sl in a.slots:
                v = self.slot_score(sl, rid, s)
                if v <= 0:
                    total = -1.0
                    break
                total += v
            if total <= 0:
                continue
            v = a.weight * total / len(a.slots)
            if v > best:
                best = v
        return best

    def prerank(self, prefer: int) -> list[Hit]:
        """Every candidate, in order, scored from the postings alone (BM25F with coverage, the
        tiers, the book being read); `finish` adds what needs the blocks' words."""
        groups = self.plan.groups
        content = [g for g in groups if g.role == "content"]
        if not content:
            return []
        total_idf = sum(g.idf for g in content) or 1.0
        rows = []
        # per section: the best score of each group over its records, and the groups covered
        sec_best: dict[int, list[float]] = {}
        sec_cov: dict[int, float] = {}  # the best single record's coverage
        gidx = {id(g): i for i, g in enumerate(groups)}
        titled: dict[int, bool] = {}
        in_scope = set(self.scope)
        for rid, s in self.candidates().items():
            b = self.book_of(s)
            if b not in in_scope:
                continue
            base = 0.0
            covered = 0.0
            scores = [0.0] * len(groups)
            for g in groups:
                v = self.group_score(g, rid, s, b)
                if v > 0:
                    scores[gidx[id(g)]] = v
                    if g.role == "content":
                        covered += g.idf
                        base += v
                    else:
                        base += _weight(g) * v
            if covered <= 0:
                continue
            cov = covered / total_idf
            rows.append((base * _power(cov), cov, rid, s, b))
            best = sec_best.setdefault(s, [0.0] * len(groups))
            for i, v in enumerate(scores):
                if v > best[i]:
                    best[i] = v
            sec_cov[s] = max(sec_cov.get(s, 0.0), cov)
            if rid == s * K:
                titled[s] = True
        # a section whose blocks together hold more of the query than any one of them answers
        # as a whole: its heading stands for it
        have = {r[2]: i for i, r in enumerate(rows)}
        for s, best in sec_best.items():
            if not titled.get(s):
                continue
            covered = sum(g.idf for g, v in zip(groups, best, strict=True) if v > 0 and g.role == "content")
            cov = covered / total_idf
            if cov <= sec_cov[s] + 1e-9:
                continue
            base = sum(
                (v if g.role == "content" else _weight(g) * v) for g, v in zip(groups, best, strict=True)
            )
            pre = base * _power(cov) * P["section_weight"]
            i = have[s * K]
            if pre > rows[i][0]:
                rows[i] = (pre, cov, s * K, s, rows[i][4])
        # the structure (exact titles, headings, phrases) is judged on the words the library
        # knows: a word that matches nothing anywhere cannot be in any heading
        self.structure = [g for g in content if g.idf > 0] or content
        # the blocks that define any of those words, in any book: most candidates are not one
        defining = {
            rid
            for g in self.structure
            for a in g.alts
            for sl in a.slots
            for st in _def_stems(sl)
            if st in self.posts
            for rid in self.posts[st].defs
        }
        hits = []
        for pre, cov, rid, s, b in rows:
            tier = (
                self.tier(rid, s, b, self.structure)
                if rid == s * K or (rid in defining and self._defines(rid, b, self.structure, True))
                else 0
            )
            sc = pre * P["prefer_book"] if b == prefer else pre
            strong = tier > 0 or (cov >= 1 and self._heading_matches(s, b, self.structure))
            typed = tier == 4 and self._typed_title(s, b, self.structure)
            hits.append(Hit(rid, b, tier, round6(sc), cov, strong, typed=typed))
        hits.sort(key=lambda h: self.order(h, prefer))
        return hits

    def finish(self, hits: list[Hit], prefer: int, text_of: Callable[[int], str]) -> list[Hit]:
        """The best `rerank` pre-ranked hits re-scored with the bonuses, which read the words of
        their blocks (`text_of(rid)`); the rest follow in their order."""
        n = int(P["rerank"])
        top, rest = hits[:n], hits[n:]
        content = self.structure
        # the small words the reader typed («как работает броня»): where a heading says it the
        # reader's way, a heading that lacks them is not the one the query names, however exactly
        # it holds the other words; where none does («зачем нужна борьба»), the exact title stands
        small = {analysis.stem(w) for w in self.plan.shown if analysis.is_optional(w)}
        worded = set()
        if small:
            for h in top:
                s = h.rid // K
                if h.rid == s * K and small <= {analysis.stem(w) for w in analysis.surfaces(text_of(h.rid))}:
                    worded.add(h.rid)
        for h in top:
            s = h.rid // K
            text = text_of(h.rid)
            bonus = self.bonus(h.rid, s, h.book, content, text)
            if h.rid == s * K and small:
                if h.rid in worded:
                    # the heading says it the reader's way, as much as it holds of the query
                    bonus += P["bonus_wording"] * _power(h.cov)
                elif worded and h.tier in (1, 2, 4):
                    h.tier = 0
            h.score = round6(h.score * bonus)
        # a heading that holds every word of the query answers as a whole: it comes before its
        # own blocks of no higher tier (which would otherwise win by repeating the words)
        blocks: dict[int, list[Hit]] = {}
        for h in top:
            s = h.rid // K
            if h.rid != s * K:
                blocks.setdefault(s, []).append(h)
        for h in top:
            s = h.rid // K
            if h.rid == s * K and s in blocks and self._heading_matches(s, h.book, content):
                best = max((x.score for x in blocks[s] if x.tier <= h.tier), default=0.0)
                if best > h.score:
                    h.score = round6(best * P["heading_lift"])
        top.sort(key=lambda h: self.order(h, prefer))
        seen: dict[int, int] = {}
        for h in top:
            s = h.rid // K
            m = seen.get(s, 0)
            seen[s] = m + 1
            for _ in range(m):
                h.score = round6(h.score * P["same_section_decay"])
        top.sort(key=lambda h: self.order(h, prefer))
        self._whole_sections(top, content)
        return top + rest

    def _whole_sections(self, top: list[Hit], content: list[Group]) -> None:
        """A section two of whose blocks answer the query (the second at least `whole_ratio` of the
        first, after the same-section decay), under a heading that holds a word of the query,
        answers as a whole: its best block opens the heading (and is shown as its snippet)."""
        r = P["whole_ratio"]
        if r <= 0:
            return
        best: dict[int, float] = {}
        count: dict[int, int] = {}
        for h in top:
            s = h.rid // K
            if h.rid == s * K:
                continue
            if s not in best:
                best[s] = h.score
                count[s] = 1
            elif h.score >= r * best[s]:
                count[s] += 1
        done: set[int] = set()
        for h in top:
            s = h.rid // K
            if h.rid == s * K or s in done:
                continue
            done.add(s)
            if count.get(s, 0) >= 2 and self._heading_any(s, h.book, content):
                h.whole = True

    def _heading_any(self, s: int, b: int, content: list[Group]) -> bool:
        return any(
            st in self.posts and s in self.posts[st].head
            for g in content
            for sl in self._slots(g, b)
            for st in sl.stems
        )

    @staticmethod
    def order(h: Hit, prefer: int) -> tuple[int, int, int, int, float, int]:
        """The book being read first where it answers squarely (a heading about the query, an
        exact title or definition); then exact titles and definitions (the book being read's
        first; of exact titles, those in the words as typed: «Классы брони» before «Класс
        Брони»), then the score."""
        mine = h.book == prefer
        return (
            0 if mine and h.strong else 1,
            -h.tier,
            0 if mine and h.tier >= 4 else 1,
            0 if h.typed and h.tier == 4 else 1,
            -h.score,
            h.rid,
        )

    # ---- tiers and bonuses -------------------------------------------------------------------
    def _matching_alts(self, g: Group, b: int) -> list[Alt]:
        return [a for a in g.alts if not a.books or b in a.books]

    def _slots(self, g: Group, b: int, upto: int = SHARED) -> list[Slot]:
        """The slots of the group's alternatives that apply in book `b` and are at most `upto`
        from the words as typed, in order (kept per query: prerank asks for them per record)."""
        key = (id(g), b, upto)
        got = self._slot_cache.get(key)
        if got is None:
            got = [sl for a in self._matching_alts(g, b) if reach(a) <= upto for sl in a.slots]
            self._slot_cache[key] = got
        return got

    def tier(self, rid: int, s: int, b: int, content: list[Group]) -> int:
        """5: a block that says the query's term is («X — это …»), with the words as typed;
        4: a heading the query names exactly; 2: the same through a glossary of the record's
        own book (the shared glossary's table talk names no title exactly: through it, another
        book's heading would outrank the words as a book prints them); 1: a heading named by the
        beginning of the word being typed (four letters or more), a block that leads with the
        query's term (a definition list, a term before a dash, a bold run-in) or with a term the
        word being typed begins, as a heading is named by it, or, for table talk
        that no book prints («дизенгейдж»), a heading its shared glossary names exactly (there
        are no printed words to outrank, and every book's name of the thing is found alike,
        however common); 0: the rest."""
        k = rid - s * K
        if k == 0:
            if self._title_exact(s, b, content, LITERAL, False):
                return 4
            if self._title_exact(s, b, content, OWN, False):
                return 2
            if self._title_exact(s, b, content, LITERAL, True):
                return 1
            if self.unprinted and self._title_exact(s, b, content, SHARED, False):
                return 1
            return 0
        literal = self._defines_exactly(rid, b, content, LITERAL)
        if literal:
            return 5 if literal == 2 else 1
        if self._defines_exactly(rid, b, content, OWN) == 2:
            return 2
        return 1 if self._defines_exactly(rid, b, content, LITERAL, True) else 0

    def _defines_exactly(
        self, rid: int, b: int, content: list[Group], upto: int, completions: bool = False
    ) -> int:
        """The block defines a term made of the query's content words and no others: 2 when it
        says «X — это …», 1 otherwise, 0 for no."""
        code = 0
        for g in content:
            # a phrase is defined when each of its words is in the term («Класс защиты — это …»
            # is no definition of «класс брони»)
            hit = False
            for a in self._matching_alts(g, b):
                if reach(a) > upto or not a.slots:
                    continue
                found = [self._def_code(rid, sl, completions) for sl in a.slots]
                if all(n is not None for n in found):
                    hit = True
                    code = found[-1]  # type: ignore[assignment]
            if not hit:
                return 0
        # the term is no longer than the query's words (a phrase a glossary knows is one group of
        # several words: «armor class», which «AC» also names)
        if not 0 < code >> 1 <= sum(_typed_words(g) for g in content):
            return 0
        return 2 if code & 1 else 1

    def _def_code(self, rid: int, sl: Slot, completions: bool = False) -> int | None:
        """The block's definition code (the term's words << 1 | «это») if it defines a whole word
        of the slot (or, with `completions`, a word the word being typed begins), else None."""
        for st in _def_stems(sl) if completions else sl.whole:
            if st not in self.posts:
                continue
            n = self.posts[st].defs.get(rid)
            if n is not None:
                return n
        return None

    def _title_exact(self, s: int, b: int, content: list[Group], upto: int, completions: bool) -> bool:
        """Every content word of the query is in the heading, and every content word of the title
        (or of its English original) is one the query matched as a whole word (or, with
        `completions`, as the beginning of the word being typed)."""
        title_hits: set[str] = set()
        orig_hits: set[str] = set()
        meta: list[int] | None = None
        initials = False
        for g in content:
            found = False
            # a glossary phrase names the heading only as a whole («возвращение жизни» is not
            # in «Очки жизни»)
            for sl, got in self._in_heading(g, b, s, upto):
                found = True
                for st, h in got:
                    meta = h
                    if st in sl.whole or (completions and sl.prefix and len(sl.word) >= 4):
                        if h[1] & 1:
                            title_hits.add(st)
                        if h[1] & 2:
                            orig_hits.add(st)
                        if h[1] & 8:
                            initials = True
            if not found:
                return False
        if meta is None:
            return False
        # a word the query asks with («стоимость») is not required, but where the title prints
        # it, it is one of the title's words the reader typed («Стоимость действий»)
        for g in self.plan.groups:
            if g.role == "intent":
                for sl, got in self._in_heading(g, b, s, upto):
                    for st, h in got:
                        if st in sl.whole and h[1] & 1:
                            title_hits.add(st)
        if initials and len(content) == 1:  # «ог» names «Очки Геройства»
            return True
        tw, ow = meta[4], meta[5]
        return (tw > 0 and len(title_hits) >= tw) or (ow > 0 and len(orig_hits) >= ow)

    def _typed_title(self, s: int, b: int, content: list[Group]) -> bool:
        """Every content word of the query stands in the heading as typed (a form of it does not)."""
        return all(
            any(
                a.literal
                and a.slots
                and all(
                    any(
                        s in self.posts[st].exact_head.get(sl.word, ()) for st in sl.stems if st in self.posts
                    )
                    for sl in a.slots
                )
                for a in self._matching_alts(g, b)
            )
            for g in content
        )

    def _in_heading(
        self, g: Group, b: int, s: int, upto: int
    ) -> list[tuple[Slot, list[tuple[str, list[int]]]]]:
        """(slot, [(stem, heading entry)]) of the group's alternatives (that apply in book `b`)
        every slot of which is in section `s`'s heading, in order."""
        out: list[tuple[Slot, list[tuple[str, list[int]]]]] = []
        for a in self._matching_alts(g, b):
            if reach(a) > upto:
                continue
            have = []
            for sl in a.slots:
                got = [(st, h) for st in sl.stems if (h := self.posts[st].head.get(s)) is not None]
                if not got:
                    have = []
                    break
                have.append((sl, got))
            out += have
        return out

    def bonus(self, rid: int, s: int, b: int, content: list[Group], text: str) -> float:
        k = rid - s * K
        m = len(content)
        exact = 0
        words = analysis.surfaces(text)
        stems = [analysis.stem(w) for w in words]
        positions: list[list[int]] = []
        for g in content:
            hit = False
            wanted: set[str] = set()
            for a in self._matching_alts(g, b):
                for sl in a.slots:
                    wanted.update(sl.stems)
                    if a.literal:
                        for st in sl.stems:
                            sp = self.posts[st]
                            if rid in sp.exact_text.get(sl.word, ()) or s in sp.exact_head.get(sl.word, ()):
                                hit = True
            if hit:
                exact += 1
            positions.append([i for i, st in enumerate(stems) if st in wanted])
        bonus = 1 + P["bonus_exact"] * exact / m
        if m >= 2:
            if _phrase(positions):
                bonus += P["bonus_phrase"]
            else:
                present = [p for p in positions if p]
                if len(present) >= 2 and _window(present) <= P["near_window"]:
                    bonus += P["bonus_near"] * (len(present) - 1) / (m - 1)
                if m >= 3:  # a long query: its neighbouring words side by side in the text
                    pairs = sum(1 for i in range(m - 1) if _phrase(positions[i : i + 2]))
                    bonus += P["bonus_pair"] * pairs / (m - 1)
        # a phrase of the query that a glossary knows («критическое попадание») is one group: the
        # record that prints it as typed holds it as a phrase
        said = sum(1 for g in content if self._says(g, b, stems))
        if said:
            bonus += P["bonus_phrase"] * said / m
        if self._heading_matches(s, b, content):
            bonus += P["bonus_heading"]
            if k == 0:
                bonus += P["bonus_heading_block"]
        # a rule for a situation («Если …») for a query that describes one
        if m >= 2 and words and words[0] in analysis.CONDITION:
            bonus += P["bonus_condition"]
        d = self._defines(rid, b, content)
        if d:
            bonus += (P["bonus_def"] + (P["bonus_def_question"] if self.plan.define else 0.0)) * d
        return bonus

    def _says(self, g: Group, b: int, stems: list[str]) -> bool:
        """The words of the group as typed, two or more, stand as a phrase in `stems`."""
        return any(
            a.literal
            and len(a.slots) >= 2
            and _phrase([[i for i, st in enumerate(stems) if st in sl.stems] for sl in a.slots])
            for a in self._matching_alts(g, b)
        )

    def _heading_matches(self, s: int, b: int, content: list[Group]) -> bool:
        for g in content:
            if not any(
                st in self.posts and s in self.posts[st].head for sl in self._slots(g, b) for st in sl.stems
            ):
                return False
        return True

    def _defines(self, rid: int, b: int, content: list[Group], completions: bool = False) -> float:
        """The share of the query's content words that the block defines (0 if none); with
        `completions`, a word the word being typed begins counts."""
        n = 0
        for g in content:
            if any(
                rid in self.posts[st].defs
                for sl in self._slots(g, b)
                for st in (_def_stems(sl) if completions else sl.whole)
                if st in self.posts
            ):
                n += 1
        return n / len(content)


def _def_stems(sl: Slot) -> set[str] | dict[str, float]:
    """The stems a slot names a defined term by: its whole words, and for the word being typed
    (four letters or more) the words it begins, as a heading is named by it."""
    return sl.stems if sl.prefix and len(sl.word) >= 4 else sl.whole


def _typed_words(g: Group) -> int:
    """How many of the query's words a group holds (its small words aside)."""
    return max((len(a.slots) for a in g.alts if a.literal), default=0) or 1


def _power(x: float) -> float:
    """x to the (whole) power `cov_power`, by multiplication: the same bits in both runtimes."""
    out = 1.0
    for _ in range(int(P["cov_power"])):
        out *= x
    return out


def _weight(g: Group) -> float:
    """How much a group that the query does not require adds where it matches."""
    return P["w_intent"] if g.role == "intent" else P["w_optional"]


def _phrase(positions: list[list[int]]) -> bool:
    """The groups appear in the query's order, each at most two words after the one before
    (a preposition or an article may sit between them)."""
    if not positions or any(not p for p in positions):
        return False
    for start in positions[0]:
        cur = start
        ok = True
        for p in positions[1:]:
            nxt = next((x for x in p if cur < x <= cur + 2), None)
            if nxt is None:
                ok = False
                break
            cur = nxt
        if ok:
            return True
    return False


def _window(present: list[list[int]]) -> int:
    """The smallest number of consecutive words that holds one position of every list."""
    events = sorted((x, gi) for gi, ps in enumerate(present) for x in ps)
    need = len(present)
    counts: dict[int, int] = {}
    have = 0
    lo = 0
    width = 1 << 30
    for hi in range(len(events)):
        gi = events[hi][1]
        counts[gi] = counts.get(gi, 0) + 1
        if counts[gi] == 1:
            have += 1
        while have == need:
            width = min(width, events[hi][0] - events[lo][0] + 1)
            g2 = events[lo][1]
            counts[g2] -= 1
            if counts[g2] == 0:
                have -= 1
            lo += 1
    return width
