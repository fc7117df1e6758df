"""Search quality on the query sets, by category: hit@1, hit@5 and MRR.

    python scripts/search_eval.py [--set own|tuning|heldout|all] [--misses] [--index DIR]

A result counts when the block it opens holds the expected text (for a table row, its table;
for a heading, the heading with the blocks directly under it) and, where the query names one,
in the expected book. Query sets:
- `own`: scripts/search_queries.toml, the project's long-standing set;
- `tuning`: scripts/queries/tuning*.toml, written from the books by people who had not seen
  the engine (tuning3.toml: while tuning it, from the books alone; tuning4.toml and
  tuning5.toml: later writings, each expected text copied from a line of a book); tune on it;
- `heldout`: scripts/queries/heldout*.toml, every third query of each category of the same
  writing, never tuned on: its misses are not printed (`--misses` refuses it), only its
  figures.
bench_search.py prints the same tables.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from rulebook.search import engine  # noqa: E402
from rulebook.search.cli import open_index  # noqa: E402
from rulebook.search.store import Store  # noqa: E402

Q = ROOT / "scripts" / "queries"
SETS = {
    "own": [ROOT / "scripts" / "search_queries.toml"],
    "tuning": [Q / f"tuning{n}.toml" for n in ("", 2, 3, 4, 5, 6, 7)],
    "heldout": [Q / f"heldout{n}.toml" for n in ("", 2, 3, 4, 5, 6, 7)],
}
# the kinds the project handled before, and the kinds people type at the table
FIRST_KINDS = ("title", "inflection", "typo", "abbreviation", "layout", "prefix", "yo", "bilingual")
TABLE_KINDS = ("question", "slang", "book filter", "situation", "phrase typo", "inflection number")


_NOT_WORD = re.compile(r"[^\w+\-–−%]+")


def fold(s: str) -> str:
    """Text compared as a reader reads it, by its words: case, ё, spaces and punctuation aside.
    The site lays some blocks out anew: a table row's cells «Натиск · 1 ОД · …» (a book's text
    file: «Натиск 1 ОД …»), a defined term «Ошеломлён Stunned — Вы…» (the file: «Ошеломлён
    (Stunned): Вы…»)."""
    s = unicodedata.normalize("NFKC", s).lower().replace("ё", "е")
    return " ".join(_NOT_WORD.sub(" ", s).split())


def load(name: str) -> list[dict[str, Any]]:
    return [q for f in SETS[name] for q in tomllib.loads(f.read_text(encoding="utf-8"))["query"]]


def answers(store: Store) -> dict[str, str]:
    """url -> the text a reader finds there: a block (all rows of a table), or a heading with
    the blocks directly under it."""
    out: dict[str, list[str]] = {}
    m = store.manifest
    for i in range(m["shards"]["f"]):
        store.ensure([("f", i)])
        f = store.get(("f", i))
        for entry in f["x"]:
            page, anchor, title, original, tag, _crumbs, _titled, blocks = entry
            url = f["pages"][page][0]
            head = out.setdefault(f"{url}#{anchor}", [title, original, tag])
            for k, (_kind, a, text) in enumerate(blocks, 1):
                a = f"{anchor}--{k if a == 0 else a}" if isinstance(a, int) else a
                out.setdefault(f"{url}#{a}", []).append(text)
                head.append(text)
    return {u: fold(" ".join(t for t in ts if t)) for u, ts in out.items()}


def evaluate(store: Store, queries: list[dict[str, Any]], limit: int = 5) -> dict[str, Any]:
    texts = answers(store)
    built = {b.slug for b in store.books}
    cats: dict[str, list[tuple[int, int, float]]] = {}
    misses = []
    for q in queries:
        if (q.get("book") and q["book"] not in built) or (q.get("in") and q["in"] not in built):
            continue
        out = engine.search(
            store,
            q["q"],
            limit=limit,
            book_filter=[q["book"]] if q.get("book") else None,
            prefer=q.get("prefer"),
        )
        want = fold(q["expect"])
        rank = 0
        for i, r in enumerate(out["results"], 1):
            if (not q.get("in") or r["book"] == q["in"]) and want in texts.get(r["url"], ""):
                rank = i
                break
        cats.setdefault(q["category"], []).append((rank == 1, 1 <= rank <= 5, 1 / rank if rank else 0.0))
        if rank != 1:
            top = out["results"][0] if out["results"] else None
            misses.append(
                (q["category"], q["q"], rank, f"{top['title']} [{top['book']}]" if top else "—", q["expect"])
            )
    return {"categories": _table(cats), "misses": misses}


def _table(cats: dict[str, list[tuple[int, int, float]]]) -> dict[str, dict[str, float]]:
    def row(rows: list[tuple[int, int, float]]) -> dict[str, float]:
        n = len(rows)
        return {
            "n": n,
            "hit@1": sum(r[0] for r in rows) / n if n else 0.0,
            "hit@5": sum(r[1] for r in rows) / n if n else 0.0,
            "mrr": sum(r[2] for r in rows) / n if n else 0.0,
        }

    table = {c: row(rows) for c, rows in cats.items()}
    first = [r for c in FIRST_KINDS for r in cats.get(c, [])]
    tab = [r for c in TABLE_KINDS for r in cats.get(c, [])]
    if first and tab:
        table["first kinds"] = row(first)
        table["table kinds"] = row(tab)
    table["all"] = row([r for rows in cats.values() for r in rows])
    return table


def print_table(name: str, result: dict[str, Any]) -> None:
    print(f"\n{name}: {'category':22} {'n':>4} {'hit@1':>6} {'hit@5':>6} {'MRR':>6}")
    for c, v in result["categories"].items():
        print(
            f"{'':{len(name) + 2}}{c:22} {v['n']:>4} {v['hit@1']:>6.3f} {v['hit@5']:>6.3f} {v['mrr']:>6.3f}"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", choices=[*SETS, "all"], default="all")
    ap.add_argument("--misses", action="store_true", help="list the misses (not for the held-out set)")
    ap.add_argument("--index", default=str(ROOT / ".cache" / "search"))
    args = ap.parse_args()
    store = open_index(Path(args.index))
    names = list(SETS) if args.set == "all" else [args.set]
    for name in names:
        res = evaluate(store, load(name))
        print_table(name, res)
        if args.misses and name != "heldout":
            for m in res["misses"]:
                print(f"   miss [{m[0]}] {m[1]!r}: rank {m[2] or '>5'}, top {m[3]}; expected «{m[4]}»")
    return 0


if __name__ == "__main__":
    sys.exit(main())
