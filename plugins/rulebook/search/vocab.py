"""The vocabulary as the query side reads it: ranges of the library's sorted word list over
the loaded shards, the ranges a word needs, glossary rules by stem, and whether the library
knows a word."""

from __future__ import annotations

import re
from typing import Any

from rulebook.search import analysis
from rulebook.search.codec import sort_key as key
from rulebook.search.store import TOP, Key, Store, Vocab

P = analysis.ENGINE
_LETTER = re.compile(r"[^\W\d_]")


def span(lo: str, hi: str) -> tuple[str, str]:
    """A range of the vocabulary as it is read: the words that begin with a single letter are
    that letter alone. Every word begins with some letter, so that range is a whole letter of
    the vocabulary (25 shards at 50 books, fetched on the first key typed), and no word in it
    but the letter itself is a form or a relative of a one-letter word."""
    if hi == lo + TOP and len(lo) == 1 and _LETTER.match(lo):
        return lo, lo + "\x00"
    return lo, hi


def words(store: Store, lo: str, hi: str) -> list[tuple[str, str, int]]:
    """(word, stem, stem df) of every word in [lo, hi), in order (its shards must be loaded)."""
    lo, hi = span(lo, hi)
    out = []
    klo, khi = key(lo), key(hi)
    for i in store.shards("v", lo, hi):
        v: Vocab = store.get(("v", i))
        for w, kw, st, df in zip(v.words, v.keys, v.stems, v.df, strict=True):
            if klo <= kw < khi:
                out.append((w, st, df))
    return out


def lower(st: str) -> str:
    """The start of the range that holds a stem's derivational relatives: those it extends or
    that extend it (`stem_prefix_extra` letters), and those `kindred` with it, which share its
    first `kindred_prefix` letters however long it is (разговарива, разговор)."""
    if len(st) >= P["stem_prefix_min"] and _LETTER.search(st):
        n = min(len(st) - int(P["stem_prefix_extra"]), int(P["kindred_prefix"]))
        return st[: max(int(P["stem_prefix_min"]), n)]
    return st


def word_ranges(w: str) -> list[tuple[str, str]]:
    """The vocabulary ranges a word needs: itself and its completions, its stem's family, and
    the fleeting-vowel forms of its stem."""
    st = analysis.stem(w)
    lo = lower(st)
    out = [(w, w + TOP), (lo, lo + TOP), (st, st + TOP)]
    out += [(v, v + TOP) for v in analysis.fleeting_variants(st)]
    out += [(v, v + TOP) for v in analysis.nominal_relatives(st)]
    digit = analysis.NUMBERS.get(w)
    out += [(n, n + TOP) for n in ([digit] if digit else []) + analysis.NUMBER_WORDS.get(w, [])]
    return out


def forms(store: Store, w: str, st: str) -> list[str]:
    """The library's words of stem `st`: those that begin with it, and, where `st` is the stem of
    `w` but does not begin it (saving -> save, 2к6 -> к6), those that begin with `w`."""
    out = [u for u, ust, _ in words(store, st, st + TOP) if ust == st]
    if analysis.stem(w) == st and not w.startswith(st):
        out += [u for u, ust, _ in words(store, w, w + TOP) if ust == st and u not in out]
    return out


def need(store: Store, ranges: list[tuple[str, str]], kind: str = "v") -> list[Key]:
    keys: list[Key] = []
    for lo, hi in ranges:
        for i in store.shards(kind, *(span(lo, hi) if kind == "v" else (lo, hi))):
            if (kind, i) not in keys:
                keys.append((kind, i))
    return keys


def rules_at(store: Store, st: str) -> list[list[Any]]:
    v: Vocab = store.get(("v", store.shard_of("v", st)))
    return v.rules


def rules_in(store: Store, lo: str, hi: str) -> list[list[Any]]:
    """The glossary rules whose first word's stem is in [lo, hi) (their shards must be loaded)."""
    lo, hi = span(lo, hi)
    klo, khi = key(lo), key(hi)
    return [
        r
        for i in store.shards("v", lo, hi)
        for r in store.get(("v", i)).rules
        if klo <= key(rule_key(r[0])[0] if rule_key(r[0]) else "") < khi
    ]


def _common(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def family(a: str, b: str) -> bool:
    """Two stems of one slang word in different forms (ресснул, ресснут; кастова, каст): equal,
    or one extends the other by at most three letters, or they differ only in their endings, of
    the same length, one or two letters (four letters or more each). A misspelling in the middle
    of a word (аптеччк, аптечк) is not one of them."""
    if a == b:
        return True
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 3:
        return False
    if a.startswith(b) or b.startswith(a):
        return True
    n = _common(a, b)
    return n >= 4 and len(a) == len(b) and len(a) - n <= 2


def kindred(a: str, b: str) -> bool:
    """Two long stems of one word family that share all but their last letters (подготовлен,
    подготовк; максимум, максимальн): `kindred_prefix` letters or more in common, at most
    `kindred_rest` left in the shorter (with three, a prefix passed for a root: противник,
    противогаз)."""
    n = _common(a, b)
    return n >= P["kindred_prefix"] and min(len(a), len(b)) - n <= P["kindred_rest"]


def stem_kin(store: Store, w: str, st: str) -> list[tuple[str, str, int]]:
    """The words of the range that holds the relatives of `w`'s stem `st` (`words`), but for the
    forms of stop and question words where `w` is Russian: their text is not searched, and
    Snowball cuts a misspelt Russian word to their stem («нужой»: «нуж», of «нужен»; «таом»:
    «та»), which makes it the typo round's. The English stemmer cuts a word to theirs only where
    it is their form («ups», «happening»): read as typos they became other words (appearing, упсь)."""
    lo = lower(st)
    russian = analysis.script([w]) == "cyrillic"
    kin = words(store, lo, lo + TOP)
    return [x for x in kin if x[0] == w or not (russian and analysis.is_optional(x[0]))]


def known(store: Store, w: str, is_prefix: bool) -> bool:
    """The library has the word, a form of it, a word it begins (the word being typed) or a
    glossary rule for it. A stop or question word counts as known: its vocabulary is read only
    for its glossary rules (or in full for a query of nothing else)."""
    if analysis.is_optional(w):
        return True
    st = analysis.stem(w)
    # a stem of one letter is no sign of a form of the word: Snowball cuts «ае» to «а», the
    # conjunction every book holds, and «аое» to «а» too
    by_stem = len(st) > 1 or st == w
    russian = analysis.script([w]) == "cyrillic"
    for word, wst, _ in stem_kin(store, w, st):
        if word == w or (by_stem and wst == st):
            return True
    if any(word == w for word, _, _ in words(store, w, w + TOP)):  # a stem that does not begin it
        return True
    if is_prefix and len(w) >= P["min_prefix"] and words(store, w, w + TOP):
        return True
    # a rule of several words names its Russian first word as printed («нат 20»: «нат», not
    # «натися», a misspelt «натиск» that Snowball cuts to «нат»); the rule's other forms are the
    # phrase's. An English first word's forms are its own («threaten», of «threatened area»)
    return any(
        rule_key(r[0])[0] == st
        and ((by_stem and (len(rule_key(r[0])) == 1 or not russian)) or analysis.surfaces(r[0])[0] == w)
        for r in rules_at(store, st)
    )


def rule_key(src: str) -> tuple[str, ...]:
    return tuple(analysis.stem(w) for w in analysis.surfaces(src))


def uniq(keys: list[Key]) -> list[Key]:
    return list(dict.fromkeys(keys))


def stem_df(store: Store, words: list[str]) -> dict[str, tuple[str, int]]:
    """stem and df of words, read from the loaded vocabulary shards (a word whose shard is not
    loaded yet is left out)."""
    out = {}
    for w in words:
        v: Vocab | None = store.cache.get(("v", store.shard_of("v", w)))
        if v is None:
            continue
        i = v.find(w)
        if i is not None:
            out[w] = (v.stems[i], v.df[i])
    return out
