"""A PDF source without pdftotext on the machine is refused in one line saying what to install
or bring instead, and its entry is accepted as a text's (the PDFs themselves are read in
tests/e2e/test_pdf_sources.py, which prints them with Chromium)."""

from __future__ import annotations

import shutil

import pytest
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading, Paragraph, plain, walk

from tests.support.sources import ingest_one

ENTRY = '[books.pdfbook]\ntitle = "Книга"\nsystem = "Пример"\nsource = "book.pdf"\n'


def test_a_pdf_without_pdftotext_names_the_package_and_the_way_round(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, ENTRY, {"book.pdf": b"%PDF-1.4\n%%EOF\n"})
    message = str(exc.value)
    assert exc.value.path is not None and exc.value.path.name == "book.pdf" and "\n" not in message
    assert "poppler-utils" in message and "pdftotext -raw book.pdf book.txt" in message


def test_a_text_named_pdf_is_told_to_be_named_txt(tmp_path):
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, ENTRY, {"book.pdf": "Глава 1. Бой\n\nПросто текст.\n".encode()})
    assert "not a PDF: it starts with «Глава 1. Бой»" in str(exc.value) and "name it .txt" in str(exc.value)


def _pages(n: int) -> str:
    """pdftotext's text of an n-page book: each page's text, its running header and its bare
    number at its foot, a form feed before the next page's first line."""
    line = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью."
    return "\f".join(f"{line} Ход {p}.1.\n{line} Ход {p}.2.\nКнига правил\n{p}\n" for p in range(1, n + 1))


def test_bare_page_numbers_at_a_pdfs_page_edges_are_page_chrome(tmp_path):
    # most books print their number bare («12»): a form feed shows where a page ends, so a bare
    # number there is the page's; elsewhere «12» alone is the text's (a table's cell, a list)
    text = (
        "Ловушки\n\nЛовушку находят броском против сложности:\n\n12\n\nИ обезвреживают вторым.\n\n"
        + _pages(6)
    )
    r = ingest_one(tmp_path, ENTRY.replace("book.pdf", "book.txt"), {"book.txt": text})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    shown = [
        b.text if isinstance(b, Heading) else plain(b.inlines)
        for b in blocks
        if isinstance(b, Heading | Paragraph)
    ]
    assert not any(t in {"Книга правил", *map(str, range(1, 7))} for t in shown)
    assert "12" in shown  # a number away from a page's edge stays
    assert any("6 page numbers («1», …)" in n for n in r.doc.report.notes)
