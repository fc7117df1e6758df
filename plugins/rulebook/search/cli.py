"""`rulebook search "QUERY" [--book SLUG] [--prefer SLUG] [--limit N] [--json]`: the Python runtime
of the search engine, run from the project root against the whoosh index of the last build."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rulebook.search import analysis, engine, query
from rulebook.search.store import MissingIndex, Store

DEFAULT_INDEX = ".cache/search"


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("search", help="search the built site's index (Python runtime of the palette)")
    p.add_argument("query", help='what to look for; "@slug" words limit the books')
    p.add_argument(
        "--book",
        action="append",
        default=[],
        metavar="SLUG",
        help="only this book (repeatable); an @name in the query adds its book, as a chip and a typed "
        "@name do in the palette",
    )
    p.add_argument("--limit", type=_limit, default=10, metavar="N", help="at most N results (default 10)")
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
        help=f"the search cache folder written by the build, or a built site's search/ folder "
        f"(default: ROOT/{DEFAULT_INDEX})",
    )


def _limit(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {n}")
    return n


def open_index(folder: Path) -> Store:
    """A built site's `search/` folder, or the build's cache folder (its `export/`)."""
    return Store(folder if (folder / "manifest.json").exists() else folder / "export")


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
        store = open_index(folder)
    except (MissingIndex, OSError, ValueError) as err:
        print(f"rulebook search: error: {err}", file=sys.stderr)
        return 2
    known = {b.slug for b in store.books}
    unknown = [s for s in [*args.book, *([args.prefer] if args.prefer else [])] if s.lower() not in known]
    if unknown:
        print(
            f"rulebook search: error: unknown book {', '.join(unknown)} "
            f"(indexed: {', '.join(sorted(known))})",
            file=sys.stderr,
        )
        return 2
    prefer = args.prefer.lower() if args.prefer else None
    out = engine.search(store, args.query, limit=args.limit, book_filter=args.book, prefer=prefer)
    # nothing in the chosen books: the other books' answers are told (a list in JSON stays the
    # chosen books' only)
    other: dict[str, Any] = {"results": []}
    unfiltered = query.unfiltered(args.query)
    if not out["results"] and len(out["books"]) < len(store.books) and unfiltered.strip():
        other = engine.search(store, unfiltered, limit=args.limit, prefer=prefer)
    if args.json:
        print(json.dumps(out["results"], ensure_ascii=False, indent=2))
        if other["results"]:
            found = ", ".join(dict.fromkeys(r["book"] for r in other["results"]))
            print(f"nothing in the chosen books; without the filter, results in: {found}", file=sys.stderr)
        if out["suggestion"]:
            print(f"did you mean: {out['suggestion']}", file=sys.stderr)
        if out["missing"]:
            print(f"no match for: {', '.join(out['missing'])}", file=sys.stderr)
        if out["unknown_books"]:
            print(f"no book: {', '.join('@' + n for n in out['unknown_books'])}", file=sys.stderr)
        if out["cut"]:
            print(f"query cut to its first {analysis.ENGINE['max_words']} words", file=sys.stderr)
        return 0
    tty = sys.stdout.isatty()
    if out["cut"]:
        print(f"Длинный запрос: учтены только первые слова ({analysis.ENGINE['max_words']})\n")
    if out["unknown_books"]:
        names = ", ".join("«@" + n + "»" for n in out["unknown_books"])
        print(f"Нет книги {names}; книги: {', '.join('@' + b.slug for b in store.books)}\n")
    if out["suggestion"]:
        print(f"Возможно, вы искали: «{out['suggestion']}»\n")
    if out["missing"] and out["results"]:
        print(f"Нет совпадений для: {', '.join('«' + w + '»' for w in out['missing'])}\n")
    if not out["results"] and other["results"]:
        chosen = ", ".join("«" + b.title + "»" for b in store.books if b.slug in out["books"])
        print(f"Ничего не найдено в {chosen} — найдено в других книгах:\n")
        out = other
    if not out["results"]:
        words = analysis.surfaces(unfiltered)
        if words and all(analysis.is_optional(w) for w in words):
            # «сколько», «можно ли»: the start of a question, not yet what it asks about
            print(f"«{unfiltered.strip()}» — только служебные слова: допишите, о чём вопрос.")
        else:
            print("Ничего не найдено.")
        return 1
    for i, r in enumerate(out["results"], 1):
        print(f"{i}. {r['title']}  [{r['book']}]  {r['score']:.3f}")
        print(f"   {r['breadcrumb']}")
        print(f"   {_bold(r['snippet'], r['highlights'], tty)}")
        print(f"   {r['url']}")
    return 0
