"""A book brought as an e-book (FictionBook .fb2 or .fb2.zip, EPUB) is read whole, not refused:
its headings at their levels, lists, tables, emphasis, notes and every word reach the site."""

from __future__ import annotations

import io
import zipfile
from collections import Counter

import pytest
from lxml import etree
from rulebook.ingest import coverage
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading, ListBlock, Paragraph, Sup, Table, plain, walk

from tests.support.sources import ingest_one

NS = "http://www.gribuser.ru/xml/fictionbook/2.0"


def entry(source: str) -> str:
    return f'[books.kniga]\ntitle = "Книга мечей"\nsystem = "Мечи"\nsource = "{source}"\n'


FB2 = """<?xml version="1.0" encoding="windows-1251"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><author><first-name>Иван</first-name><last-name>Петров</last-name></author>
<book-title>Мечи и магия</book-title><lang>ru</lang></title-info></description>
<body>
<title><p>Иван Петров</p><p>Мечи и магия</p></title>
<section id="ch1">
<title><p>Глава 1</p><p>Бой</p></title>
<epigraph><p>Меч острее слова.</p><text-author>Старый воин</text-author></epigraph>
<p>Бой идёт <emphasis>раундами</emphasis> по <strong>шесть</strong> секунд<a l:href="#n1"
type="note">[1]</a>.</p>
<empty-line/>
<p>Формула H<sub>2</sub>O, <strikethrough>старое</strikethrough> правило, бросок <code>1к6</code>.</p>
<subtitle>Пример боя</subtitle>
<p>Олег атакует, как сказано <a l:href="#ch2">в главе о магии</a>.</p>
<section><title><p>Инициатива</p></title>
<p>Бросьте кость.</p>
<table><tr><th>Оружие</th><th>Урон</th></tr><tr><td>Меч</td><td rowspan="2">1к8</td></tr>
<tr><td>Топор</td></tr><tr><td colspan="2">Кулак без урона</td></tr></table>
<image l:href="#pic1" alt="Схема поля"/>
</section>
</section>
<section id="ch2"><title><p>Глава 2. Магия</p></title>
<poem><title><p>Заклинание</p></title><stanza><v>Огонь гори,</v><v>Вода теки.</v></stanza></poem>
</section>
</body>
<body name="notes"><title><p>Примечания</p></title>
<section id="n1"><title><p>1</p></title><p>Раньше раунд длился минуту.</p></section>
</body>
<binary id="pic1" content-type="image/png">iVBORw0KGgo=</binary>
</FictionBook>
"""


def fb2_bytes() -> bytes:
    return FB2.encode("cp1251")


def zipped(files: dict[str, str | bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def lost_words(fb2: bytes, r) -> Counter[str]:
    """The words of the FictionBook's bodies (its text and its notes; the description is
    metadata), each time it is written, that the ingested book does not have: measured against
    the book's own XML, as the ingest's coverage (measured against the page made of it) cannot
    see a word the conversion left out."""
    book = etree.fromstring(fb2)
    said = coverage.words(" ".join(t for body in book.iterfind(f"{{{NS}}}body") for t in body.itertext()))
    return said - coverage.model_words(r.doc)


def check_fb2_book(r) -> None:
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [
        (1, "Глава 1. Бой"),
        (2, "Пример боя"),
        (2, "Инициатива"),
        (1, "Глава 2. Магия"),
        (1, "Примечания"),
    ]
    assert [p.title for p in r.doc.pages] == ["Книга мечей", "Глава 1. Бой", "Глава 2. Магия", "Примечания"]
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [plain(c.inlines) for c in table.header[0]] == ["Оружие", "Урон"]
    assert (table.rows[0].cells[1].rowspan, table.rows[2].cells[0].colspan) == (2, 2)
    (notes,) = [b for b in blocks if isinstance(b, ListBlock)]
    assert [plain(i.inlines) for i in notes.items] == ["Раньше раунд длился минуту."]
    marks = [s for b in blocks if isinstance(b, Paragraph) for s in b.inlines if isinstance(s, Sup)]
    assert [m.text for m in marks if m.target] == ["[1]"]  # links to its note, on the notes page
    chapter = r.files["01-boi.md"]
    assert "*раундами*" in chapter and "**шесть**" in chapter
    assert 'секунд<sup markdown="span">[\\[1\\]](03-primechaniia.md)</sup>' in chapter
    assert "H<sub>2</sub>O" in chapter and "[в главе о магии](02-magiia.md)" in chapter
    assert "Схема поля" in chapter
    assert "Огонь гори,<br>Вода теки." in r.files["02-magiia.md"]
    assert "Меч острее слова." in chapter and "*Старый воин*" in chapter
    assert coverage.measure(r.doc).ratio == 1.0
    assert not lost_words(fb2_bytes(), r)
    assert any("not carried over" in n for n in r.doc.report.notes)


def test_a_fictionbook_in_windows_1251_is_read_with_its_headings_table_notes_and_every_word(tmp_path):
    r = ingest_one(tmp_path, entry("book.fb2"), {"book.fb2": fb2_bytes()})
    check_fb2_book(r)


def test_a_zipped_fictionbook_is_read_as_the_book_inside(tmp_path):
    r = ingest_one(tmp_path, entry("book.fb2.zip"), {"book.fb2.zip": zipped({"book.fb2": fb2_bytes()})})
    check_fb2_book(r)


def test_every_word_of_a_fictionbook_reaches_the_book_where_the_schema_is_bent(tmp_path):
    """A title written without `<p>`, a `<text-author>` inside a stanza, a poem's date, a cite's
    subtitle, a section's second title and a line of the notes body outside a note: converters
    write these, and each word of them is read."""
    fb2 = f"""<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="{NS}">
<body>
<section><title>Глава первая</title>
<p>Бой идёт.</p>
<poem><stanza><v>Строка стиха</v><text-author>Автор Стиха</text-author></stanza>
<text-author>Поэт Поэма</text-author><date>Зима</date></poem>
<cite><subtitle>Цитата дня</subtitle><p>Слово мудреца.</p></cite>
<title><p>Второе заглавие</p></title>
</section>
<section><title><p>Глава</p> вторая <emphasis>тихая</emphasis></title><p>Тишина.</p></section>
</body>
<body name="notes"><p>Сноски переводчика.</p>
<section id="n1"><title>1</title><p>Пояснение.</p></section></body>
</FictionBook>
""".encode()
    r = ingest_one(tmp_path, entry("book.fb2"), {"book.fb2": fb2})
    assert not lost_words(fb2, r)
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads[0] == (1, "Глава первая")
    assert "Строка стиха\n\n    *Автор Стиха*" in r.files["00-glava-pervaia.md"]


def test_a_fictionbook_zipped_on_a_mac_is_read_without_the_files_macos_adds(tmp_path):
    data = zipped({"book.fb2": fb2_bytes(), "__MACOSX/._book.fb2": b"\x00\x05\x16\x07\x00\x02Mac OS X"})
    r = ingest_one(tmp_path, entry("book.fb2.zip"), {"book.fb2.zip": data})
    check_fb2_book(r)


def test_a_fictionbook_without_a_body_is_refused_in_its_own_words(tmp_path):
    """Not «no text after chrome removal», which speaks of a chrome nobody declared."""
    fb2 = f'<?xml version="1.0"?>\n<FictionBook xmlns="{NS}"><description/></FictionBook>\n'
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("book.fb2"), {"book.fb2": fb2.encode()})
    message = str(exc.value)
    assert exc.value.path is not None and exc.value.path.name == "book.fb2" and "\n" not in message
    assert "no text in this FictionBook: it has no <body>" in message and "chrome" not in message


def test_a_broken_fictionbook_is_one_line_naming_the_file_and_line(tmp_path):
    broken = FB2.replace("<p>Бросьте кость.</p>", "<p>Бросьте кость.</b>")
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("book.fb2"), {"book.fb2": broken.encode("cp1251")})
    err = exc.value
    assert err.path is not None and err.path.name == "book.fb2"
    assert err.line == FB2.splitlines().index("<p>Бросьте кость.</p>") + 1
    assert "\n" not in str(err) and "not a well-formed FictionBook" in str(err)
    assert not (tmp_path / "docs").exists()


def test_an_entity_a_book_declares_in_its_doctype_is_refused_not_published_as_written(tmp_path):
    """`<!DOCTYPE FictionBook [<!ENTITY w "…">]>` and `&w;` in the text: entities are not
    expanded (a book reaches no file and no network), so the book is refused at the entity's line."""
    fb2 = (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE FictionBook [<!ENTITY w "Бой идёт раундами">]>\n'
        f'<FictionBook xmlns="{NS}"><body><section><title><p>Бой</p></title>\n<p>&w;.</p>\n'
        "</section></body></FictionBook>\n"
    )
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("book.fb2"), {"book.fb2": fb2.encode()})
    assert exc.value.line == 4 and "\n" not in str(exc.value)
    assert "its DOCTYPE declares the entity &w;" in str(exc.value)
    page = (
        '<?xml version="1.0"?>\n<!DOCTYPE html [<!ENTITY w "Бой идёт">]>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Бой</h1>\n<p>&w; раундами.</p></body></html>'
    )
    (tmp_path / "epub").mkdir()
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path / "epub", entry("book.epub"), {"book.epub": epub(page)})
    assert "OEBPS/Text/combat.xhtml, line 4: its DOCTYPE declares the entity &w;" in str(exc.value)


CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"""

OPF = """<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Мечи и магия</dc:title></metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
<item id="c2" href="Text/magic.xhtml" media-type="application/xhtml+xml"/>
<item id="c1" href="Text/combat.xhtml" media-type="application/xhtml+xml"/>
</manifest>
<spine toc="ncx"><itemref idref="nav"/><itemref idref="c1"/><itemref idref="c2"/></spine>
</package>"""


def xhtml(body: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
        '<head><title>Мечи</title><link rel="stylesheet" href="../style.css"/></head>\n'
        f"<body>\n{body}\n</body></html>"
    )


def epub(combat: str | None = None) -> bytes:
    return zipped(
        {
            "mimetype": "application/epub+zip",
            "META-INF/container.xml": CONTAINER,
            "OEBPS/content.opf": OPF,
            "OEBPS/nav.xhtml": xhtml(
                '<nav epub:type="toc"><ol><li><a href="Text/combat.xhtml">Оглавление</a></li></ol></nav>'
            ),
            "OEBPS/toc.ncx": "<ncx/>",
            "OEBPS/style.css": "h1 { color: red }",
            "OEBPS/Text/combat.xhtml": combat
            or xhtml(
                "<h1>Бой</h1><p>Раунд длится <em>шесть</em> секунд, см. "
                '<a href="magic.xhtml#fire">огонь</a>.</p>'
                '<p><img src="../Images/map.png" alt="Карта боя"/></p><ul><li>Атака</li><li>Защита</li></ul>'
            ),
            "OEBPS/Text/magic.xhtml": xhtml('<h1>Магия</h1><h2 id="fire">Огонь</h2><p>Жжёт&nbsp;всех.</p>'),
        }
    )


def test_an_epub_is_its_spine_pages_in_order_without_its_table_of_contents(tmp_path):
    r = ingest_one(tmp_path, entry("book.epub"), {"book.epub": epub()})
    assert [p.title for p in r.doc.pages] == ["Бой", "Магия"]
    assert list(r.files) == ["00-boi.md", "01-magiia.md", "index.md"]
    text = "\n".join(r.files.values())
    assert "Оглавление" not in text and "color" not in text
    combat = r.files["00-boi.md"]
    assert "*шесть*" in combat and "[огонь](01-magiia.md#ogon)" in combat
    assert "Карта боя" in combat and "- Атака\n- Защита" in combat
    assert "## Огонь {#ogon}" in r.files["01-magiia.md"] and "Жжёт всех." in r.files["01-magiia.md"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_an_epub_page_the_spine_lists_twice_is_read_once_and_told(tmp_path):
    opf = OPF.replace('<itemref idref="c2"/>', '<itemref idref="c2"/><itemref idref="c1"/>')
    data = zipped({**zipfile_files(epub()), "OEBPS/content.opf": opf})
    r = ingest_one(tmp_path, entry("book.epub"), {"book.epub": data})
    assert [p.title for p in r.doc.pages] == ["Бой", "Магия"]
    assert any("lists a page again, read once: OEBPS/Text/combat.xhtml" in n for n in r.doc.report.notes)


def zipfile_files(data: bytes) -> dict[str, str | bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_a_broken_epub_is_one_line_naming_the_file(tmp_path):
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("book.epub"), {"book.epub": b"PK\x03\x04 not really a zip"})
    assert exc.value.path is not None and exc.value.path.name == "book.epub"
    assert "\n" not in str(exc.value) and "not a readable EPUB" in str(exc.value)
    page = xhtml("<h1>Бой</h1>\n<p>Раунд <em>шесть</p>")
    (tmp_path / "second").mkdir()
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path / "second", entry("book.epub"), {"book.epub": epub(page)})
    message = str(exc.value)
    assert exc.value.path is not None and exc.value.path.name == "book.epub" and "\n" not in message
    assert "OEBPS/Text/combat.xhtml, line 5: not well-formed XHTML" in message


def test_an_epub_page_broken_after_an_html_entity_is_refused_at_its_line(tmp_path):
    """`&nbsp;` (declared by XHTML's DTD, which is not read) is no fault, and does not end the
    check: a tag left open after it is refused as it is on a page without one."""
    page = xhtml("<h1>Бой</h1>\n<p>Раз&nbsp;два.</p>\n<p>Три <b>четыре</p>\n<p>Пять.</p>")
    with pytest.raises(IngestError) as exc:
        ingest_one(tmp_path, entry("book.epub"), {"book.epub": epub(page)})
    message = str(exc.value)
    assert "\n" not in message and "OEBPS/Text/combat.xhtml, line 6: not well-formed XHTML" in message
    (tmp_path / "unknown").mkdir()
    with pytest.raises(IngestError) as exc:  # an entity HTML does not name is no character at all
        ingest_one(tmp_path / "unknown", entry("book.epub"), {"book.epub": epub(xhtml("<p>Раз&nope;</p>"))})
    assert "OEBPS/Text/combat.xhtml, line 4: not well-formed XHTML" in str(exc.value)


def test_an_epub_page_without_a_top_heading_goes_on_from_the_page_before(tmp_path):
    """A chapter split into two files (as converters split long ones) is one page, text before
    the next chapter's heading stays with the chapter it ends, and a cover of one picture without
    alt text makes no page; a book heading its chapters with <h2> has them as its pages."""
    opf = OPF.replace('<itemref idref="nav"/>', '<itemref idref="cover"/>').replace(
        "<manifest>", '<manifest><item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>'
    )
    data = zipped(
        {
            "mimetype": "application/epub+zip",
            "META-INF/container.xml": CONTAINER,
            "OEBPS/content.opf": opf,
            "OEBPS/cover.xhtml": xhtml('<div><img src="cover.jpg" alt=""/></div>'),
            "OEBPS/Text/combat.xhtml": xhtml(
                "<h2>Бой</h2><p>Текст боя.</p><h3>Раунд</h3><p>Шесть секунд.</p>"
            ),
            "OEBPS/Text/magic.xhtml": xhtml("<p>Конец боя.</p><h2>Магия</h2><p>Огонь.</p>"),
        }
    )
    r = ingest_one(tmp_path, entry("book.epub"), {"book.epub": data})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [(1, "Бой"), (2, "Раунд"), (1, "Магия")]
    assert r.files["00-boi.md"].endswith("Шесть секунд.\n\nКонец боя.\n")
    assert coverage.measure(r.doc).ratio == 1.0
