"""A print dump's page numbers («— 12 —», «Стр. 13») and the running header printed beside them
are the pages' furniture, not the book's words: with no entry naming them, they are dropped
(and told), and a paragraph a page break cut stays one, its hyphenated word whole."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import coverage
from rulebook.ingest.model import Heading, Paragraph, Table, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.print]
title = "Ловушки"
system = "Пример"
source = "print.txt"
"""

TEXT = """\
Ловушки

Яма

Яма глубиной в три метра наносит урон тому, кто в неё упал, а выбраться из неё мож-
— 2 —
Ловушки. Книга правил
но только с верёвкой.

Капкан

Капкан держит ногу, пока его не раскроют.
Стр. 3
Ловушки. Книга правил
Сеть

Сеть падает сверху.
— 4 —
Ловушки. Книга правил
"""


def test_page_numbers_and_running_headers_are_dropped_without_an_entry(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"print.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    pit = "Яма глубиной в три метра наносит урон тому, кто в неё упал, а выбраться из неё можно"
    assert f"{pit} только с верёвкой." in texts
    assert not any("Книга правил" in t or "Стр" in t or "— 2 —" in t for t in texts)
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Ловушки", "Яма", "Капкан", "Сеть"]
    assert len(r.doc.report.dropped) == 6
    assert any("3 page numbers" in n for n in r.doc.report.notes)
    assert coverage.measure(r.doc).missing == {}


def test_two_numbered_lines_are_not_pages(tmp_path: Path) -> None:
    text = "Ловушки\n\nЯма\n\nСтр. 2\n\nТекст о яме.\n\nСтр. 3\n"
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    assert r.doc.report.dropped == []


def test_a_page_break_inside_a_drawn_table_keeps_the_table_whole(tmp_path: Path) -> None:
    text = (
        "Ловушки\n\nЯма\n\n| Ловушка | Урон |\n— 2 —\n|---------|------|\n| Яма     | 2    |\n\n"
        "Капкан держит ногу.\nСтр. 3\n\nСеть падает.\n— 4 —\n"
    )
    r = ingest_one(tmp_path, ENTRY, {"print.txt": text})
    (table,) = [b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Table)]
    assert [plain(c.inlines) for c in table.header[0]] == ["Ловушка", "Урон"] and len(table.rows) == 1


WRAPPED = """\
Ловушки

Яма

Яма глубиной в три метра наносит урон тому, кто в неё упал. Выбраться
из неё можно только с верёвкой, если у героя есть свободная рука. Это
занимает целый раунд, и никто из героев не может ему помочь в этом.
— 2 —
Ловушки. Книга правил
Затем герой делает проверку Силы, и если она удалась, он стоит
на краю ямы и может действовать дальше, как обычно бывает в бою.

Капкан

Капкан держит ногу, пока его не раскроют.
— 3 —
Ловушки. Книга правил
Сеть

Сеть падает сверху.
— 4 —
Ловушки. Книга правил
"""


def test_a_page_break_after_a_sentence_end_keeps_a_wrapped_paragraph_whole(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"print.txt": WRAPPED})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert any(t.startswith("Яма глубиной") and t.endswith("как обычно бывает в бою.") for t in texts)
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Ловушки", "Яма", "Капкан", "Сеть"]
