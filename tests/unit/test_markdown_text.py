"""A `.txt` that is Markdown (a notes app's or a chat bot's rules saved as text) is read as
Markdown: its «#» headings are headings at their depth, «**» and «*» are emphasis, «- » lines a
list and «> » a quote, none of the marks published as text; the report says so, with the line."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Admonition, Heading, ListBlock, Paragraph, Strong, plain, walk

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
