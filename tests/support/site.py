"""The one place tests and benchmarks build and serve a site.

- `write_config`: a copy of the project's mkdocs.yml that reads a given docs folder and book
  registry and keeps every cache outside the project (parallel builds never share one, and no
  build writes into the project root).
- `copy_project` / `project`: the project's content, or the smallest part of it a test needs,
  copied so that a test can change it.
- `run_build` / `build`: `mkdocs build` of such a config in a subprocess (a fresh interpreter:
  nothing a build keeps in memory leaks into the tests).
- `start_server` / `serve`: a static server for a built folder. A fresh origin for a browser test
  is the same folder served on another port.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MKDOCS = Path(sys.executable).with_name("mkdocs")
PROJECT_RUNTIME_CACHE = ROOT / ".cache" / "rulebook"  # the Pyodide snapshot `make build` made
BUILD_TIMEOUT = 900  # seconds; the first build of a fresh clone also makes the Pyodide snapshot


def write_config(
    dest: Path,
    docs: Path,
    books: Path,
    cache: Path,
    *,
    site_url: str | None = None,
    runtime_cache: Path | None = None,
    strict: bool = True,
) -> Path:
    """`dest/mkdocs.yml`: the project's config reading `docs` and `books`, with the search cache in
    `cache` and the Pyodide snapshot cache in `runtime_cache` (default: the project's, for
    benchmarks; tests pass their own). `site_url` replaces the project's (Material's instant
    navigation works only when it names the serving host and port). `strict=False` for a partial
    project, whose links to the pages left out would otherwise fail the build."""
    dest.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir: .*$", f"docs_dir: {docs}", text)
    if site_url is not None:
        text = re.sub(r"(?m)^site_url: .*$", f'site_url: "{site_url}"', text)
    if not strict:
        text = re.sub(r"(?m)^strict: true$", "strict: false", text)
        text = re.sub(r"(?m)^(\s+(?:not_found|anchors|omitted_files)): warn$", r"\1: info", text)
    runtime = runtime_cache or PROJECT_RUNTIME_CACHE
    text = re.sub(
        r"(?m)^(\s+)books: .*$",
        rf"\1books: {books}\n\1search_cache: {cache}\n\1pyodide: {ROOT / 'node_modules' / 'pyodide'}"
        rf"\n\1runtime_cache: {runtime}",
        text,
    )
    # paths relative to the project's mkdocs.yml must keep pointing into the project
    text = re.sub(
        r"(?m)^(\s+)custom_dir: (\S+)", lambda m: f"{m.group(1)}custom_dir: {ROOT / m.group(2)}", text
    )
    cfg = dest / "mkdocs.yml"
    cfg.write_text(text, encoding="utf-8")
    return cfg


def plain_config(dest: Path) -> Path:
    """`dest/mkdocs.yml`: the project's config with Material's own search in place of the rulebook
    plugin, over the project's docs (its blocks stay text): what benchmarks compare against."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir: .*$", f"docs_dir: {ROOT / 'docs'}", text)
    text = re.sub(r"(?ms)^plugins:\n(?:  .*\n)+", "plugins:\n  - search\n", text)
    text = re.sub(r"(?m)^strict: true$", "strict: false", text)
    text = re.sub(r"(?m)^\s+custom_dir: .*\n", "", text)  # the overrides need the plugin
    dest.mkdir(parents=True, exist_ok=True)
    cfg = dest / "mkdocs.yml"
    cfg.write_text(text, encoding="utf-8")
    return cfg


def copy_project(dest: Path) -> tuple[Path, Path]:
    """docs/ and the book registry (with glossaries) copied, to be edited by a test; returns
    (docs folder, books.toml)."""
    docs = dest / "docs"
    shutil.copytree(ROOT / "docs", docs)
    return docs, _copy_registry(dest)


def project(
    dest: Path,
    pages: Iterable[str] = (),
    write: dict[str, str] | None = None,
    books: str = "",
    **config: object,
) -> Path:
    """The smallest project a test needs, in `dest`; returns its mkdocs.yml. `pages` are copied
    from the project's docs/ (paths relative to it; a book's page brings its book's contents
    page), `write` adds or replaces pages by text, and
    `books` is appended to the copied book registry. Links to pages left out are not errors here
    (`strict=False`), and the caches live in `dest` unless `config` says otherwise."""
    docs = dest / "docs"
    docs.mkdir(parents=True)
    pages = list(pages)
    # a book's page comes with the book's contents page, which names the folder as the book's
    pages += [i for i in {f"{r.split('/')[0]}/index.md" for r in pages if "/" in r} if i not in pages]
    for rel in pages:
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "docs" / rel, docs / rel)
    for rel, text in (write or {}).items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    registry = _copy_registry(dest)
    if books:
        registry.write_text(registry.read_text(encoding="utf-8") + "\n" + books, encoding="utf-8")
    options: dict = {"strict": False, "runtime_cache": dest / "runtime", **config}
    return write_config(dest, docs, registry, dest / "cache", **options)


ACTIONS_CARD = "/// card | fatum/03-boi.md#3-2-deistviia-v-boiu\n///\n"


def gm_screen_project(dest: Path, cards: str = ACTIONS_CARD, **config: object) -> Path:
    """The smallest project with a transcluded card: FATUM's chapter 3 (with its calculators)
    and a GM screen holding `cards` (default: one card, «3.2. Действия в бою»)."""
    gm = f"---\ntitle: Экран Мастера\n---\n\n# Экран Мастера\n\n{cards}"
    return project(dest, ["fatum/03-boi.md"], {"gm-screen.md": gm}, **config)


def _copy_registry(dest: Path) -> Path:
    sources = dest / "sources"
    sources.mkdir(parents=True, exist_ok=True)
    for f in (ROOT / "sources").glob("*.toml"):
        shutil.copy(f, sources / f.name)
    return sources / "books.toml"


def seed_runtime_cache(dest: Path) -> Path:
    """A runtime cache folder for a test run, holding a copy of the Pyodide snapshots the project
    already made (so a test run need not boot Pyodide in node again), never a link to them."""
    dest.mkdir(parents=True, exist_ok=True)
    if PROJECT_RUNTIME_CACHE.is_dir():
        for f in PROJECT_RUNTIME_CACHE.glob("pyodide-snapshot-*.bin"):
            if not (dest / f.name).exists():
                tmp = dest / f"{f.name}.{os.getpid()}.tmp"  # parallel test processes seed at once
                shutil.copyfile(f, tmp)
                tmp.replace(dest / f.name)
    return dest


@dataclass(frozen=True)
class Built:
    """A finished `mkdocs build`: its exit code and everything it printed."""

    returncode: int
    log: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def run_build(cfg: Path, site: Path) -> Built:
    """`mkdocs build` of `cfg` into `site` (strict when the config says so); check the result
    yourself."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run(
        [str(MKDOCS), "build", "-f", str(cfg), "-d", str(site)],
        env=env,
        cwd=cfg.parent,
        capture_output=True,
        text=True,
        check=False,
        timeout=BUILD_TIMEOUT,
    )
    return Built(proc.returncode, proc.stdout + proc.stderr)


def build(cfg: Path, site: Path) -> Built:
    """`run_build` that must succeed."""
    built = run_build(cfg, site)
    if not built.ok:
        raise AssertionError(f"mkdocs build -f {cfg} failed:\n{built.log}")
    return built


class _Handler(http.server.SimpleHTTPRequestHandler):
    """A static host that lets browsers cache for an hour, as a real one would be set up."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "public, max-age=3600")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that cancels a request (a page left mid-download) is not an error worth a
    traceback in the test log."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def start_server(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static server for `site` in a background thread, and its URL (with a trailing slash)."""
    handler = functools.partial(_Handler, directory=str(site))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def stop_server(server: http.server.ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """`site` served while the block runs; yields its URL (with a trailing slash)."""
    server, url = start_server(site)
    try:
        yield url
    finally:
        stop_server(server)
