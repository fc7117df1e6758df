"""Time of `rulebook ingest --check` (run by every `make build` and `make serve`), with and without
the records of the books' last ingest (ingest/freshness.py).

Usage: python scripts/bench_ingest.py [--runs N] [SOURCE ...]

A copy of the project's sources and docs in a temporary folder, plus each SOURCE given (a PDF, a
text, a folder of pages: added as a book of its own and ingested first). Each run is a new
process, as `make` starts it; the figure is the median of N runs (wall):
- read: no records (a fresh clone, or the importer changed): every book read again;
- recorded: the records of the last ingest in place: no book read.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = Path(sys.executable).with_name("rulebook")


def _check(root: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(RULEBOOK), "--root", str(root), "ingest", "--check"], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
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
        read, recorded = [], []
        for _ in range(args.runs):
            shutil.rmtree(root / ".cache", ignore_errors=True)
            read.append(_check(root))
            recorded.append(_check(root))
    print(f"rulebook ingest --check, {books} books, median of {args.runs} (wall):")
    print(f"  every book read (no records): {statistics.median(read):.2f} s")
    print(f"  recorded (nothing changed):   {statistics.median(recorded):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
