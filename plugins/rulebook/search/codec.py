"""The browser index's encodings, written by export.py and read by store.py (and, in JS, by
assets/search-engine.js): base-64 varints, code-unit order, front-coded word lists, a rule's books.

A module of its own, without whoosh or the books, so that `rulebook search` (a new process per
query) imports only what reading the index needs.
"""

from __future__ import annotations

FORMAT = 4  # 4: a fragment's breadcrumbs written as what differs from the section before
MANIFEST = "manifest.json"
CUT = "0123456789abcdefghijklmnopqrstuvwxyz"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64 = {c: i for i, c in enumerate(B64)}


def varints(nums: list[int]) -> str:
    """Non-negative integers as base-64 varints (little-endian groups of five bits)."""
    out = []
    for n in nums:
        while n >= 32:
            out.append(B64[(n & 31) | 32])
            n >>= 5
        out.append(B64[n])
    return "".join(out)


def crumbs_delta(before: list[str] | None, crumbs: list[str]) -> list[str | int]:
    """A section's breadcrumbs as the number of leading ones it shares with the section before it
    in the fragment, then the rest: consecutive sections share their book and chapters, which
    were a tenth of a fragment's bytes, written out in full every time."""
    n = 0
    if before is not None:
        while n < min(len(before), len(crumbs)) and before[n] == crumbs[n]:
            n += 1
    return [n, *crumbs[n:]]


def crumbs_full(before: list[str] | None, coded: list[str | int]) -> list[str]:
    """`crumbs_delta`, read back."""
    n = int(coded[0])
    return [*(before or [])[:n], *(str(c) for c in coded[1:])]


def read_varints(s: str) -> list[int]:
    """`varints`, read back."""
    out = []
    n = shift = 0
    for c in s:
        v = _B64[c]
        n |= (v & 31) << shift
        if v & 32:
            shift += 5
        else:
            out.append(n)
            n = shift = 0
    return out


def sort_key(w: str) -> bytes:
    """Code-unit order, the order JavaScript compares strings in (same as code points in the BMP)."""
    return w.encode("utf-16-be")


def front_code(words: list[str]) -> str:
    """Sorted words as lines that each start with how many letters they share with the previous."""
    out = []
    prev = ""
    for w in words:
        n = 0
        lim = min(len(prev), len(w), len(CUT) - 1)
        while n < lim and prev[n] == w[n]:
            n += 1
        out.append(CUT[n] + w[n:])
        prev = w
    return "\n".join(out)


def decode_words(coded: str) -> list[str]:
    """`front_code`, read back."""
    out: list[str] = []
    prev = ""
    if not coded:
        return out
    for line in coded.split("\n"):
        w = prev[: CUT.index(line[0])] + line[1:]
        out.append(w)
        prev = w
    return out


def rule_books(books: list[int]) -> str:
    """A rule's books (-1: the shared glossary) as delta varints of one more than each: a
    library's books of one system share their glossary, and its rules name them all."""
    out, prev = [], 0
    for b in sorted(books):
        out.append(b + 1 - prev)
        prev = b + 1
    return varints(out)


def read_rule_books(coded: str) -> list[int]:
    """`rule_books`, read back."""
    out, at = [], 0
    for n in read_varints(coded):
        at += n
        out.append(at - 1)
    return out
