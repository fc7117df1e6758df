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


PRICES = """\
Магазин

Цены в лавке кузнеца.

Кинжал ........ 5
Меч ........ 15
Доспех ........ 50

Торговаться можно.
"""


def test_a_rising_price_list_under_a_sentence_stays_text(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, entry("shop.txt"), {"shop.txt": PRICES})
    got = texts(r)
    assert "Кинжал ........ 5" in got and "Доспех ........ 50" in got
    assert not any("table of contents" in n for n in r.doc.report.notes)
    assert r.doc.report.dropped == []


def test_leaders_in_a_markdown_code_fence_stay_text(tmp_path: Path) -> None:
    text = "```\nКинжал ....... 5\nМеч .......... 15\nДоспех ....... 50\n```\n\n# Лавка\n\nТорг уместен.\n"
    r = ingest_one(tmp_path, entry("shop.md"), {"shop.md": text})
    listing = next(b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph))
    assert "Меч .......... 15" in plain(listing.inlines)
    assert not any("table of contents" in n for n in r.doc.report.notes)


def test_a_contents_at_the_start_without_a_title_is_dropped_line_by_line(tmp_path: Path) -> None:
    text = CONTENTS.replace("Содержание\n\n", "") + "\n# Бой\n\nБой идёт раундами.\n"
    r = ingest_one(tmp_path, entry("toc.md"), {"toc.md": text})
    assert texts(r) == ["Бой", "Бой идёт раундами."]
    assert (1, "Бой ................................ 3") in r.doc.report.dropped
    assert (5, "Приложение ......................... 9") in r.doc.report.dropped


def test_a_contents_under_a_title_with_a_colon_is_dropped_and_told(tmp_path: Path) -> None:
    text = CONTENTS.replace("Содержание", "Содержание:") + "\n" + BODY
    got = texts(ingest_one(tmp_path, entry("toc.txt"), {"toc.txt": text}))
    assert not any(t.startswith(("Содержание", "Бой .", "1. Атака", "Приложение")) for t in got)
    assert "Бой идёт раундами." in got


def test_a_price_list_headed_contents_in_a_chapter_stays_text(tmp_path: Path) -> None:
    text = (
        BODY
        + "\nНабор путешественника\n\nСодержание:\n\n"
        + "Факел ........ 1\nВерёвка ........ 2\nМешок ........ 3\nФляга ........ 5\n\nКонец главы.\n"
    )
    got = texts(ingest_one(tmp_path, entry("toc.txt"), {"toc.txt": text}))
    assert "Содержание:" in got
    assert "Факел ........ 1" in got and "Фляга ........ 5" in got


def test_a_price_list_under_contents_near_the_start_of_a_short_text_stays_text(tmp_path: Path) -> None:
    # a few lines above «Содержание:», but sentences: a chapter's text, not a title page
    text = (
        "Снаряжение\n\nГерой покупает снаряжение в лавке.\n\nНабор стоит 10 монет.\n\nСодержание:\n\n"
        "Факел ........ 1\nВерёвка ........ 2\nМешок ........ 3\n\nОружие\n\nМеч острый.\n"
    )
    got = texts(ingest_one(tmp_path, entry("toc.txt"), {"toc.txt": text}))
    assert "Содержание:" in got and "Факел ........ 1" in got
