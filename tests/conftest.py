"""Shared fixtures: the project root, the site built once per test process (with its own search
cache, so parallel workers never share one) and a local server for it."""

from __future__ import annotations

import os
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


def build_site(dest: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of the project into dest/site, its search cache in dest/cache;
    returns the finished process (check it yourself)."""
    dest.mkdir(parents=True, exist_ok=True)
    cfg = support.write_config(dest, ROOT / "docs", ROOT / "sources" / "books.toml", dest / "cache")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(cfg), "-d", str(dest / "site")]
    return subprocess.run(cmd, cwd=dest, capture_output=True, text=True, env=env, check=False)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The project's docs built once per session: (site folder, search cache folder)."""
    base = tmp_path_factory.mktemp("build")
    proc = build_site(base)
    assert proc.returncode == 0, f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}"
    return base / "site", base / "cache"


@pytest.fixture(scope="session")
def site(built_site: tuple[Path, Path]) -> Path:
    return built_site[0]


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """Base URL of the built site served from 127.0.0.1 (no trailing slash)."""
    with support.serve(site) as url:
        yield url.rstrip("/")
