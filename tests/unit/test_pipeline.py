"""`rulebook ingest`: deterministic, all-or-nothing, and --check catches stale pages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rulebook.cli import main
from rulebook.ingest import pipeline

ROOT = Path(__file__).resolve().parents[2]

MINI = """\
Введение

Вступительный абзац.

Глава 1. Основы

1.1. Проверки

Текст проверки (см. 1.2).

1.2. Удача

Последний абзац без перевода строки"""

CONFIG = """\
[books.mini]
title = "Мини"
system = "Тест"
source = "mini.txt"

[books.mini.headings]
mode = "numbered"

[[books.mini.headings.rules]]
pattern = '^Глава (?P<num>\\d+)\\. '
level = 1
kind = "chapter"

[[books.mini.headings.rules]]
pattern = '^Введение$'
level = 1

[[books.mini.headings.rules]]
pattern = '^(?P<num>\\d+\\.\\d+)\\. '
level = "depth"

[[books.mini.xrefs]]
pattern = '\\(см\\. (?P<text>(?P<ref>\\d+\\.\\d+))\\)'
kind = "number"
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "sources").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "sources" / "books.toml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "sources" / "mini.txt").write_text(MINI, encoding="utf-8")
    return tmp_path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_runs_give_byte_identical_files(project: Path) -> None:
    assert main(["--root", str(project), "ingest"]) == 0
    first = snapshot(project / "docs")
    assert main(["--root", str(project), "ingest"]) == 0
    assert snapshot(project / "docs") == first
    assert "mini/01-osnovy.md" in first
    page = first["mini/01-osnovy.md"].decode()
    assert "## 1.1. Проверки {#1-1-proverki}" in page
    assert "[1.2](#1-2-udacha)" in page
    assert "Последний абзац без перевода строки" in page


def test_check_fails_when_docs_are_stale_and_passes_after_ingest(project: Path, capsys) -> None:
    assert main(["--root", str(project), "ingest", "--check"]) == 1
    assert main(["--root", str(project), "ingest"]) == 0
    assert main(["--root", str(project), "ingest", "--check"]) == 0
    page = project / "docs" / "mini" / "01-osnovy.md"
    page.write_text(page.read_text(encoding="utf-8") + "hand edit\n", encoding="utf-8")
    assert main(["--root", str(project), "ingest", "--check"]) == 1
    assert "mini/01-osnovy.md" in capsys.readouterr().err


def test_bad_input_leaves_no_partial_output(project: Path, capsys) -> None:
    assert main(["--root", str(project), "ingest"]) == 0
    before = snapshot(project / "docs")
    (project / "sources" / "mini.txt").write_bytes(b"\xff\xfe\x00\x01" * 50)
    assert main(["--root", str(project), "ingest"]) == 2
    err = capsys.readouterr().err
    assert "mini.txt" in err and "[mini]" in err and err.count("\n") == 1
    assert snapshot(project / "docs") == before


def test_a_missing_source_names_the_book_and_the_file(project: Path, capsys) -> None:
    (project / "sources" / "mini.txt").unlink()
    assert main(["--root", str(project), "ingest"]) == 2
    err = capsys.readouterr().err
    assert "[mini]" in err and "mini.txt" in err and "not found" in err


def test_an_unknown_heading_mode_names_the_book_and_the_config(project: Path, capsys) -> None:
    cfg = project / "sources" / "books.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8").replace('mode = "numbered"', 'mode = "fancy"'), encoding="utf-8"
    )
    assert main(["--root", str(project), "ingest"]) == 2
    err = capsys.readouterr().err
    assert "[mini]" in err and "books.toml" in err and "headings.mode: unknown value 'fancy'" in err


def test_an_unknown_book_is_an_error(project: Path, capsys) -> None:
    assert main(["--root", str(project), "ingest", "nosuch"]) == 2
    assert "unknown book 'nosuch'" in capsys.readouterr().err


def test_the_project_docs_are_up_to_date() -> None:
    results = pipeline.run(ROOT, check=True)
    assert pipeline.stale_files(ROOT / "docs", results) == []


def test_ingest_of_a_copy_of_the_project_is_reproducible(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "sources", tmp_path / "sources")
    (tmp_path / "docs").mkdir()
    pipeline.run(tmp_path)
    first = snapshot(tmp_path / "docs")
    pipeline.run(tmp_path)
    assert snapshot(tmp_path / "docs") == first
