"""The query engine (Python runtime; assets/search-engine.js is the same engine in JS).

Every step below has a twin in the JS file, in the same order, with the same arithmetic, so the
two return the same results (tests/integration/test_search_parity.py holds them to it).

1. The query is split on spaces; `@slug` words filter books; the last word is a prefix unless the
   query ends with a space.
2. Per book (glossaries and vocabularies are per book): a chunk that no searched book knows is
   retried in the other keyboard layout; glossary phrases become groups with alternatives; each
   word expands to stems: its own, its derivational relatives and fleeting-vowel forms, prefix
   completions (last word), and, only when no searched book knows the word, words within the typo
   budget.
3. BM25F over the block text, its section heading (with English original and tag) and the
   heading path, with rarity and average lengths counted over all the books (`Corpus`: a word
   weighs the same in every book, whatever the filter); a record must match every required group
   (AND), else it ranks by how many it matches (the fallback); then a heading the query names
   exactly (`title_exact`) comes before the rest; the best `rerank` get bonuses for exact words,
   phrase/proximity and a heading match, then a decay for more results from one section,
   de-duplication, and a merge across books, where the book being read (`prefer`) gains a little.
4. Nothing found: once more with a larger typo budget, and the corrected query is offered
   ("did you mean").
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from rulebook.search import analysis
from rulebook.search.model import BookIndex

P = analysis.ENGINE
_SPACE = re.compile("[" + analysis.SPEC["query_space"] + "]+")
_LETTER = re.compile(r"[^\W\d_]")


def round6(x: float) -> float:
    return math.floor(x * 1e6 + 0.5) / 1e6


# ---- query parsing ---------------------------------------------------------------------------
@dataclass
class Parsed:
    chunks: list[str]
    books: list[str]
    prefix: bool


def parse(query: str) -> Parsed:
    parts = [p for p in _SPACE.split(query) if p]
    books = [p[1:].lower() for p in parts if p.startswith("@") and len(p) > 1]
    chunks = [p for p in parts if not p.startswith("@")]
    ends_open = bool(query) and not _SPACE.fullmatch(query[-1])
    prefix = ends_open and bool(parts) and not parts[-1].startswith("@")
    return Parsed(chunks, books, prefix)


# ---- plans -----------------------------------------------------------------------------------
@dataclass
class Slot:
    word: str
    stems: dict[int, float]
    whole: set[int] = field(default_factory=set)  # stems matched as whole words (not completions)
    correction: str | None = None  # a typo's best replacement, for "did you mean"


@dataclass
class Alt:
    slots: list[Slot]
    weight: float


@dataclass
class Group:
    words: list[str]
    alts: list[Alt]
    required: bool = True
    stems: set[int] = field(default_factory=set)  # every stem any alternative matches
    whole: set[int] = field(default_factory=set)  # ... as a whole word, not as a completion


@dataclass
class Plan:
    groups: list[Group]
    suggestion: str | None


def _stem_of(book: BookIndex, w: str) -> str:
    sid = book.surface_stem.get(w)
    return book.stems[sid] if sid is not None else analysis.stem(w)


def _has_prefix(book: BookIndex, w: str) -> bool:
    i = bisect_left(book.sorted_surfaces, w)
    return i < len(book.sorted_surfaces) and book.sorted_surfaces[i].startswith(w)


def _known(book: BookIndex, w: str, is_prefix: bool) -> bool:
    if w in book.surface_stem or _stem_of(book, w) in book.stem_id:
        return True
    return is_prefix and len(w) >= P["min_prefix"] and _has_prefix(book, w)


def osa(a: str, b: str, k: int, prefix: bool) -> int:
    """Optimal-string-alignment distance (a transposition is one edit), or k + 1 if above k.
    With `prefix`, the distance from `a` to the closest prefix of `b`."""
    la, lb = len(a), len(b)
    if not prefix and abs(la - lb) > k:
        return k + 1
    if prefix and lb < la - k:
        return k + 1
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        lo = k + 1
        for j in range(1, lb + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < lo:
                lo = v
        if cur[0] < lo:
            lo = cur[0]
        if lo > k:
            return k + 1
        prev2, prev = prev, cur
    d = min(prev) if prefix else prev[lb]
    return d if d <= k else k + 1


def _df(book: BookIndex, sid: int) -> int:
    return len(book.text_post.get(sid, ()))


# ---- statistics over all books -------------------------------------------------------------------
@dataclass
class Corpus:
    """Rarity and average field lengths over every book of the index, as if the books were one
    collection: a word weighs the same in every book, so the merged list ranks by the texts, not by
    how big each book is. The browser reads the same figures from the manifest (export.corpus)."""

    records: int
    text_len: int
    sections: int
    head_len: int
    path_len: int
    df: dict[str, int]  # stem -> records containing it, in all books

    @property
    def avg_text(self) -> float:
        return self.text_len / self.records if self.records and self.text_len else 1.0

    @property
    def avg_head(self) -> float:
        return self.head_len / self.sections if self.sections and self.head_len else 1.0

    @property
    def avg_path(self) -> float:
        return self.path_len / self.sections if self.sections and self.path_len else 1.0


def corpus_of(books: list[BookIndex]) -> Corpus:
    c = Corpus(0, 0, 0, 0, 0, {})
    for b in books:
        c.records += len(b.records)
        c.text_len += sum(b.rec_len)
        c.sections += len(b.sections)
        c.head_len += sum(b.head_len)
        c.path_len += sum(b.path_len)
        for sid, post in b.text_post.items():
            st = b.stems[sid]
            c.df[st] = c.df.get(st, 0) + len(post)
    return c


_CORPORA: dict[tuple[int, ...], tuple[list[BookIndex], Corpus]] = {}


def _corpus(books: list[BookIndex]) -> Corpus:
    key = tuple(id(b) for b in books)
    hit = _CORPORA.get(key)
    if hit is None:
        if len(_CORPORA) > 8:
            _CORPORA.clear()
        hit = _CORPORA[key] = (list(books), corpus_of(books))  # the list keeps the ids alive
    return hit[1]


def expand(
    book: BookIndex, w: str, is_prefix: bool, relaxed: bool, scope: list[BookIndex] | None = None
) -> Slot:
    stems: dict[int, float] = {}
    own_stem = _stem_of(book, w)
    own = book.stem_id.get(own_stem)
    if own is not None:
        stems[own] = P["w_exact"]
    # derivational relatives: stems that extend the word's stem, or that it extends, by a few
    # letters (остановить/остановка: останов/остановк)
    if len(own_stem) >= P["stem_prefix_min"] and _LETTER.search(own_stem):
        extra = int(P["stem_prefix_extra"])
        i = bisect_left(book.sorted_stems, own_stem)
        while i < len(book.sorted_stems) and book.sorted_stems[i].startswith(own_stem):
            t = book.sorted_stems[i]
            if 0 < len(t) - len(own_stem) <= extra:
                sid = book.stem_id[t]
                stems[sid] = max(stems.get(sid, 0.0), P["w_stem_prefix"])
            i += 1
        for n in range(max(int(P["stem_prefix_min"]), len(own_stem) - extra), len(own_stem)):
            sid2 = book.stem_id.get(own_stem[:n])
            if sid2 is not None:
                stems[sid2] = max(stems.get(sid2, 0.0), P["w_stem_prefix"])
    for t in analysis.fleeting_variants(own_stem):
        sid = book.stem_id.get(t)
        if sid is not None and sid != own:
            stems[sid] = max(stems.get(sid, 0.0), P["w_stem"])
    whole = set(stems)
    completions = 0
    if is_prefix and len(w) >= P["min_prefix"]:
        found: list[int] = []
        best_len: dict[int, int] = {}  # the shortest completion of each stem
        surf = book.sorted_surfaces
        i = bisect_left(surf, w)
        while i < len(surf) and surf[i].startswith(w):
            sid = book.surface_stem[surf[i]]
            if sid != own:
                if sid not in best_len:
                    found.append(sid)
                    best_len[sid] = len(surf[i])
                elif len(surf[i]) < best_len[sid]:
                    best_len[sid] = len(surf[i])
            i += 1
        if len(found) > P["max_prefix_terms"]:
            found.sort(key=lambda s: (-_df(book, s), book.stems[s]))
            found = found[: int(P["max_prefix_terms"])]
        for sid in found:
            # a longer completion is a weaker guess of what is being typed
            wt = P["w_prefix"] * (0.5 + 0.5 * len(w) / best_len[sid])
            if wt > stems.get(sid, 0.0):
                stems[sid] = wt
        completions = len(found)
    slot = Slot(w, stems, whole)
    # typos only for a word no book in the search knows (an exact word in one book must not lose
    # to a guessed one in another)
    others = [b for b in (scope or []) if b is not book]
    if (
        own is None
        and completions == 0
        and _LETTER.search(w)
        and not any(_known(b, w, is_prefix) for b in others)
    ):
        n = len(w)
        k = 2 if n >= P["typo2_from"] else 1 if n >= P["typo1_from"] else 0
        if relaxed:
            k = 2 if n >= P["typo1_from"] else 1 if n >= 3 else 0
        if k:
            cands: list[tuple[int, int, str]] = []
            for u in book.sorted_surfaces:
                d = osa(w, u[: n + k] if is_prefix else u, k, is_prefix)
                if d <= k:
                    cands.append((d, -_df(book, book.surface_stem[u]), u))
            cands.sort()
            taken: set[int] = set()
            for d, _, u in cands:
                sid = book.surface_stem[u]
                if sid in taken:
                    continue
                if len(taken) >= P["max_typo_terms"]:
                    break
                taken.add(sid)
                stems[sid] = P["w_typo1"] if d <= 1 else P["w_typo2"]
                whole.add(sid)
            if cands:
                slot.correction = cands[0][2]
    return slot


def _phrase_slots(book: BookIndex, phrase: str) -> list[Slot]:
    out = []
    for w in analysis.surfaces(phrase):
        sid = book.stem_id.get(_stem_of(book, w))
        out.append(Slot(w, {sid: 1.0} if sid is not None else {}, {sid} if sid is not None else set()))
    return out


def plan(
    book: BookIndex, parsed: Parsed, relaxed: bool = False, scope: list[BookIndex] | None = None
) -> Plan:
    words: list[tuple[str, bool]] = []
    shown: list[str] = []
    changed = False
    for ci, chunk in enumerate(parsed.chunks):
        last = ci == len(parsed.chunks) - 1
        toks = list(analysis.surfaces(chunk))

        def prefs(ts: list[str], last: bool = last) -> list[bool]:
            return [parsed.prefix and last and ti == len(ts) - 1 for ti in range(len(ts))]

        # the other layout only for a chunk that no searched book knows as typed (VP is a word
        # of one book, not МЗ typed on a Latin keyboard)
        if toks and not any(
            all(_known(b, t, p) for t, p in zip(toks, prefs(toks), strict=True))
            for b in [book, *(scope or [])]
        ):
            swapped = analysis.layout_swap(chunk)
            if swapped is not None:
                stoks = list(analysis.surfaces(swapped))
                if stoks and all(_known(book, t, p) for t, p in zip(stoks, prefs(stoks), strict=True)):
                    toks = stoks
                    changed = True
        words.extend(zip(toks, prefs(toks), strict=True))
        shown.extend(toks)

    rules = []
    for src, dst in book.glossary:
        key = tuple(_stem_of(book, w) for w in analysis.surfaces(src))
        if key:
            rules.append((key, dst))
    groups: list[Group] = []
    i = 0
    while i < len(words):
        best_len = 0
        for key, _ in rules:
            n = len(key)
            if (
                n > best_len
                and i + n <= len(words)
                and all(_stem_of(book, words[i + j][0]) == key[j] for j in range(n))
            ):
                best_len = n
        if best_len:
            span = words[i : i + best_len]
            key_here = tuple(_stem_of(book, w) for w, _ in span)
            alts = [Alt([expand(book, w, p, relaxed, scope) for w, p in span], 1.0)]
            dsts: list[str] = []
            for key, dst in rules:
                if key == key_here:
                    for d in dst:
                        if d not in dsts:
                            dsts.append(d)
            for d in dsts:
                slots = _phrase_slots(book, d)
                if slots:
                    alts.append(Alt(slots, P["w_synonym"]))
            groups.append(Group([w for w, _ in span], alts, required=True))
            i += best_len
            continue
        w, p = words[i]
        slot = expand(book, w, p, relaxed, scope)
        groups.append(Group([w], [Alt([slot], 1.0)], required=not analysis.is_optional(w)))
        i += 1
    if groups and not any(g.required for g in groups):
        for g in groups:
            g.required = True
    for g in groups:
        for a in g.alts:
            for s in a.slots:
                g.stems.update(s.stems)
                g.whole.update(s.whole)
    # did you mean: the query as the engine understood it, if that differs from what was typed
    fixes = {s.word: s.correction for g in groups for a in g.alts for s in a.slots if s.correction}
    suggestion = None
    if changed or fixes:
        suggestion = " ".join(fixes.get(w, w) for w in shown)
    return Plan(groups, suggestion)


# ---- scoring ---------------------------------------------------------------------------------
@dataclass
class Hit:
    book: BookIndex
    rec: int
    cov: int
    required: int
    title: int  # 1 for a heading the query names exactly (title_exact)
    score: float
    groups: list[Group]


def idf(c: Corpus, df: int) -> float:
    """BM25's rarity on a fixed scale (`idf_records`), from the share of all records that hold
    the stem."""
    ref = P["idf_records"]
    d = df * ref / c.records
    return math.log(1 + (ref - d + 0.5) / (d + 0.5))


def _slot_scores(book: BookIndex, slot: Slot, c: Corpus) -> dict[int, float]:
    k1 = P["k1"]
    bt, bh = P["b_text"], P["b_head"]
    avg_text, avg_head, avg_path = c.avg_text, c.avg_head, c.avg_path
    out: dict[int, float] = {}
    for sid in sorted(slot.stems):
        w = slot.stems[sid]
        weight = w * idf(c, c.df.get(book.stems[sid], 0))
        comp: dict[int, list[int]] = {}
        for r, tf in book.text_post.get(sid, ()):
            comp.setdefault(r, [0, 0, 0])[0] = tf
        for s, tf in book.head_post.get(sid, ()):
            a, b = book.sec_records[s]
            for r in range(a, b):
                comp.setdefault(r, [0, 0, 0])[1] = tf
        for s, tf in book.path_post.get(sid, ()):
            a, b = book.sec_records[s]
            for r in range(a, b):
                comp.setdefault(r, [0, 0, 0])[2] = tf
        for r, (t1, t2, t3) in comp.items():
            s = book.records[r].section
            tfw = (
                P["w_text"] * t1 / (1 - bt + bt * book.rec_len[r] / avg_text)
                + P["w_head"] * t2 / (1 - bh + bh * book.head_len[s] / avg_head)
                + P["w_path"] * t3 / (1 - bh + bh * book.path_len[s] / avg_path)
            )
            v = weight * tfw * (k1 + 1) / (k1 + tfw)
            if v > out.get(r, 0.0):
                out[r] = v
    return out


def _group_scores(book: BookIndex, g: Group, c: Corpus) -> dict[int, float]:
    out: dict[int, float] = {}
    for alt in g.alts:
        per = [_slot_scores(book, s, c) for s in alt.slots]
        if not per:
            continue
        first = per[0]
        for r in first:
            if all(r in p for p in per):
                total = 0.0
                for p in per:
                    total += p[r]
                v = alt.weight * (total / len(per))
                if v > out.get(r, 0.0):
                    out[r] = v
    return out


def _bonus(book: BookIndex, rec: int, groups: list[Group]) -> float:
    r = book.records[rec]
    sec = book.sections[r.section]
    toks = analysis.surfaces(r.text)
    head = analysis.surfaces(sec.head_text)
    words = set(toks) | set(head)
    exact = sum(1 for g in groups if any(w in words for w in g.words))
    bonus = 1 + P["bonus_exact"] * exact / len(groups)
    if len(groups) >= 2:
        stems = [book.surface_stem[t] for t in toks]
        match = [[gi for gi, g in enumerate(groups) if sid in g.stems] for sid in stems]
        m = len(groups)
        phrase = False
        for i in range(len(stems) - m + 1):
            if all(j in match[i + j] for j in range(m)):
                phrase = True
                break
        if phrase:
            bonus += P["bonus_phrase"]
        else:
            present = {gi for ms in match for gi in ms}
            best = 0
            if len(present) >= 2:
                # the smallest window of tokens that holds every group present in the text
                need = len(present)
                counts: dict[int, int] = {}
                have = 0
                lo = 0
                width = len(stems) + 1
                for hi in range(len(stems)):
                    for gi in match[hi]:
                        counts[gi] = counts.get(gi, 0) + 1
                        if counts[gi] == 1:
                            have += 1
                    while have == need:
                        if hi - lo + 1 < width:
                            width = hi - lo + 1
                        for gi in match[lo]:
                            counts[gi] -= 1
                            if counts[gi] == 0:
                                have -= 1
                        lo += 1
                if width <= P["near_window"]:
                    best = need
            if best:
                bonus += P["bonus_near"] * (best - 1) / (m - 1)
    if _heading_matches(book, r.section, groups):
        bonus += P["bonus_heading"]
        if r.kind == "h":
            bonus += P["bonus_heading_block"]
    return bonus


def _heading_matches(book: BookIndex, s: int, groups: list[Group]) -> bool:
    """Every required word of the query is in the section's heading (title, original or tag)."""
    hstems = book.head_stems(s)
    req = [g for g in groups if g.required]
    return bool(req) and all(not g.stems.isdisjoint(hstems) for g in req)


def title_exact(book: BookIndex, rec: int, groups: list[Group]) -> bool:
    """A heading the query names exactly: every word of the query (optional ones too) is in the
    heading, and every word of the title (or of its English original) is one the query matched as
    a whole word, not as a completion of the word being typed (numbers and optional words of the
    title aside). Such a heading ranks above headings that only contain the words, as a
    documentation search ranks an exact title first."""
    r = book.records[rec]
    if r.kind != "h":
        return False
    hstems = book.head_stems(r.section)
    if not all(not g.stems.isdisjoint(hstems) for g in groups):
        return False
    matched: set[int] = set()
    for g in groups:
        matched |= g.whole
    return any(ws and all(sid in matched for sid in ws) for ws in book.title_words(r.section))


def score_book(book: BookIndex, p: Plan, c: Corpus | None = None) -> list[Hit]:
    groups = p.groups
    if not groups:
        return []
    c = c or corpus_of([book])
    scores = [_group_scores(book, g, c) for g in groups]
    required = [i for i, g in enumerate(groups) if g.required]
    cand: set[int] = set()
    for s in scores:
        cand.update(s)
    rows: list[tuple[int, float, int]] = []
    for r in cand:
        cov = sum(1 for i in required if r in scores[i])
        if cov == 0:
            continue
        base = 0.0
        for s in scores:
            base += s.get(r, 0.0)
        rows.append((cov, base, r))
    rows.sort(key=lambda x: (-x[0], -round6(x[1]), x[2]))
    rows = rows[: int(P["rerank"])]
    ranked = [
        (cov, int(title_exact(book, r, groups)), base * _bonus(book, r, groups), r) for cov, base, r in rows
    ]
    ranked.sort(key=lambda x: (-x[0], -x[1], -round6(x[2]), x[3]))
    seen: dict[int, int] = {}
    decayed = []
    for cov, title, sc, r in ranked:
        s = book.records[r].section
        n = seen.get(s, 0)
        seen[s] = n + 1
        for _ in range(n):
            sc *= P["same_section_decay"]
        decayed.append((cov, title, sc, r))
    decayed.sort(key=lambda x: (-x[0], -x[1], -round6(x[2]), x[3]))
    return [Hit(book, r, cov, len(required), title, round6(sc), groups) for cov, title, sc, r in decayed]


# ---- snippets --------------------------------------------------------------------------------
def snippet(book: BookIndex, text: str, groups: list[Group]) -> tuple[str, list[tuple[int, int]]]:
    toks = analysis.tokens(text)
    hits = []
    for t in toks:
        sid = book.surface_stem.get(t.surface)
        gs = [gi for gi, g in enumerate(groups) if sid is not None and sid in g.stems]
        if gs:
            hits.append((t.start, t.end, gs))
    limit = int(P["snippet_chars"])
    ws, we = 0, len(text)
    if len(text) > limit:
        best: tuple[int, int] | None = None
        best_ws = 0
        for h in hits:
            start = max(0, h[0] - 30)
            if start > 0:
                start = next((t.start for t in toks if t.start >= start), h[0])
            end = start + limit
            inside = [x for x in hits if x[0] >= start and x[1] <= end]
            covered = {gi for x in inside for gi in x[2]}
            key = (len(covered), len(inside))
            if best is None or key > best:
                best = key
                best_ws = start
        ws = best_ws
        we = ws + limit
        last = ws
        for t in toks:
            if t.start >= ws and t.end <= we:
                last = t.end
        we = last if last > ws else min(len(text), we)
    pre = "…" if ws > 0 else ""
    post = "…" if we < len(text) else ""
    marks = [(a - ws + len(pre), b - ws + len(pre)) for a, b, _ in hits if a >= ws and b <= we]
    return pre + text[ws:we] + post, marks


# ---- the search ------------------------------------------------------------------------------
def _result(h: Hit) -> dict[str, Any]:
    b = h.book
    r = b.records[h.rec]
    sec = b.sections[r.section]
    page_url, page_title = b.pages[sec.page]
    snip, marks = snippet(b, _shown_text(b, h.rec), h.groups)
    crumbs = b.breadcrumb(r.section)
    return {
        "url": f"{page_url}#{r.anchor}",
        "title": sec.title or page_title,
        "original": sec.original,
        "tag": sec.tag,
        "breadcrumb": " › ".join(crumbs),
        "path": crumbs,
        "snippet": snip,
        "highlights": [list(m) for m in marks],
        "book": b.slug,
        "book_title": b.title,
        "kind": r.kind,
        "score": h.score,
    }


def _shown_text(b: BookIndex, i: int) -> str:
    """A heading shows (and is de-duplicated by) the first block of its section."""
    r = b.records[i]
    if r.kind != "h":
        return r.text
    nxt = i + 1
    return b.records[nxt].text if nxt < len(b.records) and b.records[nxt].section == r.section else ""


def _key(h: Hit) -> str:
    r = h.book.records[h.rec]
    if r.kind == "row":
        return f"row:{h.book.slug}:{r.anchor}"
    if r.kind == "h":
        # a heading result shows its first block: the two are one result
        shown = _shown_text(h.book, h.rec)
        return analysis.dedupe_key(shown) if shown else "h:" + analysis.dedupe_key(r.text)
    return analysis.dedupe_key(r.text)


def search(
    books: list[BookIndex],
    query: str,
    limit: int = 10,
    book_filter: list[str] | None = None,
    prefer: str | None = None,
) -> dict[str, Any]:
    """The best `limit` results from `books` (all the books of the index: the statistics are
    theirs, whatever the filter). `prefer`: the slug of the book being read, whose results rank
    a little higher (`prefer_book`)."""
    parsed = parse(query)
    wanted = [s.lower() for s in (book_filter or [])] + parsed.books
    scope = [b for b in books if not wanted or b.slug in wanted]
    c = _corpus(books)
    out = _run(scope, parsed, limit, False, c, prefer)
    if not out["results"] and parsed.chunks:
        again = _run(scope, parsed, limit, True, c, prefer)
        if again["results"]:
            out = again
    out["books"] = [b.slug for b in scope]
    return out


def _run(
    scope: list[BookIndex], parsed: Parsed, limit: int, relaxed: bool, c: Corpus, prefer: str | None
) -> dict[str, Any]:
    hits: list[tuple[float, int, float, int, int, Hit]] = []
    suggestions: list[str | None] = []
    for bi, b in enumerate(scope):
        p = plan(b, parsed, relaxed, scope)
        suggestions.append(p.suggestion)
        boost = P["prefer_book"] if b.slug == prefer else 1.0
        for h in score_book(b, p, c):
            if boost != 1.0:
                h.score = round6(h.score * boost)
            hits.append((-(h.cov / h.required), -h.title, -h.score, bi, h.rec, h))
    hits.sort(key=lambda x: x[:5])
    results = []
    seen: set[str] = set()
    for *_, h in hits:
        k = _key(h)
        if k in seen:
            continue
        seen.add(k)
        results.append(h)
        if len(results) >= limit:
            break
    suggestion = None
    if results:
        suggestion = suggestions[scope.index(results[0].book)]
    else:
        suggestion = next((s for s in suggestions if s), None)
    return {"results": [_result(h) for h in results], "suggestion": suggestion}
