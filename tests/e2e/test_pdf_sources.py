"""A PDF is read as it is (`source = "book.pdf"`): before, it was refused with the pdftotext
command to run first. The PDFs here are printed by Chromium from a page, as a rules PDF is laid
out: a running header and a page number on every page, chapters that start a page, unnumbered
section titles between paragraphs, paragraphs of every length, and no blank line anywhere in the
text pdftotext gives. A PDF that is damaged, or has no text (a scan), is refused in one line."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser
from rulebook.ingest import coverage
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading, Paragraph, Table, plain, walk

from tests.support.sources import ingest_one

WORDS = ["атака", "урон", "броня", "щит", "ход", "раунд", "бросок", "куб", "кость", "лук", "меч"]
WORDS += ["маг", "яд", "огонь", "лёд", "тень", "свет", "путь", "цель"]
HEADER = "<span>Книга правил</span>"
CHAPTERS = {"Глава 1. Бой": ["Инициатива", "Укрытие", "Засада"], "Глава 2. Магия": ["Ритуалы", "Отдача"]}


def _paragraph(rnd: random.Random, n: int) -> str:
    sentences = []
    for _ in range(rnd.randint(1, 6)):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(5, 14))]
        sentences.append(" ".join(words).capitalize() + ".")
    return " ".join(sentences) + f" Правило {n}."


def _book_html() -> str:
    rnd = random.Random(7)
    parts, n = [], 0
    for chapter, sections in CHAPTERS.items():
        parts.append(f"<h1>{chapter}</h1>")
        for section in sections:
            parts.append(f"<h2>{section}</h2>")
            for _ in range(rnd.randint(3, 5)):
                n += 1
                parts.append(f"<p>{_paragraph(rnd, n)}</p>")
    style = (
        "body{font:11pt 'DejaVu Serif'} h1{page-break-before:always} h1:first-child{page-break-before:auto}"
    )
    head = f'<head><meta charset="utf-8"><style>{style}</style></head>'
    return f'<html lang="ru">{head}<body>{"".join(parts)}</body></html>'


STATS = ["Кость хитов: 1к12 за уровень варвара", "Хиты на первом уровне: 12 + модификатор Телосложения"]
SIZED = {"Варвар": ["Хиты", "Ярость", "Безрассудная атака"], "Бард": ["Хиты", "Вдохновение барда"]}


def _sized_html() -> str:
    """A book whose titles show by their type size alone, as most printed books set them: a
    cover's title, chapters named by no «Глава», each with a section's title right under its
    own and subsections under that; a chapter's opening paragraph set large, a spell's school in
    bold at the text's size, and a thumb tab set on its side at each page's edge."""
    rnd = random.Random(11)
    # a thumb tab set on its side at each page's edge, beside the text's block
    tab = "<div class='tab'>ПРАВИЛА</div>"
    parts = [tab, "<h1 class='cover'>Книга правил</h1><p>Второе издание, исправленное и дополненное.</p>"]
    n = 0
    for chapter, sections in SIZED.items():
        parts.append(f"<h1>{chapter}</h1><h2>Умения класса</h2>")
        parts.append(f"<p>{'<br>'.join(STATS)}</p>")  # lines broken by hand, each short
        parts.append(f"<p class='lead'>{_paragraph(rnd, 0)}</p>")
        for section in sections:
            parts.append(f"<h3>{section}</h3>")
            n += 1
            parts.append(f"<p><b>Воплощение {n}-го круга</b><br>{_paragraph(rnd, n)}</p>")
            parts.append(f"<p>{_paragraph(rnd, n)}</p>")
    style = (
        "body{font:11pt 'DejaVu Serif';margin-right:1.2cm} h1{font-size:24pt;page-break-before:always}"
        " h2{font-size:17pt}"
        " h3{font-size:14pt} h1.cover{font-size:40pt;page-break-before:auto} p.lead{font-size:15pt}"
        " .tab{position:fixed;right:0;top:40%;transform:rotate(90deg);transform-origin:right top;"
        "font-size:16pt}"
    )
    head = f'<head><meta charset="utf-8"><style>{style}</style></head>'
    return f'<html lang="ru">{head}<body>{"".join(parts)}</body></html>'


LEVELS = [
    ["1-й", "+2", "Ярость, защита без доспехов", "2"],
    ["2-й", "+2", "Безрассудная атака, чувство опасности", "2"],
    ["3-й", "+2", "Путь дикости", "3"],
    ["4-й", "+2", "Увеличение характеристик", "3"],
    ["5-й", "+3", "Дополнительная атака, быстрое передвижение", "3"],
    ["6-й", "+3", "Умение пути", "4"],
]


def _table_html() -> str:
    """A class's table as books set it: no rules, cells apart by white, a header cell on two
    lines, cells wrapped in a narrow column, prose above and under it."""
    rnd = random.Random(5)
    head = "".join(f"<th>{t}</th>" for t in ["Уровень", "Бонус мастерства", "Умения", "Ярость"])
    rows = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in LEVELS)
    style = (
        "body{font:11pt 'DejaVu Serif'} table{border-collapse:collapse;font-size:10pt}"
        " th,td{text-align:left;vertical-align:top;padding:0 2.2em 0.2em 0}"
        " th:nth-child(2){width:5em} td:nth-child(3),th:nth-child(3){width:10em}"
    )
    table = f"<table><tr>{head}</tr>{rows}</table>"
    body = f"<h1>Варвар</h1><p>{_paragraph(rnd, 1)}</p>{table}<p>{_paragraph(rnd, 2)}</p>"
    return (
        f'<html lang="ru"><head><meta charset="utf-8"><style>{style}</style></head><body>{body}</body></html>'
    )


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[dict[str, bytes]]:
    out = tmp_path_factory.mktemp("pdfs")
    made: dict[str, bytes] = {}
    page = browser.new_page()
    try:
        for name, html, header, furniture in [
            ("book.pdf", _book_html(), HEADER, "— <span class='pageNumber'></span> —"),
            ("bare.pdf", _book_html(), HEADER, "<span class='pageNumber'></span>"),  # most books' «12»
            # the title and the number on one baseline, at the page's two sides: one line of text
            ("joined.pdf", _book_html(), "", f"{HEADER}<span class='pageNumber'></span>"),
            ("scan.pdf", '<svg width="300" height="200"><circle cx="90" cy="90" r="80"/></svg>', "", ""),
            ("sized.pdf", _sized_html(), "", "<span class='pageNumber'></span>"),
            ("table.pdf", _table_html(), "", ""),  # one page: no number shows pages
        ]:
            page.set_content(html)
            path = out / name
            page.pdf(
                path=str(path),
                format="A5",
                display_header_footer=bool(furniture),
                header_template=f"<div style='font-size:8pt;width:100%;text-align:center'>{header}</div>",
                footer_template=(
                    "<div style='font-size:8pt;width:100%;display:flex;justify-content:space-between;"
                    f"margin:0 1.2cm'>{furniture}</div>"
                ),
                margin={"top": "1.5cm", "bottom": "1.5cm", "left": "1.2cm", "right": "1.2cm"},
            )
            made[name] = path.read_bytes()
    finally:
        page.close()
    yield made


def entry(source: str) -> str:
    return f'[books.pdfbook]\ntitle = "Книга в PDF"\nsystem = "Пример"\nsource = "{source}"\n'


@pytest.mark.parametrize("name", ["book.pdf", "bare.pdf", "joined.pdf"])
def test_a_pdf_is_read_with_its_chapters_sections_and_every_word_without_page_furniture(tmp_path, pdfs, name):
    r = ingest_one(tmp_path, entry(name), {name: pdfs[name]})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    want = [(lvl, t) for ch, secs in CHAPTERS.items() for lvl, t in [(1, ch), *((2, s) for s in secs)]]
    assert heads == want
    assert [p.title for p in r.doc.pages] == list(CHAPTERS)
    shown = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert not any("Книга правил" in t or "— " in t or t.isdigit() for t in shown)  # header and numbers
    assert any("page numbers" in n and "«Книга правил»" in n for n in r.doc.report.notes)
    assert all(t.endswith(".") for t in shown)  # a page break inside a paragraph was closed
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_damaged_pdf_is_one_line_naming_it(tmp_path, pdfs):
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("book.pdf"), {"book.pdf": pdfs["book.pdf"][:2000]})
    assert exc.value.path is not None and exc.value.path.name == "book.pdf"
    assert "not a readable PDF" in str(exc.value) and "\n" not in str(exc.value)


def test_a_pdf_without_text_asks_for_ocr(tmp_path, pdfs):
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("scan.pdf"), {"scan.pdf": pdfs["scan.pdf"]})
    assert "no text to read" in str(exc.value) and "OCR" in str(exc.value)


def test_a_pdfs_titles_are_found_by_their_type_size_and_ranked_by_it(tmp_path, pdfs):
    # before, two titles on two lines («Варвар», «Умения класса») had no sentence between them and
    # neither was found, nor the chapters under them: the whole book was one page
    r = ingest_one(tmp_path, entry("sized.pdf"), {"sized.pdf": pdfs["sized.pdf"]})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    want = [(1, "Книга правил")]
    for chapter, sections in SIZED.items():
        want += [(1, chapter), (2, "Умения класса"), *((3, s) for s in sections)]
    assert heads == want
    assert [p.title for p in r.doc.pages] == ["Книга правил", *SIZED]
    shown = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert sum(t.endswith("Правило 0.") for t in shown) == 2  # the opening paragraphs set large: text
    assert any(t.startswith("Воплощение 1-го круга") for t in shown)  # bold at the text's size: text
    # a line that stopped where the next line's first word would have fitted ends its paragraph,
    # though it ends no sentence (before, the two were one paragraph)
    assert shown.count(STATS[0]) == 2 and shown.count(STATS[1]) == 2
    assert not any("heading" in str(w[1]) for w in r.doc.report.warnings)
    assert any("titles read by their type size" in n for n in r.doc.report.notes)
    assert any("thumb tabs: «ПРАВИЛА»" in n for n in r.doc.report.notes)  # no title, no paragraph
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_pdfs_table_is_rebuilt_from_where_its_words_stand(tmp_path, pdfs):
    # before, each printed line of it was a paragraph: «1-й +2 Ярость, защита», «без доспехов 2»
    r = ingest_one(tmp_path, entry("table.pdf"), {"table.pdf": pdfs["table.pdf"]})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [[plain(c.inlines) for c in row] for row in table.header] == [
        ["Уровень", "Бонус мастерства", "Умения", "Ярость"]
    ]
    assert [[plain(c.inlines) for c in row.cells] for row in table.rows] == LEVELS
    shown = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]  # the prose around it, whole
    assert len(shown) == 2 and all(t.endswith(".") for t in shown)
    assert any("tables rebuilt" in n for n in r.doc.report.notes)
    assert coverage.measure(r.doc).ratio == 1.0
