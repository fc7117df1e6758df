"""A Markdown heading whose title starts with its number («# 1. Основы», «## 1.1. Броски») is
placed at its own line of the file: its first word, «1», was taken for a list item's number and
looked for further on, so the outline, the warnings and the errors named later lines (every
heading after the first at one line)."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Heading, walk

from tests.support.sources import ingest_one

ENTRY = '[books.num]\ntitle = "Числа"\nsystem = "Пример"\nsource = "num.md"\n'
TEXT = "# 1. Основы\n\nПервый абзац.\n\n## 1.1. Броски\n\nВторой абзац.\n\n## 1.2. Итоги\n\nТретий.\n"


def test_a_numbered_markdown_heading_is_at_its_own_line(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"num.md": TEXT})
    heads = [(b.text, int(b.line)) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [("1. Основы", 1), ("1.1. Броски", 5), ("1.2. Итоги", 9)]
