"""Build time of the site against plain Material with its search over the same pages, in one run.

Usage: python scripts/bench_build.py [--runs N] [--no-serve] [--profile [N]]

Every build is `mkdocs build` in a fresh interpreter, into a temporary folder, the kinds taking
turns so that a busy machine slows them alike; the figure is the fastest of N runs (median in
brackets), as wall time and as CPU time (the build's and its child processes'), which a busy
machine disturbs far less:
- plain: Material with its built-in search plugin, no rulebook plugin (the same docs; the
  rulebook blocks stay text);
- plugin: the project as it is (`mkdocs.yml`);
- plugin, search off: the same with the plugin's `search: false`, so the search build's share
  (plugins/rulebook/search/) is the difference;
- cold: an empty search cache and a new site folder; warm: the cache and site of the previous
  build. The Pyodide snapshot (made once per engine change) is made before the timed runs.
Then `mkdocs serve` on a copy of the project, with and without the search build: the rebuild after
editing one page, as it prints it ("Documentation built in"), from the edit until it tells
browsers to reload, and until the search index (written after the reload, in a thread) is
updated. `--profile` profiles one warm plugin build (a fresh interpreter) and prints
the top items.
"""

from __future__ import annotations

import argparse
import io
import os
import pstats
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import site as support  # noqa: E402

ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")
# mkdocs drops a build message it printed before ("Documentation built in 0.92 seconds" twice)
# unless Python's warnings are configured: then every rebuild says how long it took
SERVE_ENV = dict(ENV, PYTHONWARNINGS="ignore::DeprecationWarning")


def plugin_config(dest: Path, runtime: Path, search: bool = True) -> Path:
    cfg = support.write_config(dest, ROOT / "docs", ROOT / "sources" / "books.toml", dest / "cache")
    text = cfg.read_text(encoding="utf-8").replace(
        f"runtime_cache: {support.PROJECT_RUNTIME_CACHE}", f"runtime_cache: {runtime}"
    )
    if not search:
        text = re.sub(r"(?m)^(\s+)books: (.*)$", r"\1books: \2\n\1search: false", text)
    cfg.write_text(text, encoding="utf-8")
    return cfg


def timed_build(cfg: Path, site: Path) -> tuple[float, float]:
    """(wall time, CPU time of the build and the processes it waited for) in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(
        [str(support.MKDOCS), "build", "-q", "-f", str(cfg), "-d", str(site)],
        env=ENV,
        cwd=cfg.parent,
        check=True,
    )
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


class Kind:
    """One way of building, cold then warm, run after run."""

    def __init__(self, name: str, cfg: Path) -> None:
        self.name, self.cfg = name, cfg
        self.cold: list[tuple[float, float]] = []
        self.warm: list[tuple[float, float]] = []

    def run_once(self) -> None:
        work = self.cfg.parent
        shutil.rmtree(work / "cache", ignore_errors=True)
        shutil.rmtree(work / "site", ignore_errors=True)
        self.cold.append(timed_build(self.cfg, work / "site"))
        self.warm.append(timed_build(self.cfg, work / "site"))


def fig(xs: list[float]) -> str:
    return f"{min(xs):.2f} s ({statistics.median(xs):.2f})"


def wall(runs: list[tuple[float, float]]) -> list[float]:
    return [w for w, _ in runs]


def cpu(runs: list[tuple[float, float]]) -> list[float]:
    return [c for _, c in runs]


def serve_rebuild(
    tmp: Path, runtime: Path, search: bool = True, edits: int = 3
) -> tuple[list[float], list[float], list[float]]:
    """(rebuild times as `mkdocs serve` prints them, edit-to-reload wall times, edit-to-search-
    index-updated wall times)."""
    docs, books = support.copy_project(tmp)
    cfg = support.write_config(tmp, docs, books, tmp / "cache", runtime_cache=runtime)
    if not search:
        text = cfg.read_text(encoding="utf-8")
        cfg.write_text(re.sub(r"(?m)^(\s+)books: (.*)$", r"\1books: \2\n\1search: false", text), "utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [str(support.MKDOCS), "serve", "-f", str(cfg), "-a", f"127.0.0.1:{port}"]
    out = subprocess.DEVNULL
    proc = subprocess.Popen(cmd, env=SERVE_ENV, cwd=tmp, stderr=subprocess.PIPE, stdout=out, text=True)
    assert proc.stderr is not None
    built: list[float] = []
    walls: list[float] = []
    searched: list[float] = []

    def wait_for(pattern: str) -> re.Match[str]:
        for line in proc.stderr:  # type: ignore[union-attr]
            m = re.search(pattern, line)
            if m:
                return m
        raise RuntimeError(f"mkdocs serve ended before printing {pattern!r}")

    try:
        wait_for(r"Serving on")
        page = docs / "fatum" / "03-boi.md"
        for n in range(edits):
            time.sleep(1.0)  # let the watcher settle
            t = time.perf_counter()
            page.write_text(page.read_text(encoding="utf-8") + f"\n\nПравка {n} для проверки пересборки.\n")
            built.append(float(wait_for(r"Documentation built in ([\d.]+) seconds").group(1)))
            reloaded = indexed = None  # the search index is written after the reload, in a thread
            while reloaded is None or (search and indexed is None):
                line = wait_for(r"Reloading browsers|search index updated").group(0)
                if line.startswith("Reloading"):
                    reloaded = time.perf_counter() - t
                else:
                    indexed = time.perf_counter() - t
            walls.append(reloaded)
            if indexed is not None:
                searched.append(indexed)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return built, walls, searched


def profile(cfg: Path, top: int) -> None:
    """One warm plugin build (`mkdocs build` in a fresh interpreter) under cProfile: the top items
    by own time, and the rulebook functions by cumulative time."""
    prof = cfg.parent / "build.prof"
    cmd = [sys.executable, "-m", "cProfile", "-o", str(prof), "-m", "mkdocs", "build", "-q"]
    subprocess.run(
        [*cmd, "-f", str(cfg), "-d", str(cfg.parent / "site")], env=ENV, cwd=cfg.parent, check=True
    )

    def show(title: str, sort: str, *restrict: object) -> None:
        out = io.StringIO()
        pstats.Stats(str(prof), stream=out).sort_stats(sort).print_stats(*restrict)
        lines = out.getvalue().splitlines()
        start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls"))
        site_packages = str(Path(support.MKDOCS).parent.parent / "lib")
        print(f"\n{title}")
        for ln in lines[start:]:
            if ln.strip():
                print(
                    re.sub(rf"{re.escape(site_packages)}/python[\d.]+/(site-packages/)?", "", ln).replace(
                        str(ROOT) + "/plugins/", ""
                    )
                )

    show(f"profile of a warm plugin build, top {top} by own time:", "tottime", top)
    show(f"rulebook functions, top {top} by cumulative time:", "cumulative", r"plugins/rulebook/", top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-serve", action="store_true", help="skip the `mkdocs serve` rebuild")
    ap.add_argument("--profile", type=int, nargs="?", const=25, metavar="N", help="profile a warm build")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp_name:
        tmp = Path(tmp_name)
        runtime = support.seed_runtime_cache(tmp / "runtime")
        kinds = [
            Kind("plain Material + search", support.plain_config(tmp / "plain")),
            Kind("rulebook plugin", plugin_config(tmp / "plugin", runtime)),
            Kind("rulebook plugin, search off", plugin_config(tmp / "nosearch", runtime, search=False)),
        ]
        t, _ = timed_build(kinds[1].cfg, tmp / "first")  # makes the Pyodide snapshot if missing
        print(f"first plugin build (the Pyodide snapshot made if missing, bytecode compiled): {t:.2f} s")
        for _ in range(args.runs):
            for k in kinds:
                k.run_once()
        pages = len(list((tmp / "plugin" / "site").rglob("index.html")))
        print(f"\n{pages} pages, fastest of {args.runs} runs (median); wall time, then CPU time:")
        for k in kinds:
            print(
                f"  {k.name:<28} cold {fig(wall(k.cold))}  warm {fig(wall(k.warm))}"
                f"   | CPU cold {fig(cpu(k.cold))}  warm {fig(cpu(k.warm))}"
            )
        plain, plugin, nosearch = kinds
        for what, pick in (("wall", wall), ("CPU", cpu)):
            cold = min(pick(plugin.cold)) / min(pick(plain.cold))
            warm = min(pick(plugin.warm)) / min(pick(plain.warm))
            print(f"  plugin / plain ({what}): cold {cold:.2f}x, warm {warm:.2f}x (target: warm <= 1.5x)")
        for label, full, off in (("cold", plugin.cold, nosearch.cold), ("warm", plugin.warm, nosearch.warm)):
            share = min(wall(full)) - min(wall(off))
            print(
                f"  search build's share, {label}: {share:.2f} s wall "
                f"({share / min(wall(full)):.0%} of the plugin build), "
                f"{min(cpu(full)) - min(cpu(off)):.2f} s CPU"
            )
        if not args.no_serve:
            print("\nmkdocs serve, rebuild after editing fatum/03-boi.md (3 edits; then edit to reload):")
            for label, search in (("plugin", True), ("plugin, search off", False)):
                built, walls, searched = serve_rebuild(tmp / f"serve-{search}", runtime, search)
                line = f"  {label:<28} built in {fig(built)} (target <= 1.0 s); reload {fig(walls)}"
                print(line + (f"; search index updated {fig(searched)}" if searched else ""))
        if args.profile:
            profile(plugin.cfg, args.profile)


if __name__ == "__main__":
    main()
