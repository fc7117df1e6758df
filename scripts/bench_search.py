"""Search benchmark: quality, latency, size and build time (see issue «Ctrl+K search»).

    python scripts/bench_search.py [--reuse DIR] [--queries scripts/search_queries.toml] [--json OUT]

Builds the site into a temporary folder (or reuses DIR from an earlier run, which holds `site/`
and `cache/`), then reports:
- quality per query category: hit@1, hit@5, MRR (a hit: the result's block or its section
  contains the expected text, compared word by word after the search's own normalisation), with
  the Python runtime (the parity test shows the JS one agrees); a query's `prefer` is the book
  being read, as the palette passes it;
- the JS engine in headless Chromium: p50/p95 per-query time over the query set and every prefix
  of it (what typing sends), p95 keystroke-to-rendered-results, and the cold first result: a
  fresh browser context (empty HTTP cache) on a local server, the palette opened with a query as
  soon as the page's scripts run, timed from the start of the index load to the first rendered
  results (answered from the book being read while the others load), on three pages;
- the browser index size, raw and gzip, next to the gzip size of the text it indexes;
- build time with the plugin (empty search cache) against a plain Material build of the same
  docs with Material's built-in search, and the `mkdocs serve` rebuild after editing one page.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebook.search import analysis, build, engine  # noqa: E402
from rulebook.search.model import BookIndex  # noqa: E402

from tests.support import site as support  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402

COLD_PAGES = ["fatum/03-boi/", "sf2e/vedenie-igry/", ""]  # a FATUM chapter, a smaller book, the home page


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def fold(s: str) -> str:
    """Text as its sequence of normalised words, so an expectation matches across punctuation and
    table cells ("Рывок 2 ОД" in the row "Рывок · 2 ОД · ...")."""
    return " ".join(analysis.surfaces(s))


# ---- quality ---------------------------------------------------------------------------------
def section_text(b: BookIndex, url: str) -> str:
    page, _, anchor = url.partition("#")
    for i, r in enumerate(b.records):
        sec = b.sections[r.section]
        if r.anchor == anchor and b.pages[sec.page][0] == page:
            lo, hi = b.sec_records[r.section]
            own = [rec.text for rec in b.records[lo:hi]]
            return " ".join([sec.title, sec.original, sec.tag, *own, b.records[i].text])
    return ""


def quality(books: list[BookIndex], queries: list[dict]) -> dict:
    by_slug = {b.slug: b for b in books}
    cats: dict[str, list[tuple[int, int, float]]] = {}
    misses = []
    for q in queries:
        if q.get("book") and q["book"] not in by_slug:
            continue
        out = engine.search(
            books,
            q["q"],
            limit=5,
            book_filter=[q["book"]] if q.get("book") else None,
            prefer=q.get("prefer"),
        )
        rank = 0
        for i, r in enumerate(out["results"], 1):
            if fold(q["expect"]) in fold(section_text(by_slug[r["book"]], r["url"])):
                rank = i
                break
        cats.setdefault(q["category"], []).append((rank == 1, 1 <= rank <= 5, 1 / rank if rank else 0.0))
        if rank != 1:
            misses.append(
                (q["category"], q["q"], rank, out["results"][0]["title"] if out["results"] else "—")
            )
    table = {}
    for c, rows in cats.items():
        n = len(rows)
        table[c] = {
            "n": n,
            "hit@1": sum(r[0] for r in rows) / n,
            "hit@5": sum(r[1] for r in rows) / n,
            "mrr": sum(r[2] for r in rows) / n,
        }
    allrows = [r for rows in cats.values() for r in rows]
    n = len(allrows)
    table["all"] = {
        "n": n,
        "hit@1": sum(r[0] for r in allrows) / n,
        "hit@5": sum(r[1] for r in allrows) / n,
        "mrr": sum(r[2] for r in allrows) / n,
    }
    return {"categories": table, "misses": misses}


# ---- size ------------------------------------------------------------------------------------
def sizes(site: Path, books: list[BookIndex]) -> dict:
    files = sorted((site / "search").glob("*.json"))
    raw = sum(f.stat().st_size for f in files)
    gz = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    text = "\n".join(
        [s.head_text for b in books for s in b.sections] + [r.text for b in books for r in b.records]
    ).encode("utf-8")
    text_gz = len(gzip.compress(text, 9))
    per_book = {f.name: len(gzip.compress(f.read_bytes(), 9)) for f in files}
    return {
        "index_raw": raw,
        "index_gzip": gz,
        "text_raw": len(text),
        "text_gzip": text_gz,
        "ratio": gz / text_gz,
        "files_gzip": per_book,
    }


# ---- build -----------------------------------------------------------------------------------
def timed_build(cfg: Path, site: Path) -> float:
    t = time.perf_counter()
    support.build(cfg, site)
    return time.perf_counter() - t


def plain_config(dest: Path) -> Path:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir: .*$", f"docs_dir: {ROOT / 'docs'}", text)
    text = re.sub(r"(?ms)^plugins:\n(?:  .*\n)+", "plugins:\n  - search\n", text)
    text = re.sub(r"(?m)^strict: true$", "strict: false", text)
    text = re.sub(r"(?m)^\s+custom_dir: .*\n", "", text)  # the overrides need the plugin
    cfg = dest / "plain.yml"
    cfg.write_text(text, encoding="utf-8")
    return cfg


def serve_rebuild(tmp: Path) -> float:
    """What `mkdocs serve` does after an edit: the same plugin instance rebuilds everything."""
    import logging

    from mkdocs.commands.build import build as mk_build
    from mkdocs.config import load_config

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    docs, books = support.copy_project(tmp)
    cfg = support.write_config(tmp, docs, books, tmp / "cache")
    site = tmp / "site"

    def load():  # serve reloads the config each time; the plugin instance is kept (on_startup)
        c = load_config(str(cfg), site_dir=str(site))
        return c

    c = load()
    c.plugins.on_startup(command="serve", dirty=False)
    mk_build(c)
    page = sorted((docs / "fatum").glob("0*.md"))[3]
    page.write_text(
        page.read_text(encoding="utf-8") + "\n\nПравка для проверки пересборки.\n", encoding="utf-8"
    )
    c = load()
    t = time.perf_counter()
    mk_build(c)
    return time.perf_counter() - t


# ---- browser ---------------------------------------------------------------------------------
def browser(site: Path, queries: list[dict]) -> dict:
    from playwright.sync_api import sync_playwright

    qs = [q["q"] for q in queries]
    typed = sorted({q[:i] for q in qs for i in range(1, len(q) + 1)})
    with support.serve(site) as base, sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # cold: a fresh browser context (empty HTTP cache), the palette opened with a query as soon
        # as the page's scripts run; timed from the start of the index load (or the opening, if
        # the idle preload had not started yet) to the first rendered results
        colds = []
        for _ in range(3):
            for where in COLD_PAGES:
                ctx = b.new_context()
                page = ctx.new_page()
                page.goto(base + where, wait_until="domcontentloaded")
                page.wait_for_function("window.rulebook && window.rulebook.search")
                ms = page.evaluate(
                    """() => new Promise((resolve) => {
                      const s = window.rulebook.search;
                      const opened = performance.now();
                      s.open("кровотечение");
                      const root = document.querySelector(".rb-palette");
                      const tick = () => root.dataset.renderedQuery === "кровотечение"
                        ? resolve(s.timings[0].at - Math.min(opened, s.loadStarted ?? opened))
                        : requestAnimationFrame(tick);
                      tick();
                    })"""
                )
                page.wait_for_function("window.rulebook.search.complete")
                load = page.evaluate("window.rulebook.search.loadTimings")
                colds.append((where, ms, load))
                ctx.close()
        ctx = b.new_context()
        page = ctx.new_page()
        page.goto(base + "fatum/03-boi/")
        page.evaluate("window.rulebook.search.load()")
        page.wait_for_function("window.rulebook.search.complete")
        engine_ms = page.evaluate("(qs) => window.rulebook.search.bench(qs, 12)", typed)
        # keystroke to rendered results: type each query into the palette
        page.keyboard.press("Control+k")
        page.wait_for_selector(".rb-palette__input")
        for q in qs:
            page.fill(".rb-palette__input", "")
            page.keyboard.type(q)
            page.wait_for_function(
                "(q) => { const d = document.querySelector('.rb-palette').dataset;"
                " return d.renderedQuery === q && d.renderedComplete === 'true'; }",
                arg=q,
            )
        timings = page.evaluate("window.rulebook.search.timings.map(t => t.render)")
        b.close()
    cold_ms = [c[1] for c in colds if c[0] == COLD_PAGES[0]]
    return {
        "engine_p50_ms": pct(engine_ms, 50),
        "engine_p95_ms": pct(engine_ms, 95),
        "engine_queries": len(engine_ms),
        "keystroke_p50_ms": pct(timings, 50),
        "keystroke_p95_ms": pct(timings, 95),
        "keystrokes": len(timings),
        "cold_ms": statistics.median(cold_ms),
        "cold_runs_ms": cold_ms,
        "cold_pages": {w: statistics.median(c[1] for c in colds if c[0] == w) for w in COLD_PAGES},
        "cold_all_books_ms": statistics.median(c[2]["total"] for c in colds),
        "cold_load": colds[-1][2],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reuse", type=Path, help="a folder of an earlier run (site/ and cache/): no builds")
    ap.add_argument("--queries", type=Path, default=ROOT / "scripts" / "search_queries.toml")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args()
    queries = tomllib.loads(args.queries.read_text(encoding="utf-8"))["query"]
    report: dict = {"queries": len(queries)}
    work = args.reuse or Path(tempfile.mkdtemp(prefix="bench-search-"))
    site, cache = work / "site", work / "cache"
    if not args.reuse:
        env_cfg = support.write_config(work, ROOT / "docs", ROOT / "sources" / "books.toml", cache)
        plain = plain_config(work)
        runs = []
        for i in range(2):
            (cache.exists() and __import__("shutil").rmtree(cache))
            t_plugin = timed_build(env_cfg, site)
            t_plain = timed_build(plain, work / f"plain-{i}")
            runs.append((t_plugin, t_plain))
        t_plugin = min(r[0] for r in runs)
        t_plain = min(r[1] for r in runs)
        t_warm = timed_build(env_cfg, site)
        report["build"] = {
            "plugin_cold_s": t_plugin,
            "plugin_warm_cache_s": t_warm,
            "plain_material_s": t_plain,
            "ratio": t_plugin / t_plain,
            "serve_rebuild_s": serve_rebuild(work / "serve"),
        }
    books = build.load_books(cache)
    report["books"] = {b.slug: len(b.records) for b in books}
    report["quality"] = quality(books, queries)
    report["size"] = sizes(site, books)
    if not args.no_browser:
        report["browser"] = browser(site, queries)
    print_report(report)
    print(f"\n(work folder: {work})")
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


def print_report(r: dict) -> None:
    print(f"Books: {r['books']}  queries: {r['queries']}")
    print("\nQuality (Python runtime; the parity test holds the JS runtime to the same top 5)")
    print(f"  {'category':18} {'n':>4} {'hit@1':>7} {'hit@5':>7} {'MRR':>7}")
    for c, v in r["quality"]["categories"].items():
        print(f"  {c:18} {v['n']:>4} {v['hit@1']:>7.3f} {v['hit@5']:>7.3f} {v['mrr']:>7.3f}")
    if r["quality"]["misses"]:
        print("  not first:")
        for cat, q, rank, top in r["quality"]["misses"]:
            print(f"    [{cat}] {q!r}: rank {rank or '>5'}; first: {top}")
    s = r["size"]
    print(
        f"\nSize: index {s['index_raw'] / 1024:.0f} KiB raw, {s['index_gzip'] / 1024:.0f} KiB gzip; "
        f"indexed text {s['text_raw'] / 1024:.0f} KiB raw, {s['text_gzip'] / 1024:.0f} KiB gzip; "
        f"ratio {s['ratio']:.2f} (target <= 1.5)"
    )
    if "browser" in r:
        br = r["browser"]
        runs = ", ".join(f"{x:.0f}" for x in br["cold_runs_ms"])
        cl = br["cold_load"] or {}
        load = f"first book in {cl.get('first', 0):.0f}, all in {cl.get('total', 0):.0f}; " + ", ".join(
            f"{b['slug']} file ready {b['ready']:.0f}, built in {b['build']:.0f}" for b in cl.get("books", [])
        )
        print(
            f"\nBrowser (headless Chromium): engine p50 {br['engine_p50_ms']:.2f} ms, "
            f"p95 {br['engine_p95_ms']:.2f} ms over {br['engine_queries']} queries and prefixes "
            "(target p95 <= 10)"
        )
        print(
            f"  keystroke to rendered results p50 {br['keystroke_p50_ms']:.1f} ms, "
            f"p95 {br['keystroke_p95_ms']:.1f} ms over {br['keystrokes']} keystrokes (target p95 <= 50)"
        )
        pages = ", ".join(f"/{w}: {v:.0f} ms" for w, v in br["cold_pages"].items())
        print(
            f"  cold first result {br['cold_ms']:.0f} ms (target <= 300): fresh browser context, empty HTTP "
            "cache, local server;\n    palette opened with «кровотечение» once the page's scripts run, timed "
            "from the start of the index load\n    to the first rendered results, answered from the book "
            f"being read while the others load\n    (runs on /{COLD_PAGES[0]}: {runs}; median per page: "
            f"{pages}); every book in after {br['cold_all_books_ms']:.0f} ms;\n"
            f"    last load (ms from its start): {load}"
        )
    if "build" in r:
        b = r["build"]
        print(
            f"\nBuild: plugin {b['plugin_cold_s']:.2f} s (cold cache; "
            f"{b['plugin_warm_cache_s']:.2f} s warm), "
            f"plain Material + search {b['plain_material_s']:.2f} s, ratio {b['ratio']:.2f} (target <= 3)"
        )
        print(f"  serve rebuild after editing one page: {b['serve_rebuild_s']:.2f} s (target <= 3)")


if __name__ == "__main__":
    sys.exit(main())
