"""Shared fixtures: the project root, the site built once per test process (with its own search
cache, so parallel workers never share one) and a local server for it."""

from __future__ import annotations

import http.server
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import site as support

ROOT = support.ROOT


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def build_site(dest: Path, config: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` into the site folder `dest`; returns the finished process (check it
    yourself). Without `config` the project itself is built, through a copy of its mkdocs.yml in
    `<dest>.cfg/` that keeps the search cache there too."""
    if config is None:
        work = dest.with_name(dest.name + ".cfg")
        work.mkdir(parents=True, exist_ok=True)
        config = support.write_config(work, ROOT / "docs", ROOT / "sources" / "books.toml", work / "cache")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(dest)]
    return subprocess.run(cmd, cwd=config.parent, capture_output=True, text=True, env=env, check=False)


def copy_project(dest: Path) -> Path:
    """A buildable copy of the project's content (sources, docs, config, theme overrides) in dest;
    returns its mkdocs.yml. The plugin itself comes from the installed package; the Pyodide
    runtime and its snapshot cache are read from the project."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("sources", "docs", "overrides"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, dest / name)
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    runtime = f"pyodide: {ROOT / 'node_modules' / 'pyodide'}"
    snapshots = f"runtime_cache: {ROOT / '.cache' / 'rulebook'}"
    text = re.sub(r"(?m)^(\s+)books: (.*)$", rf"\1books: \2\n\1{runtime}\n\1{snapshots}", text)
    (dest / "mkdocs.yml").write_text(text, encoding="utf-8")
    return dest / "mkdocs.yml"


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A local static server for `directory` (call .shutdown() when done); URL without a slash."""
    httpd, url = support.start_server(directory)
    return httpd, url.rstrip("/")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The project's docs built once per session: (site folder, search cache folder)."""
    base = tmp_path_factory.mktemp("build")
    proc = build_site(base / "site")
    assert proc.returncode == 0, f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}"
    return base / "site", base / "site.cfg" / "cache"


@pytest.fixture(scope="session")
def site(built_site: tuple[Path, Path]) -> Path:
    return built_site[0]


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """Base URL of the built site served from 127.0.0.1 (no trailing slash)."""
    with support.serve(site) as url:
        yield url.rstrip("/")
