#!/usr/bin/env python3
"""Search quality on queries made from the books' own headings, for every book of the library.

    python scripts/search_synthetic.py [--index DIR] [--misses KIND] [--limit N]

The query files are written by people and are few; this script asks every heading of every book
the way a reader who half remembers it would, so a failure that is general (a class of words,
a book's layout, a kind of heading) shows up whatever book it sits in, including books nobody
wrote queries for. Per heading whose title is a rule term (two letters or more, not a bare
number, not a generic «Пример»), one query of each kind that applies:

- title: the title as printed, without its numbering;
- lower: lower case, ё written е;
- layout: typed on the other keyboard layout;
- typo: one edit (two neighbouring letters swapped, or one dropped) in its longest word of five
  letters or more;
- ear: in that word, the first letter after its first that is spelt alike by ear with another
  (о/а, е/и, и/ы, ш/щ…: the analysis' `slips.alike`) written as the other;
- key: in that word, its middle letter typed as the key beside it on the keyboard's row;
- two: two edits in its longest word of six letters or more (the second and third letters
  swapped, and the last but one dropped);
- split: its longest word of eight letters or more split in the middle by a space;
- gap: that word's middle letter typed as a space (a phone's space bar sits under a row);
- prefix: the title with its last word cut to its first half (four letters at least), as typing
  sends it;
- original: the English original the heading carries;
- abbreviation: the capitals in parentheses the title gives («Очки Действий (ОД)» -> «ОД»).

A query succeeds when a heading of the same title (any book: titles repeat across books) is
first (hit@1) or in the first five (hit@5); for a title printed twice in one book either counts.
The edits are deterministic, so two runs compare.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from rulebook.search import analysis, engine  # noqa: E402
from rulebook.search.cli import open_index  # noqa: E402
from rulebook.search.store import Store  # noqa: E402

_ABBR = re.compile(r"\(([A-ZА-ЯЁ]{2,5})\)")
_GENERIC = {"пример", "примеры", "примечание", "таблица", "итог", "итоги"}
KINDS = (
    "title",
    "lower",
    "layout",
    "typo",
    "ear",
    "key",
    "two",
    "split",
    "gap",
    "prefix",
    "original",
    "abbreviation",
)
_SLIPS = analysis.SPEC["slips"]
_ALIKE = {a: b for pair in _SLIPS["alike"] for a, b in (pair, pair[::-1])}
_ROW = {
    c: row[i + 1] if i + 1 < len(row) else row[i - 1]
    for rows in _SLIPS["rows"]
    for row in rows
    for i, c in enumerate(row)
}


def norm(title: str) -> str:
    """A title as compared: its words' surface forms (case, ё, punctuation aside)."""
    return " ".join(analysis.surfaces(analysis.unnumbered(title)))


def headings(store: Store) -> list[dict[str, Any]]:
    out = []
    for i in range(store.manifest["shards"]["f"]):
        store.ensure([("f", i)])
        f = store.get(("f", i))
        for entry in f["x"]:
            _page, _anchor, title, original, _tag, _crumbs, _titled, _blocks = entry
            out.append({"title": title, "original": original or ""})
    return out


def typo(word: str) -> str:
    """One deterministic edit: the two letters after the second swapped, or, where they are the
    same letter, the third dropped."""
    if word[2] != word[3]:
        return word[:2] + word[3] + word[2] + word[4:]
    return word[:2] + word[3:]


def by_ear(word: str) -> str | None:
    for i in range(1, len(word)):
        if word[i] in _ALIKE:
            return word[:i] + _ALIKE[word[i]] + word[i + 1 :]
    return None


def by_key(word: str) -> str | None:
    i = len(word) // 2
    return word[:i] + _ROW[word[i]] + word[i + 1 :] if word[i] in _ROW else None


def two_edits(word: str) -> str:
    swapped = word[0] + word[2] + word[1] + word[3:]
    return swapped[:-2] + swapped[-1]


def queries(h: dict[str, Any]) -> dict[str, str]:
    title = analysis.unnumbered(h["title"]).strip()
    words = title.split()
    q: dict[str, str] = {"title": title}
    if title.lower().replace("ё", "е") != title:
        q["lower"] = title.lower().replace("ё", "е")
    swapped = analysis.layout_keys(title)
    if swapped:
        q["layout"] = swapped
    letters = [w for w in words if w.isalpha() and len(w) >= 5]
    if letters:
        longest = max(letters, key=len)
        q["typo"] = title.replace(longest, typo(longest), 1)
        low = longest.lower()
        for kind, edited in (("ear", by_ear(low)), ("key", by_key(low))):
            if edited and edited != low:
                q[kind] = title.lower().replace(low, edited, 1)
        if len(longest) >= 6 and low[1] != low[2]:
            q["two"] = title.lower().replace(low, two_edits(low), 1)
        if len(longest) >= 8:
            half = len(low) // 2
            q["split"] = title.lower().replace(low, low[:half] + " " + low[half:], 1)
            q["gap"] = title.lower().replace(low, low[:half] + " " + low[half + 1 :], 1)
    last = words[-1] if words else ""
    if last.isalpha() and len(last) >= 8:
        q["prefix"] = " ".join([*words[:-1], last[: max(4, len(last) // 2)]])
    if h["original"] and any(c.isalpha() for c in h["original"]):
        q["original"] = h["original"]
    m = _ABBR.search(title)
    if m:
        q["abbreviation"] = m.group(1)
    return q


def evaluate(
    store: Store, limit: int = 5
) -> tuple[dict[str, list[tuple[bool, bool]]], list[tuple[str, str, str, str]]]:
    heads = headings(store)
    per: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    misses = []
    seen: set[str] = set()
    for h in heads:
        key = norm(h["title"])
        words = key.split()
        if (
            not words
            or key in seen
            or words[0] in _GENERIC
            or not any(analysis.stem(w).isalpha() for w in words)
        ):
            continue
        if sum(len(w) for w in words) < 3:
            continue
        seen.add(key)
        for kind, q in queries(h).items():
            out = engine.search(store, q, limit=limit)
            rank = 0
            for i, r in enumerate(out["results"], 1):
                if r["kind"] == "h" and (
                    norm(r["title"]) == key
                    or (kind == "original" and norm(r["original"] or "") == norm(h["original"]))
                ):
                    rank = i
                    break
            per[kind].append((rank == 1, 1 <= rank <= 5))
            if rank != 1:
                top = out["results"][0] if out["results"] else None
                misses.append((kind, q, str(rank or ">5"), f"{top['title']} [{top['book']}]" if top else "—"))
    return per, misses


def _row(name: str, rows: list[tuple[bool, bool]]) -> None:
    n = len(rows)
    h1 = sum(a for a, _ in rows) / n
    h5 = sum(b for _, b in rows) / n
    print(f"{'':11}{name:14} {n:>5} {h1:>6.3f} {h5:>6.3f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--index", default=str(ROOT / ".cache" / "search"))
    ap.add_argument("--misses", choices=KINDS, action="append", default=[])
    args = ap.parse_args()
    store = open_index(Path(args.index))
    per, misses = evaluate(store)
    print(f"synthetic: {'kind':14} {'n':>5} {'hit@1':>6} {'hit@5':>6}")
    total: list[tuple[bool, bool]] = []
    for kind in KINDS:
        rows = per.get(kind, [])
        total += rows
        if rows:
            _row(kind, rows)
    _row("all", total)
    for kind, q, rank, top in misses:
        if kind in args.misses:
            print(f"   miss [{kind}] {q!r}: rank {rank}, top {top}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
