"""The query engine (Python runtime; assets/search-engine.js is the same engine in JS).

Every step below has a twin in the JS file, in the same order, with the same arithmetic, so the
two return the same results (tests/integration/test_search_parity.py holds them to it).

1. The query is split on spaces; `@slug` words filter books; the last word is a prefix unless the
   query ends with a space.
2. Per book (glossaries, vocabularies and statistics are per book): a chunk none of whose words
   the book knows is retried in the other keyboard layout; glossary phrases become groups with
   alternatives; each word expands to stems: its own, prefix completions (last word), and, only
   when nothing else matched, words within the typo budget.
3. BM25F over the block text, its section heading (with English original and tag) and the
   heading path; a record must match every required group (AND), else it ranks by how many it
   matches (the fallback); the best `rerank` get bonuses for exact words, phrase/proximity and a
   heading match, then a decay for more results from one section, de-duplication, and a merge
   across books.
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
    slot = Slot(w, stems)
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
            if cands:
                slot.correction = cands[0][2]
    return slot


def _phrase_slots(book: BookIndex, phrase: str) -> list[Slot]:
    out = []
    for w in analysis.surfaces(phrase):
        sid = book.stem_id.get(_stem_of(book, w))
        out.append(Slot(w, {sid: 1.0} if sid is not None else {}))
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

        if toks and not all(_known(book, t, p) for t, p in zip(toks, prefs(toks), strict=True)):
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
    score: float
    groups: list[Group]


def _slot_scores(book: BookIndex, slot: Slot) -> dict[int, float]:
    n = len(book.records)
    k1 = P["k1"]
    bt, bh = P["b_text"], P["b_head"]
    out: dict[int, float] = {}
    for sid in sorted(slot.stems):
        w = slot.stems[sid]
        # rarity as a share of the book, on a common scale: books of any size rank alike, and
        # one book's statistics never change another's ranking
        ref = P["idf_records"]
        df = _df(book, sid) * ref / n
        idf = math.log(1 + (ref - df + 0.5) / (df + 0.5))
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
                P["w_text"] * t1 / (1 - bt + bt * book.rec_len[r] / book.avg_text)
                + P["w_head"] * t2 / (1 - bh + bh * book.head_len[s] / book.avg_head)
                + P["w_path"] * t3 / (1 - bh + bh * book.path_len[s] / book.avg_path)
            )
            v = w * idf * tfw * (k1 + 1) / (k1 + tfw)
            if v > out.get(r, 0.0):
                out[r] = v
    return out


def _group_scores(book: BookIndex, g: Group) -> dict[int, float]:
    out: dict[int, float] = {}
    for alt in g.alts:
        per = [_slot_scores(book, s) for s in alt.slots]
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
    hstems = {book.surface_stem[t] for t in head}
    req = [g for g in groups if g.required]
    if req and all(g.stems & hstems for g in req):
        bonus += P["bonus_heading"]
        if r.kind == "h":
            bonus += P["bonus_heading_block"]
    return bonus


def score_book(book: BookIndex, p: Plan) -> list[Hit]:
    groups = p.groups
    if not groups:
        return []
    scores = [_group_scores(book, g) for g in groups]
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
    ranked = [(cov, base * _bonus(book, r, groups), r) for cov, base, r in rows]
    ranked.sort(key=lambda x: (-x[0], -round6(x[1]), x[2]))
    seen: dict[int, int] = {}
    decayed = []
    for cov, sc, r in ranked:
        s = book.records[r].section
        c = seen.get(s, 0)
        seen[s] = c + 1
        for _ in range(c):
            sc *= P["same_section_decay"]
        decayed.append((cov, sc, r))
    decayed.sort(key=lambda x: (-x[0], -round6(x[1]), x[2]))
    return [Hit(book, r, cov, len(required), round6(sc), groups) for cov, sc, r in decayed]


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
    books: list[BookIndex], query: str, limit: int = 10, book_filter: list[str] | None = None
) -> dict[str, Any]:
    parsed = parse(query)
    wanted = [s.lower() for s in (book_filter or [])] + parsed.books
    scope = [b for b in books if not wanted or b.slug in wanted]
    out = _run(scope, parsed, limit, relaxed=False)
    if not out["results"] and parsed.chunks:
        again = _run(scope, parsed, limit, relaxed=True)
        if again["results"]:
            out = again
    out["books"] = [b.slug for b in scope]
    return out


def _run(scope: list[BookIndex], parsed: Parsed, limit: int, relaxed: bool) -> dict[str, Any]:
    hits: list[tuple[float, float, int, int, Hit]] = []
    suggestions: list[str | None] = []
    for bi, b in enumerate(scope):
        p = plan(b, parsed, relaxed, scope)
        suggestions.append(p.suggestion)
        for h in score_book(b, p):
            hits.append((-(h.cov / h.required), -h.score, bi, h.rec, h))
    hits.sort(key=lambda x: x[:4])
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
