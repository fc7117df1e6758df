"""Bad book entries and sources fail with a message that names the book, the file and the line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulebook.ingest import pipeline
from rulebook.ingest.config import load_books
from rulebook.ingest.errors import IngestError
from rulebook.ingest.tomlfile import KeyLocator

HEAD = '[books.demo]\ntitle = "Demo"\nsystem = "Demo RPG"\nsource = "demo.txt"\n'
TEXT = "Глава 1. Начало\n\nАбзац правил.\n\nРаздел\n\nЕщё абзац."


def project(tmp_path: Path, entry: str = "", text: str = TEXT, head: str = HEAD) -> Path:
    src = tmp_path / "sources"
    src.mkdir()
    (src / "books.toml").write_text(head + entry, encoding="utf-8")
    (src / "demo.txt").write_text(text, encoding="utf-8")
    return tmp_path


def fail(root: Path) -> IngestError:
    with pytest.raises(IngestError) as exc:
        pipeline.run(root, check=True)
    return exc.value


def config_line(root: Path, needle: str) -> int:
    lines = (root / "sources" / "books.toml").read_text(encoding="utf-8").splitlines()
    return next(i for i, ln in enumerate(lines, start=1) if needle in ln)


def test_a_well_formed_entry_ingests(tmp_path):
    (result,) = pipeline.run(
        project(tmp_path, '[books.demo.headings]\nmode = "isolated_short"\n'), check=True
    )
    assert result.book.slug == "demo" and "index.md" in result.files


def test_missing_source_names_book_registry_line_and_file(tmp_path):
    root = project(tmp_path, head=HEAD.replace("demo.txt", "lost.txt"))
    err = fail(root)
    assert err.book == "demo" and err.path == root / "sources" / "books.toml"
    assert err.line == config_line(root, "source =") == 4
    assert "lost.txt" in err.message
    assert str(err).startswith(f"[demo] {root / 'sources' / 'books.toml'}:4: source file ")


@pytest.mark.parametrize(
    ("entry", "needle"),
    [
        ('description = "an unclosed string\n', "description"),
        ('[books.demo.headings\nmode = "numbered"\n', "headings"),
    ],
)
def test_a_toml_syntax_error_names_its_line(tmp_path, entry, needle):
    """Python before 3.14 gives the line only inside tomllib's message."""
    root = project(tmp_path, entry)
    err = fail(root)
    assert err.line == config_line(root, needle)
    assert err.message.startswith("invalid TOML: ") and "(at line" not in err.message


def test_a_slug_in_cyrillic_letters_is_told_that_a_slug_is_ascii(tmp_path):
    root = project(tmp_path)
    reg = root / "sources" / "books.toml"
    reg.write_text(reg.read_text(encoding="utf-8").replace("[books.demo]", "[books.демо]"), encoding="utf-8")
    err = fail(root)
    assert err.line == config_line(root, "[books.демо]")
    assert "a book's slug: short lower-case ASCII" in err.message
    # another syntax error says nothing of slugs
    reg.write_text(
        reg.read_text(encoding="utf-8").replace("[books.демо]", '[books.demo]\ntitle = "x'), encoding="utf-8"
    )
    assert "slug" not in fail(root).message


def test_a_mistake_in_a_search_glossary_stops_the_ingest_at_its_line(tmp_path):
    """Not only the site's build: `rulebook ingest` (and its check) reads the glossaries too."""
    root = project(tmp_path, 'glossary = "demo.glossary.toml"\n')
    g = root / "sources" / "demo.glossary.toml"
    g.write_text('[[alias]]\nfrom = "хиты"\ntoo = ["раны"]\n', encoding="utf-8")
    err = fail(root)
    assert str(err) == f"[demo] {g}:3: [[alias]] has an unknown key 'too'; it takes from and to"
    g.write_text('[[alias]]\nfrom = "хиты"\nto = ["раны"]\n', encoding="utf-8")
    common = root / "sources" / "common.glossary.toml"
    common.write_text('[[synonym]]\nterms = ["ОД"]\n', encoding="utf-8")
    assert str(fail(root)).startswith(f"{common}:2: ")  # at the line of `terms`
    common.write_text('[[synonym]]\nterms = ["ОД", "очки действия"]\n', encoding="utf-8")
    pipeline.run(root, check=True)


def test_unknown_heading_mode_points_at_the_mode_line(tmp_path):
    root = project(tmp_path, '\n[books.demo.headings]\nmax_length = 60\nmode = "bold_caps"\n')
    err = fail(root)
    assert (err.book, err.line) == ("demo", config_line(root, "mode ="))
    assert "headings.mode: unknown value 'bold_caps'" in err.message and "isolated_short" in err.message


def test_unknown_key_points_at_its_line(tmp_path):
    root = project(tmp_path, 'descripton = "typo"\n')
    err = fail(root)
    assert err.line == config_line(root, "descripton")
    assert err.message == "descripton: unknown key (did you mean 'description'?)"


def test_bad_regular_expression_points_at_its_line(tmp_path):
    root = project(tmp_path, "\n[books.demo.chrome]\njunk = ['^Меню(']\n")
    err = fail(root)
    assert err.line == config_line(root, "junk =") and "chrome.junk[1]: bad regular expression" in err.message


def test_footnote_pattern_without_marker_group_is_rejected(tmp_path):
    root = project(tmp_path, "\n[books.demo.tables]\nfootnote = ['^\\d (?P<body>.+)$']\n")
    err = fail(root)
    assert err.line == config_line(root, "footnote =") and "needs the group(s) 'marker'" in err.message


def test_table_row_with_more_cells_than_its_header_fails_at_the_row(tmp_path):
    text = "Вступление.\n\nИмя\tЗначение\nАльфа\t1\nБета\t2\tлишнее\n\nКонец."
    root = project(tmp_path, text=text)
    err = fail(root)
    assert (err.book, err.path, err.line) == ("demo", root / "sources" / "demo.txt", 5)
    assert "row has 3 cells but the table at line 3 has 2 columns" in err.message


def test_line_inside_a_table_that_is_not_a_declared_group_row_fails(tmp_path):
    text = "Имя\tЗначение\nГруппа без двоеточия\nАльфа\t1\nБета\t2"
    root = project(tmp_path, "\n[books.demo.tables]\nsection_row = ':$'\n", text=text)
    err = fail(root)
    assert (err.path.name, err.line) == ("demo.txt", 2) and "tables.section_row" in err.message


def test_key_value_table_without_key_value_lines_fails_at_its_caption(tmp_path):
    text = "Таблица 1-1: Шкала\n\nПросто абзац без разделителя.\n\nЕщё абзац."
    entry = '\n[books.demo.tables]\ncaption = \'^Таблица (?P<num>\\d+-\\d+): .+$\'\nkv = { "1-1" = " = " }\n'
    err = fail(project(tmp_path, entry, text=text))
    assert (err.path.name, err.line) == ("demo.txt", 1) and "tables.kv" in err.message


def test_key_value_table_declared_for_an_absent_caption_fails_at_the_declaration(tmp_path):
    entry = '\n[books.demo.tables]\ncaption = \'^Таблица (?P<num>\\d+-\\d+): .+$\'\nkv = { "9-9" = " = " }\n'
    root = project(tmp_path, entry)
    err = fail(root)
    assert (err.path.name, err.line) == ("books.toml", config_line(root, "kv =")) and "'9-9'" in err.message


def test_stale_outline_entry_fails_at_its_line(tmp_path):
    entry = (
        '\n[books.demo.headings]\nmode = "isolated_short"\n\n'
        '[books.demo.headings.outline]\n"Раздел" = 2\n"Нет такого" = 3\n'
    )
    root = project(tmp_path, entry)
    err = fail(root)
    assert err.line == config_line(root, '"Нет такого"') and "matches no heading" in err.message


def test_declared_missing_table_caption_must_exist(tmp_path):
    root = project(tmp_path, '\n[books.demo.tables]\norphan_captions = ["Потерянная таблица"]\n')
    err = fail(root)
    assert err.line == config_line(root, "orphan_captions") and "Потерянная таблица" in err.message


def test_declared_lost_list_must_match_a_paragraph(tmp_path):
    root = project(tmp_path, "lost_lists = ['^Следующие пункты:$']\n")
    err = fail(root)
    assert err.line == config_line(root, "lost_lists") and "matches no paragraph" in err.message


def test_unknown_book_on_the_command_line(tmp_path):
    with pytest.raises(IngestError, match=re.escape("unknown book 'nope' (known: demo)")):
        pipeline.run(project(tmp_path), ["nope"], check=True)


def test_key_locator_finds_keys_in_tables_arrays_of_tables_and_array_elements():
    text = (
        "[books.a]\ntitle = 'A'\n\n[books.a.headings]\nmode = 'x'\n"
        "glued = [\n  'Один', \"Два\",\n  'Три',\n]\n"
        '\n[books.a.headings.outline]\n"Глава" = 2\n\n[[books.a.xrefs]]\nkind = "title"\n'
        "\n[[books.a.xrefs]]\nkind = 'number'\n"
    )
    loc = KeyLocator(text)
    assert loc.line("books", "a", "title") == 2
    assert loc.line("books", "a", "headings", "mode") == 5
    assert [loc.line("books", "a", "headings", "glued", i) for i in range(3)] == [7, 7, 8]
    assert loc.line("books", "a", "headings", "outline", "Глава") == 12
    assert loc.line("books", "a", "xrefs", 0, "kind") == 15
    assert loc.line("books", "a", "xrefs", 1, "kind") == 18
    assert loc.line("books", "a", "headings", "nothing") == 4  # falls back to the enclosing table


def test_every_registered_book_loads():
    root = Path(__file__).resolve().parents[2]
    books = load_books(root / "sources" / "books.toml")
    assert books and all(b.title and b.source.exists() for b in books)


@pytest.mark.parametrize(
    ("entry", "message", "needle"),
    [
        ("\n[books.demo.chrome]\nstart = '^Начлао$'\n", "chrome.start '^Начлао$' matches no line", "start ="),
        ("\n[books.demo.chrome]\nfooter = '^© '\n", "chrome.footer '^© ' matches no line", "footer ="),
        (
            "\n[books.demo.chrome]\njunk = ['^Абзац правил.$', '^Реклама$']\n",
            "chrome.junk '^Реклама$'",
            "junk =",
        ),
        ("\n[books.demo.chrome]\nstrip = [' Далее$']\n", "chrome.strip ' Далее$' matches no line", "strip ="),
        (
            "\n[books.demo.chrome]\nstart = '^Глава'\nmeta = { credit = '^Перевод: ' }\n",
            "chrome.meta.credit matches no dropped line",
            "meta =",
        ),
        (
            "\n[books.demo.headings]\nglued = ['Раздел', 'Нет такого']\n",
            "glued entry 'Нет такого'",
            "glued =",
        ),
    ],
)
def test_a_chrome_pattern_or_glued_title_that_matches_nothing_is_an_error(tmp_path, entry, message, needle):
    """A typo would publish the chrome it was meant to drop, or leave a heading glued."""
    root = project(tmp_path, entry)
    err = fail(root)
    assert message in err.message and err.line == config_line(root, needle)


@pytest.mark.parametrize(
    ("head", "needle"),
    [
        (HEAD.replace('"Demo"', '"   "'), "title ="),
        (HEAD.replace('"Demo RPG"', '"\\t"'), "system ="),
        (HEAD + 'title_line = " "\n', "title_line ="),
    ],
)
def test_a_title_of_spaces_is_refused_as_an_empty_one_is(tmp_path, head, needle):
    """It would be an empty heading and an empty navigation entry on the site."""
    root = project(tmp_path, head=head)
    err = fail(root)
    assert "must not be only spaces" in err.message and err.line == config_line(root, needle)


def test_an_empty_title_line_is_the_default_and_an_empty_title_an_error(tmp_path):
    """`title_line = ""` says «the default» (the entry's title), as leaving it out does."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (r,) = pipeline.run(project(tmp_path / "a", head=HEAD + 'title_line = ""\n'), check=True)
    assert (
        r.doc.pages
        and "must not be empty" in fail(project(tmp_path / "b", head=HEAD.replace('"Demo"', '""'))).message
    )


def test_a_placement_after_a_heading_the_book_does_not_have_is_an_error(tmp_path):
    """A renamed heading would otherwise drop its calculator from the site without a word."""
    entry = '\n[[books.demo.placements]]\nafter = "^Раздел$"\nwidget = "sheet-link"\n'
    entry += '\n[[books.demo.placements]]\nafter = "^Раздле$"\nwidget = "sheet-link"\n'
    root = project(tmp_path, entry)
    err = fail(root)
    assert "placements[2].after '^Раздле$' matches no heading" in err.message
    assert err.line == config_line(root, "Раздле")


@pytest.mark.parametrize(
    ("widget", "message"),
    [
        ("calculator | chek", "placements[1].widget: unknown calculator 'chek' (known: "),
        ("calculater | check", "placements[1].widget: unknown block 'calculater | check'"),
        ("sheet-link | x", "placements[1].widget: unknown block 'sheet-link | x'"),
    ],
)
def test_a_placement_of_a_block_that_does_not_exist_is_an_error_at_its_line(tmp_path, widget, message):
    """Only the site's build said so, naming the generated page, not the entry."""
    root = project(tmp_path, f'\n[[books.demo.placements]]\nafter = "^Раздел$"\nwidget = "{widget}"\n')
    err = fail(root)
    assert message in err.message and err.line == config_line(root, "widget =")


@pytest.mark.parametrize(
    ("source", "files", "message"),
    [
        ("pages", {"pages/readme.txt": "Текст."}, "the folder 'pages' holds .txt files: a folder holds"),
        ("pages", {"pages/logo.png": "PNG"}, "the folder 'pages' holds no .html or .md pages"),
        ("book.txt", {"book.txt/part1.txt": "Текст."}, "book.txt is a folder, not a text file"),
    ],
)
def test_a_source_that_is_a_folder_of_no_pages_says_what_it_holds(tmp_path, source, files, message):
    """Not «not found» for a file or folder that is there."""
    root = project(tmp_path, head=HEAD.replace('"demo.txt"', f'"{source}"'))
    for name, text in files.items():
        (root / "sources" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "sources" / name).write_text(text, encoding="utf-8")
    err = fail(root)
    assert message in err.message and err.line == config_line(root, "source =")


def test_order_on_a_single_file_source_is_an_error(tmp_path):
    """It would be ignored: the reading order a user meant to give does not happen."""
    root = project(tmp_path, head=HEAD + 'order = ["demo.txt"]\n')
    err = fail(root)
    assert "order: applies to a folder source only" in err.message
    assert err.line == config_line(root, "order =")


def test_a_folder_of_pages_saved_with_their_images_and_styles_reads_its_pages(tmp_path):
    """A page saved «complete» keeps its images, styles and scripts beside it: they are not
    pages, and not an unknown kind of source."""
    root = project(tmp_path, head=HEAD.replace('"demo.txt"', '"pages"'))
    (root / "sources" / "pages").mkdir()
    (root / "sources" / "pages" / "a.html").write_text("<h1>Бой</h1><p>Текст.</p>", encoding="utf-8")
    for name in ("logo.png", "site.css", "app.js"):
        (root / "sources" / "pages" / name).write_bytes(b"\x89PNG")
    (result,) = pipeline.run(root, check=True)
    assert result.book.kind == "html" and "Текст." in result.files["00-boi.md"]


def test_a_line_glued_above_tab_rows_quotes_the_rows_and_names_every_way_out(tmp_path):
    """A copied PDF's running header and page number carry TABs: the paragraph line above them
    is «glued above a table», and only the quoted rows show that they are the page's chrome."""
    first = "Первая строка длинного абзаца, который на этой странице не кончается, а переходит"
    text = f"Раздел\n\n{first}\nПримерная книга\t7\nexample.org\t7/30\nна следующую.\n"
    err = fail(project(tmp_path, text=text))
    assert err.line == 3 and "\n" not in str(err)
    assert "(line 4: «Примерная книга ⇥ 7»" in err.message
    assert "headings.glued" in err.message and "tables.caption" in err.message
    assert "chrome.junk" in err.message


SIDE_BY_SIDE = """\
                 Пепел и сталь — краткие правила

Глава 1. Основы                    ность, если персонаж мог бы её
игры                               оценить.

«Пепел и сталь» — настольная       Преимущество — ситуация, в
ролевая игра о наёмниках,          которой обстоятельства
которые охраняют караваны в        помогают персонажу. При пре-
выжженных землях. Один             имуществе бросьте три кости и
участник становится Ведущим,       оставьте две лучшие. Помеха
остальные управляют героями.       действует наоборот: бросьте
"""


def test_a_pdfs_two_columns_set_side_by_side_are_refused_at_the_first_such_line(tmp_path):
    """`pdftotext -layout` keeps a page's columns side by side: read as lines, each paragraph
    would be half of two; the text of `pdftotext -raw` has them one after the other."""
    err = fail(project(tmp_path, text=SIDE_BY_SIDE))
    assert str(err).startswith("[demo] ") and "demo.txt:3: " in str(err)
    assert "side by side" in str(err) and "pdftotext -raw" in str(err) and "\n" not in str(err)


SPACE_TABLE = """\
Глава 1. Состояния

Состояния и их действие:

Лёгкое ранение       Штраф к броскам ловкости до конца сцены.
Среднее ранение      Скорость вдвое меньше, штраф к атакам.
Тяжёлое ранение      Персонаж падает и не может бежать.
Полная слепота       Все атаки по персонажу с преимуществом.
Глубокий сон         Персонаж не видит и не слышит бой.
Сильный страх        Персонаж отходит от источника страха.
"""


def test_a_table_aligned_with_spaces_is_no_pdfs_two_columns(tmp_path):
    """Two runs of words on each line, as a PDF's page side by side, but each row starts a
    sentence of its own: a table the text aligned with spaces, read (its words all reach the
    site), not refused."""
    (result,) = pipeline.run(project(tmp_path, text=SPACE_TABLE), check=True)
    assert "Персонаж падает" in "\n".join(result.files.values())


@pytest.mark.parametrize(
    ("files", "kind"),
    [
        ({"vault/Бой.md": "# Бой\n\nТекст.", "vault/attachments/лог.txt": "лог"}, "markdown"),
        ({"site/boi.html": "<h1>Бой</h1><p>Текст.</p>", "site/docs/README.md": "# Readme"}, "html"),
    ],
)
def test_a_text_or_a_readme_deeper_in_a_folder_of_pages_does_not_refuse_it(tmp_path, files, kind):
    """A .txt below the top of a folder source is an attachment, and a Markdown README in a site
    of HTML pages is the site's: the folder is the kind of pages at its top."""
    folder = next(iter(files)).split("/")[0]
    root = project(tmp_path, head=HEAD.replace('"demo.txt"', f'"{folder}"'))
    for name, text in files.items():
        (root / "sources" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "sources" / name).write_text(text, encoding="utf-8")
    (book,) = load_books(root / "sources" / "books.toml", root / "sources")
    assert book.kind == kind
