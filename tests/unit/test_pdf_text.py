"""A PDF source without pdftotext on the machine is refused in one line saying what to install
or bring instead, and its entry is accepted as a text's (the PDFs themselves are read in
tests/e2e/test_pdf_sources.py, which prints them with Chromium); what pdftotext writes, a PDF's
drawn spaces and hyphens and its lines' type sizes, is read as poppler's pdftotext writes it."""

from __future__ import annotations

import shutil

import pytest
from rulebook.ingest import pdftext
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading, Paragraph, plain, walk

from tests.support import fakepdf
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


def _fake_pdftotext(tmp_path, monkeypatch, raw: str, words: list[tuple[str, float]]) -> None:
    """A pdftotext on the PATH that writes `raw` (its -raw text) and, with -bbox, `words` each
    with a box of that height, as poppler's does."""
    boxes = "".join(
        f'<word xMin="1.0" yMin="10.000000" xMax="{1 + 6 * len(w)}.0" yMax="{10 + h:.6f}">{w}</word>\n'
        for w, h in words
    )
    fakepdf.stand_in(tmp_path, monkeypatch, raw, f"<html><body><doc><page>{boxes}</page></doc></body></html>")


def test_a_pdfs_drawn_spaces_and_hyphens_are_one_space_and_one_hyphen(tmp_path, monkeypatch):
    # a Word export draws each space as «\t\r \xa0» and a hyphen as three glyphs: the CR set every
    # word on a line of its own (a 400-page book became 160,000 paragraphs), the hyphens stayed
    raw = "Barbarian\nAs\t\r \xa0a\t\r \xa0barbarian,\t\r \xa08th-\u2010\u2011level\t\r \xa0rage.\n"
    words = [
        ("Barbarian", 30.9),
        ("As", 11.5),
        ("a", 11.5),
        ("barbarian,", 11.5),
        ("8th-\u2010\u2011level", 11.5),
    ]
    _fake_pdftotext(tmp_path, monkeypatch, raw, [*words, ("rage.", 11.5)])
    got = pdftext.read(_pdf(tmp_path))
    assert got.text.decode() == "Barbarian\nAs a barbarian, 8th-level rage.\n"
    assert got.geometry is not None and got.geometry.sizes == [30.9, 11.5, 0.0]


def test_a_pdfs_sizes_that_do_not_match_its_text_are_not_used(tmp_path, monkeypatch):
    _fake_pdftotext(tmp_path, monkeypatch, "Barbarian\nAs a rule.\n", [("Barbarian", 30.9), ("As", 11.5)])
    assert pdftext.read(_pdf(tmp_path)).geometry is None


def _pdf(tmp_path):
    path = tmp_path / "book.pdf"
    path.write_bytes(b"%PDF-1.4\n%%EOF\n")
    return path


def test_a_numbering_rule_of_the_entry_ranks_a_title_set_large_before_its_size(tmp_path, monkeypatch):
    # «1.2. Атака» set as large as the chapter's title: the entry's rule puts it at depth 2
    line = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью."
    raw = f"1. Бой\n{line}\n1.2. Атака\n{line}\n"
    words = [(w, 20.0) for w in ["1.", "Бой"]] + [(w, 11.0) for w in line.split()]
    words += [(w, 20.0) for w in ["1.2.", "Атака"]] + [(w, 11.0) for w in line.split()]
    _fake_pdftotext(tmp_path, monkeypatch, raw, words)
    rules = (
        '[[books.pdfbook.headings.rules]]\npattern = "(?P<num>\\\\d+(\\\\.\\\\d+)*)\\\\. "\nlevel = "depth"\n'
    )
    (tmp_path / "book").mkdir()
    r = ingest_one(tmp_path / "book", ENTRY + rules, {"book.pdf": b"%PDF-1.4\n%%EOF\n"})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [(1, "1. Бой"), (2, "1.2. Атака")]
