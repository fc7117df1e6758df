"""Proof that no build of a test run writes into the project: the folders a build would write
(its site, its caches, the docs it reads) are the same after the run as before it."""

from __future__ import annotations

from pathlib import Path

from tests.support.site import ROOT

WATCHED = ("site", ".cache", "docs")
# `make test` runs the ingest check beside the tests; it records there which books it found fresh
# (rulebook.ingest.freshness): the check's own record, not a build's output
UNWATCHED = (".cache/ingest",)

Snapshot = dict[str, tuple[int, int]]


def snapshot(root: Path = ROOT) -> Snapshot:
    out: Snapshot = {}
    for name in WATCHED:
        top = root / name
        if not top.exists():
            continue
        for p in [top, *top.rglob("*")]:
            rel = p.relative_to(root).as_posix()
            if any(rel == u or rel.startswith(u + "/") or u.startswith(rel + "/") for u in UNWATCHED):
                continue  # the check's records, and the folders that hold them
            st = p.lstat()
            out[rel] = (st.st_size if p.is_file() else 0, st.st_mtime_ns)
    return out


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    out = [f"new: {p}" for p in sorted(after.keys() - before.keys())]
    out += [f"removed: {p}" for p in sorted(before.keys() - after.keys())]
    out += [f"changed: {p}" for p in sorted(before.keys() & after.keys()) if before[p] != after[p]]
    return out
