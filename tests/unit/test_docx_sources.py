"""A Word document (.docx) is read as it is: before, `source = "rules.docx"` was refused with
«save it from its program as a web page». Its headings come from Word's styles (or, in a file
typed without them, from its bold titles), its lists, tables and emphasis are kept, every word
reaches the book, and a file that is no Word document is refused in one line naming it."""

from __future__ import annotations

import io
import zipfile
from collections import Counter

import docx
import pytest
from docx.shared import Pt
from rulebook.ingest import coverage
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading, ListBlock, Table, plain, walk

from tests.support.sources import ingest_one


def entry(source: str) -> str:
    return f'[books.house]\ntitle = "Домашние правила"\nsystem = "Пример"\nsource = "{source}"\n'


def saved(document: docx.document.Document) -> bytes:
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def ingest(tmp_path, document: docx.document.Document):
    return ingest_one(tmp_path, entry("rules.docx"), {"rules.docx": saved(document)})


def heads(r) -> list[tuple[int, str]]:
    return [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]


def lost_words(document: docx.document.Document, r) -> Counter[str]:
    """The document's words (paragraphs and table cells, each time written) that the book lacks:
    measured against the Word file's own text, as coverage against the page made of it cannot
    see a word the conversion left out."""
    said = [p.text for p in document.paragraphs]
    said += [c.text for t in document.tables for row in t.rows for c in row.cells]
    return coverage.words(" ".join(said)) - coverage.model_words(r.doc)


def styled_book() -> docx.document.Document:
    d = docx.Document()
    d.add_heading("Северные тропы", 0)  # Word's «Title»
    d.add_paragraph("Правила для походов по северу.")
    d.add_heading("Глава 1. Путь", 1)
    p = d.add_paragraph("Каждый день пути отряд бросает ")
    p.add_run("куб встречи").bold = True
    p.add_run(", а проводник — ")
    p.add_run("куб погоды").italic = True
    p.add_run(".")
    d.add_heading("Привал", 2)
    d.add_paragraph("Костёр согревает", style="List Bullet")
    d.add_paragraph("Дозор сменяется", style="List Bullet")
    t = d.add_table(rows=3, cols=2)
    for row, cells in zip(t.rows, [("Куб", "Встреча"), ("1", "Засада"), ("2–6", "Тишина")], strict=True):
        for cell, text in zip(row.cells, cells, strict=True):
            cell.text = text
    d.add_heading("Глава 2. Погода", 1)
    d.add_paragraph("Метель\u00a0длится 1к6 часов.")
    return d


def test_a_word_document_is_read_with_its_styles_headings_lists_table_and_every_word(tmp_path):
    d = styled_book()
    r = ingest(tmp_path, d)
    assert heads(r) == [(1, "Северные тропы"), (1, "Глава 1. Путь"), (2, "Привал"), (1, "Глава 2. Погода")]
    assert [p.title for p in r.doc.pages] == ["Северные тропы", "Глава 1. Путь", "Глава 2. Погода"]
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (items,) = [b for b in blocks if isinstance(b, ListBlock)]
    assert [plain(i.inlines) for i in items.items] == ["Костёр согревает", "Дозор сменяется"]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [[plain(c.inlines) for c in row.cells] for row in table.rows][-1] == ["2–6", "Тишина"]
    chapter = next(text for name, text in r.files.items() if "put" in name)
    assert "**куб встречи**" in chapter and "*куб погоды*" in chapter
    assert not lost_words(d, r) and coverage.measure(r.doc).ratio == 1.0


def test_a_document_whose_top_headings_are_heading_2_has_its_chapters_as_pages(tmp_path):
    d = docx.Document()
    d.add_heading("Бой", 2)
    d.add_paragraph("Бой идёт раундами.")
    d.add_heading("Атака", 3)
    d.add_paragraph("Атака стоит действие.")
    d.add_heading("Магия", 2)
    d.add_paragraph("Заклинание стоит ману.")
    r = ingest(tmp_path, d)
    assert heads(r) == [(1, "Бой"), (2, "Атака"), (1, "Магия")]
    assert [p.title for p in r.doc.pages] == ["Бой", "Магия"]


def test_titles_set_by_hand_in_bold_are_headings_ranked_by_their_size(tmp_path):
    d = docx.Document()
    for title, size, body in [
        ("Бой", 16, "Бой идёт раундами, каждый участник действует в свой ход."),
        ("Атака", 13, "Атака стоит одно действие и требует броска."),
        ("Магия", 16, "Заклинание стоит ману."),
    ]:
        run = d.add_paragraph().add_run(title)
        run.bold, run.font.size = True, Pt(size)
        d.add_paragraph(body)
    d.add_paragraph().add_run("Важно: бросок нельзя повторить.").bold = True  # a sentence, not a title
    d.add_paragraph("Конец правил.")
    r = ingest(tmp_path, d)
    assert heads(r) == [(1, "Бой"), (2, "Атака"), (1, "Магия")]
    assert not lost_words(d, r)


def test_where_a_heading_style_is_used_bold_lines_stay_text(tmp_path):
    d = docx.Document()
    d.add_heading("Бой", 1)
    d.add_paragraph().add_run("Засада").bold = True
    d.add_paragraph("Если отряд попадает в засаду, все бросают инициативу.")
    r = ingest(tmp_path, d)
    assert heads(r) == [(1, "Бой")]
    assert "**Засада**" in next(iter(r.files.values()))


def test_styles_the_converter_does_not_know_are_told_in_the_report(tmp_path):
    d = docx.Document()
    d.add_heading("Бой", 1)
    d.add_paragraph("Раунд длится шесть секунд.", style="Intense Quote")
    r = ingest(tmp_path, d)
    assert any("«Intense Quote»" in n for n in r.doc.report.notes)
    assert not lost_words(d, r)


def _zip(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xd0\xcf\x11\xe0 an old .doc, or a password-protected file", "not a readable Word document"),
        (_zip({"content.xml": "<office/>"}), "it has no word/document.xml"),
    ],
)
def test_a_file_that_is_no_word_document_is_one_line_naming_it(tmp_path, data, said):
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("rules.docx"), {"rules.docx": data})
    assert exc.value.path is not None and exc.value.path.name == "rules.docx"
    assert said in str(exc.value) and "\n" not in str(exc.value)


def test_a_word_document_with_broken_xml_is_refused_in_one_line(tmp_path):
    good = io.BytesIO(saved(styled_book()))
    broken = io.BytesIO()
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(broken, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            dst.writestr(item, data[: len(data) // 2] if item.filename == "word/document.xml" else data)
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("rules.docx"), {"rules.docx": broken.getvalue()})
    assert "its XML is broken" in str(exc.value) and "\n" not in str(exc.value)


def test_bold_lines_in_a_row_are_no_titles(tmp_path):
    d = docx.Document()
    d.add_paragraph().add_run("Оружие").bold = True
    d.add_paragraph("Каждый герой выбирает оружие при создании.")
    for line in ("Меч 1к8", "Топор 1к10", "Лук 1к6"):
        d.add_paragraph().add_run(line).bold = True
    d.add_paragraph("Оружие можно сменить на привале.")
    r = ingest(tmp_path, d)
    assert heads(r) == [(1, "Оружие")]
    assert not lost_words(d, r)


def test_the_words_of_a_simple_field_reach_the_book(tmp_path):
    # a cross-reference Word keeps as a field («см. Таблица 3»): the converter skipped its words
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    d = docx.Document()
    d.add_heading("Бой", 1)
    p = d.add_paragraph("Урон оружия — см. ")
    field = (
        f'<w:fldSimple {nsdecls("w")} w:instr=" REF _Ref1 \\h "><w:r><w:t>Таблица 3</w:t></w:r></w:fldSimple>'
    )
    p._p.append(parse_xml(field))
    r = ingest(tmp_path, d)
    text = " ".join(plain(b.inlines) for pg in r.doc.pages for b in walk(pg.blocks) if hasattr(b, "inlines"))
    assert "см. Таблица 3" in text


def test_a_bold_chapter_title_over_a_smaller_bold_section_title_are_both_headings(tmp_path):
    d = docx.Document()
    for chapter, sections in (("Глава 1. Бой", ("Инициатива", "Атака")), ("Глава 2. Магия", ("Ритуалы",))):
        run = d.add_paragraph().add_run(chapter)
        run.bold, run.font.size = True, Pt(16)
        for section in sections:
            run = d.add_paragraph().add_run(section)
            run.bold, run.font.size = True, Pt(13)
            d.add_paragraph(f"{section}: правило этого раздела.")
    r = ingest(tmp_path, d)
    assert heads(r) == [
        (1, "Глава 1. Бой"),
        (2, "Инициатива"),
        (2, "Атака"),
        (1, "Глава 2. Магия"),
        (2, "Ритуалы"),
    ]


def test_the_text_of_an_equation_reaches_the_book(tmp_path):
    from docx.oxml import parse_xml

    d = docx.Document()
    d.add_heading("Бой", 1)
    p = d.add_paragraph("Урон: ")
    math = (
        '<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">'
        "<m:r><m:t>Сила</m:t></m:r><m:r><m:t>+Ловкость</m:t></m:r></m:oMath>"
    )
    p._p.append(parse_xml(math))
    r = ingest(tmp_path, d)
    text = " ".join(plain(b.inlines) for pg in r.doc.pages for b in walk(pg.blocks) if hasattr(b, "inlines"))
    assert "Урон: Сила+Ловкость" in text
