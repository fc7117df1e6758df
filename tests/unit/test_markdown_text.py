"""A `.txt` that is Markdown (a notes app's or a chat bot's rules saved as text) is read as
Markdown: its «#» headings are headings at their depth, «**» and «*» are emphasis, «- » lines a
list and «> » a quote, none of the marks published as text; the report says so, with the line."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Admonition, Break, Heading, ListBlock, Paragraph, Strong, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.notes]
title = "Заметки"
system = "Пример"
source = "notes.txt"
"""

TEXT = """\
# Бой

Бой идёт **раундами**, у каждого *свой* ход.

> Кто бьёт первым, тот живёт дольше.

## Атака

- Бросьте 2к6.
- Сравните с Защитой.
"""


def test_a_text_with_markdown_headings_at_two_depths_is_read_as_markdown(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"notes.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [(b.level, b.text) for b in blocks if isinstance(b, Heading)] == [(1, "Бой"), (2, "Атака")]
    para = next(b for b in blocks if isinstance(b, Paragraph))
    assert plain(para.inlines) == "Бой идёт раундами, у каждого свой ход."
    assert any(isinstance(s, Strong) for s in para.inlines)
    assert any(isinstance(b, ListBlock) and len(b.items) == 2 for b in blocks)
    assert any(isinstance(b, Admonition) for b in blocks)
    assert any("line 1: «# Бой» is a Markdown heading" in n for n in r.doc.report.notes)


def test_a_wiki_text_whose_hash_lines_are_numbered_items_stays_a_text(tmp_path: Path) -> None:
    text = "== Бой ==\n\n# Бросьте 2к6.\n## Добавьте бонус.\n"
    r = ingest_one(tmp_path, ENTRY, {"notes.txt": text})
    assert not any("Markdown" in n for n in r.doc.report.notes)


def test_a_line_break_in_a_markdown_text_stays_a_line_break(tmp_path: Path) -> None:
    """A notes app or a chat shows a line break as one: a stat block is one line a line."""
    text = "# Звери\n\n## Лис\n\nЖила 8 (−1)  Глаз 14 (+2)\nЗащ 12; ЗС 7 (2к6)\n"
    r = ingest_one(tmp_path, ENTRY, {"notes.txt": text})
    para = next(b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph))
    assert any(isinstance(s, Break) for s in para.inlines)
    assert plain(para.inlines).replace("\n", " ").split() == [
        "Жила",
        "8",
        "(−1)",
        "Глаз",
        "14",
        "(+2)",
        "Защ",
        "12;",
        "ЗС",
        "7",
        "(2к6)",
    ]
