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
    text = "# Звери\n\n## Лис\n\nЖила 8 (−1)  Глаз 14 (+2)\nЗащ 12; ЗС 7 (2к6)\n\n- Кусает.\n"
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


def test_a_wiki_list_of_hash_lines_without_headings_stays_a_text_and_its_junk_is_dropped(
    tmp_path: Path,
) -> None:
    text = (
        "Правила\n\nПорядок хода\n\n# Бросьте инициативу\n## Победитель ходит первым\n"
        "# Действуйте\n\nСтраница 2 из 9\n\nКонец.\n"
    )
    entry = ENTRY + "chrome.junk = ['^Страница \\d+ из \\d+$']\n"
    r = ingest_one(tmp_path, entry, {"notes.txt": text})
    assert not any("Markdown" in n for n in r.doc.report.notes)
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    heads = [b.text for b in blocks if isinstance(b, Heading)]
    assert "Бросьте инициативу" not in heads and "Победитель ходит первым" not in heads
    assert (9, "Страница 2 из 9") in r.doc.report.dropped


def test_a_text_read_as_markdown_names_the_text_only_keys_it_does_not_apply(tmp_path: Path) -> None:
    entry = ENTRY + "chrome.junk = ['^Страница \\d+$']\nheadings.mode = \"numbered\"\n"
    r = ingest_one(tmp_path, entry, {"notes.txt": TEXT})
    warned = [w for _, w in r.doc.report.warnings]
    assert any(w.startswith("chrome.junk ") for w in warned)
    assert any(w.startswith("headings.mode ") for w in warned)


def test_markdown_headings_over_their_own_text_are_enough_glued_to_it_or_not(tmp_path: Path) -> None:
    # no emphasis, list or quote: the headings alone, each over a paragraph of its own
    for k, text in enumerate(
        (
            "# Бой\n\nБой идёт раундами.\n\n## Атака\n\nАтака — это бросок.\n\n## Защита\n\nЩит держит.\n",
            "# Бой\nБой идёт раундами.\n\n## Атака\nАтака — это бросок.\n",
        )
    ):
        (tmp_path / str(k)).mkdir()
        r = ingest_one(tmp_path / str(k), ENTRY, {"notes.txt": text})
        heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
        assert heads[:2] == [(1, "Бой"), (2, "Атака")], heads
