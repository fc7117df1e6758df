"""Time of `rulebook ingest --check` (run by every `make build` and `make serve`), with and without
the records of the books' last ingest (ingest/freshness.py), and of the ingest `make serve` runs
after an edit (pipeline.refresh).

Usage: python scripts/bench_ingest.py [--runs N] [--book SLUG] [SOURCE ...]

A copy of the project's sources and docs in a temporary folder, plus each SOURCE given (a PDF, a
text, a folder of pages: added as a book of its own and ingested first). Each run is a new
process, as `make` starts it; the figures are the medians of N runs, wall time and the process's
CPU time (user + system: steadier than the wall on a busy machine):
- read: no records (a fresh clone, or the importer changed): every book read again;
- recorded: the records of the last ingest in place: no book read;
- entry edited: the check after one entry of books.toml changed (a book's title);
- serve, entry edited / serve, source edited: the ingest `mkdocs serve` starts before its
  rebuild (pipeline.refresh, in a process of its own) after that entry's edit, or after a
  paragraph added to its source.
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = Path(sys.executable).with_name("rulebook")


Times = tuple[float, float]  # wall, CPU


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(cmd: list[str], status: int = 0) -> Times:
    """Wall and CPU time of one process that must end with `status`."""
    wall, cpu = time.perf_counter(), _cpu()
    done = subprocess.run(cmd, capture_output=True)
    if done.returncode != status:
        raise SystemExit(done.stdout.decode() + done.stderr.decode())
    return time.perf_counter() - wall, _cpu() - cpu


def _check(root: Path, stale: bool = False) -> Times:
    """One check; `stale`: the check is expected to find pages to write (exit status 1)."""
    return _timed([str(RULEBOOK), "--root", str(root), "ingest", "--check"], 1 if stale else 0)


REFRESH = (
    "import sys, pathlib; from rulebook.ingest import pipeline; pipeline.refresh(pathlib.Path(sys.argv[1]))"
)


def _refresh(root: Path) -> Times:
    return _timed([sys.executable, "-c", REFRESH, str(root)])


def _median(times: list[Times]) -> str:
    wall, cpu = (statistics.median(t[i] for t in times) for i in (0, 1))
    return f"{wall:.2f} s wall, {cpu:.2f} s CPU"


def _book(registry: Path, slug: str | None) -> tuple[str, Path]:
    """The slug (default: the registry's last book) and source file of the book edited."""
    text = registry.read_text(encoding="utf-8")
    slug = slug or re.findall(r"(?m)^\[books\.([^.\]]+)\]$", text)[-1]
    source = re.search(rf'(?ms)^\[books\.{slug}\]$.*?^source = "([^"]+)"', text).group(1)  # type: ignore[union-attr]
    return slug, registry.parent / source


def _edit_entry(registry: Path, slug: str) -> None:
    """The book's title, one word longer: an edit of its entry only."""
    text = registry.read_text(encoding="utf-8")
    head = f"[books.{slug}]\n"
    at = text.index(head) + len(head)
    body = re.sub(r'(?m)^title = "([^"]*)"$', r'title = "\1 (bench)"', text[at:], count=1)
    registry.write_text(text[:at] + body, encoding="utf-8")


def _restore(root: Path, kept: dict[Path, bytes]) -> None:
    """The files as they were, and their books' pages and records those of a full ingest."""
    for path, data in kept.items():
        path.write_bytes(data)
    subprocess.run([str(RULEBOOK), "--root", str(root), "ingest"], check=True, capture_output=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--book", help="the book whose entry and source are edited (default: the last one)")
    ap.add_argument("sources", nargs="*", type=Path, help="sources added as books of their own")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-ingest-") as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "sources", root / "sources")
        shutil.copytree(ROOT / "docs", root / "docs")
        registry = root / "sources" / "books.toml"
        for n, src in enumerate(args.sources, start=1):
            name = f"extra{n}{src.suffix}"
            (shutil.copytree if src.is_dir() else shutil.copy)(src, root / "sources" / name)
            with registry.open("a", encoding="utf-8") as f:
                f.write(f'\n[books.extra{n}]\ntitle = "{src.stem}"\nsystem = "Bench"\nsource = "{name}"\n')
        subprocess.run([str(RULEBOOK), "--root", str(root), "ingest"], check=True, capture_output=True)
        books = len(re.findall(r"(?m)^\[books\.[^.\]]+\]$", registry.read_text(encoding="utf-8")))
        slug, source = _book(registry, args.book)
        kept = {registry: registry.read_bytes(), source: source.read_bytes()}
        read: list[Times] = []
        recorded: list[Times] = []
        edited: list[Times] = []
        serve_entry: list[Times] = []
        serve_source: list[Times] = []
        for _ in range(args.runs):
            shutil.rmtree(root / ".cache", ignore_errors=True)
            read.append(_check(root))
            recorded.append(_check(root))
            # each edit starts from the records of a full ingest, and is taken back after
            _edit_entry(registry, slug)
            edited.append(_check(root, stale=True))
            _restore(root, kept)
            _edit_entry(registry, slug)
            serve_entry.append(_refresh(root))
            _restore(root, kept)
            with source.open("a", encoding="utf-8") as f:
                f.write("\nАбзац, дописанный при замере.\n")
            serve_source.append(_refresh(root))
            _restore(root, kept)
    print(f"rulebook ingest --check, {books} books, median of {args.runs}:")
    print(f"  every book read (no records): {_median(read)}")
    print(f"  recorded (nothing changed):   {_median(recorded)}")
    print(f"  one entry edited ({slug}):     {_median(edited)}")
    print(f"mkdocs serve's ingest before its rebuild (pipeline.refresh), median of {args.runs}:")
    print(f"  one entry edited ({slug}):     {_median(serve_entry)}")
    print(f"  one source edited ({slug}):    {_median(serve_source)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
