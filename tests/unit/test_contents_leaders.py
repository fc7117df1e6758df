"""A printed table of contents copied with the text («Бой ........ 12») is page chrome: the site
has its own navigation, and read as text its lines were a page of dotted paragraphs, some of
them headings («2.1. Атака ..... 9»). It is dropped and told, in a text and in Markdown; dot
leaders whose numbers go up and down (a price list) stay text."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Heading, Paragraph, plain, walk

from tests.support.sources import ingest_one

CONTENTS = """\
Содержание

Бой ................................ 3
1. Атака ........................... 4
1.1. Укрытие ....................... 6

Приложение ......................... 9
"""

BODY = """\
Бой

Бой идёт раундами.

Цены

Меч ........ 15
Лук ........ 10
Щит ........ 12
"""


def entry(source: str) -> str:
    return f'[books.toc]\ntitle = "Бой"\nsystem = "Пример"\nsource = "{source}"\n'


def texts(r) -> list[str]:
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    return [
        b.text if isinstance(b, Heading) else plain(b.inlines)
        for b in blocks
        if isinstance(b, Heading | Paragraph)
    ]


def test_a_contents_with_dot_leaders_is_dropped_and_told(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, entry("toc.txt"), {"toc.txt": CONTENTS + "\n" + BODY})
    got = texts(r)
    assert not any(t.startswith(("Бой .", "1. Атака", "1.1. Укрытие", "Приложение")) for t in got)
    assert "Содержание" not in got and "Бой идёт раундами." in got
    assert "Меч ........ 15" in got  # a price list's leaders go up and down: text
    assert any(n.startswith("lines 1–7: a table of contents") for n in r.doc.report.notes)
    assert (3, "Бой ................................ 3") in r.doc.report.dropped


def test_a_contents_in_markdown_is_dropped_and_told(tmp_path: Path) -> None:
    text = CONTENTS + "\n# Бой\n\nБой идёт раундами.\n"
    r = ingest_one(tmp_path, entry("toc.md"), {"toc.md": text})
    assert texts(r) == ["Бой", "Бой идёт раундами."]
    assert any("toc.md: lines 1–7: a table of contents" in n for n in r.doc.report.notes)
