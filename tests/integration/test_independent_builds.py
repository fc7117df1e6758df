"""Builds are independent: a build never writes to, or shares a file with, the output of an earlier
build. A published or kept build folder must stay as it was when the project is built again."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.support import site as support

pytestmark = pytest.mark.build


def digests(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_building_again_after_an_edit_leaves_every_file_of_the_first_build_as_it_was(
    tmp_path: Path, runtime_cache: Path
) -> None:
    # chapter 3 has calculators (the runtime is placed in the site) and is searched (its index is
    # cached between builds); the GM screen transcludes from it
    cfg = support.gm_screen_project(tmp_path / "project", runtime_cache=runtime_cache)
    support.build(cfg, tmp_path / "site-0")  # fills the caches, as any earlier build of the project has
    first = tmp_path / "site-a"
    support.build(cfg, first)
    before = digests(first)
    assert any(p.startswith("search/") for p in before) and any("pyodide/" in p for p in before)

    chapter = tmp_path / "project" / "docs" / "fatum" / "03-boi.md"
    old = "В бою каждое действие тратит Очки Действий (ОД)."
    text = chapter.read_text(encoding="utf-8")
    assert text.count(old) == 1
    chapter.write_text(text.replace(old, "В бою каждое действие стоит Очков Действий (ОД)."), "utf-8")
    second = tmp_path / "site-b"
    support.build(cfg, second)

    assert digests(first) == before
    changed = {p for p, h in digests(second).items() if before.get(p) != h}
    assert "fatum/03-boi/index.html" in changed and any(p.startswith("search/") for p in changed)
