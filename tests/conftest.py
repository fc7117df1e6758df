from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import site as support


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The project's docs built once per session: (site folder, search cache folder)."""
    base = tmp_path_factory.mktemp("site")
    cache = base / "cache"
    cfg = support.write_config(base, support.ROOT / "docs", support.ROOT / "sources" / "books.toml", cache)
    site = base / "site"
    support.build(cfg, site)
    return site, cache
