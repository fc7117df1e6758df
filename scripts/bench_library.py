"""Search at the scale of a library: build a site of N books and measure it in Chromium.

    python scripts/bench_library.py N [N ...] [--keep DIR] [--json OUT]

The library is the project's five books plus copies of them under new slugs and titles
(`fatum-c2`, «FATUM · копия 2», ...), each copy's vocabulary perturbed so that copies are not
identical: in a third of its distinct words of five letters or more (chosen per copy by a hash)
one vowel is changed, which makes new words that inflect and stem like Russian ones. N = 5 is
the project itself. For each N it prints:

- build time: a cold `mkdocs build` (empty caches, the Pyodide snapshot cache excepted), wall
  and CPU (the build's and its index workers');
- index bytes: everything under search/, raw and gzip (each file compressed on its own, as a
  host serves it), and the part that ranks (the shards other than the fragments);
- bytes fetched before the first result, and the cold first result: a chapter page opened in a
  fresh browser context (empty cache, no service worker), the palette opened with a query as
  soon as the page's scripts run, timed to the rendered results; bytes are the response bodies
  the search requested (manifest, engine scripts, shards), raw and gzip;
- JS heap after the first query (after a garbage collection, CDP `Runtime.getHeapUsage`);
- keystroke p95: queries typed a key at a time, from each key to its rendered results;
- engine p95: the engine's own time for each prefix of those queries, their shards in memory
  (as `bench_search.py` measures it for the project's five books);
- the longest main-thread task while the page warms the search up when idle (over three page
  loads), with the CPU slowed four times (a phone's), from a PerformanceObserver of long tasks.

Figures from a loaded machine are slower than on a quiet one: the load average is printed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support import site as support  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402

QUERIES = ["кровотечение", "сколько ОД стоит перезарядка", "атака по возможности", "кравотечение", "укрытие"]
TYPED = ["кровотечение", "зона обстрела", "спасбросок рефлекса", "стрельба с двух рук"]
PAGE = "fatum/03-boi/"
VOWELS = "аеиоуыэюя"
_WORD = re.compile(r"[А-Яа-яЁё]{5,}")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))] if xs else float("nan")


# ---- the library ------------------------------------------------------------------------------
def perturb(text: str, copy: int) -> str:
    """A third of the words (by a hash of the word and the copy) get one vowel changed."""

    def one(m: re.Match[str]) -> str:
        w = m.group()
        h = int(hashlib.sha1(f"{copy}:{w.lower()}".encode()).hexdigest()[:8], 16)
        if h % 3:
            return w
        for i in range(2, len(w) - 1):
            c = w[i].lower()
            if c in VOWELS:
                v = VOWELS[(VOWELS.index(c) + 1 + h % (len(VOWELS) - 1)) % len(VOWELS)]
                return w[:i] + (v.upper() if w[i].isupper() else v) + w[i + 1 :]
        return w

    head, sep, body = text.partition("\n---\n") if text.startswith("---\n") else ("", "", text)
    return head + sep + _WORD.sub(one, body)


def make_library(dest: Path, n: int) -> Path:
    """The project's docs and registry plus copies of its books up to `n`; returns mkdocs.yml."""
    docs, registry = support.copy_project(dest)
    entries = tomllib.loads(registry.read_text(encoding="utf-8"))["books"]
    slugs = list(entries)
    extra = []
    copy = 2
    while len(slugs) + len(extra) < n:
        for slug in slugs:
            if len(slugs) + len(extra) >= n:
                break
            new = f"{slug}-c{copy}"
            shutil.copytree(ROOT / "docs" / slug, docs / new)
            for page in (docs / new).glob("*.md"):
                text = page.read_text(encoding="utf-8")
                text = re.sub(rf'(?m)^book: "?{re.escape(slug)}"?$', f'book: "{new}"', text)
                page.write_text(perturb(text, copy), encoding="utf-8")
            e = entries[slug]
            lines = [f"[books.{new}]", f'title = "{e["title"]} · копия {copy}"']
            for key in ("system", "description", "source", "glossary"):
                if e.get(key):
                    lines.append(f"{key} = {json.dumps(e[key], ensure_ascii=False)}")
            extra.append("\n".join(lines) + "\n")
        copy += 1
    if extra:
        registry.write_text(registry.read_text(encoding="utf-8") + "\n" + "\n".join(extra), encoding="utf-8")
        # the copies' sources are the originals' (ingest does not run: the pages are copied)
        for f in (ROOT / "sources").iterdir():
            if f.is_file() and not (dest / "sources" / f.name).exists():
                shutil.copy(f, dest / "sources" / f.name)
    return support.write_config(dest, docs, registry, dest / "cache")


def sizes(site: Path) -> dict[str, int]:
    search = site / "search"
    out = {"raw": 0, "gzip": 0, "index_raw": 0, "index_gzip": 0, "files": 0}
    for p in search.rglob("*.json"):
        data = p.read_bytes()
        z = len(gzip.compress(data, 9))
        out["raw"] += len(data)
        out["gzip"] += z
        out["files"] += 1
        if not p.name.startswith("f"):
            out["index_raw"] += len(data)
            out["index_gzip"] += z
    return out


# ---- in Chromium -----------------------------------------------------------------------------
WAIT = (
    "(q) => { const p = document.querySelector('.rb-palette'); return !!p && p.dataset.renderedQuery === q; }"
)


def cold(browser, base: str, q: str) -> dict[str, float]:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    bodies: list[tuple[str, int, int]] = []

    def done(req) -> None:  # type: ignore[no-untyped-def]
        if "/search/" in req.url or "search-" in req.url:
            try:
                body = req.response().body()
            except Exception:  # a cancelled request has no body
                return
            bodies.append((req.url, len(body), len(gzip.compress(body, 6))))

    page.on("requestfinished", done)
    page.goto(base + PAGE, wait_until="domcontentloaded")
    page.wait_for_function("window.rulebook && window.rulebook.search")
    ms = page.evaluate(
        """async (q) => {
          const t = performance.now();
          window.rulebook.search.open(q);
          const shown = () => document.querySelector('.rb-palette').dataset.renderedQuery === q;
          await new Promise((ok) => { const f = () => (shown() ? ok() : requestAnimationFrame(f)); f(); });
          return performance.now() - t;
        }""",
        q,
    )
    page.wait_for_timeout(50)
    cdp = ctx.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    ctx.close()
    return {
        "ms": ms,
        "raw": sum(b[1] for b in bodies),
        "gzip": sum(b[2] for b in bodies),
        "requests": len(bodies),
        "heap": heap,
    }


def keystrokes(browser, base: str) -> list[float]:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(base + PAGE)
    page.keyboard.press("Control+k")
    out: list[float] = []
    for q in TYPED:
        page.fill(".rb-palette__input", "")
        page.evaluate("window.rulebook.search.timings.length = 0")
        page.keyboard.type(q, delay=40)
        page.wait_for_function(WAIT, arg=q)
        page.wait_for_timeout(100)
        out += [t["render"] for t in page.evaluate("window.rulebook.search.timings")]
    ctx.close()
    return out


def engine_times(browser, base: str) -> list[float]:
    """The engine's time (ms) for every prefix of the typed queries, from shards in memory."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(base + PAGE)
    typed = [q[:i] for q in TYPED for i in range(1, len(q) + 1)]
    out = page.evaluate("(qs) => window.rulebook.search.bench(qs, 12)", typed)
    ctx.close()
    return out


def idle_long_tasks(browser, base: str) -> float:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(
        "window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries())"
        " window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });"
    )
    page.goto(base + PAGE, wait_until="load")
    # the test driver's own script compiles on its first wait (a 50-90 ms task on a slowed CPU):
    # before the window, or it would be counted as the page's
    page.wait_for_function("true")
    loaded = page.evaluate("performance.now()")
    page.wait_for_function("window.rulebook.search.engine !== null", timeout=30000)
    page.wait_for_timeout(1000)
    tasks = page.evaluate("window.__long")
    ctx.close()
    after = [d for s, d in tasks if s >= loaded]  # the idle warm-up runs after the load event
    return max(after, default=0.0)


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (the build and its index workers): a busy
    machine stretches a build's wall time far more than its CPU time."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure(n: int, keep: Path | None) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    tmp = Path(keep or tempfile.mkdtemp(prefix=f"rulebook-library-{n}-"))
    if n == 5:
        docs, registry = support.copy_project(tmp)
        cfg = support.write_config(tmp, docs, registry, tmp / "cache")
    else:
        cfg = make_library(tmp, n)
    site = tmp / "site"
    t, cpu = time.perf_counter(), _children_cpu()
    support.build(cfg, site)
    build_s = time.perf_counter() - t
    out: dict[str, object] = {"books": n, "build_s": build_s, "build_cpu_s": _children_cpu() - cpu}
    out["sizes"] = sizes(site)
    with support.serve(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, "--enable-precise-memory-info"])
        cold(browser, base, "разогрев")  # the server's and the disk's first reads
        colds = [cold(browser, base, q) for q in QUERIES]
        out["cold_ms"] = statistics.median(c["ms"] for c in colds)
        out["cold_ms_max"] = max(c["ms"] for c in colds)
        out["first_raw"] = max(c["raw"] for c in colds)
        out["first_gzip"] = max(c["gzip"] for c in colds)
        out["first_requests"] = max(c["requests"] for c in colds)
        out["heap_mb"] = max(c["heap"] for c in colds) / 2**20
        keys = keystrokes(browser, base)
        out["keystroke_p95"] = pct(keys, 95)
        out["engine_p95"] = pct(engine_times(browser, base), 95)
        out["idle_long_task_ms"] = max(idle_long_tasks(browser, base) for _ in range(3))
        browser.close()
    if keep is None:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", nargs="*", type=int, default=[5, 25, 50], help="library sizes (default 5 25 50)")
    ap.add_argument("--keep", type=Path, help="build into this folder and keep it (one N only)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    rows = []
    for n in args.n:
        r = measure(n, args.keep)
        rows.append(r)
        s = r["sizes"]
        print(
            f"N={n:>3}: build {r['build_s']:.1f} s (CPU {r['build_cpu_s']:.1f} s); "
            f"index {s['raw'] / 1024:.0f} KiB raw, "  # type: ignore[index]
            f"{s['gzip'] / 1024:.0f} KiB gzip in {s['files']} files (ranking part "  # type: ignore[index]
            f"{s['index_gzip'] / 1024:.0f} KiB gzip); before the first result "  # type: ignore[index]
            f"{r['first_raw'] / 1024:.0f} KiB raw, {r['first_gzip'] / 1024:.0f} KiB gzip in "  # type: ignore[operator]
            f"{r['first_requests']} requests; cold first result {r['cold_ms']:.0f} ms median "
            f"(max {r['cold_ms_max']:.0f}); heap {r['heap_mb']:.1f} MB; keystroke p95 "
            f"{r['keystroke_p95']:.1f} ms; engine p95 {r['engine_p95']:.1f} ms; "
            f"longest idle task (CPU /4) {r['idle_long_task_ms']:.0f} ms",
            flush=True,
        )
    if len(rows) > 1 and rows[0]["books"] == 5:
        base, base_cpu = rows[0]["build_s"], rows[0]["build_cpu_s"]
        for r in rows[1:]:
            print(
                f"build N={r['books']} / N=5: {r['build_s'] / base:.2f}x wall, "  # type: ignore[operator]
                f"{r['build_cpu_s'] / base_cpu:.2f}x CPU (target <= 10x)"  # type: ignore[operator]
            )
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
