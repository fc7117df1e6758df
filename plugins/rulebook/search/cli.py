"""`rulebook search "QUERY" [--book SLUG] [--prefer SLUG] [--limit N] [--json]`: the Python runtime
of the search engine, run from the project root against the whoosh index of the last build."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rulebook.search import build, engine

DEFAULT_INDEX = ".cache/search"


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("search", help="search the built site's index (Python runtime of the palette)")
    p.add_argument("query", help='what to look for; "@slug" words limit the books')
    p.add_argument("--book", action="append", default=[], metavar="SLUG", help="only this book (repeatable)")
    p.add_argument("--limit", type=int, default=10, metavar="N", help="at most N results (default 10)")
    p.add_argument(
        "--prefer",
        metavar="SLUG",
        help="rank this book's results a little higher, as the palette does for the book being read",
    )
    p.add_argument("--json", action="store_true", help="print a JSON list of results, best first")
    p.add_argument(
        "--index",
        default=None,
        metavar="DIR",
        help=f"the search cache folder written by the build (default: ROOT/{DEFAULT_INDEX})",
    )


def _bold(text: str, marks: list[list[int]], tty: bool) -> str:
    if not tty:
        return text
    out, pos = [], 0
    for a, b in marks:
        out += [text[pos:a], "\033[1m", text[a:b], "\033[0m"]
        pos = b
    out.append(text[pos:])
    return "".join(out)


def run(args: argparse.Namespace) -> int:
    folder = Path(args.index) if args.index else Path(args.root) / DEFAULT_INDEX
    try:
        books = build.load_books(folder)
    except FileNotFoundError as err:
        print(f"rulebook search: {err}", file=sys.stderr)
        return 2
    known = {b.slug for b in books}
    unknown = [s for s in [*args.book, *([args.prefer] if args.prefer else [])] if s.lower() not in known]
    if unknown:
        print(
            f"rulebook search: unknown book {', '.join(unknown)} (indexed: {', '.join(sorted(known))})",
            file=sys.stderr,
        )
        return 2
    prefer = args.prefer.lower() if args.prefer else None
    out = engine.search(books, args.query, limit=max(1, args.limit), book_filter=args.book, prefer=prefer)
    if args.json:
        print(json.dumps(out["results"], ensure_ascii=False, indent=2))
        if out["suggestion"]:
            print(f"did you mean: {out['suggestion']}", file=sys.stderr)
        return 0
    tty = sys.stdout.isatty()
    if out["suggestion"]:
        print(f"Возможно, вы искали: «{out['suggestion']}»\n")
    if not out["results"]:
        print("Ничего не найдено.")
        return 1
    for i, r in enumerate(out["results"], 1):
        print(f"{i}. {r['title']}  [{r['book']}]  {r['score']:.3f}")
        print(f"   {r['breadcrumb']}")
        print(f"   {_bold(r['snippet'], r['highlights'], tty)}")
        print(f"   {r['url']}")
    return 0
