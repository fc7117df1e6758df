"""Node is optional: without it the build makes no Pyodide snapshot and says so once, at info
level (a warning would fail `mkdocs build --strict`, although the site works without it)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from rulebook.widgets import runtime


def test_without_node_no_snapshot_and_one_info_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    monkeypatch.setattr(runtime, "_said_no_node", False)
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.rulebook"):
        for _ in range(2):  # two builds in one process, as `mkdocs serve` rebuilds
            assert runtime.make_snapshot(tmp_path / "cache", tmp_path, tmp_path, "v1") is None
    records = [r for r in caplog.records if "node" in r.getMessage()]
    assert [r.levelno for r in records] == [logging.INFO]
    assert "snapshot" in records[0].getMessage()
