"""The query engine (Python runtime; assets/search-engine.js is the same engine in JS).

Every step has a twin in the JS file, in the same order, with the same arithmetic, so that both
return the same results (tests/integration/test_search_parity.py holds them to it). The engine
reads the exported index through a store (store.py here, fetches there) in rounds: the
vocabulary of the query's words, then what their expansions need (typos, loans, glossary
targets), then the postings, then the fragments of the results on screen.

1. The query is split on spaces; `@slug` words filter books; the last word is a prefix unless the
   query ends with a space. A chunk that the library does not know is retried in the other
   keyboard layout.
2. Roles: question words («как», «сколько», «можно ли», «что такое») and stop words are dropped
   when the query has words of its own; «стоит» becomes an optional "cost" group; «что такое»
   asks for a definition. Glossary phrases (the shared one and each book's, a book's only for
   that book's records) become groups with alternatives.
3. Each word expands to stems: its own, derivational relatives and fleeting-vowel forms, prefix
   completions (the last word), and, for a word the library does not know, words within the typo
   budget and English words with the same consonant skeleton (Russian-spelt loans).
4. BM25F over the block text, its section heading (with English original and tag) and the
   heading path, rarity and field lengths over the whole library; a record's score is scaled by
   its coverage of the query's words, weighted by their rarity (a graceful OR: a long
   description finds the blocks that hold its rarest words); the best `rerank` get bonuses for
   exact words, phrase and proximity, a heading match and a definition of the query's term.
5. Order: exact titles first (literal before glossary, and within them the book being read),
   then exact definitions, then the score (the book being read gains `prefer_book`); a decay for
   more results from one section; identical blocks once.
6. Nothing found: once more with a larger typo budget; a corrected query is offered ("did you
   mean") whenever a word was corrected.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from rulebook.search import analysis
from rulebook.search.store import TOP, Key, Store, Vocab

P = analysis.ENGINE
_SPACE = re.compile("[" + analysis.SPEC["query_space"] + "]+")
_LETTER = re.compile(r"[^\W\d_]")
_K = 1 << 20  # record id = section * _K + k
_LAT = frozenset(analysis.SPEC["latin"])
_CYR = frozenset(analysis.SPEC["cyrillic"])


def round6(x: float) -> float:
    return math.floor(x * 1e6 + 0.5) / 1e6


def _key(w: str) -> bytes:
    return w.encode("utf-16-be")


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


# ---- the vocabulary over loaded shards ---------------------------------------------------------
def _words(store: Store, lo: str, hi: str) -> list[tuple[str, str, int]]:
    """(word, stem, stem df) of every word in [lo, hi), in order (its shards must be loaded)."""
    out = []
    klo, khi = _key(lo), _key(hi)
    for i in store.shards("v", lo, hi):
        v: Vocab = store.get(("v", i))
        for w, kw, st, df in zip(v.words, v.keys, v.stems, v.df, strict=True):
            if klo <= kw < khi:
                out.append((w, st, df))
    return out


def _lower(st: str) -> str:
    """The start of the range that holds a stem's derivational relatives."""
    if len(st) >= P["stem_prefix_min"] and _LETTER.search(st):
        return st[: max(int(P["stem_prefix_min"]), len(st) - int(P["stem_prefix_extra"]))]
    return st


def word_ranges(w: str) -> list[tuple[str, str]]:
    """The vocabulary ranges a word needs: itself and its completions, its stem's family, and
    the fleeting-vowel forms of its stem."""
    st = analysis.stem(w)
    lo = _lower(st)
    out = [(w, w + TOP), (lo, lo + TOP), (st, st + TOP)]
    out += [(v, v + TOP) for v in analysis.fleeting_variants(st)]
    digit = analysis.NUMBERS.get(w)
    if digit:
        out.append((digit, digit + TOP))
    return out


def _need_vocab(store: Store, ranges: list[tuple[str, str]], kind: str = "v") -> list[Key]:
    keys: list[Key] = []
    for lo, hi in ranges:
        for i in store.shards(kind, lo, hi):
            if (kind, i) not in keys:
                keys.append((kind, i))
    return keys


def _rules_at(store: Store, st: str) -> list[list[Any]]:
    v: Vocab = store.get(("v", store.shard_of("v", st)))
    return v.rules


def _known(store: Store, w: str, is_prefix: bool) -> bool:
    st = analysis.stem(w)
    for word, wst, _ in _words(store, _lower(st), _lower(st) + TOP):
        if word == w or wst == st:
            return True
    if is_prefix and len(w) >= P["min_prefix"] and _words(store, w, w + TOP):
        return True
    return any(_rule_key(r[0])[0] == st for r in _rules_at(store, st))


def _rule_key(src: str) -> tuple[str, ...]:
    return tuple(analysis.stem(w) for w in analysis.surfaces(src))


# ---- plans -----------------------------------------------------------------------------------
@dataclass
class Slot:
    word: str
    stems: dict[str, float]  # stem -> weight
    whole: set[str] = field(default_factory=set)  # matched as whole words (not completions)
    surfaces: dict[str, list[str]] = field(default_factory=dict)  # stem -> its surface forms
    correction: str | None = None  # a typo's best replacement, for "did you mean"
    pending: list[str] = field(default_factory=list)  # stems whose surfaces are still to be read
    prefix: bool = False  # the word being typed


@dataclass
class Alt:
    slots: list[Slot]
    weight: float
    book: int = -1  # the book whose glossary made it, -1 for every book
    literal: bool = True  # the words as typed (not a glossary's)


@dataclass
class Group:
    words: list[str]
    alts: list[Alt]
    role: str = "content"  # content | intent
    idf: float = 0.0


@dataclass
class Plan:
    groups: list[Group]
    suggestion: str | None
    define: bool = False  # the query asks what a term is


@dataclass
class Word:
    surface: str
    prefix: bool
    role: str  # content, stop, question, intent


def _role(w: str, upper: bool = False) -> str:
    if upper:  # «ОБ», «УС»: an abbreviation, not the preposition «об»
        return "content"
    if w in analysis.INTENTS:
        return "intent"
    if w in analysis.QUESTION:
        return "question"
    if w in analysis.STOP:
        return "stop"
    return "content"


def _upper_words(chunk: str) -> list[bool]:
    """Per word of the chunk: written in capitals (two letters or more), as abbreviations are."""
    out = []
    for m in analysis.WORD_RE.finditer(chunk):
        raw = m.group()
        up = sum(1 for c in raw if c.isalpha()) >= 2 and raw == raw.upper() and raw != raw.lower()
        out += [up] * len(analysis.normalize_word(raw))
    return out


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


def _typo_budget(n: int, relaxed: bool) -> int:
    if relaxed:
        return 2 if n >= P["typo1_from"] else 1 if n >= 3 else 0
    return 2 if n >= P["typo2_from"] else 1 if n >= P["typo1_from"] else 0


def _suffix_len(n: int, k: int) -> int:
    """How many last letters a word within k edits keeps when its edits are near the start."""
    return min(n - 1, max(2, n - 1 - 2 * k))


def typo_ranges(w: str, is_prefix: bool, k: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(forward, reversed) vocabulary ranges that hold every word within k edits of `w` whose
    first two letters, or last letters, are unchanged."""
    fwd = [(w[:2], w[:2] + TOP)]
    if is_prefix:
        return fwd, []
    r = w[::-1][: _suffix_len(len(w), k)]
    return fwd, [(r, r + TOP)]


def _stem_df(store: Store, words: list[str]) -> dict[str, tuple[str, int]]:
    """stem and df of words, read from the loaded vocabulary shards."""
    out = {}
    for w in words:
        v: Vocab = store.get(("v", store.shard_of("v", w)))
        kw = _key(w)
        lo, hi = 0, len(v.keys)
        while lo < hi:
            mid = (lo + hi) // 2
            if v.keys[mid] < kw:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(v.words) and v.words[lo] == w:
            out[w] = (v.stems[lo], v.df[lo])
    return out


class Planner:
    """Builds a plan for one query, asking the store for shards round by round."""

    def __init__(self, store: Store, parsed: Parsed, relaxed: bool) -> None:
        self.store = store
        self.parsed = parsed
        self.relaxed = relaxed

    # round 1: the words of the query, and of its chunks in the other layout
    def first_needs(self) -> list[Key]:
        ranges: list[tuple[str, str]] = []
        for chunk in self.parsed.chunks:
            for t in analysis.surfaces(chunk):
                ranges += word_ranges(t)
            swapped = analysis.layout_swap(chunk)
            if swapped is not None:
                for t in analysis.surfaces(swapped):
                    ranges += word_ranges(t)
        return _need_vocab(self.store, ranges)

    def words(self) -> tuple[list[Word], list[str], bool]:
        """The query's words (chunks the library does not know retried in the other layout)."""
        parsed = self.parsed
        out: list[Word] = []
        shown: list[str] = []
        changed = False
        for ci, chunk in enumerate(parsed.chunks):
            last = ci == len(parsed.chunks) - 1
            toks = list(analysis.surfaces(chunk))

            def prefs(ts: list[str], last: bool = last) -> list[bool]:
                return [parsed.prefix and last and ti == len(ts) - 1 for ti in range(len(ts))]

            changed_here = False
            if toks and not all(_known(self.store, t, p) for t, p in zip(toks, prefs(toks), strict=True)):
                swapped = analysis.layout_swap(chunk)
                if swapped is not None:
                    stoks = list(analysis.surfaces(swapped))
                    if stoks and all(
                        _known(self.store, t, p) for t, p in zip(stoks, prefs(stoks), strict=True)
                    ):
                        toks = stoks
                        changed = changed_here = True
            upper = _upper_words(chunk) if not changed_here else [False] * len(toks)
            out += [Word(t, p, _role(t, u)) for t, p, u in zip(toks, prefs(toks), upper, strict=True)]
            shown += toks
        return out, shown, changed

    def plan(self) -> Plan:
        store = self.store
        words, shown, changed = self.words()
        define = any(w.surface in analysis.DEFINE for w in words) and any(w.role == "content" for w in words)
        has_content = any(w.role == "content" for w in words)
        if not has_content:  # only function words: they are the query
            for w in words:
                w.role = "content"
        # glossary phrases over the words as typed (a phrase may hold a stop word)
        groups: list[Group] = []
        i = 0
        while i < len(words):
            st = analysis.stem(words[i].surface)
            best = 0
            matches: list[list[Any]] = []
            for rule in _rules_at(store, st):
                key = _rule_key(rule[0])
                n = len(key)
                if i + n <= len(words) and all(
                    analysis.stem(words[i + j].surface) == key[j] for j in range(n)
                ):
                    if n > best:
                        best, matches = n, [rule]
                    elif n == best:
                        matches.append(rule)
            if best and (best > 1 or words[i].role in ("content", "intent")):
                span = words[i : i + best]
                alts = [Alt([self.expand(w) for w in span if w.role == "content" or best == 1], 1.0)]
                targets: dict[tuple[str, int], None] = {}
                for rule in matches:
                    for d in rule[1]:
                        targets[(d, rule[2])] = None
                for d, bi in targets:
                    slots = [self.phrase_slot(t) for t in analysis.surfaces(d) if not analysis.is_optional(t)]
                    slots = slots or [self.phrase_slot(t) for t in analysis.surfaces(d)]
                    if slots:
                        alts.append(Alt(slots, P["w_synonym"], bi, literal=False))
                groups.append(Group([w.surface for w in span], alts))
                i += best
                continue
            w = words[i]
            i += 1
            if w.role in ("stop", "question"):
                continue
            if w.role == "intent":
                targets2 = [w.surface, *analysis.INTENTS[w.surface]]
                alts = [Alt([self.phrase_slot(t)], 1.0) for t in targets2]
                groups.append(Group([w.surface], alts, role="intent"))
                continue
            groups.append(Group([w.surface], [Alt([self.expand(w)], 1.0)]))
        fixes = {s.word: s.correction for g in groups for a in g.alts for s in a.slots if s.correction}
        suggestion = " ".join(fixes.get(w, w) for w in shown) if (changed or fixes) else None
        return Plan(groups, suggestion, define)

    # ---- one word ----------------------------------------------------------------------------
    def expand(self, word: Word) -> Slot:
        store = self.store
        w, is_prefix = word.surface, word.prefix
        st = analysis.stem(w)
        lo = _lower(st)
        stems: dict[str, float] = {}
        surf: dict[str, list[str]] = {}
        extra = int(P["stem_prefix_extra"])
        relatives = len(st) >= P["stem_prefix_min"] and bool(_LETTER.search(st))
        for u, ust, _ in _words(store, lo, lo + TOP):
            wt = 0.0
            if ust == st:
                wt = P["w_exact"]
            elif relatives and (
                (ust.startswith(st) and 0 < len(ust) - len(st) <= extra)
                or (st.startswith(ust) and len(ust) >= P["stem_prefix_min"] and len(st) - len(ust) <= extra)
            ):
                wt = P["w_stem_prefix"]
            if wt:
                stems[ust] = max(stems.get(ust, 0.0), wt)
                surf.setdefault(ust, []).append(u)
        # the stemmer can cut one form shorter than the others (отдых -> отд, отдыха -> отдых):
        # a word that is the query's stem, or whose stem is the query word, is the same word
        for u, ust, _ in _words(store, w, w + TOP):
            if ust == w and ust != st:
                stems[w] = max(stems.get(w, 0.0), P["w_exact"])
                surf.setdefault(w, []).append(u)
        for u, ust, _ in _words(store, st, st + TOP):
            if u == st and ust != st:
                stems.setdefault(st, P["w_exact"])
                surf.setdefault(st, []).append(u)
        for v in analysis.fleeting_variants(st):
            for u, ust, _ in _words(store, v, v + TOP):
                if ust == v and v != st:
                    stems[v] = max(stems.get(v, 0.0), P["w_stem"])
                    surf.setdefault(v, []).append(u)
        digit = analysis.NUMBERS.get(w)
        if digit:  # «трёх раундов» finds «3 раунда»
            for u, ust, _ in _words(store, digit, digit + TOP):
                if u == digit:
                    stems[ust] = max(stems.get(ust, 0.0), P["w_number"])
                    surf.setdefault(ust, []).append(u)
        whole = set(stems)
        completions = 0
        if is_prefix and len(w) >= P["min_prefix"]:
            best_len: dict[str, int] = {}
            df_of: dict[str, int] = {}
            order: list[str] = []
            for u, ust, df in _words(store, w, w + TOP):
                if ust == st:
                    continue
                if ust not in best_len:
                    order.append(ust)
                    best_len[ust] = len(u)
                    df_of[ust] = df
                elif len(u) < best_len[ust]:
                    best_len[ust] = len(u)
                surf.setdefault(ust, []).append(u)
            cap = int(P["max_prefix_terms"] if len(w) > 3 else P["prefix_terms_short"])
            if len(order) > cap:
                order.sort(key=lambda s: (-df_of[s], _key(s)))
                order = order[:cap]
            for ust in order:
                wt = P["w_prefix"] * (0.5 + 0.5 * len(w) / best_len[ust])
                if wt > stems.get(ust, 0.0):
                    stems[ust] = wt
            completions = len(order)
        slot = Slot(w, stems, whole, {s: surf[s] for s in stems}, prefix=is_prefix)
        if not stems and completions == 0 and _LETTER.search(w) and not _known(store, w, is_prefix):
            slot.pending = []
            self._unknown.append(slot)
        return slot

    def phrase_slot(self, w: str) -> Slot:
        """A glossary target's word: its own stem only (surfaces read in round 2)."""
        st = analysis.stem(w)
        slot = Slot(w, {st: 1.0}, {st})
        slot.pending = [st]
        self._phrases.append(slot)
        return slot

    # the rounds after the first
    def run(self) -> Plan:
        self._unknown: list[Slot] = []
        self._phrases: list[Slot] = []
        store = self.store
        store.ensure(self.first_needs())
        plan = self.plan()
        # round 2: typo and loan candidates of unknown words, the glossary targets' stems
        needs: list[Key] = []
        budgets: dict[int, int] = {}
        for s in self._unknown:
            k = _typo_budget(len(s.word), self.relaxed)
            budgets[id(s)] = k
            if k:
                fwd, rev = typo_ranges(s.word, s.prefix, k)
                needs += _need_vocab(store, fwd) + _need_vocab(store, rev, "r")
            if all(c in _CYR for c in s.word):
                sk = analysis.skeleton(s.word)
                if len(sk) >= analysis.SPEC["loans"]["min_length"]:
                    needs.append(("l", store.shard_of("l", sk)))
        for s in self._phrases:
            needs += _need_vocab(store, [(st, st + TOP) for st in s.pending])
        store.ensure(_uniq(needs))
        later: list[Slot] = []
        for s in self._unknown:
            k = budgets[id(s)]
            cands = []
            if k:
                cands = self.typos(s.word, s.prefix, k)
            taken: dict[str, float] = {}
            for d, st, u in cands:
                if st in taken:
                    continue
                if len(taken) >= P["max_typo_terms"]:
                    break
                wt = P["w_typo1"] if d <= 1 else P["w_typo2"]
                taken[st] = wt if d == int(d) else wt * P["w_typo_prefix"]
                s.surfaces.setdefault(st, []).append(u)
            if cands:
                s.correction = cands[0][2]
            if all(c in _CYR for c in s.word):
                sk = analysis.skeleton(s.word)
                if len(sk) >= analysis.SPEC["loans"]["min_length"]:
                    loans: dict[str, list[str]] = store.get(("l", store.shard_of("l", sk)))
                    for u in loans.get(sk, []):
                        ust = analysis.stem(u)
                        if P["w_loan"] > taken.get(ust, 0.0):
                            taken[ust] = P["w_loan"]
                        s.surfaces.setdefault(ust, []).append(u)
            for st, wt in taken.items():
                s.stems[st] = wt
                s.whole.add(st)
            s.pending = list(taken)
            later.append(s)
        for s in self._phrases:
            st = s.pending[0]
            s.surfaces[st] = [u for u, ust, _ in _words(store, st, st + TOP) if ust == st]
            s.pending = []
        # round 2b: every surface of the typo and loan stems
        store.ensure(_uniq(_need_vocab(store, [(st, st + TOP) for s in later for st in s.pending])))
        for s in later:
            for st in s.pending:
                have = s.surfaces.setdefault(st, [])
                for u, ust, _ in _words(store, st, st + TOP):
                    if ust == st and u not in have:
                        have.append(u)
            s.pending = []
        for g in plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    for st in sl.stems:
                        sl.surfaces[st] = sorted(set(sl.surfaces.get(st, [])), key=_key)
        return plan

    def typos(self, w: str, is_prefix: bool, k: int) -> list[tuple[float, str, str]]:
        """(distance, stem, word) of the words within k edits, best first: closest, then most
        frequent, then in order."""
        n = len(w)
        store = self.store
        fwd, rev = typo_ranges(w, is_prefix, k)
        cands: dict[str, None] = {}
        for lo, hi in fwd:
            for u, _, _ in _words(store, lo, hi):
                cands[u] = None
        for lo, hi in rev:
            klo, khi = _key(lo), _key(hi)
            for i in store.shards("r", lo, hi):
                words, keys = store.get(("r", i))
                for rw, kw in zip(words, keys, strict=True):
                    if klo <= kw < khi:
                        cands[rw[::-1]] = None
        found = []
        for u in cands:
            d = osa(w, u[: n + k] if is_prefix else u, k, is_prefix)
            if d <= k:
                # while typing, a whole word within the budget beats a longer word's beginning
                whole = not is_prefix or osa(w, u, k, False) <= k
                found.append((d if whole else d + 0.5, u))
        info = _stem_df(store, [u for _, u in found])
        store.ensure(_uniq([("v", store.shard_of("v", u)) for _, u in found if u not in info]))
        info.update(_stem_df(store, [u for _, u in found if u not in info]))
        rows = [(d, -info[u][1], _key(u), info[u][0], u) for d, u in found if u in info]
        rows.sort()
        return [(d, st, u) for d, _, _, st, u in rows]


def _uniq(keys: list[Key]) -> list[Key]:
    return list(dict.fromkeys(keys))


# ---- postings per stem ---------------------------------------------------------------------------
@dataclass
class StemPost:
    """A stem's postings, its surfaces' summed: text per record (tf, length, positions), heading
    and path per section, definitions per record."""

    df: int
    text: dict[int, list[Any]] = field(default_factory=dict)  # rid -> [tf, len, positions]
    head: dict[int, list[int]] = field(default_factory=dict)  # section -> [tf, bits, nrec2, len, tw, ow]
    path: dict[int, list[int]] = field(default_factory=dict)  # section -> [tf, nrec2, len]
    defs: dict[int, int] = field(default_factory=dict)  # rid -> content words of the defined term
    exact_text: dict[str, set[int]] = field(default_factory=dict)  # surface -> rids
    exact_head: dict[str, set[int]] = field(default_factory=dict)  # surface -> sections


def _decode(store: Store, surfaces: list[str], df: int) -> StemPost:
    sp = StemPost(df)
    for u in surfaces:
        post = store.get(("p", store.shard_of("p", u))).get(u)
        if post is None:
            continue
        t, i, s = post.text, 0, 0
        ex = sp.exact_text.setdefault(u, set())
        while i < len(t):
            s += t[i]
            k, ln, tf = t[i + 1], t[i + 2], t[i + 3]
            pos = []
            p = 0
            for j in range(tf):
                p += t[i + 4 + j]
                pos.append(p)
            rid = s * _K + k
            cur = sp.text.get(rid)
            if cur is None:
                sp.text[rid] = [tf, ln, pos]
            else:
                cur[0] += tf
                cur[2] = sorted(cur[2] + pos)
            ex.add(rid)
            i += 4 + tf
        h, i, s = post.head, 0, 0
        exh = sp.exact_head.setdefault(u, set())
        while i < len(h):
            s += h[i]
            cur = sp.head.get(s)
            if cur is None:
                sp.head[s] = list(h[i + 1 : i + 7])
            else:
                cur[0] += h[i + 1]
                cur[1] |= h[i + 2]
            exh.add(s)
            i += 7
        pp, i, s = post.path, 0, 0
        while i < len(pp):
            s += pp[i]
            cur = sp.path.get(s)
            if cur is None:
                sp.path[s] = list(pp[i + 1 : i + 4])
            else:
                cur[0] += pp[i + 1]
            i += 4
        d, i, s = post.defs, 0, 0
        while i < len(d):
            s += d[i]
            sp.defs[s * _K + d[i + 1]] = d[i + 2]
            i += 3
    return sp


# ---- scoring ---------------------------------------------------------------------------------
def idf(store: Store, df: int) -> float:
    """BM25's rarity on a fixed scale (`idf_records`), from the share of all records that hold
    the stem."""
    ref = P["idf_records"]
    d = df * ref / max(1, store.stats["records"])
    return math.log(1 + (ref - d + 0.5) / (d + 0.5))


@dataclass
class Hit:
    rid: int
    book: int
    tier: int
    score: float
    cov: float
    strong: bool = False  # its heading holds every word of the query, or it is an exact title or definition


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
        self.posts: dict[str, StemPost] = {}

    def book_of(self, s: int) -> int:
        for i, (a, b) in enumerate(self.bounds):
            if a <= s < b:
                return i
        return -1

    def needs(self) -> list[Key]:
        keys: list[Key] = []
        for g in self.plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    for us in sl.surfaces.values():
                        for u in us:
                            keys.append(("p", self.store.shard_of("p", u)))
        return _uniq(keys)

    def load(self) -> None:
        surfaces: dict[str, list[str]] = {}  # stem -> every surface any slot reads for it
        for g in self.plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    for st in sl.stems:
                        have = surfaces.setdefault(st, [])
                        have += [u for u in sl.surfaces.get(st, []) if u not in have]
        for st, us in surfaces.items():
            us.sort(key=_key)
            info = _stem_df(self.store, us[:1])
            self.posts[st] = _decode(self.store, us, info[us[0]][1] if us and us[0] in info else 0)
        for g in self.plan.groups:
            g.idf = max(
                (
                    a.weight * w * idf(self.store, self.posts[st].df)
                    for a in g.alts
                    for sl in a.slots
                    for st, w in sl.stems.items()
                ),
                default=0.0,
            )

    # BM25F of one slot for one record
    def slot_score(self, sl: Slot, rid: int, s: int) -> float:
        k1 = P["k1"]
        bt, bh = P["b_text"], P["b_head"]
        best = 0.0
        for st in sorted(sl.stems):
            sp = self.posts[st]
            t = sp.text.get(rid)
            h = sp.head.get(s)
            p = sp.path.get(s)
            if t is None and h is None and p is None:
                continue
            tfw = 0.0
            if t is not None:
                tfw += P["w_text"] * t[0] / (1 - bt + bt * t[1] / self.avg_text)
            if h is not None:
                tfw += P["w_head"] * h[0] / (1 - bh + bh * h[3] / self.avg_head)
            if p is not None:
                tfw += P["w_path"] * p[0] / (1 - bh + bh * p[2] / self.avg_path)
            v = sl.stems[st] * idf(self.store, sp.df) * tfw * (k1 + 1) / (k1 + tfw)
            if v > best:
                best = v
        return best

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
                            out[rid] = rid // _K
                        for s, h in sp.head.items():
                            n2 = h[2]
                            if n2 & 1:
                                out[s * _K] = s
                            for k in range(1, (n2 >> 1) + 1):
                                out[s * _K + k] = s
        return out

    def group_score(self, g: Group, rid: int, s: int, b: int) -> float:
        best = 0.0
        for a in g.alts:
            if a.book >= 0 and a.book != b:
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

    def rank(self, prefer: int) -> list[Hit]:
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
        for rid, s in self.candidates().items():
            b = self.book_of(s)
            if b not in self.scope:
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
                        base += P["w_intent"] * v
            if covered <= 0:
                continue
            cov = covered / total_idf
            rows.append((base * cov ** P["cov_power"], cov, rid, s, b))
            best = sec_best.setdefault(s, [0.0] * len(groups))
            for i, v in enumerate(scores):
                if v > best[i]:
                    best[i] = v
            sec_cov[s] = max(sec_cov.get(s, 0.0), cov)
            if rid == s * _K:
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
                (v if g.role == "content" else P["w_intent"] * v) for g, v in zip(groups, best, strict=True)
            )
            pre = base * cov ** P["cov_power"] * P["section_weight"]
            i = have[s * _K]
            if pre > rows[i][0]:
                rows[i] = (pre, cov, s * _K, s, rows[i][4])
        rows.sort(key=lambda x: (-round6(x[0]), x[2]))
        rows = rows[: int(P["rerank"])]
        hits = []
        for pre, cov, rid, s, b in rows:
            tier = self.tier(rid, s, b, content)
            sc = pre * self.bonus(rid, s, b, content)
            if b == prefer:
                sc *= P["prefer_book"]
            strong = tier > 0 or (cov >= 1 and self._heading_matches(s, b, content))
            hits.append(Hit(rid, b, tier, round6(sc), cov, strong))
        # a heading that holds every word of the query answers as a whole: it comes before its
        # own blocks of no higher tier (which would otherwise win by repeating the words)
        blocks: dict[int, list[Hit]] = {}
        for h in hits:
            s = h.rid // _K
            if h.rid != s * _K:
                blocks.setdefault(s, []).append(h)
        for h in hits:
            s = h.rid // _K
            if h.rid == s * _K and s in blocks and self._heading_matches(s, h.book, content):
                top = max((x.score for x in blocks[s] if x.tier <= h.tier), default=0.0)
                if top > h.score:
                    h.score = round6(top * P["heading_lift"])
        hits.sort(key=lambda h: self.order(h, prefer))
        seen: dict[int, int] = {}
        for h in hits:
            s = h.rid // _K
            n = seen.get(s, 0)
            seen[s] = n + 1
            for _ in range(n):
                h.score = round6(h.score * P["same_section_decay"])
        hits.sort(key=lambda h: self.order(h, prefer))
        return hits

    @staticmethod
    def order(h: Hit, prefer: int) -> tuple[int, int, int, float, int]:
        """The book being read first where it answers squarely (a heading about the query, an
        exact title or definition); then exact titles and definitions (the book being read's
        first), then the score."""
        mine = h.book == prefer
        return (0 if mine and h.strong else 1, -h.tier, 0 if mine else 1, -h.score, h.rid)

    # ---- tiers and bonuses -------------------------------------------------------------------
    def _matching_alts(self, g: Group, b: int) -> list[Alt]:
        return [a for a in g.alts if a.book < 0 or a.book == b]

    def tier(self, rid: int, s: int, b: int, content: list[Group]) -> int:
        """2: a heading the query names exactly, or a block that defines exactly the query's
        term, with the words as typed; 1: the same through a glossary of the record's book;
        0: the rest."""
        k = rid - s * _K
        if k == 0:
            exact = self._title_exact(s, b, content, True, False)
            if exact:
                return 2
            # a title named through a glossary, or by the beginning of its last word
            if self._title_exact(s, b, content, False, False) or self._title_exact(s, b, content, True, True):
                return 1
            return 0
        for literal_only, tier in ((True, 2), (False, 1)):
            if self._defines_exactly(rid, b, content, literal_only):
                return tier
        return 0

    def _defines_exactly(self, rid: int, b: int, content: list[Group], literal_only: bool) -> bool:
        """The block defines a term made of the query's content words and no others."""
        nwords = 0
        for g in content:
            hit = False
            for a in self._matching_alts(g, b):
                if literal_only and not a.literal:
                    continue
                for sl in a.slots:
                    for st in sl.whole:
                        n = self.posts[st].defs.get(rid)
                        if n is not None:
                            hit = True
                            nwords = n
            if not hit:
                return False
        return 0 < nwords <= len(content)

    def _title_exact(
        self, s: int, b: int, content: list[Group], literal_only: bool, completions: bool
    ) -> bool:
        """Every content word of the query is in the heading, and every content word of the title
        (or of its English original) is one the query matched as a whole word (or, with
        `completions`, as the beginning of the word being typed)."""
        title_hits: set[str] = set()
        orig_hits: set[str] = set()
        meta: list[int] | None = None
        for g in content:
            found = False
            for a in self._matching_alts(g, b):
                if literal_only and not a.literal:
                    continue
                for sl in a.slots:
                    for st in sl.stems:
                        h = self.posts[st].head.get(s)
                        if h is None:
                            continue
                        found = True
                        meta = h
                        if st in sl.whole or (completions and sl.prefix):
                            if h[1] & 1:
                                title_hits.add(st)
                            if h[1] & 2:
                                orig_hits.add(st)
            if not found:
                return False
        if meta is None:
            return False
        tw, ow = meta[4], meta[5]
        return (tw > 0 and len(title_hits) >= tw) or (ow > 0 and len(orig_hits) >= ow)

    def bonus(self, rid: int, s: int, b: int, content: list[Group]) -> float:
        k = rid - s * _K
        m = len(content)
        exact = 0
        positions: list[list[int]] = []
        for g in content:
            hit = False
            pos: set[int] = set()
            for a in self._matching_alts(g, b):
                for sl in a.slots:
                    for st in sl.stems:
                        sp = self.posts[st]
                        if a.literal and (
                            rid in sp.exact_text.get(sl.word, ()) or s in sp.exact_head.get(sl.word, ())
                        ):
                            hit = True
                        t = sp.text.get(rid)
                        if t is not None:
                            pos.update(t[2])
            if hit:
                exact += 1
            positions.append(sorted(pos))
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
        if self._heading_matches(s, b, content):
            bonus += P["bonus_heading"]
            if k == 0:
                bonus += P["bonus_heading_block"]
        d = self._defines(rid, b, content)
        if d:
            bonus += (P["bonus_def"] + (P["bonus_def_question"] if self.plan.define else 0.0)) * d
        return bonus

    def _heading_matches(self, s: int, b: int, content: list[Group]) -> bool:
        for g in content:
            if not any(
                st in self.posts and s in self.posts[st].head
                for a in self._matching_alts(g, b)
                for sl in a.slots
                for st in sl.stems
            ):
                return False
        return True

    def _defines(self, rid: int, b: int, content: list[Group]) -> float:
        """The share of the query's content words that the block defines (0 if none)."""
        n = 0
        for g in content:
            if any(
                rid in self.posts[st].defs
                for a in self._matching_alts(g, b)
                for sl in a.slots
                for st in sl.whole
            ):
                n += 1
        return n / len(content)


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


# ---- snippets --------------------------------------------------------------------------------
def snippet(text: str, stems: set[str]) -> tuple[str, list[tuple[int, int]]]:
    toks = analysis.tokens(text)
    hits = [(t.start, t.end) for t in toks if analysis.stem(t.surface) in stems]
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
            words = {text[a:b].lower() for a, b in inside}
            key = (len(words), len(inside))
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
    marks = [(a - ws + len(pre), b - ws + len(pre)) for a, b in hits if a >= ws and b <= we]
    return pre + text[ws:we] + post, marks


# ---- the search ------------------------------------------------------------------------------
class Fragments:
    """The sections of the results on screen, from the fragment files."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def needs(self, sections: list[int]) -> list[Key]:
        return _uniq([("f", self.store.frag_of(s)) for s in sections])

    def section(self, s: int) -> list[Any]:
        f = self.store.get(("f", self.store.frag_of(s)))
        entry = f["x"][s - f["s"]]
        return [f["pages"][entry[0]], *entry[1:]]


def _block(sec: list[Any], k: int) -> tuple[str, str, str]:
    """(kind, anchor, text) of record k of a fragment section."""
    _page, anchor, title, _o, _t, _c, _titled, blocks = sec
    if k == 0:
        return "h", anchor, title
    kind, a, text = blocks[k - 1]
    if isinstance(a, int):
        a = f"{anchor}--{k if a == 0 else a}"
    return kind, a, text


def _shown(sec: list[Any], k: int) -> str:
    """A heading shows (and is de-duplicated by) the first block of its section."""
    if k == 0:
        blocks = sec[7]
        return blocks[0][2] if blocks else ""
    return _block(sec, k)[2]


def search(
    store: Store,
    query: str,
    limit: int = 10,
    book_filter: list[str] | None = None,
    prefer: str | None = None,
) -> dict[str, Any]:
    """The best `limit` results (statistics over the whole library, whatever the filter).
    `prefer`: the slug of the book being read, whose results rank a little higher."""
    limit = max(0, limit)
    parsed = parse(query)
    wanted = [s.lower() for s in (book_filter or [])] + parsed.books
    slugs = [b.slug for b in store.books]
    scope = [i for i, b in enumerate(store.books) if not wanted or b.slug in wanted]
    pref = slugs.index(prefer) if prefer in slugs else -1
    out = _run(store, parsed, limit, False, scope, pref)
    if not out["results"] and parsed.chunks and limit:
        again = _run(store, parsed, limit, True, scope, pref)
        if again["results"]:
            out = again
    out["books"] = [store.books[i].slug for i in scope]
    return out


def _run(
    store: Store, parsed: Parsed, limit: int, relaxed: bool, scope: list[int], prefer: int
) -> dict[str, Any]:
    if not parsed.chunks or not scope:
        return {"results": [], "suggestion": None}
    plan = Planner(store, parsed, relaxed).run()
    scorer = Scorer(store, plan, scope)
    store.ensure(scorer.needs())
    scorer.load()
    hits = scorer.rank(prefer)
    frags = Fragments(store)
    results: list[dict[str, Any]] = []
    seen: set[str] = set()
    stems = {st for g in plan.groups for a in g.alts for sl in a.slots for st in sl.stems}
    i = 0
    batch = max(limit, 1) + 4
    while len(results) < limit and i < len(hits):
        chunk = hits[i : i + batch]
        i += batch
        store.ensure(frags.needs([h.rid // _K for h in chunk]))
        for h in chunk:
            s = h.rid // _K
            k = h.rid - s * _K
            sec = frags.section(s)
            kind, anchor, text = _block(sec, k)
            if k > 0 and sec[6] and anchor == _block(sec, 1)[1]:
                # the section's first block sits right under its heading: open the heading
                k = 0
                kind, anchor, text = _block(sec, 0)
            shown = _shown(sec, k)
            if kind == "row":
                key = f"row:{h.book}:{anchor}"
            elif kind == "h":
                key = analysis.dedupe_key(shown) if shown else "h:" + analysis.dedupe_key(text)
            else:
                key = analysis.dedupe_key(text)
            if key in seen:
                continue
            seen.add(key)
            results.append(_result(store, h, sec, kind, anchor, shown, stems))
            if len(results) >= limit:
                break
    return {"results": results, "suggestion": plan.suggestion}


def _result(
    store: Store, h: Hit, sec: list[Any], kind: str, anchor: str, shown: str, stems: set[str]
) -> dict[str, Any]:
    (page_url, page_title), _a, title, original, tag, crumbs, _titled, _blocks = sec
    snip, marks = snippet(shown, stems)
    book = store.books[h.book]
    return {
        "url": f"{page_url}#{anchor}",
        "title": title or page_title,
        "original": original,
        "tag": tag,
        "breadcrumb": " › ".join(crumbs),
        "path": crumbs,
        "snippet": snip,
        "highlights": [list(m) for m in marks],
        "book": book.slug,
        "book_title": book.title,
        "kind": kind,
        "score": h.score,
    }
