"""What a static host receives: `.nojekyll` (GitHub Pages' Jekyll would drop `__init__.py`), and
nothing of the machine that built it: no path of the project or of the build folder, in any file,
the Pyodide memory snapshot included."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import ROOT


def test_the_site_has_nojekyll_and_names_no_path_of_the_build_machine(site: Path) -> None:
    assert (site / ".nojekyll").is_file()
    needles = {str(ROOT).encode(), str(site.parent).encode()}
    leaks = []
    for f in site.rglob("*"):
        if f.is_file():
            data = f.read_bytes()
            leaks += [f"{f.relative_to(site)}: {n.decode()}" for n in needles if n in data]
    assert leaks == []
    assert list(site.rglob("assets/rulebook/pyodide/snapshot-*.bin")), "the snapshot is part of the check"
