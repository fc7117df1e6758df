"""Search benchmark: quality, latency and size.

    python scripts/bench_search.py [--reuse DIR] [--json OUT] [--no-browser]

Builds the site into a temporary folder (or reuses DIR of an earlier run, holding `site/` and
`cache/`), then reports:
- quality per query category, hit@1 / hit@5 / MRR (scripts/search_eval.py: a result counts when
  the block it opens holds the expected text), for the project's own queries, the tuning set and
  the held-out set (never tuned on), with the "first kinds" (titles, inflections, typos, ...) and
  the "table kinds" (questions, slang, situations, ...) summed;
- `rulebook search` wall time, a new process per query, as a user runs it;
- in headless Chromium: the JS engine's own time per query over every query set and the prefixes
  typing sends (its shards already read), keystroke-to-rendered-results p95 while typing, the
  cold first result (a fresh context, empty cache, no service worker: the palette opened with a
  query as soon as the page's scripts run) with the bytes it fetched, and the longest main-thread
  task of the idle warm-up with the CPU slowed four times;
- the index size: the part that ranks (manifest, vocabulary, typo structure, postings) and the
  fragments (the text itself, fetched per result) against the gzip of the indexed text.
Build time against plain Material is scripts/bench_build.py's; the library at scale is
scripts/bench_library.py's.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import search_eval  # noqa: E402
from bench_library import idle_long_tasks  # noqa: E402
from rulebook.search.store import Store  # noqa: E402

from tests.support import site as support  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402

COLD_PAGES = ["fatum/03-boi/", "sf2e/vedenie-igry/", ""]  # a FATUM chapter, a smaller book, the home page
RULEBOOK = Path(sys.executable).with_name("rulebook")


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def all_queries() -> list[str]:
    return [q["q"] for name in search_eval.SETS for q in search_eval.load(name)]


# ---- size ------------------------------------------------------------------------------------
def sizes(site: Path) -> dict[str, float]:
    search = site / "search"
    manifest = json.loads((search / "manifest.json").read_text(encoding="utf-8"))
    folder = search / manifest["dir"]
    rank = len(gzip.compress((search / "manifest.json").read_bytes(), 9))
    rank_raw = (search / "manifest.json").stat().st_size
    frag = frag_raw = 0
    texts: list[str] = []
    # fragments in reading order (their numbers): the text's gzip is taken over the text as it
    # reads, which compresses best (a directory's order made the baseline 11% larger)
    fragments = sorted(folder.glob("f*.json"), key=lambda p: int(p.stem[1:]))
    for p in fragments:
        data = p.read_bytes()
        frag += len(gzip.compress(data, 9))
        frag_raw += len(data)
        for sec in json.loads(data)["x"]:
            texts += [sec[2], sec[3], sec[4]] + [b[2] for b in sec[7]]
    for p in folder.iterdir():
        if not p.name.startswith("f"):
            data = p.read_bytes()
            rank += len(gzip.compress(data, 9))
            rank_raw += len(data)
    text = "\n".join(texts).encode("utf-8")
    text_gz = len(gzip.compress(text, 9))
    return {
        "rank_raw": rank_raw,
        "rank_gzip": rank,
        "fragments_raw": frag_raw,
        "fragments_gzip": frag,
        "text_raw": len(text),
        "text_gzip": text_gz,
        "ratio": rank / text_gz,
        "ratio_total": (rank + frag) / text_gz,
    }


# ---- the command line --------------------------------------------------------------------------
def cli_times(cache: Path) -> list[float]:
    out = []
    for q in [
        "кровотечение",
        "кравотечение",
        "сколько ОД стоит перезарядка",
        "@sf2e КБ",
        "страйк",
        "зона",
    ] * 2:
        t = time.perf_counter()
        subprocess.run(
            [str(RULEBOOK), "search", "--index", str(cache), q, "--json", "--limit", "5"],
            capture_output=True,
            check=True,
        )
        out.append(time.perf_counter() - t)
    return out


# ---- the browser -----------------------------------------------------------------------------
SHOWN = (
    "(q) => { const p = document.querySelector('.rb-palette'); return !!p && p.dataset.renderedQuery === q; }"
)
OPEN_AND_TIME = """async (q) => {
  const t = performance.now();
  window.rulebook.search.open(q);
  const shown = () => document.querySelector('.rb-palette').dataset.renderedQuery === q;
  await new Promise((ok) => { const f = () => (shown() ? ok() : requestAnimationFrame(f)); f(); });
  return performance.now() - t;
}"""


def cold(b, base: str, where: str, q: str) -> tuple[float, int, int]:
    """(ms to the first rendered results, bytes fetched raw, gzip) on a fresh context."""
    ctx = b.new_context(service_workers="block")
    page = ctx.new_page()
    bodies: list[bytes] = []

    def done(req) -> None:  # type: ignore[no-untyped-def]
        if "/search/" in req.url or "search-" in req.url:
            with contextlib.suppress(Exception):  # a cancelled request has no body
                bodies.append(req.response().body())

    page.on("requestfinished", done)
    page.goto(base + where, wait_until="domcontentloaded")
    page.wait_for_function("window.rulebook && window.rulebook.search")
    ms = page.evaluate(OPEN_AND_TIME, q)
    page.wait_for_timeout(50)
    ctx.close()
    return ms, sum(len(x) for x in bodies), sum(len(gzip.compress(x, 6)) for x in bodies)


def browser(site: Path) -> dict:
    from playwright.sync_api import sync_playwright

    qs = all_queries()
    typed = sorted({q[:i] for q in qs[::4] for i in range(1, len(q) + 1)}) + qs
    with support.serve(site) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        cold(b, base, COLD_PAGES[0], "разогрев")  # the server's first reads
        colds = {
            w: [cold(b, base, w, q) for q in ("кровотечение", "атака по возможности", "ОД")]
            for w in COLD_PAGES
        }
        ctx = b.new_context(service_workers="block")
        page = ctx.new_page()
        page.goto(base + "fatum/03-boi/")
        engine_ms = page.evaluate("(qs) => window.rulebook.search.bench(qs, 12)", typed)
        ctx.close()
        # keystroke to rendered results, typing in a fresh context (shards read as typing needs them)
        ctx = b.new_context(service_workers="block")
        page = ctx.new_page()
        page.goto(base + "fatum/03-boi/")
        page.keyboard.press("Control+k")
        page.wait_for_selector(".rb-palette__input")
        for q in qs[:60]:
            page.fill(".rb-palette__input", "")
            page.keyboard.type(q, delay=30)
            page.wait_for_function(SHOWN, arg=q)
        timings = page.evaluate("window.rulebook.search.timings.map(t => t.render)")
        ctx.close()
        # the idle warm-up with a phone's CPU (as bench_library measures it)
        idle = idle_long_tasks(b, base)
        b.close()
    return {
        "engine_p50_ms": pct(engine_ms, 50),
        "engine_p95_ms": pct(engine_ms, 95),
        "engine_queries": len(engine_ms),
        "keystroke_p50_ms": pct(timings, 50),
        "keystroke_p95_ms": pct(timings, 95),
        "keystrokes": len(timings),
        "cold_ms": {w: statistics.median(c[0] for c in v) for w, v in colds.items()},
        "cold_bytes": {w: (max(c[1] for c in v), max(c[2] for c in v)) for w, v in colds.items()},
        "idle_long_task_ms": idle,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reuse", type=Path, help="a folder of an earlier run (site/ and cache/): no build")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    work = args.reuse or Path(tempfile.mkdtemp(prefix="bench-search-"))
    site, cache = work / "site", work / "cache"
    if not args.reuse:
        docs, registry = support.copy_project(work / "project")
        support.build(support.write_config(work, docs, registry, cache), site)
    report: dict = {"quality": {}}
    store = Store(site / "search")
    for name in search_eval.SETS:
        report["quality"][name] = search_eval.evaluate(store, search_eval.load(name))["categories"]
    report["size"] = sizes(site)
    report["cli_s"] = cli_times(cache)
    if not args.no_browser:
        report["browser"] = browser(site)
    print_report(report)
    print(f"\n(work folder: {work}; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


def print_report(r: dict) -> None:
    for name, table in r["quality"].items():
        search_eval.print_table(name, {"categories": table})
    s = r["size"]
    print(
        "\nSize: ranking index (manifest, vocabulary, typo structure, postings) "
        f"{s['rank_raw'] / 1024:.0f} KiB "
        f"raw, {s['rank_gzip'] / 1024:.0f} KiB gzip = {s['ratio']:.2f}x the indexed text's "
        f"{s['text_gzip'] / 1024:.0f} KiB gzip (target <= 1.5);\n  fragments (the text, fetched per result) "
        f"{s['fragments_gzip'] / 1024:.0f} KiB gzip; everything {s['ratio_total']:.2f}x"
    )
    c = r["cli_s"]
    print(
        f"\nrulebook search, a new process per query: p50 {pct(c, 50):.2f} s, "
        f"max {max(c):.2f} s (target <= 0.5)"
    )
    if "browser" in r:
        br = r["browser"]
        print(
            f"\nBrowser (headless Chromium): engine p50 {br['engine_p50_ms']:.2f} ms, "
            f"p95 {br['engine_p95_ms']:.2f} ms over {br['engine_queries']} queries and prefixes "
            "(target p95 <= 10)"
        )
        print(
            f"  keystroke to rendered results p50 {br['keystroke_p50_ms']:.1f} ms, "
            f"p95 {br['keystroke_p95_ms']:.1f} ms over {br['keystrokes']} keystrokes (target p95 <= 50)"
        )
        for w, ms in br["cold_ms"].items():
            raw, gz = br["cold_bytes"][w]
            print(
                f"  cold first result on /{w}: {ms:.0f} ms median (target <= 300 on a chapter page), "
                f"{raw / 1024:.0f} KiB fetched ({gz / 1024:.0f} KiB gzip)"
            )
        print(
            "  longest main-thread task of the idle warm-up, CPU slowed 4x: "
            f"{br['idle_long_task_ms']:.0f} ms (target <= 50)"
        )


if __name__ == "__main__":
    sys.exit(main())
