#!/usr/bin/env python3
"""How much each book's entry in sources/books.toml has to say, now and at an older revision.

For every book: the entry's lines (all, and those that set a key or value), the outline keys
that name a source line (`L680 = 2`, which move with every edit above them), the outline and
umbrella (`headings.nest`) entries, and the files the entry names beside the text (hints,
glossary) with their lines.

    python scripts/bench_entries.py                 # the working tree
    python scripts/bench_entries.py --rev 33f5c7c   # and a revision to compare with

Then, for the working tree, what the umbrella headings do: how many headings are umbrellas and
how many headings sit deeper because of them (the book parsed with and without `headings.nest`).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_ENTRY = re.compile(r"^\[books\.([a-z0-9-]+)\]\s*$")
_LINE_KEY = re.compile(r'^"?L\d+"?\s*=')


def read(rev: str | None, path: str) -> str | None:
    if rev is None:
        p = ROOT / path
        return p.read_text(encoding="utf-8") if p.exists() else None
    done = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else None


def entries(text: str) -> dict[str, list[str]]:
    """slug -> the lines of its entry: from `[books.slug]` to the next book, without the comment
    block that introduces the next book."""
    out: dict[str, list[str]] = {}
    slug = None
    for line in text.splitlines():
        m = _ENTRY.match(line)
        if m:
            slug = m.group(1)
            out[slug] = []
        if slug is not None:
            out[slug].append(line)
    for lines in out.values():
        while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
            lines.pop()
    return out


def meaningful(lines: list[str]) -> int:
    return sum(1 for ln in lines if ln.strip() and not ln.lstrip().startswith("#"))


def figures(rev: str | None) -> dict[str, dict[str, int]]:
    text = read(rev, "sources/books.toml")
    assert text is not None, f"no sources/books.toml at {rev}"
    data = tomllib.loads(text)["books"]
    out: dict[str, dict[str, int]] = {}
    for slug, lines in entries(text).items():
        book = data.get(slug, {})
        heads = book.get("headings", {})
        side = 0
        for key in ("glossary",):
            if book.get(key):
                side += len((read(rev, f"sources/{book[key]}") or "").splitlines())
        hints = book.get("tables", {}).get("hints")
        hint_lines = len((read(rev, f"sources/{hints}") or "").splitlines()) if hints else 0
        out[slug] = {
            "lines": len(lines),
            "set": meaningful(lines),
            "line_keys": sum(1 for ln in lines if _LINE_KEY.match(ln.strip())),
            "outline": len(heads.get("outline", {})),
            "nest": len(heads.get("nest", {})),
            "glossary": side,
            "hints": hint_lines,
        }
    return out


def umbrellas() -> dict[str, tuple[int, int]]:
    """slug -> (umbrella headings, headings they put deeper)."""
    import dataclasses

    from rulebook.ingest.config import load_books
    from rulebook.ingest.model import Heading, fold, walk
    from rulebook.ingest.pipeline import parse_book

    def headings(book: object) -> list[Heading]:
        doc = parse_book(book)  # type: ignore[arg-type]
        return [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]

    out: dict[str, tuple[int, int]] = {}
    for book in load_books(ROOT / "sources" / "books.toml"):
        nest = book.headings.nest
        if not nest:
            continue
        heads = headings(book)
        flat = dataclasses.replace(book, headings=dataclasses.replace(book.headings, nest={}))
        moved = sum(a.level != b.level for a, b in zip(heads, headings(flat), strict=True))
        seen: dict[str, int] = {}
        n = 0
        for h in heads:  # an umbrella is an occurrence whose count is not 0
            key = fold(h.text)
            if key in nest:
                value, i = nest[key], seen.get(key, 0)
                seen[key] = i + 1
                n += bool(value if isinstance(value, int) else i < len(value) and value[i])
        out[book.slug] = (n, moved)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rev", help="a git revision to compare with (e.g. the commit before a change)")
    args = ap.parse_args()
    now = figures(None)
    old = figures(args.rev) if args.rev else {}
    cols = ("lines", "set", "line_keys", "outline", "nest", "glossary", "hints")
    head = "book      " + "".join(f"{c:>16}" for c in cols)
    print(head)
    for slug, f in now.items():
        cells = []
        for c in cols:
            before = old.get(slug, {}).get(c)
            cells.append(f"{before} → {f[c]}" if before is not None else str(f[c]))
        print(f"{slug:<10}" + "".join(f"{cell:>16}" for cell in cells))
    print()
    for slug, (n, moved) in umbrellas().items():
        print(f"{slug}: {n} umbrella headings put {moved} headings one or more levels deeper")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
