"""A text copied out of a PDF carries the page's running header and number at every page break,
often in the middle of a paragraph or a list: declared as chrome.junk, they go, and the
paragraph or list they cut stays one block; between blocks they leave the blank line there."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import coverage, pipeline
from rulebook.ingest.model import Heading, ListBlock, Paragraph, plain, walk

from tests.support.sources import ingest_one

ENTRY = r"""[books.pdf]
title = "Ловушки"
system = "Пример"
source = "pdf.txt"

[books.pdf.chrome]
junk = ['^Ловушки и яды\t\d+$', '^example\.org/traps\t\d+/\d+$']
"""

TEXT = """\
Ловушки

Яма

Яма глубиной в три метра наносит 1d6 урона тому, кто в неё упал, а выбраться
Ловушки и яды\t12
example.org/traps\t12/40
из неё можно только с верёвкой.

В яме лежат:

• кости прежних жертв;
Ловушки и яды\t13
example.org/traps\t13/40
• ржавый ключ.

Ловушки и яды\t14
example.org/traps\t14/40

Капкан

Капкан держит но-
Ловушки и яды\t15
example.org/traps\t15/40
гу, пока его не раскроют.
"""


def blocks(tmp_path: Path) -> list:
    result: pipeline.BookResult = ingest_one(tmp_path, ENTRY, {"pdf.txt": TEXT})
    assert coverage.measure(result.doc).missing == {}
    return [b for p in result.doc.pages for b in walk(p.blocks)]


def test_a_page_break_inside_a_paragraph_leaves_one_paragraph(tmp_path):
    paras = [plain(b.inlines) for b in blocks(tmp_path) if isinstance(b, Paragraph)]
    assert any("а выбраться из неё можно только с верёвкой." in p for p in paras)
    assert not any(p.startswith("из неё") for p in paras)
    assert not any("Ловушки и яды" in p or "example.org" in p for p in paras)


def test_a_word_a_page_break_hyphenated_is_whole_again(tmp_path):
    paras = [plain(b.inlines) for b in blocks(tmp_path) if isinstance(b, Paragraph)]
    assert "Капкан держит ногу, пока его не раскроют." in paras


def test_a_page_break_inside_a_list_leaves_one_list(tmp_path):
    lists = [b for b in blocks(tmp_path) if isinstance(b, ListBlock)]
    assert len(lists) == 1 and len(lists[0].items) == 2


def test_a_page_break_between_blocks_keeps_them_apart(tmp_path):
    found = blocks(tmp_path)
    titles = [plain(b.inlines) if hasattr(b, "inlines") else b.text for b in found if isinstance(b, Heading)]
    assert "Капкан" in titles


def test_a_page_break_pdftotext_writes_before_a_running_header_is_no_part_of_it(tmp_path):
    """pdftotext starts each page after the first with a form feed glued to its first line
    («\\fЛовушки и яды»): the header is still the junk line it declares, and it goes."""
    text = TEXT.replace("\nЛовушки и яды\t1", "\n\fЛовушки и яды\t1")
    result = ingest_one(tmp_path, ENTRY, {"pdf.txt": text})
    paras = [plain(b.inlines) for p in result.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert "Капкан держит ногу, пока его не раскроют." in paras
    assert not any("Ловушки и яды" in p for p in paras)


def test_a_page_break_after_a_hyphen_the_word_keeps_leaves_the_hyphen(tmp_path):
    """«кто-» + page break + «нибудь» is «кто-нибудь»; «но-» + «гу» stays «ногу» (above)."""
    text = TEXT.replace("Капкан держит но-", "Капкан держит, пока кто-").replace("гу, пока его", "нибудь его")
    result = ingest_one(tmp_path, ENTRY, {"pdf.txt": text})
    paras = [plain(b.inlines) for p in result.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert "Капкан держит, пока кто-нибудь его не раскроют." in paras
