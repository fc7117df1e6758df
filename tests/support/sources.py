"""A project of one book written into a test's folder and ingested: the `sources/` folder with
its files and `books.toml`, as the README's recipe has a new user make it."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import pipeline


def ingest_one(tmp_path: Path, entry: str, files: dict[str, str | bytes]) -> pipeline.BookResult:
    """`files`: name -> text (written as UTF-8) or bytes (written as they are)."""
    src = tmp_path / "sources"
    src.mkdir()
    for name, data in files.items():
        (src / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    (src / "books.toml").write_text(entry, encoding="utf-8")
    (result,) = pipeline.run(tmp_path, check=True)
    return result
