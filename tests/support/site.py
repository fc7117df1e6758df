"""Building the site into a temporary folder (with its own search cache) and serving it."""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MKDOCS = Path(sys.executable).with_name("mkdocs")


def write_config(dest: Path, docs: Path, books: Path, cache: Path) -> Path:
    """A copy of the project's mkdocs.yml that reads `docs` and `books` and keeps its search
    cache in `cache` (so parallel builds never share one)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir: .*$", f"docs_dir: {docs}", text)
    text = re.sub(
        r"(?m)^(\s+)books: .*$",
        rf"\1books: {books}\n\1search_cache: {cache}\n\1pyodide: {ROOT / 'node_modules' / 'pyodide'}"
        rf"\n\1runtime_cache: {ROOT / '.cache' / 'rulebook'}",
        text,
    )
    # paths relative to the project's mkdocs.yml must keep pointing into the project
    text = re.sub(
        r"(?m)^(\s+)custom_dir: (\S+)", lambda m: f"{m.group(1)}custom_dir: {ROOT / m.group(2)}", text
    )
    cfg = dest / "mkdocs.yml"
    cfg.write_text(text, encoding="utf-8")
    return cfg


def build(cfg: Path, site: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run(
        [str(MKDOCS), "build", "--strict", "-q", "-f", str(cfg), "-d", str(site)],
        check=True,
        env=env,
        cwd=cfg.parent,
    )


def copy_project(dest: Path) -> tuple[Path, Path]:
    """docs/ and the book registry (with glossaries) copied, to be edited by a test."""
    docs = dest / "docs"
    shutil.copytree(ROOT / "docs", docs)
    sources = dest / "sources"
    sources.mkdir()
    for f in (ROOT / "sources").glob("*.toml"):
        shutil.copy(f, sources / f.name)
    return docs, sources / "books.toml"


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

    def handle_error(self, request: object, client_address: object) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def start_server(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static server for `site` in a background thread, and its URL (with a trailing slash)."""
    handler = functools.partial(_Handler, directory=str(site))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@contextmanager
def serve(site: Path) -> Iterator[str]:
    server, url = start_server(site)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()
