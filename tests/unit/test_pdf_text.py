"""A PDF source without pdftotext on the machine is refused in one line saying what to install
or bring instead, and its entry is accepted as a text's (the PDFs themselves are read in
tests/integration/test_pdf_sources.py, which prints them with Chromium)."""

from __future__ import annotations

import shutil

import pytest
from rulebook.ingest.errors import IngestError

from tests.support.sources import ingest_one

ENTRY = '[books.pdfbook]\ntitle = "Книга"\nsystem = "Пример"\nsource = "book.pdf"\n'


def test_a_pdf_without_pdftotext_names_the_package_and_the_way_round(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, ENTRY, {"book.pdf": b"%PDF-1.4\n%%EOF\n"})
    message = str(exc.value)
    assert exc.value.path is not None and exc.value.path.name == "book.pdf" and "\n" not in message
    assert "poppler-utils" in message and "pdftotext -raw book.pdf book.txt" in message
