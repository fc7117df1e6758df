"""A PDF's layout read back from where its words stand, on pages laid out by hand
(tests/support/fakepdf): tables, titles by their size, paragraphs' ends, page furniture, each
where the page shows them and no word lost."""

from __future__ import annotations

from rulebook.ingest import coverage
from rulebook.ingest.model import Heading, Paragraph, Table, plain, walk

from tests.support import fakepdf
from tests.support.fakepdf import Printed, line
from tests.support.sources import ingest_one

ENTRY = '[books.pdfbook]\ntitle = "Книга"\nsystem = "Пример"\nsource = "book.pdf"\n'
PROSE = "Герой бросает кубик и прибавляет силу, мастер сравнивает итог со сложностью"  # 77 letters


def _read(tmp_path, monkeypatch, pages):
    pdf = fakepdf.install(tmp_path, monkeypatch, pages)
    (tmp_path / "book").mkdir()
    r = ingest_one(tmp_path / "book", ENTRY, {"book.pdf": pdf})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert coverage.measure(r.doc).missing == {}
    return r, blocks


def _texts(blocks, kind):
    return [b.text if kind is Heading else plain(b.inlines) for b in blocks if isinstance(b, kind)]


def _pages(n: int, number: bool = True) -> list[list[Printed]]:
    """n pages of prose, each its bare number at its foot."""
    return [
        [
            *(line(f"{PROSE} {p}.{k}.", 60 + 14 * k) for k in range(4)),
            *([line(str(p), 760)] if number else []),
        ]
        for p in range(1, n + 1)
    ]


def test_a_table_opening_a_page_under_a_cut_sentence_keeps_its_rows(tmp_path, monkeypatch):
    # the sentence before the table goes on after it; the table's first line is in lower case
    # («к6»), and the page break's mend took it into the sentence, the table's rows then lost
    pages = _pages(6)
    pages[2].insert(4, line("каждый получает одну и может описать её", 120))
    rows = [("к6", "Безделушка"), *((str(k), f"Находка номер {k}") for k in range(1, 7))]
    pages[3][:0] = [Printed([(a, 50.0), (b, 90.0)], 20 + 14 * k) for k, (a, b) in enumerate(rows)]
    pages[3].insert(len(rows), line("как захочет, и это правило.", 130))
    _, blocks = _read(tmp_path, monkeypatch, pages)
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [plain(row.cells[1].inlines) for row in table.rows][-6:] == [
        f"Находка номер {k}" for k in range(1, 7)
    ]
    assert "как захочет, и это правило." in _texts(blocks, Paragraph)
