#!/usr/bin/env python3
"""Rewrite the URL of every rule citation (plugins/rulebook/mechanics/rules_*.py) from its quote.

Block ids count blocks under their heading, so a section whose text changes (paragraphs turned
into a table) renumbers its blocks. Each citation keeps a verbatim quote; this script builds the
site (or reads one built already), finds the block that holds each quote and writes its id back.

    python scripts/update_rule_ids.py            # build into a temporary folder, rewrite rules_*.py
    python scripts/update_rule_ids.py --site DIR # use a site built already
    python scripts/update_rule_ids.py --check    # only report; exit 1 if a citation is stale
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MECHANICS = ROOT / "plugins" / "rulebook" / "mechanics"
RULES_GLOB = "rules_*.py"  # the modules that list citations, by chapter

sys.path.insert(0, str(ROOT / "plugins"))

from rulebook.html.citations import Site, stale  # noqa: E402


def build(dest: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(dest)]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


def citations(source: str) -> list[tuple[str, ast.Constant, str]]:
    """(key, the URL's string node, quote) for every `Rule(key, url, quote)` in the module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Rule"
            and len(node.args) == 3
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
        ):
            key, url, quote = node.args
            assert isinstance(url, ast.Constant)
            found.append((str(key.value), url, str(quote.value)))  # type: ignore[union-attr]
    return found


def rewrite(source: str, new_urls: dict[int, str], nodes: list[ast.Constant]) -> str:
    """Replace the URL literals in place (ast offsets are UTF-8 byte columns)."""
    lines = [line.encode("utf-8") for line in source.splitlines(keepends=True)]
    for i in sorted(range(len(nodes)), key=lambda i: (nodes[i].lineno, nodes[i].col_offset), reverse=True):
        if i not in new_urls:
            continue
        n = nodes[i]
        assert n.lineno == n.end_lineno, "a URL literal spans lines"
        row = lines[n.lineno - 1]
        lines[n.lineno - 1] = row[: n.col_offset] + f'"{new_urls[i]}"'.encode() + row[n.end_col_offset :]
    return b"".join(lines).decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    ap.add_argument("--check", action="store_true", help="only report stale citations")
    args = ap.parse_args(argv)

    sources = {path: path.read_text(encoding="utf-8") for path in sorted(MECHANICS.glob(RULES_GLOB))}
    cites = [(path, *cite) for path, source in sources.items() for cite in citations(source)]
    with tempfile.TemporaryDirectory() as tmp:
        root = args.site
        if root is None:
            root = Path(tmp) / "site"
            build(root)
        site = Site(root)
        triples = [(key, str(node.value), quote) for _, key, node, quote in cites]
        if args.check:
            problems = stale(site, triples)
            for p in problems:
                print(p, file=sys.stderr)
            print(f"{len(cites) - len(problems)} of {len(cites)} citations point at their quote")
            return 1 if problems else 0
        new_urls: dict[int, str] = {}
        errors = []
        for i, (key, url, quote) in enumerate(triples):
            try:
                found = site.locate(url, quote)
            except (LookupError, FileNotFoundError) as err:
                errors.append(f"{key}: {err}")
                continue
            if found != url:
                new_urls[i] = found
                print(f"{key}: {url} -> {found}")
    if errors:
        for e in errors:
            print(e, file=sys.stderr)
        print("no rules_*.py changed: fix the quotes above first", file=sys.stderr)
        return 1
    for path, source in sources.items():
        # `rewrite` takes the file's own nodes, numbered from 0 in the order `citations` found them
        mine = [i for i, cite in enumerate(cites) if cite[0] == path]
        changed = {j: new_urls[i] for j, i in enumerate(mine) if i in new_urls}
        if changed:
            path.write_text(rewrite(source, changed, [cites[i][2] for i in mine]), encoding="utf-8")
    print(f"{len(new_urls)} of {len(cites)} citation URLs updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
