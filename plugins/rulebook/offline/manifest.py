"""The service worker and the list of files it keeps, written after everything else is built.

Every file of the built site (minus source maps and the worker itself) is listed with its size
and a hash of its contents; the site's version is a hash of that list. The list is compiled into
`sw.js`, so a new build yields a byte-different worker, which the browser installs beside the old
one: it fills a cache named after the new version (re-using files whose hash did not change),
verifies every file against its hash, and only then replaces the old cache, which is deleted.
Pages of two builds are never mixed. Files under `assets/rulebook/pyodide/` form an optional group,
cached only when the reader asks for it (the download is large).

Under `mkdocs serve` the worker is replaced by one that unregisters itself and empties its
caches, so a developer never reads a stale page from an earlier built copy on the same origin.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

WORKER = "sw.js"
SUMMARY = "offline-manifest.json"
TEMPLATE = Path(__file__).resolve().parent.parent / "assets" / "sw" / "sw.js"
PLACEHOLDER = "/*@RULEBOOK_OFFLINE@*/ {}"
# Groups cached only on request: name -> folder (site-relative, with a trailing slash).
OPTIONAL = {"pyodide": "assets/rulebook/pyodide/"}
SKIP_SUFFIXES = (".map", ".gz")
SKIP_FILES = {WORKER, SUMMARY}
HASH_CHARS = 20  # hex digits of SHA-256 kept: plenty to tell two versions of a file apart


@dataclass(frozen=True)
class Entry:
    path: str  # site-relative, '/'-separated
    size: int
    hash: str

    def row(self) -> list[object]:
        return [self.path, self.size, self.hash]


@dataclass(frozen=True)
class Group:
    entries: tuple[Entry, ...]

    @property
    def version(self) -> str:
        h = hashlib.sha256()
        for e in self.entries:
            h.update(f"{e.path}\0{e.hash}\n".encode())
        return h.hexdigest()[:12]

    @property
    def size(self) -> int:
        return sum(e.size for e in self.entries)

    def summary(self) -> dict[str, object]:
        return {"version": self.version, "files": len(self.entries), "bytes": self.size}


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def scan(site_dir: Path, known: Mapping[str, str] | None = None) -> tuple[Group, dict[str, Group]]:
    """(core files, optional groups) of a built site, sorted by path. `known`: the SHA-256 (hex)
    of files the build placed from verified sources (the Pyodide runtime, tens of MB), which are
    not read again."""
    known = known or {}
    core: list[Entry] = []
    groups: dict[str, list[Entry]] = {name: [] for name in OPTIONAL}
    for p in sorted(site_dir.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(site_dir).as_posix()
        if rel in SKIP_FILES or rel.endswith(SKIP_SUFFIXES):
            continue
        if rel in known:
            entry = Entry(rel, p.stat().st_size, known[rel][:HASH_CHARS])
        else:
            data = p.read_bytes()
            entry = Entry(rel, len(data), file_hash(data))
        for name, folder in OPTIONAL.items():
            if rel.startswith(folder):
                groups[name].append(entry)
                break
        else:
            core.append(entry)
    return Group(tuple(core)), {n: Group(tuple(es)) for n, es in groups.items()}


def worker_source(core: Group, groups: dict[str, Group]) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    if PLACEHOLDER not in template:
        raise RuntimeError(f"{TEMPLATE.name}: placeholder {PLACEHOLDER!r} missing")
    data = {
        "enabled": True,
        "version": core.version,
        "core": [e.row() for e in core.entries],
        "groups": {
            n: {"version": g.version, "files": [e.row() for e in g.entries]}
            for n, g in groups.items()
            if g.entries
        },
    }
    return template.replace(PLACEHOLDER, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def write(
    site_dir: Path, *, enabled: bool = True, known: Mapping[str, str] | None = None
) -> dict[str, object]:
    """Write sw.js and the page-side summary into the built site; returns the summary. `known`:
    see `scan`."""
    if not enabled:
        summary: dict[str, object] = {"enabled": False}
        template = TEMPLATE.read_text(encoding="utf-8")
        worker = template.replace(PLACEHOLDER, json.dumps({"enabled": False}))
    else:
        core, groups = scan(site_dir, known)
        summary = {
            "enabled": True,
            "version": core.version,
            "core": core.summary(),
            "groups": {n: g.summary() for n, g in groups.items() if g.entries},
        }
        worker = worker_source(core, groups)
    (site_dir / WORKER).write_text(worker, encoding="utf-8")
    (site_dir / SUMMARY).write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    return summary
