#!/usr/bin/env python3
"""Lighthouse (the pinned npm package) against a local build, on Debian's Chromium.

For the home page, `fatum/03-boi/` and `/sheet/`, mobile (Lighthouse's default: a mid-range phone,
simulated slow 4G and CPU) and desktop (`--preset=desktop`), it prints the four category scores,
total blocking time, cumulative layout shift and the bytes the page transferred while loading
(Lighthouse's total byte weight: everything before a reader touches anything), and for `/sheet/`
whether any Pyodide file was among them. The build is made with SITE_URL set to the local
server's address, as a published build would be (canonical links, sitemap, instant navigation),
and served as static hosts serve it: text compressed with gzip (GitHub Pages, Netlify and the
like do; Python's own test server does not, and Lighthouse would time an uncompressed site).

Targets (issue «Published and on a phone»): performance >= 90 mobile and >= 95 desktop;
accessibility, best practices and SEO 100; TBT <= 200 ms on mobile; CLS <= 0.05; `/sheet/`
<= 1.5 MB before interaction.

    python scripts/bench_lighthouse.py                  # build into a temporary folder, measure
    python scripts/bench_lighthouse.py --site DIR       # measure a build (served at the root)
    python scripts/bench_lighthouse.py --runs 3 --strict   # median of 3 runs; exit 1 on a miss
    python scripts/bench_lighthouse.py --block '*/search/*'  # what a part costs: the same without it
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import site as support  # noqa: E402
from tests.support.browser import ARGS, CHROMIUM  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PAGES = ["", "fatum/03-boi/", "sheet/"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
PERF_TARGET = {"mobile": 90, "desktop": 95}
TBT_MOBILE_MS = 200
CLS_MAX = 0.05
SHEET_BYTES = 1.5 * 1024 * 1024


COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".webmanifest", ".txt")


class _Host(http.server.SimpleHTTPRequestHandler):
    """A static host: gzip for text when the browser accepts it, cacheable for an hour."""

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and path.suffix in COMPRESSED and path.is_file() and not self.path.endswith("/sw.js")):
            return super().send_head()
        if not self.path.split("?")[0].endswith("/") and Path(self.translate_path(self.path)).is_dir():
            return super().send_head()  # the redirect to the folder with a slash
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "public, max-age=3600")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = support.QuietServer(("127.0.0.1", 0), functools.partial(_Host, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def build(dest: Path, site_url: str) -> Path:
    """The project built with SITE_URL = site_url into dest/site (search cache in dest)."""
    cfg = support.write_config(dest, ROOT / "docs", ROOT / "sources" / "books.toml", dest / "cache")
    env = dict(os.environ, SITE_URL=site_url, NO_MKDOCS_2_WARNING="1")
    site = dest / "site"
    cmd = [str(support.MKDOCS), "build", "--strict", "-q", "-f", str(cfg), "-d", str(site)]
    subprocess.run(cmd, check=True, env=env, cwd=cfg.parent)
    return site


def lighthouse(url: str, form: str, blocked: list[str]) -> dict:
    """One Lighthouse run: its JSON report (the parts printed here)."""
    cmd = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(ARGS)}",
    ]
    if form == "desktop":
        cmd.append("--preset=desktop")
    cmd += [f"--blocked-url-patterns={p}" for p in blocked]
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"lighthouse failed on {url} ({form}):\n{proc.stderr[-2000:]}")
    report = json.loads(proc.stdout)
    audits = report["audits"]
    requests = audits["network-requests"]["details"]["items"]
    return {
        "scores": {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES},
        "tbt": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "bytes": audits["total-byte-weight"]["numericValue"],
        "pyodide": [r["url"] for r in requests if "/assets/rulebook/pyodide/" in r["url"]],
        "runtime_error": report.get("runtimeError"),
    }


def median_run(url: str, form: str, runs: int, blocked: list[str]) -> dict:
    results = [lighthouse(url, form, blocked) for _ in range(runs)]
    if runs == 1:
        return results[0]
    ordered = sorted(results, key=lambda r: r["scores"]["performance"])
    mid = ordered[len(ordered) // 2]
    mid["tbt"] = statistics.median(r["tbt"] for r in results)
    mid["cls"] = statistics.median(r["cls"] for r in results)
    return mid


def misses(page: str, form: str, r: dict) -> list[str]:
    out = []
    s = r["scores"]
    if s["performance"] < PERF_TARGET[form]:
        out.append(f"performance {s['performance']} < {PERF_TARGET[form]}")
    out += [f"{c} {s[c]} < 100" for c in CATEGORIES[1:] if s[c] < 100]
    if form == "mobile" and r["tbt"] > TBT_MOBILE_MS:
        out.append(f"TBT {r['tbt']:.0f} ms > {TBT_MOBILE_MS}")
    if r["cls"] > CLS_MAX:
        out.append(f"CLS {r['cls']:.3f} > {CLS_MAX}")
    if page == "sheet/" and (r["bytes"] > SHEET_BYTES or r["pyodide"]):
        out.append(f"/sheet/ {r['bytes'] / 1048576:.2f} MB, Pyodide files {len(r['pyodide'])}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="a built site to serve (default: build one)")
    ap.add_argument("--runs", type=int, default=1, help="runs per page and form factor (median)")
    ap.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    ap.add_argument("--block", action="append", default=[], help="URL pattern Lighthouse blocks (repeatable)")
    args = ap.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} missing: run `npm ci` (make deps)")
    with tempfile.TemporaryDirectory(prefix="rulebook-lighthouse-") as tmp:
        served = args.site or Path(tmp) / "site"
        served.mkdir(parents=True, exist_ok=True)
        server, url = serve(served)
        try:
            if args.site is None:
                build(Path(tmp), url)
            failed: list[str] = []
            version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True).stdout
            blocked = f", blocked {args.block}" if args.block else ""
            print(f"Lighthouse {version.strip()}, {CHROMIUM}, {url}{blocked}")
            heads = "".join(f"{h:>5}" for h in ("perf", "a11y", "bp", "seo"))
            print(f"{'page':<16}{'form':<9}{heads}{'TBT ms':>8}{'CLS':>7}{'MB':>7}")
            for page in PAGES:
                for form in ("mobile", "desktop"):
                    r = median_run(url + page, form, args.runs, args.block)
                    s = r["scores"]
                    name = "/" + page
                    print(
                        f"{name:<16}{form:<9}{s['performance']:>5}{s['accessibility']:>5}"
                        f"{s['best-practices']:>5}{s['seo']:>5}{r['tbt']:>8.0f}{r['cls']:>7.3f}"
                        f"{r['bytes'] / 1048576:>7.2f}"
                    )
                    failed += [f"{name} {form}: {m}" for m in misses(page, form, r)]
                    if page == "sheet/":
                        print(f"{'':<25}Pyodide files before interaction: {len(r['pyodide'])}")
        finally:
            server.shutdown()
    for f in failed:
        print("MISSED", f)
    return 1 if failed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
