"""Edit distances between a typed word and the library's words: `osa` bounds the typo
candidates, `slip_distance` ranks them by how likely each slip of typing is. Plain string
arithmetic, kept apart from the planner's rounds of store reads; the browser twin does the same
sums to the last bit."""

from __future__ import annotations

from rulebook.search import analysis

P = analysis.ENGINE


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


def _slip_pairs() -> frozenset[tuple[str, str]]:
    """The letter pairs one of which is a slip for the other (analysis.json's `slips`)."""
    spec = analysis.SPEC["slips"]
    out: set[tuple[str, str]] = set()
    for rows in spec["rows"]:
        for r, row in enumerate(rows):
            for c, x in enumerate(row):
                near = [row[c + 1]] if c + 1 < len(row) else []
                if r + 1 < len(rows):  # the row below sits half a key to the right
                    near += [rows[r + 1][j] for j in (c - 1, c) if 0 <= j < len(rows[r + 1])]
                for y in near:
                    out |= {(x, y), (y, x)}
    for x, y in spec["alike"]:
        out |= {(x, y), (y, x)}
    return frozenset(out)


_SLIPS = _slip_pairs()


def slip_distance(a: str, b: str, prefix: bool) -> float:
    """The edits from typed `a` to `b` (to the closest prefix of `b` with `prefix`), a slip
    costing `slip_cost` and any other edit 1: a noisy channel's view of typing, in which a
    neighbouring key, a letter spelt alike, an omitted letter, two swapped letters or a letter
    typed twice are likelier than another letter. It orders the candidates that `osa` let
    within the budget and tells a correction one slip away; hand-written beside `osa` (a
    library's weighted distance would not be the browser twin's to the last bit)."""
    slip = P["slip_cost"]
    la, lb = len(a), len(b)

    def extra(i: int) -> float:  # typed a[i] that `b` lacks: a key pressed twice or beside
        x = a[i]
        for j in (i - 1, i + 1):
            if 0 <= j < la and (a[j] == x or (a[j], x) in _SLIPS):
                return slip
        return 1.0

    prev2: list[float] = []
    prev = [j * slip for j in range(lb + 1)]
    for i in range(1, la + 1):
        ex = extra(i - 1)
        cur = [prev[0] + ex] + [0.0] * lb
        for j in range(1, lb + 1):
            x, y = a[i - 1], b[j - 1]
            sub = 0.0 if x == y else slip if (x, y) in _SLIPS else 1.0
            v = min(prev[j] + ex, cur[j - 1] + slip, prev[j - 1] + sub)
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                v = min(v, prev2[j - 2] + slip)
            cur[j] = v
        prev2, prev = prev, cur
    return min(prev) if prefix else prev[lb]


def one_slip(d: float, wd: float) -> bool:
    """One edit that is a slip of typing (distance d, slip distance wd)."""
    return d == 1 and wd <= P["slip_cost"] + 1e-9
