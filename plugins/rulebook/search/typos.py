"""Typos of the query's words: how many edits a word may be off (by its length, and whether it
looks like an English word in a library of Russian books), which vocabulary ranges hold the
words that near, and those words, ranked and kept for the query. Apart from the planner, which
decides what a word's typos are worth."""

from __future__ import annotations

from rulebook.search import analysis
from rulebook.search import vocab as V
from rulebook.search.distance import osa, slip_distance
from rulebook.search.store import TOP, Store

P = analysis.ENGINE
_LAT = frozenset(analysis.SPEC["latin"])


def typo_budget_of(w: str, relaxed: bool, latin: bool, found_nothing: bool) -> int:
    """A short English word that a library of Russian books lacks is most likely a correct
    English word: its typo budget starts at six letters. Where the query found nothing as typed
    (`found_nothing`) it gets one edit: «stike» has Strike one letter off, and an empty list is
    no answer, but two edits of a four-letter word reach words it never meant («wrek»: «weak»).
    In a library of English books a short English word is corrected as a Russian one is in a
    Russian library."""
    if not latin and len(w) < P["typo_latin_from"] and all(c in _LAT for c in w):
        return min(1, typo_budget(len(w), relaxed)) if found_nothing else 0
    return typo_budget(len(w), relaxed)


def typo_budget(n: int, relaxed: bool) -> int:
    """The edits a word of n letters may be off; `relaxed`, the larger budget of the search
    that tries again where nothing was found."""
    if relaxed:
        return 2 if n >= P["typo1_from"] else 1 if n >= 3 else 0
    return 2 if n >= P["typo2_from"] else 1 if n >= P["typo1_from"] else 0


def _suffix_len(n: int, k: int) -> int:
    """How many last letters a word within k edits keeps when its edits are near the start."""
    return min(n - 1, max(2, n - 1 - 2 * k))


def typo_ranges(w: str, is_prefix: bool, k: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(forward, reversed) vocabulary ranges that hold every word within k edits of `w` whose
    first two letters, or last letters, are unchanged (for the word being typed, the reversed
    range finds it as a finished word). A word of four letters or more also reads the words
    whose second letter it typed one place late: its second and third swapped («пресонажа»:
    «персонажа»), or a letter slipped in second place; with an edit near its end besides, the
    last letters miss it too."""
    fwd = [(w[:2], w[:2] + TOP)]
    if len(w) >= 4 and w[1] != w[2]:
        fwd.append((w[0] + w[2], w[0] + w[2] + TOP))
    r = w[::-1][: _suffix_len(len(w), k)]
    return fwd, [(r, r + TOP)]


class Typos:
    """The words close to a query's words, read from the store and kept for the query."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._found: dict[tuple[str, bool, int], list[tuple[float, float, str, str]]] = {}

    def find(self, w: str, is_prefix: bool, k: int) -> list[tuple[float, float, str, str]]:
        """(distance, slip distance, stem, word) of the words within k edits, best first:
        closest, then likeliest slips, then most frequent, then in order; once per query (the
        slang check and the typo round ask alike)."""
        got = self._found.get((w, is_prefix, k))
        if got is None:
            got = self._found[(w, is_prefix, k)] = self._find(w, is_prefix, k)
        return got

    def _find(self, w: str, is_prefix: bool, k: int) -> list[tuple[float, float, str, str]]:
        n = len(w)
        store = self.store
        fwd, rev = typo_ranges(w, is_prefix, k)
        cands: dict[str, None] = {}
        for lo, hi in fwd:
            for u, _, _ in V.words(store, lo, hi):
                cands[u] = None
        rcands: dict[str, None] = {}
        for lo, hi in rev:
            klo, khi = V.key(lo), V.key(hi)
            for i in store.shards("r", lo, hi):
                words, keys = store.get(("r", i))
                for rw, kw in zip(words, keys, strict=True):
                    if klo <= kw < khi and rw[::-1] not in cands:
                        rcands[rw[::-1]] = None
        found = []
        for u in cands:
            d = osa(w, u[: n + k] if is_prefix else u, k, is_prefix)
            if d <= k:
                # while typing, a whole word within the budget beats a longer word's beginning
                whole = not is_prefix or osa(w, u, k, False) <= k
                found.append((d if whole else d + 0.5, u))
        for u in rcands:  # from the end: whole words only
            d = osa(w, u, k, False)
            if d <= k:
                found.append((d, u))
        info = V.stem_df(store, [u for _, u in found])
        store.ensure(V.uniq([("v", store.shard_of("v", u)) for _, u in found if u not in info]))
        info.update(V.stem_df(store, [u for _, u in found if u not in info]))
        rows = []
        for d, u in found:
            if u in info:
                wd = slip_distance(w, u[: n + k] if is_prefix else u, is_prefix)
                rows.append((d, wd, -info[u][1], V.key(u), info[u][0], u))
        rows.sort()
        return [(d, wd, st, u) for d, wd, _, _, st, u in rows]
