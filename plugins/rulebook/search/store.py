"""The exported index as the query engine reads it: the manifest, then shards on demand.

The Python runtime (`rulebook search`, tests, benchmarks) reads the very files the browser
fetches (export.py writes them, codec.py says how), from the build's export folder or a built
site's `search/`; the JS twin (assets/search-engine.js) fetches them. Shards are parsed once and
kept.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from rulebook.search.codec import CUT as _CUT
from rulebook.search.codec import FORMAT, MANIFEST, crumbs_full, decode_words, sort_key
from rulebook.search.codec import read_rule_books as rule_books
from rulebook.search.codec import read_varints as varints

__all__ = ["MissingIndex", "Store", "Vocab", "decode_words", "rule_books", "varints"]
TOP = "\uffff"  # above every letter: [w, w + TOP) is every word that starts with w

Key = tuple[str, int]  # (kind, shard) with kind v, r, p, l, f


class MissingIndex(FileNotFoundError):
    """No index, or one this engine cannot read: the site must be built (again)."""


@dataclass
class Vocab:
    words: list[str]
    stems: list[str]
    df: list[int]
    rules: list[list[Any]]  # [source, [targets], book]
    keys: list[bytes] = field(default_factory=list)

    @staticmethod
    def parse(d: dict[str, Any]) -> Vocab:
        words = decode_words(d["w"])
        stems = []
        exc = iter(d["x"])
        for w, c in zip(words, d["c"], strict=True):
            stems.append(next(exc) if c == "~" else w[: len(w) - _CUT.index(c)])
        df: list[int] = []
        for n in varints(d["df"]):  # 0: as the word before (the same stem), else df + 1
            df.append(df[-1] if n == 0 and df else n - 1)
        for rule in d["g"]:
            if isinstance(rule[2], str):  # codec.rule_books
                rule[2] = rule_books(rule[2])
        return Vocab(words, stems, df, d["g"], [sort_key(w) for w in words])

    def find(self, w: str) -> int | None:
        """The index of `w` in this shard, or None (the shard is sorted by `sort_key`)."""
        i = bisect_left(self.keys, sort_key(w))
        return i if i < len(self.words) and self.words[i] == w else None


class Lists(NamedTuple):
    """A surface form's four postings lists, decoded (see `export` for their layout)."""

    text: list[int]
    head: list[int]
    path: list[int]
    defs: list[int]


@dataclass
class Postings:
    """One surface form's postings (flat, as exported), decoded when first read."""

    raw: tuple[str, str, str, str]
    _lists: Lists | None = None

    def lists(self) -> Lists:
        if self._lists is None:
            self._lists = Lists(*(varints(x) for x in self.raw))
        return self._lists


class Loans(dict[str, list[str]]):
    """A loans shard: the books' English words by consonant skeleton, and in `glossary` the
    glossaries' one-word English terms no book prints (an older index: none)."""

    def __init__(self, pairs: Any, glossary: list[list[str]], keys: list[str]) -> None:
        super().__init__(pairs)
        self.glossary: dict[str, list[str]] = {k: g for k, g in zip(keys, glossary, strict=True) if g}


@dataclass
class Book:
    slug: str
    title: str
    first: int  # its sections: [first, end)
    end: int
    latin: int = 0  # 1: its words are mostly Latin


class Store:
    def __init__(self, folder: Path) -> None:
        path = folder / MANIFEST
        if not path.exists():
            raise MissingIndex(f"no search index in {folder}: build the site first (mkdocs build)")
        m = json.loads(path.read_text(encoding="utf-8"))
        if m.get("format") != FORMAT:
            raise MissingIndex(f"{path}: a search index of another version: build the site again")
        self.folder = folder / m["dir"]
        self.manifest = m
        self.spec: dict[str, Any] = m["analysis"]
        self.stats: dict[str, int] = m["stats"]
        self.books = [Book(*b) for b in m["books"]]
        self.firsts = {
            k: [sort_key(w) for w in m[n]] for k, n in (("v", "vocab"), ("r", "rvocab"), ("l", "loan"))
        }
        flat = varints(m["post"])
        self.post_at: list[tuple[int, int]] = []
        j = 0
        for i in range(0, len(flat), 2):
            j += flat[i]
            self.post_at.append((j, flat[i + 1]))
        self.frag_first: list[int] = []
        at = 0
        for d in varints(m["frag"]):
            at += d
            self.frag_first.append(at)
        self.counts: dict[str, int] = m["shards"]
        self.cache: dict[Key, Any] = {}
        self.fetched: list[Key] = []  # every shard read, in order (for tests and benchmarks)

    # ---- which shards ------------------------------------------------------------------------
    def shards(self, kind: str, lo: str, hi: str) -> list[int]:
        """The shards of `kind` (v, r, p, l) whose words meet [lo, hi)."""
        f = self.firsts[kind]
        klo, khi = sort_key(lo), sort_key(hi)
        a = max(0, bisect_right(f, klo) - 1)
        out = []
        for i in range(a, len(f)):
            if i > a and f[i] >= khi:
                break
            out.append(i)
        return out

    def locate(self, w: str) -> tuple[int, int] | None:
        """(vocabulary shard, index) of a word (its vocabulary shard must be loaded)."""
        j = self.shard_of("v", w)
        v: Vocab = self.get(("v", j))
        i = v.find(w)
        return None if i is None else (j, i)

    def post_shard(self, at: tuple[int, int]) -> int:
        """The postings shard that holds the word at (vocabulary shard, index)."""
        return max(0, bisect_right(self.post_at, at) - 1)

    def postings(self, w: str) -> Postings | None:
        """A word's postings (its postings shard must be loaded)."""
        at = self.locate(w)
        if at is None:
            return None
        p = self.post_shard(at)
        return self.get(("p", p))[at[1] - self.post_at[p][1]]

    def shard_of(self, kind: str, w: str) -> int:
        return max(0, bisect_right(self.firsts[kind], sort_key(w)) - 1)

    def frag_of(self, section: int) -> int:
        return max(0, bisect_right(self.frag_first, section) - 1)

    # ---- loading -----------------------------------------------------------------------------
    def ensure(self, keys: list[Key]) -> None:
        for key in keys:
            if key not in self.cache:
                self.cache[key] = self._parse(
                    key, json.loads((self.folder / f"{key[0]}{key[1]}.json").read_bytes())
                )
                self.fetched.append(key)

    def _parse(self, key: Key, d: dict[str, Any]) -> Any:
        kind = key[0]
        if kind == "v":
            return Vocab.parse(d)
        if kind == "r":
            words = decode_words(d["w"])
            return (words, [sort_key(w) for w in words])
        if kind == "p":
            return [Postings(x) for x in zip(d["t"], d["h"], d["p"], d["d"], strict=True)]
        if kind == "l":
            return Loans(zip(d["k"], d["w"], strict=True), d.get("g") or [[] for _ in d["k"]], d["k"])
        before = None  # fragments: each section's breadcrumbs written out again
        for entry in d["x"]:
            entry[5] = before = crumbs_full(before, entry[5])
        return d

    def get(self, key: Key) -> Any:
        return self.cache[key]
