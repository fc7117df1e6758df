"""Time the whole-site build: `mkdocs build` with the rulebook plugin, several runs.

Usage: python scripts/bench_build.py [--runs N]
Prints min / median / max wall time in seconds and the page count.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_once(dest: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(dest)],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dest = Path(tmp) / "site"
        build_once(dest)  # warm the OS file cache and Python's bytecode cache
        times = [build_once(dest) for _ in range(args.runs)]
        pages = len(list(dest.rglob("index.html")))
    print(
        f"site build ({pages} pages, {args.runs} runs): min {min(times):.2f} s, "
        f"median {statistics.median(times):.2f} s, max {max(times):.2f} s"
    )


if __name__ == "__main__":
    main()
