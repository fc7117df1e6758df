"""The registry loader: every mistake a user can write in books.toml is one line that names the
file and the line, with «did you mean» for typos, and nothing is written."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from rulebook.books import load_registry
from rulebook.ingest import pipeline
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Heading

HEAD = '[books.demo]\ntitle = "Demo"\nsystem = "Demo RPG"\nsource = "demo.txt"\n'
TEXT = "Глава 1. Начало\n\nАбзац правил.\n\nРаздел\n\nЕщё абзац."


def project(tmp_path: Path, toml: str, text: str = TEXT) -> Path:
    (tmp_path / "sources").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "sheet.md").write_text("# Лист\n", encoding="utf-8")
    (tmp_path / "docs" / "assets").mkdir()
    (tmp_path / "docs" / "assets" / "keep.png").write_bytes(b"png")
    (tmp_path / "sources" / "books.toml").write_text(toml, encoding="utf-8")
    (tmp_path / "sources" / "demo.txt").write_text(text, encoding="utf-8")
    return tmp_path


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "docs").rglob("*")) if p.is_file()
    }


def fails(tmp_path: Path, toml: str, text: str = TEXT) -> tuple[IngestError, Path]:
    root = project(tmp_path, toml, text)
    before = snapshot(root)
    with pytest.raises(IngestError) as exc:
        pipeline.run(root)
    assert snapshot(root) == before, "a failed ingest changed docs/"
    err = exc.value
    assert "\n" not in str(err) and err.path is not None
    return err, root


def line_of(root: Path, needle: str) -> int:
    lines = (root / "sources" / "books.toml").read_text(encoding="utf-8").splitlines()
    return next(i for i, ln in enumerate(lines, start=1) if needle in ln)


BAD = [
    # (entry added under the head, expected words of the message, text of the line it points at)
    (
        "\n[books.demo.headings]\nglue = ['Раздел']\n",
        "headings.glue: unknown key (did you mean 'glued'?)",
        "glue =",
    ),
    ('\n[books.demo.headings]\nmdoe = "numbered"\n', "did you mean 'mode'?", "mdoe"),
    ("\n[books.demo.tables]\ncaptions = '^Таблица'\n", "did you mean 'caption'?", "captions"),
    ('\n[books.demo.tables]\ndelimeter = "tab"\n', "did you mean 'delimiter'?", "delimeter"),
    ('\n[books.demo.headings]\nglued = "Раздел"\n', "", None),  # a single string is one title
    ('\n[books.demo.lists]\nordered_needs_indent = "no"\n', "must be true or false", "ordered_needs_indent"),
    (
        "\n[[books.demo.callouts]]\npattern = '^Пример: (?P<body>.+)$'\ntake = \"two\"\n",
        "callouts[1].take",
        "take =",
    ),
    (
        "\n[[books.demo.callouts]]\npattern = '^П: (?P<body>.+)$'\ntake = \"abc\"\n",
        "must be an integer",
        "take =",
    ),
    (
        "\n[[books.demo.placements]]\nafter = '^Раздел$'\n",
        "placements[1]: the key 'widget' is required",
        "[[books",
    ),
    ('rules = "x"\n', "rules: unknown key", "rules ="),
    ('\n[books.demo.headings]\nrules = "x"\n', "headings.rules: must be a list", "rules ="),
    ("\n[books.demo.headings]\noutline = 5\n", "headings.outline: must be a table", "outline ="),
    ('\n[books.demo.headings.outline]\n"Раздел" = "два"\n', "must be an integer", '"Раздел"'),
    ("\n[books.demo.headings.outline]\nL5 = 2\n", "names a source line", "L5 ="),
    ("\n[books.demo.chrome]\njunk = ['^(а+']\n", "chrome.junk[1]: bad regular expression", "junk ="),
    ("\n[books.demo.headings]\nmax_length = 10000\n", "headings.max_length: must be", "max_length"),
    ("encoding = 5\n", "encoding: must be a string", "encoding"),
    ('encoding = "win-1251"\n', "encoding: unknown encoding 'win-1251'", "encoding"),
    ('glossary = "/etc/hostname"\n', "absolute paths are not allowed", "glossary"),
    ('\n[books.demo.tables]\nhints = "../../../etc/hostname"\n', "points outside sources/", "hints ="),
    ('\n[[books.demo.xrefs]]\npattern = "(?P<ref>x)"\nkind = "titel"\n', "did you mean 'title'?", "kind ="),
    ('\n[[books.demo.xrefs]]\npattern = "x"\nkind = "title"\n', "needs the group(s) 'ref'", "pattern ="),
    (
        '\n[[books.demo.xrefs]]\npattern = "(?P<ref>x)"\nkind = "title"\naliases = { x = "titel:X" }\n',
        'must be "title:Title"',
        "aliases",
    ),
    ('\n[[books.demo.pages]]\nstart = "^Глава"\nfile = "Глава 1.md"\n', "pages[1].file", "file ="),
    (
        "\n[books.demo.chrome]\ndrop = ['nav']\n",
        "applies to HTML (.html) and Markdown (.md) sources",
        "drop =",
    ),
]


@pytest.mark.parametrize(("entry", "message", "needle"), BAD, ids=[b[1][:40] for b in BAD])
def test_a_mistake_in_an_entry_is_one_line_at_its_line(tmp_path, entry, message, needle):
    if needle is None:  # accepted: checked in its own test
        return
    err, root = fails(tmp_path, HEAD + entry)
    assert message in err.message
    assert err.book == "demo" and err.line == line_of(root, needle)


def test_a_single_glued_title_is_one_title_not_a_list_of_letters(tmp_path):
    from rulebook.ingest.config import load_books

    root = project(tmp_path, HEAD + '\n[books.demo.headings]\nglued = "Раздел"\n')
    (book,) = load_books(root / "sources" / "books.toml")
    assert book.headings.glued == ["Раздел"]


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("foo = 1\n" + HEAD, "foo: unknown top-level key"),
        (HEAD + '\n[bookz.x]\ntitle = "X"\n', "bookz: unknown top-level key (did you mean 'books'?)"),
        (HEAD.replace('title = "Demo"\n', ""), "the key 'title' is required"),
        (HEAD.replace("[books.demo]", "[books.assets]"), "is a path the site already uses"),
        (HEAD.replace("[books.demo]", "[books.sheet]"), "is a path the site already uses"),
        (HEAD.replace("[books.demo]", "[books.search]"), "is a path the site already uses"),
        (HEAD.replace('"demo.txt"', '"/etc/passwd"'), "absolute paths are not allowed"),
        (HEAD.replace('"demo.txt"', '"../../../../etc/passwd"'), "points outside sources/"),
        (
            HEAD.replace('"demo.txt"', '"demo.odt"'),
            "'.odt' (known: .txt, .pdf, .html, .md, .fb2, .fb2.zip, .epub, .docx, or a folder of pages)"
            ": save",
        ),
        (
            HEAD.replace('"demo.txt"', '"demo.mhtml"'),
            "«single file» save; save the page as «Web page, complete»",
        ),
        (
            HEAD.replace('"demo.txt"', '"export.xml"'),
            "MediaWiki's Special:Export) holds its markup, not the page",
        ),
        (
            HEAD.replace('"demo.txt"', '"demo.zip"'),
            "'.zip' (known: .txt, .pdf, .html, .md, .fb2, .fb2.zip, .epub, .docx, or a folder of pages)"
            ": unpack",
        ),
    ],
)
def test_registry_level_mistakes(tmp_path, toml, message):
    err, _ = fails(tmp_path, toml)
    assert message in err.message and err.line is not None


def test_a_registry_with_a_bom_is_read(tmp_path):
    root = project(tmp_path, "")
    (root / "sources" / "books.toml").write_bytes(codecs.BOM_UTF8 + HEAD.encode())
    (result,) = pipeline.run(root, check=True)
    assert result.book.title == "Demo"


def test_a_registry_that_is_not_utf8_fails_at_the_line(tmp_path):
    root = project(tmp_path, "")
    (root / "sources" / "books.toml").write_bytes(HEAD.encode() + 'description = "Бой"\n'.encode("cp1251"))
    with pytest.raises(IngestError, match=r"not valid UTF-8") as exc:
        pipeline.run(root, check=True)
    assert exc.value.line == 5


def test_a_catastrophic_pattern_stops_with_a_message_instead_of_hanging(tmp_path):
    text = "Глава 1. Начало\n\n" + "а" * 40 + "!\n\nАбзац."
    err, root = fails(tmp_path, HEAD + "\n[books.demo.chrome]\njunk = ['^(а|аа)+$']\n", text)
    assert "catastrophic backtracking" in err.message and err.line == line_of(root, "junk =")


def test_a_utf8_book_declared_cp1251_is_refused_naming_the_encoding(tmp_path):
    text = TEXT + "\n\nЭто правила боя: броски, урон и состояния персонажей.\n"
    err, _ = fails(tmp_path, HEAD + 'encoding = "cp1251"\n', text)
    assert err.path.name == "demo.txt" and "mojibake" in err.message and 'encoding = "utf-8"' in err.message


def test_a_file_holding_garbled_text_is_refused(tmp_path):
    garbled = (TEXT + "\n\nЭто правила боя: броски, урон и состояния.").encode().decode("cp1251")
    err, _ = fails(tmp_path, HEAD, garbled)
    assert "UTF-8 shown as Windows-1251" in err.message


def test_the_site_registry_reports_a_book_without_title_in_one_line(tmp_path):
    root = project(tmp_path, HEAD.replace('title = "Demo"\n', ""))
    with pytest.raises(IngestError, match="the key 'title' is required") as exc:
        load_registry(root / "sources" / "books.toml", root / "docs")
    assert exc.value.line == 1


def test_a_table_hint_with_a_wrong_type_is_one_line(tmp_path):
    toml = HEAD + '\n[books.demo.tables]\ndelimiter = "space"\nhints = "demo.tables.toml"\n'
    root = project(tmp_path, toml)
    hints = root / "sources" / "demo.tables.toml"
    hints.write_text('[[table]]\nheader = "А Б"\ncolumns = ["А", "Б"]\nrows = "abc"\n', encoding="utf-8")
    with pytest.raises(IngestError, match=r"table\[1\]\.rows: must be an integer") as exc:
        pipeline.run(root, check=True)
    assert exc.value.path == hints and exc.value.line == 4
    hints.write_bytes(b"\x00\x01\x02binary")
    with pytest.raises(IngestError):
        pipeline.run(root, check=True)


def test_a_text_with_no_heading_at_all_takes_the_entrys_title_as_its_h1(tmp_path):
    root = project(tmp_path, HEAD, "Просто правило, без заголовков. Второе предложение.\n\nЕщё абзац.\n")
    (result,) = pipeline.run(root, check=True)
    (page,) = result.doc.pages
    assert [(h.level, h.text) for h in page.blocks if isinstance(h, Heading)] == [(1, "Demo")]
    assert "\n# Demo {#demo}\n" in next(iter(result.files.values()))


def test_a_folder_of_single_file_saves_says_how_to_save_the_pages(tmp_path):
    root = project(tmp_path, HEAD.replace('"demo.txt"', '"wiki"'))
    (root / "sources" / "wiki").mkdir()
    (root / "sources" / "wiki" / "Ранения.mhtml").write_text("From: <Saved by Blink>\n", encoding="utf-8")
    with pytest.raises(IngestError) as exc:
        pipeline.run(root)
    assert "holds no .html or .md pages (it holds 'Ранения.mhtml': a browser's «single file» save" in str(
        exc.value
    )
    assert exc.value.line == line_of(root, "source =")
