"""Shared fixtures: the project root, a built site (once per test process) and a local server."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def build_site(dest: Path, config: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` into dest; returns the finished process (check it yourself)."""
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(dest)]
    if config is not None:
        cmd += ["-f", str(config)]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        cmd, cwd=config.parent if config else ROOT, capture_output=True, text=True, env=env, check=False
    )


def copy_project(dest: Path) -> Path:
    """A buildable copy of the project's content (sources, docs, config, theme overrides) in dest;
    returns its mkdocs.yml. The plugin itself comes from the installed package."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("sources", "docs", "overrides"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, dest / name)
    shutil.copy2(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    return dest / "mkdocs.yml"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the project as it is, once per test process."""
    dest = tmp_path_factory.mktemp("site")
    proc = build_site(dest)
    assert proc.returncode == 0, f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}"
    return dest


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        # Let the browser cache like a real static host would (offline tests rely on it).
        self.send_header("Cache-Control", "public, max-age=600")
        super().end_headers()


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_QuietHandler, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """Base URL of the built site served from 127.0.0.1."""
    httpd, url = serve(site)
    yield url
    httpd.shutdown()
