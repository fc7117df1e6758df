"""HTML and Markdown sources keep what the markup says: heading levels, lists (nested, numbered),
tables with row and column spans and header rows, emphasis, links between pages, definition
lists; chrome goes by CSS selector and is reported; every word reaches the page."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rulebook.ingest import coverage, outline, pipeline
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import (
    Admonition,
    DefList,
    Em,
    Heading,
    Link,
    ListBlock,
    Paragraph,
    Strong,
    StrongEm,
    Sup,
    Table,
    at,
    plain,
    walk,
)

from tests.support.sources import ingest_one

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "books"


def project(tmp_path: Path, entries: str, *files: str) -> Path:
    src = tmp_path / "sources"
    src.mkdir(parents=True)
    for f in files:
        p = FIXTURES / f
        (shutil.copytree if p.is_dir() else shutil.copy)(p, src / f)
    (src / "books.toml").write_text(entries, encoding="utf-8")
    return tmp_path


HTML_ENTRY = """[books.srd]
title = "Правила боя"
system = "Пример"
source = "saved-page.html"

[books.srd.chrome]
drop = ["header", ".ad", "footer"]
"""


def run(root: Path) -> pipeline.BookResult:
    (result,) = pipeline.run(root, check=True)
    return result


def test_a_saved_web_page_keeps_its_structure(tmp_path):
    r = run(project(tmp_path, HTML_ENTRY, "saved-page.html"))
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    heads = [(b.level, b.text) for b in blocks if isinstance(b, Heading)]
    assert heads == [(1, "Правила боя"), (2, "Инициатива"), (2, "Действия"), (3, "Основное действие")]
    (ol,) = [b for b in blocks if isinstance(b, ListBlock) and b.ordered]
    assert len(ol.items) == 2 and isinstance(ol.items[1].children[0], ListBlock)
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert table.caption == "Таблица 1: Действия" and len(table.header) == 2
    assert table.header[0][0].rowspan == 2 and table.header[0][1].colspan == 2
    assert table.rows[1].cells[0].colspan == 3
    (dl,) = [b for b in blocks if isinstance(b, DefList)]
    assert [d.term[0].text for d in dl.items] == ["Рывок", "Уклонение"]
    first = blocks[1].inlines
    assert Strong("раундами") in first and Em("шесть секунд") in first
    assert Link("инициативу", "#initsiativa") in first


def test_chrome_selectors_drop_and_report_site_chrome_and_every_word_arrives(tmp_path):
    r = run(project(tmp_path, HTML_ENTRY, "saved-page.html"))
    dropped = " ".join(t for _, t in r.doc.report.dropped)
    assert "Реклама" in dropped and "Конфиденциальность" in dropped and "Форум" in dropped
    page = r.files["00-pravila-boia.md"]
    assert "Реклама" not in page and "трекер" not in page and "font:" not in page
    cov = coverage.measure(r.doc)
    assert cov.ratio == 1.0 and cov.total > 50


def test_a_markdown_source_keeps_its_structure(tmp_path):
    entry = '[books.chase]\ntitle = "Погоня"\nsystem = "Пример"\nsource = "sample.md"\n'
    r = run(project(tmp_path, entry, "sample.md"))
    text = r.files["00-pravila-pogoni.md"]
    assert "## Участники {#uchastniki}" in text and "[участников](#uchastniki)" in text
    assert "| 2–6 | Ничего |" in text and "Рывок\n:   Ещё одна" in text and "**раундами**" in text
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_markdown_sources_blocks_carry_the_lines_of_the_markdown_file(tmp_path):
    """The outline, the warnings and the errors name lines of the .md file, not of the HTML it
    is rendered to on the way."""
    entry = '[books.chase]\ntitle = "Погоня"\nsystem = "Пример"\nsource = "sample.md"\n'
    r = run(project(tmp_path, entry, "sample.md"))
    source = (FIXTURES / "sample.md").read_text(encoding="utf-8").splitlines()
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    seen = {}
    for b in blocks:
        if isinstance(b, Heading | Table | DefList | ListBlock):
            seen.setdefault(type(b).__name__ + (":" + b.text if isinstance(b, Heading) else ""), b.line)
    assert seen == {
        "Heading:Правила погони": 1,
        "Heading:Участники": 5,
        "ListBlock": 7,
        "Heading:Осложнения": 11,
        "Table": 13,
        "DefList": 18,
    }
    (ol,) = [b for b in blocks if isinstance(b, ListBlock) and b.ordered]
    assert [source[it.line - 1] for it in ol.items] == ["1. Беглец", "2. Преследователь"]


def test_a_folder_of_pages_links_between_them_in_the_declared_order(tmp_path):
    entry = (
        '[books.wiki]\ntitle = "Вики"\nsystem = "Пример"\nsource = "pages"\n'
        'order = ["intro.html", "combat.html"]\n\n[books.wiki.chrome]\nroot = "main"\n'
    )
    r = run(project(tmp_path, entry, "pages"))
    assert list(r.files) == ["00-vvedenie.md", "01-boi.md", "index.md"]
    assert "[о бое](01-boi.md#ataka)" in r.files["00-vvedenie.md"]
    assert "[Введение](00-vvedenie.md)" in r.files["01-boi.md"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('\n[books.srd.headings]\nmode = "numbered"\n', r"applies to text \(\.txt\) sources"),
        ('\n[books.srd.chrome]\njunk = ["^x"]\n', r"applies to text \(\.txt\) sources"),
    ],
)
def test_text_only_keys_are_refused_for_markup_sources(tmp_path, extra, message):
    entry = HTML_ENTRY.replace('\n[books.srd.chrome]\ndrop = ["header", ".ad", "footer"]\n', "") + extra
    with pytest.raises(IngestError, match=message):
        run(project(tmp_path, entry, "saved-page.html"))


def test_a_chrome_selector_that_matches_nothing_is_an_error(tmp_path):
    entry = HTML_ENTRY.replace('".ad"', '".advert"')
    with pytest.raises(IngestError, match=r"chrome.drop: '.advert' matches nothing") as exc:
        run(project(tmp_path, entry, "saved-page.html"))
    assert exc.value.line == 7


def test_a_markup_book_is_deterministic(tmp_path):
    a = run(project(tmp_path / "a", HTML_ENTRY, "saved-page.html")).files
    b = run(project(tmp_path / "b", HTML_ENTRY, "saved-page.html")).files
    assert a == b


WIKI = """<html><body><div class="mw-parser-output">
<p>Правила дополняют главу «Бой»<sup class="reference"><a href="#cite_note-1">[1]</a></sup>.</p>
<div id="toc"><ul><li><a href="#a">Погода</a></li><li><a href="#b">Переход</a></li>
<li><a href="#c">Состояния</a></li></ul></div>
<h2 id="a">Погода</h2>
<table><tr><th>Зона</th><th>Эффект</th></tr>
<tr><td>Солончаки</td><td>Переход невозможен;<br />укрытие обязательно</td></tr></table>
<h2 id="b">Переход</h2>
<dl><dd><i>Совет ведущему:</i> не бросайте встречи в бурю.</dd></dl>
<h2 id="c">Состояния</h2>
<dl><dt>Истощение</dt><dd>Помеха на Силу.</dd><dd>Два подряд — не может идти.</dd></dl>
<h2>Примечания</h2>
<ol class="references"><li id="cite_note-1">Глава «Бой», с. 40.</li></ol>
</div></body></html>"""


def test_a_wiki_page_keeps_line_breaks_in_cells_indents_and_footnote_links(tmp_path):
    root = project(
        tmp_path, HTML_ENTRY.replace("saved-page.html", "wiki.html").split("[books.srd.chrome]")[0]
    )
    (root / "sources" / "wiki.html").write_text(WIKI, encoding="utf-8")
    r = run(root)
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    cell = table.rows[0].cells[1].inlines
    assert [type(s).__name__ for s in cell] == ["Text", "Break", "Text"]  # «…невозможен;» / «укрытие…»
    # a description without a term (MediaWiki's «:» indent) is a paragraph, not an empty term
    (dl,) = [b for b in blocks if isinstance(b, DefList)]
    assert [d.term[0].text for d in dl.items] == ["Истощение"]
    tip = next(b for b in blocks if isinstance(b, Paragraph) and Em("Совет ведущему:") in b.inlines)
    assert "не бросайте" in tip.inlines[-1].text
    first = next(b for b in blocks if isinstance(b, Paragraph))
    assert Sup("[1]", "primechaniia") in first.inlines  # the marker links to its note's section
    # the page's own table of contents is reported, with the way out
    assert [w for _, w in r.doc.report.warnings] == [
        "the list at line 3 is only links to headings of the book (a table of contents of the "
        "page?): the site makes its own, drop it with chrome.drop"
    ]


def test_a_blog_post_s_table_in_a_figure_is_captioned_and_the_book_title_is_its_h1(tmp_path):
    page = (
        "<html><head><title>Магия рун – Блог мастера</title></head><body><article>"
        '<h1 class="entry-title">Магия рун</h1><div class="entry-content"><p>Руны.</p>'
        "<figure><table><tr><th>Руна</th><th>Сложность</th></tr><tr><td>Кеназ</td><td>8</td></tr>"
        "</table><figcaption>Руны и их сложность</figcaption></figure></div></article></body></html>"
    )
    entry = '[books.blog]\ntitle = "Руны"\nsystem = "Саги"\nsource = "blog.html"\n'
    root = project(tmp_path, entry + '[books.blog.chrome]\nroot = ".entry-content"\n')
    (root / "sources" / "blog.html").write_text(page, encoding="utf-8")
    r = run(root)
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Руны"]  # not «… – Блог мастера»
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert table.caption == "Руны и их сложность"
    assert not [b for b in blocks if isinstance(b, Paragraph) and b.role == "caption"]


def saved_page(tmp_path, page: str | bytes):
    """A book of one saved page (text as UTF-8, or bytes as they are) and the README's minimal
    entry (no chrome declared), ingested."""
    root = project(tmp_path, HTML_ENTRY.split("\n\n[books.srd.chrome]")[0] + "\n")
    out = root / "sources" / "saved-page.html"
    out.write_bytes(page if isinstance(page, bytes) else page.encode("utf-8"))
    return run(root)


def test_a_page_saved_in_windows_1251_is_read_in_the_charset_its_meta_declares(tmp_path):
    page = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
        "<title>Осада</title></head><body><h1>Осада</h1><p>Ёмкость рва: ещё три дня.</p></body></html>"
    )
    r = saved_page(tmp_path, page.encode("cp1251"))
    texts = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert texts == ["Ёмкость рва: ещё три дня."]


def test_a_word_before_a_superscript_counts_as_reaching_the_page(tmp_path):
    page = "<html><body><h1>Стены</h1><p>ОП = 10 × Толщина<sup>2</sup> + Бонус камня.</p></body></html>"
    r = saved_page(tmp_path, page)
    assert coverage.measure(r.doc).missing == {}


def test_an_image_alone_in_its_block_keeps_its_alt_text_as_a_caption(tmp_path):
    page = (
        "<html><body><h1>Осада</h1><p>Машины требуют расчёта.</p>"
        '<p><a href="t.png"><img src="t.png" alt="Требушет в разрезе: противовес, рычаг"></a></p>'
        '<p>Бьёт навесом <img src="i.png" alt="иконка"> на 300 м.</p><p><img src="x.png" alt=""></p>'
        "</body></html>"
    )
    r = saved_page(tmp_path, page)
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (cap,) = [b for b in blocks if isinstance(b, Paragraph) and b.role == "caption"]
    assert plain(cap.inlines) == "Требушет в разрезе: противовес, рычаг"
    assert "иконка" not in coverage.source_counter(r.doc)  # an icon in a sentence is not text
    assert coverage.measure(r.doc).missing == {}


@pytest.mark.parametrize("chrome", ['root = "div[[x"', 'drop = ["header", "div[[x"]'])
def test_a_malformed_chrome_selector_is_one_line_at_its_line(tmp_path, chrome):
    entry = HTML_ENTRY.replace('drop = ["header", ".ad", "footer"]', chrome)
    with pytest.raises(IngestError, match=r"bad CSS selector 'div\[\[x' \(Malformed") as exc:
        run(project(tmp_path, entry, "saved-page.html"))
    assert exc.value.line == 7 and "\n" not in str(exc.value)


def test_a_row_longer_than_the_header_keeps_its_extra_cells_on_the_page(tmp_path):
    page = (
        "<html><body><h1>Погода</h1><table><tr><th>Погода</th><th>Модификатор</th></tr>"
        "<tr><td>Туман</td><td>−2</td><td>видимость 10 м</td></tr></table></body></html>"
    )
    (text,) = [v for k, v in saved_page(tmp_path, page).files.items() if k != "index.md"]
    assert "<td>видимость 10 м</td>" in text  # a pipe table cuts a row to the header's width


def test_site_chrome_left_in_the_page_is_reported_with_the_selectors_to_drop(tmp_path):
    page = (
        '<html><body><div id="navbar"><a href="/">Форум</a></div><nav><a href="/w">Вики</a></nav>\n'
        "<h1>Осада</h1><p>Таран бьёт ворота.</p>\n"
        '<div class="cookie-banner">Мы используем cookie.</div><footer>© Бастион</footer></body></html>'
    )
    r = saved_page(tmp_path, page)
    ((line, message),) = r.doc.report.warnings
    assert line == 1 and "#navbar, nav, div.cookie-banner, footer look like site chrome" in message
    assert "chrome.drop" in message


def test_a_page_whose_chrome_is_declared_has_no_chrome_warning(tmp_path):
    r = run(project(tmp_path, HTML_ENTRY, "saved-page.html"))
    assert r.doc.report.warnings == []


def test_a_subscript_stays_a_subscript_and_its_words_are_counted(tmp_path):
    page = "<html><body><h1>Яды</h1><p>Пары H<sub>2</sub>S отравляют за 1 раунд.</p></body></html>"
    r = saved_page(tmp_path, page)
    assert coverage.measure(r.doc).missing == {}
    (text,) = [v for k, v in r.files.items() if k != "index.md"]
    assert "Пары H<sub>2</sub>S отравляют" in text


def test_a_table_that_lays_out_a_forum_post_is_read_as_its_content(tmp_path):
    page = (
        '<html><body><table class="forumline"><tr><td class="row1">Грифон</td><td class="row2">'
        "<h2>Правила погони</h2><p>Погоня длится раундами.</p><table><tr><th>Скорость</th><th>Бонус</th>"
        "</tr><tr><td>Высокая</td><td>+2</td></tr></table></td></tr></table></body></html>"
    )
    r = saved_page(tmp_path, page)
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [(b.level, b.text) for b in blocks if isinstance(b, Heading)][1:] == [(2, "Правила погони")]
    (table,) = [b for b in blocks if isinstance(b, Table)]  # the data table, not the layout
    assert [plain(c.inlines) for c in table.rows[0].cells] == ["Высокая", "+2"]


def test_a_bold_run_with_a_space_inside_its_marks_is_bold_and_told(tmp_path):
    """«**Категории размеров **» is printed with its asterisks by Markdown; the writer meant
    bold. Marks with spaces on both sides («2 ** 3») are no run and stay as written."""
    page = "# Размеры\n\n**Категории размеров **\n\nСтепень 2 ** 3 и 4 ** 5 — не жирное.\n"
    entry = '[books.srd]\ntitle = "Размеры"\nsystem = "Пример"\nsource = "sizes.md"\n'
    r = ingest_one(tmp_path, entry, {"sizes.md": page})
    text = "\n".join(r.files.values())
    assert "\n**Категории размеров**\n" in text and "2 \\*\\* 3 и 4 \\*\\* 5" in text
    ((line, message),) = [w for w in r.doc.report.warnings if "bold mark" in w[1]]
    assert (
        at(line) == "sizes.md:3"
        and message == "a bold mark with a space inside it (** word **): read as bold"
    )
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_line_all_in_bold_marks_spaced_on_both_sides_is_bold(tmp_path):
    """«** Жильё (за день) **», a table's title on a line of its own with a space inside each
    mark, was printed with its asterisks; marks that open and close the whole line are a run
    whatever their spaces, while such marks inside a sentence («2 ** 3 и 4 ** 5») stay."""
    page = "# Цены\n\n** Жильё (за день) **\n\n> ** Совет **\n\nСтепень 2 ** 3 и 4 ** 5.\n"
    entry = '[books.srd]\ntitle = "Цены"\nsystem = "Пример"\nsource = "prices.md"\n'
    r = ingest_one(tmp_path, entry, {"prices.md": page})
    text = "\n".join(r.files.values())
    assert "\n**Жильё (за день)**\n" in text and "**Совет**" in text
    assert "2 \\*\\* 3 и 4 \\*\\* 5" in text
    assert [at(line) for line, m in r.doc.report.warnings if "bold mark" in m] == [
        "prices.md:3",
        "prices.md:5",
    ]
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_space_inside_a_bold_mark_goes_outside_it(tmp_path):
    """A label typed with its space inside the closing mark, «**Succeed: **Create», was left as
    asterisks (a word follows the mark), and a space inside an opening mark, «awesome.** High
    difficulties**», was dropped: the page read «awesome.High». The space moves outside."""
    page = (
        "# Исходы\n\n- **Succeed with Style: **Create the aspect.\n\n"
        "Show off and be awesome.** High difficulties** are dire.\n"
    )
    entry = '[books.srd]\ntitle = "Исходы"\nsystem = "Пример"\nsource = "out.md"\n'
    r = ingest_one(tmp_path, entry, {"out.md": page})
    text = "\n".join(r.files.values())
    assert "- **Succeed with Style:** Create the aspect." in text
    assert "be awesome. **High difficulties** are dire." in text
    assert coverage.measure(r.doc).ratio == 1.0


MOVES_ENTRY = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves.md"\n'


def test_a_box_that_begins_with_a_heading_is_a_section_titled_by_it(tmp_path):
    """«> ### Удар» then the move's text: the heading leaves the box to be a section with its own
    id, and the text after the box is that section's; a heading further inside a box keeps its
    place and still gets an id."""
    page = (
        "# Бой\n\nВступление.\n\n> ### Удар\n> Когда **вы атакуете**, бросайте.\n\nПояснение к удару.\n\n"
        "> ### Удар\n> Второй удар.\n\n> Заметка.\n>\n> ### Внутри\n> Текст.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    tops = [(type(b).__name__, getattr(b, "anchor", "")) for b in p.blocks]
    assert tops[:6] == [
        ("Heading", "boi"),
        ("Paragraph", ""),
        ("Heading", "udar"),
        ("Admonition", ""),
        ("Paragraph", ""),
        ("Heading", "udar-2"),
    ]
    inner = [b for b in walk(p.blocks) if isinstance(b, Heading) and b.text == "Внутри"]
    assert inner and inner[0].anchor == "vnutri"
    text = "\n".join(r.files.values())
    assert "### Удар {#udar}" in text and "{#}" not in text


def test_github_alerts_are_boxes_of_their_kind_without_the_marker(tmp_path):
    """«> [!NOTE]» (any case) and its kin: the box of the matching kind, the marker not printed
    and not counted as the book's words; a quote without a marker stays a quote."""
    page = (
        "# Бой\n\nВступление.\n\n> [!NOTE]\n> Заметка.\n\n> [!tip]\n> Совет.\n\n"
        "> [!Important]\n> ### Удар\n> Текст хода.\n\n"
        "> [!WARNING]\n> Осторожно.\n\n> [!CAUTION]\n> Опасно.\n\nТекст.\n\n> Цитата [!NOTE] в строке.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    boxes = [(b.kind, plain(b.children[0].inlines)) for b in p.blocks if isinstance(b, Admonition)]
    assert boxes == [
        ("note", "Заметка."),
        ("tip", "Совет."),
        ("info", "Текст хода."),
        ("warning", "Осторожно."),
        ("danger", "Опасно."),
        ("quote", "Цитата [!NOTE] в строке."),
    ]
    assert [b.text for b in p.blocks if isinstance(b, Heading)] == ["Бой", "Удар"]
    text = "\n".join(r.files.values())
    assert "!!! note" in text and text.count("!NOTE") == 1 and "important" not in text.casefold()
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_documentation_sites_colon_fences_are_boxes_of_their_kind(tmp_path):
    """VitePress's «::: tip Title» … «:::», Docusaurus's and Starlight's «:::note[Title]», nested by
    their colons: boxes of their kind with their title, the fences not printed; a box with a title
    and nothing in it says its title; a kind that is no box keeps its text (told); fences in code
    and a fence nothing closes stay text; what follows a box keeps its file's lines."""
    page = (
        "# Бой\n\n::: tip Порядок раунда\n\n1. Инициатива\n2. Атаки\n\n:::\n\n"
        "::: info опциональное правило\n\n#### Ярость\n\nУдвоенный урон.\n\n:::\n\n"
        ":::warning[Осторожно]\nЛовушки.\n:::\n\n::: info Заметка\n:::\n\n"
        "::::note\nСнаружи.\n\n:::tip\nВнутри.\n:::\n\n::::\n\n"
        "::: raw\nСырой текст.\n:::\n\n```\n::: tip Код\n```\n\n"
        "См. [пропажу](#nowhere).\n\n::: danger Без конца\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    boxes = [
        (b.kind, b.title, [plain(c.inlines) for c in walk(b.children) if isinstance(c, Paragraph)])
        for b in p.blocks
        if isinstance(b, Admonition)
    ]
    assert boxes == [
        ("tip", "Порядок раунда", []),
        ("info", "опциональное правило", ["Удвоенный урон."]),
        ("warning", "Осторожно", ["Ловушки."]),
        ("info", "Заметка", []),
        ("note", "", ["Снаружи.", "Внутри."]),
    ]
    text = "\n".join(r.files.values())
    assert '!!! tip "Порядок раунда"\n\n    1. Инициатива\n    2. Атаки' in text and "Ярость {#" in text
    assert "\n\nСырой текст.\n" in text and "raw" not in text
    assert "&#58;:: tip Код" in text and "&#58;:: danger Без конца" in text  # text, not a box
    said = pipeline.summary(r)
    assert "  unresolved reference at line 42: «пропажу»" in said
    assert any(s.startswith("  note: moves.md:34: «::: raw»") for s in said)
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_sites_component_in_a_markdown_page_is_told(tmp_path):
    """«<Coin :v=1000 />» (a VitePress or MDX site's own component) draws what the page does not
    hold: each is told once per page with its first line and uses, where the price vanished from
    the sentence unsaid; HTML's own elements and components in code are not told."""
    page = (
        '# Цены\n\nМеч стоит <Coin :v=10 /> и <b>дёшев</b>.\n\nЩит: <Coin :v=5 t="s"/>.<br/>\n\n'
        "<Steps>\n\n1. Купить\n\n</Steps>\n\nКод: `<Coin />`.\n\n```\n<Badge />\n```\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    told = [(at(line), m) for line, m in r.doc.report.warnings if "component" in m]
    assert [(where, m.split(" is ")[0]) for where, m in told] == [
        ("moves.md:3", "«<Coin>» (2×, first «<Coin :v=10 />»)"),
        ("moves.md:7", "«<Steps>» (1×, first «<Steps>»)"),
    ]
    text = "\n".join(r.files.values())
    assert "Купить" in text and "дёшев" in text


def test_a_link_leads_to_its_heading_or_is_reported(tmp_path):
    """A link to a move's heading inside a box leads to that heading; a link to an id the source
    does not have is reported and kept as text, not sent to the top of the page."""
    page = (
        "# Бой\n\nСм. [удар](moves.md#удар) и [пропажу](moves.md#nowhere).\n\n"
        "> [!IMPORTANT]\n> ### Удар\n> Текст хода.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    links = [s for b in walk(p.blocks) if isinstance(b, Paragraph) for s in b.inlines if isinstance(s, Link)]
    assert [(s.text, s.target) for s in links] == [("удар", "#udar")]
    assert r.doc.report.unresolved == [(3, "пропажу")]


def test_a_link_to_a_heading_without_an_id_is_unresolved():
    """The resolver never sends a link to the page's top in place of a heading it cannot reach."""
    from collections import Counter

    from rulebook.ingest.converter import PENDING
    from rulebook.ingest.markup import MarkupBook
    from rulebook.ingest.model import Page, Report, Text
    from rulebook.ingest.pagelinks import resolve

    lost = Heading(level=3, text="Удар", line=5)
    para = Paragraph([Link("удар", f"{PENDING}moves.md#udar")], line=3)
    page = Page("00-boi.md", "Бой", [Heading(1, "Бой", 1, anchor="boi"), para, lost], line=1)
    report = Report()
    mb = MarkupBook([], Counter(), report, ["moves.md"], {("moves.md", "udar"): lost})
    resolve(mb, [page], report)
    assert para.inlines == [Text("удар")] and report.unresolved == [(3, "удар")] and report.resolved == 0


def test_a_list_interrupts_a_paragraph_as_on_github(tmp_path):
    """«Бросайте:» then «* …» on the next line is a paragraph and a list (also in a quote), as
    CommonMark reads it; a numbered line that does not start at 1 stays the paragraph's, and so
    do lines in fenced code. The lines reported are still the file's."""
    page = (
        "# Бой\n\nБросайте:\n* сила\n* ловкость\n\n> Выберите:\n> + атака\n> + защита\n\n"
        "Год\n2. не список\n\n```\nкод:\n* не список\n```\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    lists = [
        (b.line, [plain(i.inlines) for i in b.items]) for b in walk(p.blocks) if isinstance(b, ListBlock)
    ]
    assert lists == [(4, ["сила", "ловкость"]), (8, ["атака", "защита"])]
    paras = [plain(b.inlines) for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert paras == ["Бросайте:", "Выберите:", "Год 2. не список", "код: * не список"]
    assert "Бросайте:\n\n- сила\n- ловкость\n" in "\n".join(r.files.values())


def test_italics_inside_bold_and_bold_inside_italics_keep_both(tmp_path):
    """«**сделайте ход *Стойкость* сейчас**»: the move's name stays italic inside the bold run."""
    page = "# Бой\n\n**сделайте ход *Стойкость* сейчас**, затем *бросьте **кубы** снова*.\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (para,) = [b for b in r.doc.pages[0].blocks if isinstance(b, Paragraph)]
    styled = [(type(s).__name__, s.text) for s in para.inlines if isinstance(s, Strong | Em | StrongEm)]
    assert styled == [
        ("Strong", "сделайте ход"),
        ("StrongEm", "Стойкость"),
        ("Strong", "сейчас"),
        ("Em", "бросьте"),
        ("StrongEm", "кубы"),
        ("Em", "снова"),
    ]
    text = "\n".join(r.files.values())
    assert "**сделайте ход** <strong><em>Стойкость</em></strong> **сейчас**, затем *бросьте*" in text


def test_a_headings_permalink_is_not_part_of_its_title(tmp_path):
    page = (
        '<html><body><h1 id="osada">Осада<a class="headerlink" href="#osada">¶</a></h1>'
        '<h2 id="taran"><a href="#taran">#</a> Таран</h2><p>Таран бьёт <a href="#osada">§</a> ворота.</p>'
        '<h2 id="rov">Ров <a href="#osada">1</a></h2></body></html>'
    )
    r = saved_page(tmp_path, page)
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert [b.text for b in blocks if isinstance(b, Heading)] == ["Осада", "Таран", "Ров 1"]
    assert r.doc.pages[0].blocks[0].anchor == "osada"
    (para,) = [b for b in blocks if isinstance(b, Paragraph)]
    assert "§" in plain(para.inlines)  # a link in the text stays


def test_a_captions_permalink_is_not_part_of_the_caption(tmp_path):
    # Sphinx links a table's caption as it links a heading: «Table: Size Modifiers¶»
    page = (
        '<html><body><h1>Бой</h1><table><caption><span class="caption-text">Таблица: Размеры</span>'
        '<a class="headerlink" href="#id1" title="Link to this table">¶</a></caption>'
        "<tr><th>Размер</th><th>Модификатор</th></tr><tr><td>Малый</td><td>+1</td></tr></table>"
        "</body></html>"
    )
    r = saved_page(tmp_path, page)
    (table,) = [b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Table)]
    assert table.caption == "Таблица: Размеры"


def test_a_navigation_beside_the_article_inside_main_is_reported_as_chrome(tmp_path):
    page = (
        '<html><body><main><div class="side"><nav class="menu-x"><ul><li><a href="/a">Осада</a></li>'
        '<li><a href="/b">Штурм</a></li></ul></nav></div>\n<article><h1>Осада</h1>'
        "<header>Глава 2</header><p>Таран бьёт ворота.</p><nav>См. также</nav></article></main></body></html>"
    )
    r = saved_page(tmp_path, page)
    ((line, message),) = r.doc.report.warnings
    assert at(line) == "saved-page.html:1" and message.startswith("nav.menu-x look like site chrome")


def test_a_report_about_a_folder_names_the_page_file_of_each_line(tmp_path):
    """Line numbers repeat from page to page: a report about a book of several files says which
    file a line is in, as an error does."""
    src = tmp_path / "sources" / "moves"
    src.mkdir(parents=True)
    (src / "a.md").write_text("# Ходы\n\nПервый ход.\n\nВторой ход.\n", encoding="utf-8")
    (src / "b.md").write_text(
        "# Раны\n\nСм. [Лечение](a.md#lechenie).\n\n**Тяжёлая рана **: минус два.\n", encoding="utf-8"
    )
    entry = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves"\norder = ["a.md", "b.md"]\n'
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    r = run(tmp_path)
    said = pipeline.summary(r)
    assert "  unresolved reference at b.md:3: «Лечение»" in said
    assert any(s.startswith("  warning: b.md:5: a bold mark with a space inside it") for s in said)


def test_an_empty_anchor_before_a_heading_leads_links_to_that_heading(tmp_path):
    """Sphinx puts a label's id on an empty span before the heading (`<span id="x"></span><h2>`),
    old pages an `<a name>`: links to either reach the heading after it."""
    page = (
        '<html><body><h1>Бой</h1><p>См. <a href="#label-zasada">засаду</a> и '
        '<a href="#old-udar">удар</a>.</p><div class="section"><span id="label-zasada"></span>'
        '<h2>Засада</h2><p>Внезапность.</p></div><a name="old-udar"></a><h2>Удар</h2><p>Урон.</p>'
        "</body></html>"
    )
    r = saved_page(tmp_path, page)
    links = [s for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph) for s in b.inlines]
    assert [(s.text, s.target) for s in links if isinstance(s, Link)] == [
        ("засаду", "#zasada"),
        ("удар", "#udar"),
    ]
    assert r.doc.report.unresolved == []


def test_a_link_to_a_page_the_source_does_not_hold_points_outside_it(tmp_path):
    """A page saved from a site links to the site's other pages: those links stay text and are
    told as pointing outside the source; a missing id of a page the source holds is unresolved."""
    page = (
        '<html><body><h1>Бой</h1><p>Бросок <a href="glossary.html#lovkost">Ловкости</a>, '
        '<a href="#nowhere">нигде</a>.</p></body></html>'
    )
    r = saved_page(tmp_path, page)
    assert r.doc.report.external == [(1, "Ловкости")]
    assert r.doc.report.unresolved == [(1, "нигде")]


def test_a_nested_contents_list_is_told_once(tmp_path):
    """A generated page's contents (chapters linking to their page tops, sections nested under
    them) is one warning at its first line, not one per nested list."""
    toc = "".join(
        f'<li><a href="#ch{i}">Глава {i}</a><ul>'
        + "".join(f'<li><a href="#s{i}{j}">Часть {i}.{j}</a></li>' for j in range(3))
        + "</ul></li>"
        for i in range(3)
    )
    body = "".join(
        f'<h1 id="ch{i}">Глава {i}</h1><p>Вступление.</p>'
        + "".join(f'<h2 id="s{i}{j}">Часть {i}.{j}</h2><p>Текст.</p>' for j in range(3))
        for i in range(3)
    )
    page = f'<html><body><div class="contents">\n<ul>{toc}</ul></div>\n{body}</body></html>'
    r = saved_page(tmp_path, page)
    assert r.doc.report.warnings == [
        (
            2,
            "the list at line 2 is only links to headings of the book (a table of contents of the "
            "page?): the site makes its own, drop it with chrome.drop",
        )
    ]


def test_a_word_glued_to_emphasis_is_one_word_as_shown_and_told(tmp_path):
    """«<em>silence</em>spell» shows one word, in the browser and on the book's page: the coverage
    counts it so (it reported «silence» and «spell» lost), and the editor is told where the
    source lost its space. A drop cap, a superscript and a line break glue nothing."""
    page = (
        "<html><body><h1>Бой</h1>\n"
        "<p>Заклинание <em>silence</em>spell и <a href='#x'>Ловкости</a>бонус.</p>\n"
        "<p><b>Ж</b>изнь, 1<sup>st</sup> уровень, строка<br>строка, Удар<span lang='en'>ом</span> и "
        "<a href='#x'>атак</a>ой.</p></body></html>"
    )
    r = saved_page(tmp_path, page)
    assert coverage.measure(r.doc).ratio == 1.0
    said = [(line, w) for line, w in r.doc.report.warnings if "is one word on the page" in w]
    assert [(line, w.split("»")[0]) for line, w in said] == [(2, "«silencespell"), (2, "«Ловкостибонус")]


def test_a_link_that_would_run_code_on_the_site_is_kept_as_text_and_reported(tmp_path):
    """A saved page's «javascript:void(0)» or a data: document would run on the site when
    clicked: its words stay, the link does not, and the report says where it was; a web link
    stays a link."""
    page = (
        "# Бой\n\nСм. [тут](javascript:alert(1)) и <a href=' JaVaScript:alert(2)'>здесь</a>.\n\n"
        "И [там](data:text/html,x), и [сайт](https://example.org/).\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    text = "\n".join(r.files.values())
    assert "тут" in text and "здесь" in text and "там" in text
    assert "javascript" not in text.casefold() and "data:" not in text
    assert "[сайт](https://example.org/)" in text
    warned = [(at(line), w.split(":")[0]) for line, w in r.doc.report.warnings]
    assert warned == [
        ("moves.md:3", "a javascript"),
        ("moves.md:3", "a javascript"),
        ("moves.md:5", "a data"),
    ]
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_soft_hyphen_or_zero_width_space_written_as_an_entity_leaves_the_word_whole(tmp_path):
    """«Бро&shy;сок» is one word on the page and for search, as it is in the browser."""
    page = "<h1>Бой</h1><p>Бро&shy;сок и пере&#8203;зарядка, ини&zwnj;циатива.<!-- Бро&shy;сок --></p>"
    r = ingest_one(tmp_path, MOVES_ENTRY.replace("moves.md", "moves.html"), {"moves.html": page})
    (para,) = [b for b in r.doc.pages[0].blocks if isinstance(b, Paragraph)]
    assert plain(para.inlines) == "Бросок и перезарядка, инициатива."
    assert coverage.measure(r.doc).ratio == 1.0


def test_an_icon_inside_a_sentence_leaves_its_alt_text_in_its_place(tmp_path):
    """A rules site draws an action's cost as an icon («Удар <img alt="одно действие">»): the site
    does not carry the image, so its alt text stands in its place; an empty alt is decoration."""
    page = (
        '<html><body><h1>Действия</h1><p>Удар <img src="a1.png" alt="одно действие"> стоит '
        'действие<img src="dot.png" alt="">.</p></body></html>'
    )
    r = saved_page(tmp_path, page)
    text = "\n".join(r.files.values())
    assert "Удар \\[одно действие\\] стоит действие." in text  # brackets as text, not a link
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_markdown_pages_front_matter_is_metadata_and_its_title_names_the_page(tmp_path):
    """Jekyll's and Obsidian's «---» block is no text: it made a page «title: …» of its own; its
    title names a page that has no heading of its own, on the line that gave it."""
    src = tmp_path / "sources" / "srd"
    src.mkdir(parents=True)
    (src / "a.md").write_text(
        "---\nlayout: page\ntitle: Ходы в бою\ntags: [бой]\n---\n\nУдар стоит одно действие.\n",
        encoding="utf-8",
    )
    (src / "b.md").write_text("---\ntitle: Раны\n---\n# Раны и смерть\n\nРана болит.\n", encoding="utf-8")
    # Hugo's TOML; a «# comment» in a code block is no heading
    hugo = '+++\ntitle = "Погоня"\n+++\n\nБег.\n\n```\n# не заголовок\n```\n'
    (src / "c.md").write_text(hugo, encoding="utf-8")
    entry = (
        '[books.srd]\ntitle = "СРД"\nsystem = "Пример"\nsource = "srd"\norder = ["a.md", "b.md", "c.md"]\n'
    )
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    r = run(tmp_path)
    heads = [(b.text, b.level, b.line) for p in r.doc.pages for b in p.blocks if isinstance(b, Heading)]
    assert heads == [("Ходы в бою", 1, 3), ("Раны и смерть", 1, 4), ("Погоня", 1, 2)]
    text = "\n".join(r.files.values())
    assert "layout: page" not in text and "[бой]" not in text and "title: Раны" not in text
    assert [n for n in r.doc.report.notes if "front matter" in n] == [
        "a.md: lines 1–5 are front matter, read as metadata, not text",
        "b.md: lines 1–3 are front matter, read as metadata, not text",
        "c.md: lines 1–3 are front matter, read as metadata, not text",
    ]
    assert coverage.measure(r.doc).ratio == 1.0


def test_front_matter_that_is_not_yaml_is_an_error_at_its_line(tmp_path):
    """GitHub says «Error in user YAML» over such a page; the importer published its lines as
    text, the closing «---» making «title: [Удар» a heading. A rule, a sentence and a rule
    («---», «Коротко о бое», «---») hold no keys and stay as written."""
    for sub in "abc":
        (tmp_path / sub).mkdir()
    page = "---\nlayout: page\ntitle: [Удар\n---\n\n# Удар\n\nТекст.\n"
    with pytest.raises(IngestError, match=r"moves\.md:3: front matter is not YAML \(expected ',' or ']'"):
        ingest_one(tmp_path / "a", MOVES_ENTRY, {"moves.md": page})
    page = '+++\ntitle = "Удар"\nweight =\n+++\n\n# Удар\n\nТекст.\n'
    with pytest.raises(IngestError, match=r"moves\.md:3: front matter is not TOML \(Invalid value"):
        ingest_one(tmp_path / "b", MOVES_ENTRY, {"moves.md": page})
    r = ingest_one(
        tmp_path / "c", MOVES_ENTRY, {"moves.md": "---\nКоротко о бое: [см. ниже\n---\n\nТекст.\n"}
    )
    assert "Коротко о бое" in "\n".join(r.files.values())


def test_a_heading_left_open_is_named_at_its_line(tmp_path):
    """«<h1>Бой<p>…» with no «</h1>»: the whole page is a heading, in the browser too. The editor is
    told where, not «no text after chrome removal»; a page with text besides gets a warning."""
    page = "<html><body>\n<h1>Бой\n<p>Удар стоит одно действие.</p></body></html>"
    with pytest.raises(IngestError, match=r"saved-page\.html:2: no text outside headings"):
        saved_page(tmp_path / "a", page)
    page = "<html><body>\n<h1>Бой</h1><p>Текст.</p>\n<h2>Удар\n<p>Стоит одно действие.</p></body></html>"
    r = saved_page(tmp_path / "b", page)
    assert [(at(line), w) for line, w in r.doc.report.warnings] == [
        ("saved-page.html:3", "the heading <h2> holds the text after it (no closing tag?)")
    ]


def test_a_fenced_block_keeps_its_lines(tmp_path):
    """GitHub's «```» block (a stat block, a table drawn in text) keeps its lines; it was inline
    code, its lines run together on the page."""
    page = "# Звери\n\nВолк:\n\n```\nСила 12\nЛовкость 14\n```\n\nДальше.\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    ((para,),) = [
        [b for b in p.blocks if isinstance(b, Paragraph) and "Сила" in plain(b.inlines)] for p in r.doc.pages
    ]
    assert [type(i).__name__ for i in para.inlines] == ["Text", "Break", "Text"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_many_links_out_of_the_source_are_counted_not_each_listed_in_the_report(tmp_path):
    """A saved page links to the rest of its site hundreds of times: the report lists the first
    ten and says how many more; the outline lists them all."""
    links = " ".join(f'<a href="other.html#x{i}">Слово{i}</a>' for i in range(12))
    r = saved_page(tmp_path, f"<html><body><h1>Бой</h1><p>См. {links}.</p></body></html>")
    said = pipeline.summary(r)
    assert sum("reference whose target is not in this source" in s for s in said) == 10
    assert "  … 2 more such references (`rulebook ingest --outline srd` lists all)" in said
    assert sum("reference whose target is not in this source" in s for s in outline.lines(r.doc)) == 12


def test_a_code_fence_that_nothing_closes_is_told_at_its_line(tmp_path):
    page = "# Звери\n\n```\nСила 12\n````\n\nДальше ~~~ текст.\n"  # «````» closes no «```»
    (tmp_path / "a").mkdir()
    r = ingest_one(tmp_path / "a", MOVES_ENTRY, {"moves.md": page})
    assert [(at(line), w) for line, w in r.doc.report.warnings] == [
        ("moves.md:3", "a code fence that nothing closes: read as text")
    ]
    assert coverage.measure(r.doc).ratio == 1.0
    closed = "# Звери\n\n```\nСила 12\n```\n\n~~~\nЛовкость 14\n~~~\n\n```roll``` is typed.\n"
    (tmp_path / "b").mkdir()
    assert ingest_one(tmp_path / "b", MOVES_ENTRY, {"moves.md": closed}).doc.report.warnings == []


def test_pages_in_the_subfolders_of_a_folder_source_are_read_by_their_paths(tmp_path):
    """A site's sections are folders (Jekyll, Hugo, MkDocs), and a site with pretty addresses
    keeps each page as `<section>/index.md`: such a source was refused, and its pages, all named
    index.md, could not be moved into one folder. Each page goes by its path in the folder, in
    `order` and in reports; a link finds it by its address (`udar/`, a site-absolute
    `/srd/rany`, `../rany/`). A browser's `<page>_files/` and a hidden folder hold no pages."""
    src = tmp_path / "sources" / "srd"
    for sub in ("udar", "rany", "index_files", ".github"):
        (src / sub).mkdir(parents=True)
    (src / "index.md").write_text("# Правила\n\nСм. [удар](udar/) и [раны](/srd/rany).\n", encoding="utf-8")
    (src / "udar" / "index.md").write_text("# Удар\n\nСм. [раны](../rany/#bol).\n", encoding="utf-8")
    (src / "rany" / "index.md").write_text("# Раны\n\n## Боль {#bol}\n\nБолят.\n", encoding="utf-8")
    (src / "index_files" / "frame.md").write_text("реклама\n", encoding="utf-8")
    (src / ".github" / "bug.md").write_text("# Баг\n\nреклама\n", encoding="utf-8")
    entry = '[books.srd]\ntitle = "СРД"\nsystem = "Пример"\nsource = "srd"\n'
    order = 'order = ["index.md", "udar/index.md", "rany/index.md"]\n'
    (tmp_path / "sources" / "books.toml").write_text(entry + order, encoding="utf-8")
    r = run(tmp_path)
    assert [p.title for p in r.doc.pages] == ["Правила", "Удар", "Раны"]
    assert "реклама" not in "\n".join(r.files.values())
    links = [s for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph) for s in b.inlines]
    assert [(s.text, s.target) for s in links if isinstance(s, Link)] == [
        ("удар", "01-udar.md"),
        ("раны", "02-rany.md"),
        ("раны", "02-rany.md#bol"),
    ]
    (tmp_path / "sources" / "books.toml").write_text(entry + 'order = ["index.md"]\n', encoding="utf-8")
    with pytest.raises(
        IngestError, match=r"order: the folder srd/ also holds rany/index\.md, udar/index\.md"
    ):
        run(tmp_path)


def test_a_word_in_underscore_emphasis_keeps_its_line(tmp_path):
    """«_Ядовитое озеро_»: to a `\\w` boundary the underscore is part of the word, so the word was
    looked for on later lines, and every block after it was given the line where the word came
    next (here the table's): reports named lines far from the text."""
    page = (
        "# Имена\n\n- Опасные места: _Ядовитое озеро_.\n- Ещё одно.\n\n"
        "## Броски\n\nСм. [Формулу](#net-takoi).\n\n| d6 | Имя |\n| -- | -- |\n| 1 | Ядовитое |\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    heads = [(b.text, b.line) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [("Имена", 1), ("Броски", 6)]
    assert r.doc.report.unresolved == [(8, "Формулу")]


def test_a_table_with_an_empty_header_row_keeps_its_lines(tmp_path):
    """GitHub needs a header row, so a table without one is written with an empty one («| | |»).
    That row has no words; the body after it was looked for from the line after the table's first
    word and found where the word came next (another table's), and so were all blocks after it."""
    page = (
        "# Таблицы\n\n|  |  |\n| -- | -- |\n| **d6** | **Имя** |\n| 1 | Волк |\n\n"
        "## Дальше\n\nСм. [Волка](#net-takogo).\n\n|  |  |\n| -- | -- |\n| **d6** | **Зверь** |\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    heads = [(b.text, b.line) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [("Таблицы", 1), ("Дальше", 8)]
    assert r.doc.report.unresolved == [(10, "Волка")]


def test_a_link_by_a_sites_address_without_the_suffix_leads_to_the_page(tmp_path):
    """A site built from the pages (Jekyll, Hugo, MkDocs) links to a page by its address, which
    drops «.md»: «combat», «/rules/combat/#strike». Both were reported as pointing outside the
    source. A name that two pages share as a stem (a.md, a.markdown) is not guessed at."""
    src = tmp_path / "sources" / "srd"
    src.mkdir(parents=True)
    (src / "a.md").write_text(
        "# Intro\n\nSee [combat](combat), [a strike](/rules/combat/#strike) and [chases](chases).\n",
        encoding="utf-8",
    )
    (src / "combat.md").write_text("# Combat\n\n## Strike\n\nOne action.\n", encoding="utf-8")
    entry = '[books.srd]\ntitle = "SRD"\nsystem = "Demo"\nsource = "srd"\norder = ["a.md", "combat.md"]\n'
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    r = run(tmp_path)
    links = [s for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph) for s in b.inlines]
    assert [(s.text, s.target) for s in links if isinstance(s, Link)] == [
        ("combat", "01-combat.md"),
        ("a strike", "01-combat.md#strike"),
    ]
    assert [(at(line), text) for line, text in r.doc.report.external] == [("a.md:3", "chases")]


def test_a_link_written_for_github_finds_its_heading(tmp_path):
    """GitHub's heading ids keep a hyphen for each space («Healing & Recovery» is
    «#healing--recovery») and number repeats («-1»); links written for GitHub went nowhere."""
    page = (
        "# Rules\n\nSee [healing](#healing--recovery), [the second](#notes-1) and [own](#notes).\n\n"
        "## Healing & Recovery\n\nRest.\n\n## Notes\n\nOne.\n\n## Notes\n\nTwo.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    text = "\n".join(r.files.values())
    assert "[healing](#healing-recovery)" in text and "[own](#notes)" in text
    assert "[the second](#notes-2)" in text
    assert r.doc.report.unresolved == []
    # the page's own ids come first: «#attack-1» is the heading «Attack 1», not GitHub's second «Attack»
    page = "# R\n\n[x](#attack-1) [y](#уровень-)\n\n## Attack\n\nA.\n\n## Attack\n\nB.\n\n"
    page += "## Attack 1\n\nC.\n\n## Уровень ½\n\nD.\n"  # GitHub drops «½»
    (tmp_path / "b").mkdir()
    text = "\n".join(ingest_one(tmp_path / "b", MOVES_ENTRY, {"moves.md": page}).files.values())
    assert "[x](#attack-1) [y](#uroven-1-2)" in text  # the headings «Attack 1» and «Уровень ½»


def test_a_link_written_for_a_vitepress_site_finds_its_heading(tmp_path):
    """VitePress and VuePress take the marks off letters («й» is «и»), make each run of spaces and
    punctuation one hyphen, put «_» before a leading digit and number repeats: «#_2-инициатива»,
    «#заявление-заклинании», «#итог-1» went nowhere; GitHub's ids still lead."""
    entry = '[books.vp]\ntitle = "Бой"\nsystem = "Пример"\nsource = "vp"\norder = ["a.md", "b.md"]\n'
    files = {
        "vp/a.md": (
            "# Ссылки\n\nСм. [инициативу](b#_2-инициатива), [заявки](b.md#заявление-заклинании),"
            " [второй итог](b#итог-1), [ёлку](b#елка-еж) и [по-гитхабу](b#ёлка--ёж).\n"
        ),
        "vp/b.md": (
            "# Бой\n\n## 2. Инициатива\n\nКость.\n\n## Заявление заклинаний\n\nЗаявки.\n\n"
            "## Итог\n\nПервый.\n\n## Итог\n\nВторой.\n\n## Ёлка & ёж\n\nХвоя.\n"
        ),
    }
    r = _ingest_folder(tmp_path, entry, files)
    assert r.doc.report.unresolved == []
    a = next(t for t in r.files.values() if "Ссылки" in t)
    assert "[инициативу](01-boi.md#2-initsiativa)" in a and "[заявки](01-boi.md#zaiavlenie-zaklinanii)" in a
    assert "[второй итог](01-boi.md#itog-2)" in a
    assert "[ёлку](01-boi.md#elka-ezh)" in a and "[по-гитхабу](01-boi.md#elka-ezh)" in a


def test_a_soft_hyphen_entity_and_windows_line_ends_keep_the_lines_of_a_markdown_file(tmp_path):
    """«Бро&shy;сок» is found on its own line, not on the next line that spells «Бросок» whole; and
    front matter with Windows line ends is front matter."""
    page = (
        "---\r\ntitle: Глава\r\n---\r\n\r\nБро&shy;сок атаки.\r\n\r\n"
        "Ещё абзац [x](#nowhere).\r\n\r\nБросок защиты.\r\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    paras = [b for p in r.doc.pages for b in p.blocks if isinstance(b, Paragraph)]
    assert [b.line for b in paras] == [5, 7, 9]
    assert r.doc.report.unresolved == [(7, "x")]
    heads = [b.text for p in r.doc.pages for b in p.blocks if isinstance(b, Heading)]
    assert heads == ["Глава"] and not any("title" in plain(b.inlines) for b in paras)


def test_a_permalink_that_is_its_headings_only_anchor_leaves_the_anchor_to_the_heading(tmp_path):
    page = (
        '<html><body><h1>Бой</h1><p>См. <a href="#combat">бой</a>.</p>'
        '<h2><a name="combat" href="#combat">§</a> Схватка</h2><p>Текст.</p></body></html>'
    )
    r = saved_page(tmp_path, page)
    assert r.doc.report.unresolved == []
    assert "[бой](#skhvatka)" in "\n".join(r.files.values())


def test_a_page_that_says_latin_1_is_read_as_browsers_read_it(tmp_path):
    """A browser reads «iso-8859-1» as Windows-1252: its 0x85 is «…», not a next-line control."""
    page = b'<html><head><meta charset="iso-8859-1"></head><body><h1>Fight</h1>'
    r = saved_page(tmp_path, page + b"<p>Wait\x85 then \x93strike\x94.</p></body></html>")
    assert "Wait… then “strike”." in "\n".join(r.files.values())


def test_a_span_inside_a_headings_word_leaves_the_word_whole(tmp_path):
    """A heading is read as the browser shows it: an inline element's edge parts no words
    («Удар<span>ом</span>», an icon font's letter glued to its title). Read with a space at every
    edge, the title on the page had two words where the source has one, and the coverage said
    the source's word was lost."""
    page = (
        '# Приёмы\n\n## Удар<span lang="en">ом</span> щитом\n\nСм. [атак<span>ой</span>](#ударом-щитом).\n\n'
        '### <span class="icon">C</span>Create an <em>Advantage</em>\n\nЕщё.\n'
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    heads = [b.text for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == ["Приёмы", "Ударом щитом", "CCreate an Advantage"]
    links = [s for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph) for s in b.inlines]
    assert [s.text for s in links if isinstance(s, Link)] == ["атакой"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_block_whose_first_word_is_split_by_markup_keeps_its_line(tmp_path):
    """A block's line is found by its first word as the file spells it; read off the block's
    text, «Удар<span>ом</span>» or an icon font's «<span>C</span>Create» is one word the file does
    not hold, and the block was given the line of the block before it."""
    page = (
        "# Приёмы\n\nТекст.\n\n## Удар<span>ом</span> щитом\n\nЕщё.\n\n"
        '### <span class="icon">C</span>Create\n\n<span>C</span>reate it.\n'
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    lines = [
        (b.text if isinstance(b, Heading) else plain(b.inlines), b.line)
        for p in r.doc.pages
        for b in p.blocks
    ]
    assert lines == [
        ("Приёмы", 1),
        ("Текст.", 3),
        ("Ударом щитом", 5),
        ("Ещё.", 7),
        ("CCreate", 9),
        ("Create it.", 11),
    ]


def test_what_a_page_prints_before_its_title_stays_on_its_page(tmp_path):
    """A folder's page may print a line above its H1 (a site's breadcrumb, a back link, a
    badge). Pages are cut at the H1, so that line closed the previous page, and a link to the
    page (which leads to its first block) landed there, at the previous page's last heading."""
    src = tmp_path / "sources" / "srd"
    src.mkdir(parents=True)
    (src / "a.md").write_text("# Intro\n\nRead [combat](combat/).\n\n## Last\n\nEnd.\n", encoding="utf-8")
    (src / "combat.md").write_text("Rules Lite\n\n# Combat\n\nOne action.\n", encoding="utf-8")
    entry = '[books.srd]\ntitle = "SRD"\nsystem = "Demo"\nsource = "srd"\n'
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    r = run(tmp_path)

    def shown(b):
        return plain(b.inlines) if isinstance(b, Paragraph) else b.text

    titles = [[shown(b) for b in p.blocks] for p in r.doc.pages]
    assert titles[1][:2] == ["Combat", "Rules Lite"] and "Rules Lite" not in titles[0]
    links = [s for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph) for s in b.inlines]
    assert [(s.text, s.target) for s in links if isinstance(s, Link)] == [("combat", "01-combat.md")]


def test_an_empty_section_of_a_markup_source_names_a_way_out_it_accepts(tmp_path):
    """The warning named headings.nest (or chrome.start), which only a text source takes: an
    entry that followed it was refused. A Markdown or HTML source levels its headings with
    headings.outline and drops chrome by selector."""
    page = "# Ходы\n\n# Удар\n\nОдно действие.\n\n## Рывок\n\n## Уклон\n\nТекст.\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    said = [w for _, w in outline.empty_sections(r.doc, markup=True)]
    assert said == [
        "the section «Ходы» (H1) is empty: if the headings after it belong under it, give them "
        "a lower level in headings.outline; if it says nothing, drop it with chrome.drop",
        "the section «Рывок» (H2) is empty: if the headings after it belong under it, give them "
        "a lower level in headings.outline; if it says nothing, drop it with chrome.drop",
    ]
    entry = MOVES_ENTRY + '[books.moves.headings.outline]\n"Удар" = 2\n"Уклон" = 3\n'
    (tmp_path / "after").mkdir()
    r = ingest_one(tmp_path / "after", entry, {"moves.md": page})
    assert outline.empty_sections(r.doc, markup=True) == []


def test_a_tag_at_a_lines_start_is_text_not_a_heading(tmp_path):
    """Obsidian's tag line («#бой #правила») is a heading neither on GitHub nor in Obsidian: the
    «#» needs a space after it; «# Бой» and «#» alone stay headings, a fenced «#x» stays code."""
    page = "# Бой\n\n#бой #правила\n\nТекст.\n\n## Атака\n\n```\n#define\n```\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    assert [b.text for b in p.blocks if isinstance(b, Heading)] == ["Бой", "Атака"]
    assert next(plain(b.inlines) for b in p.blocks if isinstance(b, Paragraph)) == "#бой #правила"
    assert coverage.measure(r.doc).ratio == 1.0


def test_obsidian_callouts_are_titled_boxes_of_their_kind(tmp_path):
    """«> [!tip] Засада», a folded «> [!faq]- Вопрос?» and an alias («[!hint]»): boxes of the
    kind Obsidian shows, titled by the marker line's rest, the marker and fold mark not printed;
    a type Obsidian does not know stays the quote's text."""
    page = (
        "# Бой\n\nВступление.\n\n> [!tip] Засада\n> Нападающие ходят первыми.\n\n"
        "> [!FAQ]- Почему нет испуга?\n> Его забывали.\n\n> [!hint]\n> Совет.\n\n"
        "Между.\n\n> [!mine] Нечто\n> Текст.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    boxes = [(b.kind, b.title, plain(b.children[0].inlines)) for b in p.blocks if isinstance(b, Admonition)]
    assert boxes == [
        ("tip", "Засада", "Нападающие ходят первыми."),
        ("question", "Почему нет испуга?", "Его забывали."),
        ("tip", "", "Совет."),
        ("quote", "", "[!mine] Нечто Текст."),
    ]
    assert "[!tip]" not in "\n".join(r.files.values())
    assert coverage.measure(r.doc).ratio == 1.0


def test_an_obsidian_callout_is_titled_by_its_whole_marker_line(tmp_path):
    """Only the marker line's first text was the title: «[!tip] Засада *у реки*» was titled
    «Засада» with the body «у реки Текст засады.», «[!warning] **Опасно**» had no title and the
    body «Опасно Текст.». The title is the whole line as the browser shows it, glued parts kept
    one word («Удар<span>ом</span>»)."""
    page = (
        "# Бой\n\nВступление.\n\n> [!tip] Засада *у реки*\n> Текст засады.\n\n"
        "> [!warning] **Опасно**\n> Текст.\n\n> [!note] Удар<span>ом</span> сверху  \n> Под строкой.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    boxes = [(b.kind, b.title, plain(b.children[0].inlines)) for b in p.blocks if isinstance(b, Admonition)]
    assert boxes == [
        ("tip", "Засада у реки", "Текст засады."),
        ("warning", "Опасно", "Текст."),
        ("note", "Ударом сверху", "Под строкой."),
    ]
    assert coverage.measure(r.doc).ratio == 1.0


def _ingest_folder(root: Path, entry: str, files: dict[str, str]) -> pipeline.BookResult:
    """A one-book project of a folder source: `files` (paths under sources/) and its entry."""
    for name, text in files.items():
        (root / "sources" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "sources" / name).write_text(text, encoding="utf-8")
    (root / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    return run(root)


def test_obsidian_wikilinks_lead_to_the_note_and_its_heading(tmp_path):
    """A vault's «[[Note]]», «[[Note#Heading|alias]]», «[[#Heading]]», a note found by name in
    another folder, an embed «![[Note]]» and a link to a note the vault lacks (reported, kept as
    text); a wikilink in code stays code."""
    entry = '[books.vault]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "vault"\n'
    files = {
        "vault/Бой/Бой.md": (
            "# Бой\n\nСм. [[Манёвры]], [[Снаряжение#Щиты и доспехи|щиты]] и [[#Атака]].\n\n"
            "## Атака\n\n![[Снаряжение]]\n\nЕщё [[Магия]] и `[[код]]`, [[]] и [[#]].\n"
        ),
        "vault/Бой/Манёвры.md": "# Манёвры\n\nПодсечка.\n",
        "vault/Снаряжение.md": "# Снаряжение\n\n## Щиты и доспехи\n\nЩит.\n",
    }
    r = _ingest_folder(tmp_path, entry, files)
    boi = r.doc.pages[0]
    paras = [b for b in walk(boi.blocks) if isinstance(b, Paragraph)]
    got = [(s.text, s.target) for b in paras for s in b.inlines if isinstance(s, Link)]
    pages = {p.title: p.file for p in r.doc.pages}
    assert got == [
        ("Манёвры", pages["Манёвры"]),
        ("щиты", pages["Снаряжение"] + "#shchity-i-dospekhi"),
        ("Атака", "#ataka"),
        ("Снаряжение", pages["Снаряжение"]),
    ]
    assert r.doc.report.external == [(9, "Магия")]  # kept as text, told
    text = r.files[boi.file]
    assert "Магия" in text and any("[[]] и [[#]]" in plain(b.inlines) for b in paras)
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_wikilink_with_an_escaped_pipe_in_a_table_leads_to_its_note(tmp_path):
    """In a table Obsidian writes a wikilink's alias after «\\|» (a bare «|» would end the cell):
    the backslash was read as part of the note's name, a link to a missing «Бой\\.md»."""
    entry = '[books.vault]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "vault"\n'
    files = {
        "vault/Приёмы.md": "# Приёмы\n\n| Приём | Где |\n| --- | --- |\n| удар | [[Бой\\|бой]] |\n",
        "vault/Бой.md": "# Бой\n\nТекст.\n",
    }
    r = _ingest_folder(tmp_path, entry, files)
    pages = {p.title: p for p in r.doc.pages}
    (table,) = [b for b in pages["Приёмы"].blocks if isinstance(b, Table)]
    cell = table.rows[0].cells[1]
    assert [(s.text, s.target) for s in cell.inlines if isinstance(s, Link)] == [("бой", pages["Бой"].file)]
    assert not r.doc.report.external


def test_a_note_without_a_heading_goes_by_its_file_name(tmp_path):
    """An Obsidian note has no H1: the vault shows its file's name as its title, and so does the
    site (a folder's index page: the folder's name; Notion's id suffix is no part of it); a note
    with an H1 or a front matter title keeps that."""
    entry = '[books.vault]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "vault"\n'
    files = {
        "vault/Бой.md": "Текст боя.\n",
        "vault/Погоня/index.md": "Текст погони.\n",
        "vault/Раны 0123456789abcdef0123456789abcdef.md": "Текст ран.\n",
        "vault/Снаряжение.md": "---\ntitle: Вещи\n---\nТекст вещей.\n",
        "vault/Яды.md": "# Отравы\n\nТекст ядов.\n",
    }
    r = _ingest_folder(tmp_path, entry, files)
    assert [p.title for p in r.doc.pages] == ["Бой", "Погоня", "Раны", "Вещи", "Отравы"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_page_that_opens_with_its_only_top_heading_below_h1_is_titled_by_it(tmp_path):
    """A site's Markdown page may start with «### Привал» over «#### …» sections and no H1: that
    heading is the page's title (the H1, its sections raised with it), not the file's name set
    above it; a page with two headings at its top level, or text before its first heading, still
    goes by its file's name."""
    entry = '[books.site]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "site"\n'
    files = {
        "site/a_camp.md": "### Привал\n\nГерои отдыхают.\n\n#### Короткий привал\n\nЧас покоя.\n",
        "site/b_roads.md": "## Тропы\n\nТекст троп.\n\n## Броды\n\nТекст бродов.\n",
        "site/c_weather.md": "Погода меняется.\n\n## Дождь\n\nМокро.\n",
    }
    r = _ingest_folder(tmp_path, entry, files)
    assert [p.title for p in r.doc.pages] == ["Привал", "b_roads", "c_weather"]
    heads = [(b.level, b.text) for p in r.doc.pages for b in p.blocks if isinstance(b, Heading)]
    assert heads == [
        (1, "Привал"),
        (2, "Короткий привал"),
        (1, "b_roads"),
        (2, "Тропы"),
        (2, "Броды"),
        (1, "c_weather"),
        (2, "Дождь"),
    ]
    assert coverage.measure(r.doc).ratio == 1.0


def test_an_empty_page_of_a_folder_is_left_out_and_told_not_the_whole_book_refused(tmp_path):
    """A site's folder or a vault holds empty pages (a placeholder in a site's navigation, the note
    a vault makes for a link clicked before it had text): the ingest stopped at the first one
    («the file is empty»), refusing every other page; it is left out, and the report says so."""
    entry = '[books.site]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "site"\n'
    files = {"site/a.md": "# Бой\n\nТекст боя.\n", "site/b.md": "", "site/c/d.md": " \n\n"}
    r = _ingest_folder(tmp_path, entry, files)
    assert [p.title for p in r.doc.pages] == ["Бой"]
    assert [n for n in r.doc.report.notes if "empty" in n] == [
        "b.md: an empty page: left out",
        "c/d.md: an empty page: left out",
    ]
    assert coverage.measure(r.doc).ratio == 1.0


def test_notions_callouts_are_boxes_without_their_icon(tmp_path):
    """Notion's Markdown export writes a callout as «<aside>» around Markdown, its HTML export as
    «figure.callout» with the icon in a div of its own: a note box holding the text (its
    Markdown read), the icon gone, no chrome warning."""
    md = "# Бой\n\nТекст.\n\n<aside>\n💡 **Засада.** Нападающие ходят первыми.\n\n</aside>\n\nДальше.\n"
    (tmp_path / "md").mkdir()
    (tmp_path / "html").mkdir()
    r = ingest_one(tmp_path / "md", MOVES_ENTRY, {"moves.md": md})
    html = (
        "<html><body><article class='page sans'><header><h1 class='page-title'>Бой</h1></header>"
        "<div class='page-body'><p>Текст.</p><figure class='block-color-gray_background callout' "
        "style='white-space:pre-wrap;display:flex'><div style='font-size:1.5em'><span class='icon'>"
        "💡</span></div><div style='width:100%'><strong>Засада.</strong> Нападающие ходят первыми."
        "</div></figure><p>Дальше.</p></div></article></body></html>"
    )
    entry = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves.html"\n'
    h = ingest_one(tmp_path / "html", entry, {"moves.html": html})
    for result in (r, h):
        (p,) = result.doc.pages
        (box,) = [b for b in p.blocks if isinstance(b, Admonition)]
        assert box.kind == "note" and plain(box.children[0].inlines) == "Засада. Нападающие ходят первыми."
        assert isinstance(box.children[0].inlines[0], Strong)
        assert not result.doc.report.warnings and coverage.measure(result.doc).ratio == 1.0


def test_notions_page_properties_are_metadata_but_a_database_rows_fields_its_text(tmp_path):
    """Notion's Markdown export writes a page's properties as «Key: Value» lines under its title,
    its HTML export as «header table.properties»: metadata, taken out and told, not a paragraph
    or a table of the page; a row page that holds nothing else keeps them, one to a line; a page
    not named by Notion keeps a first «Примечание: …» line as text."""
    notion_id = "0123456789abcdef0123456789abcdef"
    entry = '[books.notion]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "export"\n'
    files = {
        f"export/Бой {notion_id}.md": "# Бой\n\nСтатус: Готово\nТеги: бой, правила\n\nТекст боя.\n",
        f"export/Кинжал {notion_id[::-1]}.md": "# Кинжал\n\nУрон: к4\nЦена: 5 серебра\n",
        "export/Свои.md": "# Свои\n\nПримечание: текст.\n",
    }
    r = _ingest_folder(tmp_path, entry, files)
    paras = {p.title: [plain(b.inlines) for b in p.blocks if isinstance(b, Paragraph)] for p in r.doc.pages}
    assert paras == {
        "Бой": ["Текст боя."],
        "Кинжал": ["Урон: к4  Цена: 5 серебра"],
        "Свои": ["Примечание: текст."],
    }
    assert any("lines 3–4 are Notion's page properties" in n for n in r.doc.report.notes)

    html = (
        "<html><body><article class='page sans'><header><h1 class='page-title'>Бой</h1>"
        "<table class='properties'><tbody><tr class='property-row'><th>Теги</th><td>"
        "<span class='selected-value'>бой</span><span class='selected-value'>правила</span></td></tr>"
        "</tbody></table></header><div class='page-body'><p>Текст боя.</p></div></article></body></html>"
    )
    (tmp_path / "html").mkdir()
    h = ingest_one(tmp_path / "html", entry.replace("export", "boi.html"), {"boi.html": html})
    (p,) = h.doc.pages
    assert not [b for b in p.blocks if isinstance(b, Table)]
    assert any("Notion's page properties" in n and "бой правила" in n for n in h.doc.report.notes)
    assert coverage.measure(r.doc).ratio == 1.0 and coverage.measure(h.doc).ratio == 1.0


def test_a_katex_formula_is_read_once_as_the_browser_shows_it(tmp_path):
    """Notion's equation (KaTeX): its MathML copy with the TeX source is hidden from the reader,
    the formula's words are on the page once."""
    html = (
        "<html><body><h1>Бой</h1><figure class='equation'><div class='equation-container'>"
        "<span class='katex-display'><span class='katex'><span class='katex-mathml'><math><semantics>"
        "<mrow><mtext>Урон</mtext></mrow><annotation encoding='application/x-tex'>\\text{Урон} = к6"
        "</annotation></semantics></math></span><span class='katex-html' aria-hidden='true'>"
        "<span class='mord'>Урон</span><span class='mrel'>=</span><span class='mord'>к6</span>"
        "</span></span></span></div></figure></body></html>"
    )
    entry = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves.html"\n'
    r = ingest_one(tmp_path, entry, {"moves.html": html})
    (p,) = r.doc.pages
    assert [plain(b.inlines) for b in p.blocks if isinstance(b, Paragraph)] == ["Урон=к6"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_display_formula_in_markdown_is_a_formula_box(tmp_path):
    """«$$» lines around a formula (Notion's export, Obsidian, GitHub): a formula box without the
    dollar signs; a price «$$5» inside a sentence stays text."""
    page = "# Бой\n\nТекст.\n\n$$\nУрон = кость + Сила\n$$\n\nЦена $$5 за штуку.\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    (box,) = [b for b in p.blocks if isinstance(b, Admonition)]
    assert box.css == "formula" and plain(box.children[0].inlines) == "Урон = кость + Сила"
    paras = [plain(b.inlines) for b in p.blocks if isinstance(b, Paragraph)]
    assert paras == ["Текст.", "Цена $$5 за штуку."]
    assert "$$\n" not in r.files[p.file] and coverage.measure(r.doc).ratio == 1.0


def test_a_display_formula_is_not_read_as_markdown(tmp_path):
    """A «$$» block was read by Markdown's inline markup before it became a box: «2*k*m» gave
    «2», an emphasised «k» and «m», and «\\\\» one backslash. Its lines are taken as they are (as
    fenced code is), in a quote too, at the file's lines."""
    formula = "Урон = 2*k*m + \\frac{a}{b} \\\\ x_1"
    page = f"# Бой\n\nТекст.\n\n$$\n{formula}\n$$\n\n> Заметка.\n>\n> $$\n> x = a*b*c\n> $$\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    boxes = [a for b in p.blocks for a in _admonitions(b) if a.css == "formula"]
    body = [b.children[0] for b in boxes]
    assert [[type(s).__name__ for s in b.inlines] for b in body] == [["Text"], ["Text"]]
    assert [plain(b.inlines) for b in body] == [formula, "x = a*b*c"]
    assert [b.line for b in boxes] == [6, 12]


def _admonitions(block: object) -> list[Admonition]:
    if not isinstance(block, Admonition):
        return []
    return [block] + [a for c in block.children for a in _admonitions(c)]


def test_a_notion_callout_that_nothing_closes_is_one_line_at_its_line(tmp_path):
    """An «<aside>» with no «</aside>» would make the rest of the page a box: refused at its line."""
    page = "# Бой\n\nТекст.\n\n<aside>\n💡 Засада.\n\n## Атака\n\nТекст.\n"
    with pytest.raises(IngestError) as err:
        ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    message = str(err.value)
    assert message.endswith("moves.md:5: a callout «<aside>» that no «</aside>» line closes: close it")
    assert "\n" not in message


def test_a_notion_database_linked_as_a_csv_is_its_table(tmp_path):
    """Notion's Markdown export links a page's database to its CSV beside the page: the table
    (header first, Notion's byte order mark gone) in the link's place, its words counted; a CSV
    that is not UTF-8 is refused at the link's line."""
    notion_id = "0123456789abcdef0123456789abcdef"
    entry = '[books.notion]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "export"\n'
    link = f"%D0%9E%D1%80%D1%83%D0%B6%D0%B8%D0%B5%20{notion_id}.csv"  # «Оружие <id>.csv»
    page = f"# Снаряжение\n\nОружие:\n\n[Оружие]({link})\n\nКонец.\n"
    src = tmp_path / "sources" / "export"
    src.mkdir(parents=True)
    (src / f"Снаряжение {notion_id}.md").write_text(page, encoding="utf-8")
    csv_file = src / f"Оружие {notion_id}.csv"
    csv_file.write_bytes('\ufeffНазвание,Урон\nКинжал,к4\n"Меч, длинный",к8\n'.encode())
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    r = run(tmp_path)
    (p,) = r.doc.pages
    (table,) = [b for b in p.blocks if isinstance(b, Table)]
    assert [[plain(c.inlines) for c in row] for row in table.header] == [["Название", "Урон"]]
    assert [[plain(c.inlines) for c in row.cells] for row in table.rows] == [
        ["Кинжал", "к4"],
        ["Меч, длинный", "к8"],
    ]
    assert not r.doc.report.external and coverage.measure(r.doc).ratio == 1.0

    csv_file.write_bytes("Название,Урон\nКинжал,к4\n".encode("cp1251"))
    with pytest.raises(IngestError) as err:
        run(tmp_path)
    assert f"Снаряжение {notion_id}.md:5: the table" in str(err.value) and "\n" not in str(err.value)


def test_lines_after_an_inlined_csv_are_the_files(tmp_path):
    """A CSV table adds its rows and two lines to the Markdown, and every line after it was
    reported that much too late («Удар», line 7 of the file, at line 20 with an 11-line CSV):
    the lines are the file's, the table's its link's."""
    entry = '[books.notion]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "export"\n'
    page = "# Бой\n\nВступление\n\n[Оружие](weapons.csv)\n\n## Удар\n\nТекст удара.\n"
    src = tmp_path / "sources" / "export"
    src.mkdir(parents=True)
    (src / "page.md").write_text(page, encoding="utf-8")
    rows = "".join(f"Клинок{i},к{i}\n" for i in range(1, 11))
    (src / "weapons.csv").write_text("Название,Урон\n" + rows, encoding="utf-8")
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    r = run(tmp_path)
    blocks = [b for p in r.doc.pages for b in p.blocks]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    (strike,) = [b for b in blocks if isinstance(b, Heading) and b.text == "Удар"]
    after = [b for b in blocks if isinstance(b, Paragraph) and plain(b.inlines) == "Текст удара."]
    assert (table.line, strike.line, after[0].line) == (5, 7, 9)


def test_a_toggle_is_a_box_titled_by_its_summary(tmp_path):
    """Notion's toggle («ul.toggle > li > details») after a list and a bare «<details>»: boxes
    titled by their summary, not list items holding a space; a subpage link's icon is gone."""
    html = (
        "<html><body><article class='page sans'><header><h1 class='page-title'>Бой</h1></header>"
        "<div class='page-body'><ul class='bulleted-list'><li>факел</li></ul><ul class='toggle'><li>"
        "<details open=''><summary>Что можно унести?</summary><p>Силу плюс пять.</p></details></li></ul>"
        "<details><p>Без заголовка.</p></details><figure class='link-to-page'><a href='raneniia.html'>"
        "<span class='icon'>📄</span>Ранения</a></figure></div></article></body></html>"
    )
    entry = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves.html"\n'
    r = ingest_one(tmp_path, entry, {"moves.html": html})
    (p,) = r.doc.pages
    boxes = [(b.kind, b.title, plain(b.children[0].inlines)) for b in p.blocks if isinstance(b, Admonition)]
    assert boxes == [("note", "Что можно унести?", "Силу плюс пять."), ("note", "", "Без заголовка.")]
    (lst,) = [b for b in p.blocks if isinstance(b, ListBlock)]
    assert len(lst.items) == 1
    assert "📄" not in r.files[p.file] and coverage.measure(r.doc).ratio == 1.0


def test_a_toggle_summary_is_titled_as_the_browser_shows_it(tmp_path):
    """A summary was read with a space at every element's edge: «Удар<span>ом</span>» titled the
    box «Удар ом», two words the page does not show."""
    html = (
        "<html><body><article class='page sans'><header><h1 class='page-title'>Бой</h1></header>"
        "<div class='page-body'><p>Текст.</p><details><summary>Удар<span>ом</span> <b>щита</b></summary>"
        "<p>Сбивает с ног.</p></details></div></article></body></html>"
    )
    entry = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves.html"\n'
    r = ingest_one(tmp_path, entry, {"moves.html": html})
    (p,) = r.doc.pages
    assert [b.title for b in p.blocks if isinstance(b, Admonition)] == ["Ударом щита"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_notion_address_of_an_exported_page_leads_to_it(tmp_path):
    """«https://www.notion.so/<page id>?pvs=21#<block id>»: in the HTML export the block (its
    element's id), in Markdown the page; an address of a page the export lacks stays external."""
    page_id, block_id, other = (
        "0123456789abcdef0123456789abcdef",
        "fedcba9876543210fedcba9876543210",
        "1" * 32,
    )
    entry = '[books.notion]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "export"\n'
    link = f"https://www.notion.so/{page_id}?pvs=21#{block_id}"
    html = (
        f"<html><body><article><header><h1 class='page-title'>Бой</h1></header><div class='page-body'>"
        f"<p>См. <a href='{link}'>состояния</a> и <a href='https://www.notion.so/{other}'>чужое</a>.</p>"
        "<h2 id='fedcba98-7654-3210-fedc-ba9876543210'>Состояния</h2><p>Текст.</p>"
        "</div></article></body></html>"
    )
    md = f"# Бой\n\nСм. [состояния]({link}).\n\n## Состояния\n\nТекст.\n"
    for kind, text in (("html", html), ("md", md)):
        root = tmp_path / kind
        (root / "sources" / "export").mkdir(parents=True)
        (root / "sources" / "export" / f"Бой {page_id}.{kind}").write_text(text, encoding="utf-8")
        (root / "sources" / "books.toml").write_text(entry, encoding="utf-8")
        r = run(root)
        (p,) = r.doc.pages
        paras = [b for b in p.blocks if isinstance(b, Paragraph)]
        got = [(s.text, s.target) for b in paras for s in b.inlines if isinstance(s, Link)]
        want = [("состояния", "#sostoianiia" if kind == "html" else "#boi")]
        if kind == "html":
            want.append(("чужое", f"https://www.notion.so/{other}"))
        assert got == want


def test_obsidian_comments_are_left_out_and_told(tmp_path):
    """«%%…%%» (inline or over lines) is hidden in Obsidian's reading view: not published, told at
    its line; a «%%» in code, or one that nothing closes, stays."""
    page = (
        "# Бой\n\nТекст %%мастеру: враг лжёт%% дальше.\n\n%%\nСпойлер:\nпредатель — мельник.\n%%\n\n"
        "Код `%%x%%` и 50%% скидки.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    (p,) = r.doc.pages
    paras = [plain(b.inlines) for b in p.blocks if isinstance(b, Paragraph)]
    assert paras == ["Текст дальше.", "Код %%x%% и 50%% скидки."]
    assert [n for n in r.doc.report.notes if "comment" in n] == [
        "moves.md:3: an Obsidian comment (%%…%%), hidden when read: left out",
        "moves.md:5: an Obsidian comment (%%…%%), hidden when read: left out",
    ]
    assert "мельник" not in r.files[p.file] and coverage.measure(r.doc).ratio == 1.0


def test_a_paragraph_opening_with_a_quote_keeps_its_line(tmp_path):
    """«*"Ты бьёшь его в лицо?"*», «&#x23E3; &nbsp; Бросьте…»: a quote, a symbol or an entity before
    the first word is no mark, so the line was skipped for the next one that begins with the word,
    and every block after it was given a line past it (the outline put a section hundreds of lines
    down)."""
    page = (
        '# Цели\n\n*"Ты бьёшь его в лицо? Ты хочешь его вырубить?"*\n\n'
        "## Броски\n\n&#x23E3; &nbsp; Бросьте кубы.\n\n## Итог\n\nБросьте снова.\n\n"
        "См. [Формулу](#net-takoi).\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    heads = [(b.text, b.line) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [("Цели", 1), ("Броски", 5), ("Итог", 9)]
    assert r.doc.report.unresolved == [(13, "Формулу")]


def test_an_html_pages_aside_is_a_sidebar_told_as_chrome_not_a_callout(tmp_path):
    # a saved page's <aside class="sidebar"> is the site's: told as chrome, not a note box;
    # Notion's Markdown «<aside>» lines are callouts (the test above)
    page = (
        "<html><body><h1>Бой</h1><p>Текст боя.</p>"
        '<aside class="sidebar"><p>Меню сайта: Главная Форум</p></aside></body></html>'
    )
    r = saved_page(tmp_path, page)
    assert not [b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Admonition)]
    assert any("aside.sidebar" in message for _line, message in r.doc.report.warnings)


def test_a_one_file_books_preface_before_its_first_chapter_stays_a_page_of_its_own(tmp_path):
    page = "Вступление к правилам.\n\nЕщё абзац.\n\n# Глава 1\n\nТекст главы 1.\n\n# Глава 2\n\nТекст.\n"
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    first, chapter, _ = r.doc.pages
    intro = next(b for b in first.blocks if isinstance(b, Paragraph))
    assert plain(intro.inlines) == "Вступление к правилам."
    assert [b.text for b in chapter.blocks if isinstance(b, Heading)] == ["Глава 1"]
    assert [plain(b.inlines) for b in chapter.blocks if isinstance(b, Paragraph)] == ["Текст главы 1."]


def test_an_obsidian_comment_over_a_code_block_or_after_a_stray_backtick_is_left_out(tmp_path):
    # a comment hides a fenced block inside it too; a lone backtick makes no code span across
    # paragraphs (CommonMark), so it does not shelter the comment after it
    page = (
        "# Бой\n\n%%\nЗаметки мастера: предатель — Ивар.\n```\nкод\n```\nЕщё секрет.\n%%\n\n"
        "Нажмите ` для консоли.\n\n%%Тайник у мельницы.%%\n\nИ ` ещё раз.\n"
    )
    r = ingest_one(tmp_path, MOVES_ENTRY, {"moves.md": page})
    text = "\n".join(r.files.values())
    assert "Ивар" not in text and "секрет" not in text and "Тайник" not in text
    assert "Нажмите" in text and "ещё раз" in text


def test_a_folders_own_page_comes_first_in_it_and_the_sources_index_takes_the_books_title(tmp_path):
    # by path alone «index.md» came after «combat/…», and a section's index after «armor.md»;
    # the source's own index page, with no H1, was titled «index»
    entry = '[books.site]\ntitle = "Хоумрул"\nsystem = "Пример"\nsource = "site"\n'
    files = {
        "site/index.md": "Добро пожаловать.\n",
        "site/armor.md": "# Доспехи\n\nТекст.\n",
        "site/combat/rules.md": "# Правила боя\n\nТекст.\n",
        "site/combat/index.md": "# Бой\n\nТекст.\n",
        "site/Погоня/Засада.md": "# Засада\n\nТекст.\n",
        "site/Погоня/Погоня.md": "# Погоня\n\nТекст.\n",
    }
    r = _ingest_folder(tmp_path, entry, files)
    titles = [next(b.text for b in p.blocks if isinstance(b, Heading)) for p in r.doc.pages]
    assert titles == ["Хоумрул", "Доспехи", "Бой", "Правила боя", "Погоня", "Засада"]
