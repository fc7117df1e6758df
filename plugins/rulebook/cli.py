"""`rulebook ingest | search | calc` (run from the project root)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from rulebook.ingest.errors import IngestError


def _ingest(args: argparse.Namespace) -> int:
    from rulebook.ingest import pipeline

    root = Path(args.root)
    if args.outline:
        from rulebook.ingest import outline

        for r in pipeline.run(root, args.books or None, check=True):
            print("\n".join(outline.lines(r.doc)))
        return 0
    if args.check:
        count, stale = pipeline.check(root, args.books or None)
        if stale:
            print("docs/ is stale; run `rulebook ingest`:", file=sys.stderr)
            for s in stale:
                print(f"  {s}", file=sys.stderr)
            return 1
        print(f"docs/ is up to date ({count} books)")
        return 0
    results = pipeline.run(root, args.books or None)
    for r in results:
        for line in pipeline.summary(r):
            print(line)
    if not args.books:  # every book: docs/ becomes what the registry lists, a book removed too
        for g in pipeline.prune(root):
            print(g.told())
    return 0


def _json_input(given: str) -> object:
    """The calculator's input (`-`: read from stdin); every way it can be unreadable is an
    InputError (one line)."""
    from rulebook.mechanics import InputError

    try:
        if given == "-":
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
            given = data.decode("utf-8")
        return json.loads(given)
    except UnicodeDecodeError:
        raise InputError("input", "not UTF-8 text") from None
    except RecursionError:
        raise InputError("input", "nested too deeply") from None
    except ValueError as err:  # JSONDecodeError, or a number too long to convert
        why = "a number has more than 4300 digits" if "digits" in str(err) else str(err)
        raise InputError("input", f"not valid JSON ({why})") from None


def _calc(args: argparse.Namespace) -> int:
    from rulebook.mechanics import CALCULATORS, InputError, run

    if args.list:
        for name, calc in CALCULATORS.items():
            print(f"{name}\t{calc.title}")
        return 0
    if not args.name:
        print("rulebook calc: error: name a calculator (see --list)", file=sys.stderr)
        return 2
    if args.name not in CALCULATORS:
        known = ", ".join(CALCULATORS)
        print(f"rulebook calc: error: unknown calculator {args.name!r} (known: {known})", file=sys.stderr)
        return 2
    try:
        result = run(args.name, _json_input(args.input))
    except (InputError, RecursionError) as err:
        why = err if isinstance(err, InputError) else "input: nested too deeply"
        print(f"rulebook calc: error: {why}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def _search(args: argparse.Namespace) -> int:
    from rulebook.search import cli as search_cli

    return search_cli.run(args)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "ingest": _ingest,
    "search": _search,
    "calc": _calc,
}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rulebook", description="Rules reference site tools.")
    p.add_argument("--root", default=".", help="project root (default: current folder)")
    sub = p.add_subparsers(dest="command", required=True)
    ing = sub.add_parser("ingest", help="source texts -> docs/<book>/*.md")
    ing.add_argument("books", nargs="*", metavar="BOOK", help="book slugs (default: all)")
    ing.add_argument(
        "--check", action="store_true", help="fail if docs/ differs from what ingest would write"
    )
    ing.add_argument(
        "--outline",
        action="store_true",
        help="print the heading tree, tables, lists and boxes; write nothing",
    )
    from rulebook.search import cli as search_cli

    search_cli.add_parser(sub)
    calc = sub.add_parser("calc", help="run a rules calculator: JSON in, JSON out")
    calc.add_argument("name", nargs="?", metavar="NAME", help="calculator (see --list)")
    calc.add_argument("--input", default="{}", metavar="JSON", help="inputs as JSON ('-' reads stdin)")
    calc.add_argument("--list", action="store_true", help="list the calculators")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except IngestError as err:
        print(f"rulebook {args.command}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader of our output went away (`| head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so exit flushes nowhere
        return 1


if __name__ == "__main__":
    sys.exit(main())
