"""A plain text underlines its titles («=====» under a chapter, «-----» under a section, as
Markdown's setext headings do) and parts scenes with «* * *»: the underlined line is a heading of
the level its line draws, glued or not, and the marks are a break, not a heading of their own."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.headings import underline_level
from rulebook.ingest.model import Heading, Paragraph, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.under]
title = "Охота"
system = "Пример"
source = "under.txt"
"""

TEXT = """\
ГЛАВА ПЕРВАЯ. ОХОТА
===================

Охота кормит отряд.

Следы
-----
Следы читает проводник.

* * *

Засада

Засада требует терпения.

ГЛАВА ВТОРАЯ. ДОБЫЧА
===================
Добычу делят поровну.
"""


def test_underlined_titles_are_headings_at_the_level_their_line_draws(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"under.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    heads = [(b.level, b.text) for b in blocks if isinstance(b, Heading)]
    assert heads == [
        (1, "ГЛАВА ПЕРВАЯ. ОХОТА"),
        (2, "Следы"),
        (3, "Засада"),
        (1, "ГЛАВА ВТОРАЯ. ДОБЫЧА"),
    ]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert "Добычу делят поровну." in texts and "Следы читает проводник." in texts
    assert not any(set(t) <= set("=-* ") for t in texts)
    assert r.doc.report.warnings == []


def test_a_rule_under_a_paragraph_is_no_underline(tmp_path: Path) -> None:
    text = "Охота\n\nОхота кормит отряд, если проводник знает, где искать следы зверя зимой.\n---\n"
    r = ingest_one(tmp_path, ENTRY, {"under.txt": text})
    heads = [b.text for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == ["Охота"]


def test_a_rule_under_a_wrapped_paragraph_makes_no_heading_of_its_lines(tmp_path: Path) -> None:
    text = (
        "Охота\n\nОхота кормит отряд, если проводник знает, где искать следы зверя\nзимой, в лесу.\n"
        "------------------------------\n\nЗасада\n\nЗасада требует терпения.\n"
    )
    r = ingest_one(tmp_path, ENTRY, {"under.txt": text})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [(b.level, b.text) for b in blocks if isinstance(b, Heading)] == [(1, "Охота"), (2, "Засада")]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert any("зимой, в лесу." in t for t in texts)


def test_a_sentence_over_a_separator_is_no_title_and_demotes_none(tmp_path: Path) -> None:
    text = "Охота\n\nВсе падают.\n===========\n\nЗасада требует терпения.\n"
    r = ingest_one(tmp_path, ENTRY, {"under.txt": text})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [(b.level, b.text) for b in blocks if isinstance(b, Heading)] == [(1, "Охота")]
    assert "Все падают." in [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]


def test_a_separator_far_longer_than_the_line_over_it_underlines_nothing() -> None:
    assert underline_level("Засада", "=" * 40) is None
    assert underline_level("Засада", "=" * 12) == 1 and underline_level("Засада", "---") == 2
