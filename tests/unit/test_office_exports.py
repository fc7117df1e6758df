"""Pages an office program writes (Word's «Web Page», LibreOffice's and Google Docs' HTML export)
read as the browser shows them: what Word hides from other browsers stays out, and its list
paragraphs are lists."""

from __future__ import annotations

import re

import pytest
from rulebook.ingest import coverage
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import DefList, Heading, ListBlock, ListItem, Paragraph, Sup, Table, Text, plain

from tests.support.sources import ingest_one

ENTRY = '[books.doc]\ntitle = "Правила"\nsystem = "Пример"\nsource = "doc.htm"\n'


def word_page(body: str) -> str:
    return (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
        '<meta http-equiv=Content-Type content="text/html; charset=utf-8"></head>'
        f"<body lang=RU><div class=WordSection1>\n<h1>Бой</h1>\n{body}\n</div></body></html>"
    )


def test_word_conditional_markup_is_not_text(tmp_path):
    """`<![if !supportLists]>` and `<![endif]>` are markup no browser shows (a bogus comment, as
    `<![CDATA[…]]>` is in HTML); their words («if», «endif», «supportLists») reached the page,
    glued to the heading's or paragraph's first word."""
    page = word_page(
        "<h2 style='mso-list:l0 level2 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>"
        "1.2.<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp; </span></span>"
        "<![endif]>Укрытие<o:p></o:p></h2>\n"
        "<p class=MsoNormal>Стена даёт +5.<![if !supportFootnotes]><br><![endif]><o:p></o:p></p>\n"
        "<p class=MsoNormal><![CDATA[скрыто]]>Видно.</p>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    text = "\n".join(r.files.values())
    assert "## 1.2. Укрытие {#" in text
    assert "\nСтена даёт +5.\n" in text and "\nВидно.\n" in text
    words = set(re.findall(r"\w+", text))
    assert not words & {"if", "endif", "supportLists", "supportFootnotes", "CDATA", "скрыто"}
    assert coverage.measure(r.doc).ratio == 1.0


def _item(cls: str, style: str, marker: str, text: str, ignore: bool = True) -> str:
    spacer = "<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp;&nbsp; </span>"
    mark = f"<span style='mso-list:Ignore'>{marker}{spacer}</span>" if ignore else f"{marker}{spacer}"
    cond = f"<![if !supportLists]><span style='font-family:Symbol'>{mark}</span><![endif]>"
    return f"<p class={cls} style='text-indent:-18.0pt;{style}'>{cond}<span>{text}</span><o:p></o:p></p>\n"


def test_word_list_paragraphs_are_lists(tmp_path):
    """Word writes a list as paragraphs with the bullet («·» in Symbol) or number as text; they
    were paragraphs starting with «·» and «1.». A run of them is a list, nested by `levelN`, an
    ordered one when its marks are numbers; a page saved «filtered» (no `mso-list` styles, no
    Ignore span: the mark stands before the spacer of 7-point spaces) reads the same."""
    page = word_page(
        "<p class=MsoNormal>Порядок:</p>\n"
        + _item("MsoListParagraphCxSpFirst", "mso-list:l1 level1 lfo2", "1.", "Выбрать место.")
        + _item("MsoListParagraphCxSpMiddle", "mso-list:l2 level2 lfo3", "·", "у воды;")
        + _item("MsoListParagraphCxSpMiddle", "mso-list:l2 level2 lfo3", "·", "в тени.")
        + _item("MsoListParagraphCxSpLast", "mso-list:l1 level1 lfo2", "2.", "Развести огонь.")
        + "<p class=MsoNormal>Снаряжение:</p>\n"
        + _item("MsoListParagraphCxSpFirst", "", "·", "верёвка;", ignore=False)
        + _item("MsoListParagraphCxSpLast", "", "·", "факел.", ignore=False)
        + "<p class=MsoNormal>Конец.</p>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    lists = [b for b in r.doc.pages[0].blocks if isinstance(b, ListBlock)]
    shape = [(lst.ordered, [(plain(i.inlines), _nested(i)) for i in lst.items]) for lst in lists]
    assert shape == [
        (True, [("Выбрать место.", [(False, ["у воды;", "в тени."])]), ("Развести огонь.", [])]),
        (False, [("верёвка;", []), ("факел.", [])]),
    ]
    assert [x.line for x in lists] == [4, 9] and [i.line for i in lists[0].items] == [4, 7]
    text = "\n".join(r.files.values())
    assert "·" not in text and "\nКонец.\n" in text
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_word_list_after_a_deeper_one_hangs_from_its_own_level(tmp_path):
    """A list that starts at a level hung from the last item seen, which could be the last item
    of the deeper list just closed: a bullet «Топор» after the numbered «Меч» (both level 2)
    became level 3 under «Меч». It is a list of its own under «Оружие» (HTML cannot mix marks in
    one list), after the numbered one."""
    page = word_page(
        _item("MsoListParagraphCxSpFirst", "mso-list:l1 level1 lfo2", "·", "Оружие")
        + _item("MsoListParagraphCxSpMiddle", "mso-list:l1 level2 lfo2", "1.", "Меч")
        + _item("MsoListParagraphCxSpMiddle", "mso-list:l1 level2 lfo2", "·", "Топор")
        + _item("MsoListParagraphCxSpLast", "mso-list:l1 level1 lfo2", "·", "Доспехи")
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    lists = [b for b in r.doc.pages[0].blocks if isinstance(b, ListBlock)]
    shape = [(lst.ordered, [(plain(i.inlines), _nested(i)) for i in lst.items]) for lst in lists]
    assert shape == [(False, [("Оружие", [(True, ["Меч"]), (False, ["Топор"])]), ("Доспехи", [])])]
    assert not _nested(lists[0].items[0].children[0].items[0])


def test_a_word_list_mark_no_list_can_show_stays_text(tmp_path):
    """Only a one-part number («1.», «а)») was read as one: «1.2.» or «Шаг 1:» was taken for a
    bullet and deleted, so «см. 1.2» lost its target. Such a mark stays the item's leading text
    (in a bullet list: an <ol> would number it again «1.»); a bullet glyph is still dropped."""
    page = word_page(
        _item("MsoListParagraphCxSpFirst", "mso-list:l1 level1 lfo2", "1.1.", "Засада.")
        + _item("MsoListParagraphCxSpMiddle", "mso-list:l1 level1 lfo2", "1.2.", "Бегство.")
        + _item("MsoListParagraphCxSpMiddle", "mso-list:l1 level1 lfo2", "Шаг 1:", "Бросок.")
        + _item("MsoListParagraphCxSpLast", "mso-list:l1 level1 lfo2", "o", "Факел.")
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    lists = [b for b in r.doc.pages[0].blocks if isinstance(b, ListBlock)]
    shape = [(lst.ordered, [plain(i.inlines) for i in lst.items]) for lst in lists]
    assert shape == [(False, ["1.1. Засада.", "1.2. Бегство.", "Шаг 1: Бросок.", "Факел."])]
    assert coverage.measure(r.doc).ratio == 1.0


def _nested(item: ListItem) -> list[tuple[bool, list[str]]]:
    return [
        (b.ordered, [plain(i.inlines) for i in b.items]) for b in item.children if isinstance(b, ListBlock)
    ]


def test_a_link_around_a_superscript_is_a_footnote_marker(tmp_path):
    """LibreOffice writes a footnote's mark as a link around a superscript (`<a
    class=sdfootnoteanc href=#sdfootnote1sym><sup>1</sup></a>`), the other way round from a
    Markdown footnote; it became a plain link «1» glued to the word before it («ОВ1»), and that
    word was lost to search and to the coverage count."""
    page = (
        "<html><body><h1>Бой</h1><p>Первым ходит тот, у кого больше ОВ"
        '<a class="sdfootnoteanc" name="sdfootnote1anc" href="#sdfootnote1sym"><sup>1</sup></a>.</p>'
        '<div id="sdfootnote1"><p><a class="sdfootnotesym" name="sdfootnote1sym" '
        'href="#sdfootnote1anc">1</a>Если и ОВ равны, бросьте ещё раз.</p></div></body></html>'
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    first = r.doc.pages[0].blocks[1]
    assert isinstance(first, Paragraph)
    marks = [s for s in first.inlines if isinstance(s, Sup)]
    assert [m.text for m in marks] == ["1"] and marks[0].target
    assert plain(first.inlines).endswith("больше ОВ1.")
    assert coverage.measure(r.doc).ratio == 1.0


def test_a_linked_superscript_mark_reads_as_shown(tmp_path):
    """LibreOffice's footnote mark whose number a span parts («1<span>2</span>») was read with a
    space at the span's edge: the mark «1 2» where the page shows «12»."""
    page = (
        "<html><body><h1>Бой</h1><p>Первым ходит тот, у кого больше ОВ"
        '<a class="sdfootnoteanc" name="sdfootnote12anc" href="#sdfootnote12sym">'
        "<sup>1<span>2</span></sup></a>.</p>"
        '<div id="sdfootnote12"><p><a class="sdfootnotesym" name="sdfootnote12sym" '
        'href="#sdfootnote12anc">12</a>Если и ОВ равны, бросьте ещё раз.</p></div></body></html>'
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    first = r.doc.pages[0].blocks[1]
    assert isinstance(first, Paragraph)
    assert [m.text for m in first.inlines if isinstance(m, Sup)] == ["12"]


def test_list_items_without_end_tags_are_siblings(tmp_path):
    """LibreOffice leaves out `</li>`; a browser closes an item where the next one starts (and a
    `<dt>`/`<dd>` where the next term or definition starts). The list read as one item that held
    the others as paragraphs."""
    page = (
        "<html><body><h1>Бой</h1><ul><li><p>первый</p><li><p>второй</p>"
        "<ul><li>вложенный<li>ещё вложенный</ul><li><p>третий</p></ul>"
        "<dl><dt>Удар<dd>атака рукой<dt>Пинок<dd>атака ногой</dl></body></html>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    (lst,) = [b for b in r.doc.pages[0].blocks if isinstance(b, ListBlock)]
    assert [(plain(i.inlines), _nested(i)) for i in lst.items] == [
        ("первый", []),
        ("второй", [(False, ["вложенный", "ещё вложенный"])]),
        ("третий", []),
    ]
    (dl,) = [b for b in r.doc.pages[0].blocks if isinstance(b, DefList)]
    assert [(plain(i.term), plain(i.definition)) for i in dl.items] == [
        ("Удар", "атака рукой"),
        ("Пинок", "атака ногой"),
    ]


def test_bold_and_italics_written_in_css_are_emphasis(tmp_path):
    """Google Docs marks bold and italics by class (`.c4{font-weight:700}`), a span's style may
    do it too; the definition's term lost its bold and the example its italics."""
    page = (
        '<html><head><style type="text/css">.c0{font-weight:400;font-style:normal}'
        ".c4{color:#000000;font-weight:700}.c8{font-style:italic}p.c9{font-weight:700}</style></head>"
        '<body><h1 id="h.x"><span class="c0">Бой</span></h1>'
        '<p class="c9"><span class="c4">Оглушение</span><span class="c0">&nbsp;— это потеря хода.</span></p>'
        '<p><span class="c8 c0">Пример. Вёлька оглушена.</span></p>'
        '<p><span style="font-weight:bold">Испуг</span><span class="c0"> — это страх.</span></p>'
        "</body></html>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    text = "\n".join(r.files.values())
    assert "\n**Оглушение** — это потеря хода.\n" in text
    assert "\n*Пример. Вёлька оглушена.*\n" in text
    assert "\n**Испуг** — это страх.\n" in text
    assert "# Бой {#" in text and "**Бой**" not in text


def test_a_link_through_googles_redirect_leads_to_its_address(tmp_path):
    """Google Docs' export sends every link through «https://www.google.com/url?q=…»; the page
    linked to Google, not to the address (a redirect to anything but the web stays as written)."""
    page = (
        '<html><body><h1>Бой</h1><p>См. <a href="https://www.google.com/url?q=https://example.org/'
        'gruz%3Fpage%3D2&amp;sa=D&amp;source=editors&amp;ust=1701934612345678&amp;usg=AOvVaw2x">груз</a>'
        ' и <a href="https://www.google.com/url?q=javascript:alert(1)&amp;sa=D">это</a>.</p></body></html>'
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    text = "\n".join(r.files.values())
    assert "[груз](https://example.org/gruz?page=2)" in text
    assert "[это](https://www.google.com/url?q=javascript:alert(1)&sa=D)" in text


def test_a_bold_first_row_is_the_header_row(tmp_path):
    """Word and Google Docs write no <th>: a table's header row is a first row set in bold. It
    was a row of data with bold cells (a Markdown table with no header); a table bold all over,
    or one whose first row is only partly bold, keeps its rows."""
    row = "<tr><td>{}</td><td>{}</td></tr>"
    page = (
        "<html><body><h1>Бой</h1><table>"
        + row.format("<b>Оружие</b>", "<p><b><span>Урон</span></b></p>")
        + row.format("Меч", "1к8")
        + "</table><table>"
        + row.format("<b>Лёгкое</b>", "+2")
        + row.format("Среднее", "+5")
        + "</table><table>"
        + row.format("<b>А</b>", "<b>1</b>")
        + row.format("<b>Б</b>", "<b>2</b>")
        + "</table></body></html>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    tables = [b for b in r.doc.pages[0].blocks if isinstance(b, Table)]
    assert [[plain(c.inlines) for c in h] for h in tables[0].header] == [["Оружие", "Урон"]]
    assert tables[0].header[0][0].inlines == [Text("Оружие")] and len(tables[0].rows) == 1
    assert [t.header for t in tables[1:]] == [[], []]
    assert [len(t.rows) for t in tables[1:]] == [2, 2]


def test_an_office_title_paragraph_is_the_pages_title(tmp_path):
    """Google Docs' Title style is `<p class="title">` (Word's `MsoTitle`): the page had no H1, so
    the entry's title stood over the document's own, which was a paragraph."""
    page = (
        '<html><body><p class="c12 title" id="h.abc"><span class="c19">Сталь и туман</span></p>'
        '<h2 id="h.def"><span>Бой</span></h2><p>Текст.</p></body></html>'
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    heads = [(b.level, b.text) for b in r.doc.pages[0].blocks if isinstance(b, Heading)]
    assert heads == [(1, "Сталь и туман"), (2, "Бой")]


def test_a_page_with_a_utf16_byte_order_mark_is_read_as_utf16(tmp_path):
    """Word saves a web page in «Unicode» as UTF-16 with a byte order mark (its <meta> says
    `charset=unicode`); browsers go by the mark. The page was refused as a binary file."""
    page = (
        '<html><head><meta http-equiv=Content-Type content="text/html; charset=unicode"></head>'
        "<body><h1>Бой</h1><p class=MsoNormal>Укрытие даёт +5 к СЛ.</p></body></html>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page.encode("utf-16")})
    assert "\nУкрытие даёт +5 к СЛ.\n" in "\n".join(r.files.values())


def test_a_superscript_written_in_css_is_a_footnote_mark(tmp_path):
    """Word's footnote mark is a link around `span.MsoFootnoteReference` (nested twice), which its
    style sheet sets `vertical-align:super`; it was a link «[1]» on the line, not a superscript."""
    page = (
        "<html><head><style>\n<!--\nspan.MsoFootnoteReference\n\t{mso-style-priority:99;\n"
        "\tvertical-align:super;}\np.sub, .c2 .c3 {vertical-align:super}\n-->\n</style></head>"
        '<body><h1>Бой</h1><p class=MsoNormal>Больше ОВ<a href="#_ftn1" name="_ftnref1" title="">'
        "<span class=MsoFootnoteReference><span style='mso-special-character:footnote'>"
        "<![if !supportFootnotes]><span class=MsoFootnoteReference>[1]</span><![endif]></span></span></a>."
        ' <span class="c3">не выше</span>.</p>'
        "<div style='mso-element:footnote-list'><div style='mso-element:footnote' id=ftn1>"
        '<p class=MsoFootnoteText><a href="#_ftnref1" name="_ftn1" title="">'
        "<span class=MsoFootnoteReference>[1]</span></a> Если равны.</p></div></div></body></html>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    text, note = (b for b in r.doc.pages[0].blocks if isinstance(b, Paragraph))
    assert [(s.text, bool(s.target)) for s in text.inlines if isinstance(s, Sup)] == [("[1]", True)]
    assert plain(text.inlines) == "Больше ОВ[1]. не выше."
    assert [(s.text, bool(s.target)) for s in note.inlines if isinstance(s, Sup)] == [("[1]", True)]


def _toc_line(level: int, anchor: str, title: str, page: int) -> str:
    hidden = "<span style='color:windowtext;display:none;mso-hide:screen;text-decoration:none'>"
    return (
        f'<p class=MsoToc{level}><span class=MsoHyperlink><a href="#{anchor}">{title}'
        f"{hidden}\t</span>{hidden}{page}</span></a></span></p>\n"
    )


def test_word_hidden_text_goes_and_its_table_of_contents_is_told(tmp_path):
    """Word's table of contents is paragraphs of links whose page numbers are hidden text
    (`display:none;mso-hide:screen`): the numbers reached the page («Основы боя 1»), and the
    contents were not told, as a list of links to the headings is. Hidden text without Word's
    mark (a saved page's closed spoiler) stays."""
    page = word_page(
        "<p class=MsoTocHeading>Оглавление</p>\n"
        + _toc_line(1, "_Toc1", "Основы боя", 1)
        + _toc_line(2, "_Toc2", "Очки", 1)
        + _toc_line(2, "_Toc3", "Раунд", 2)
        + '<h2><a name="_Toc1">Основы боя</a></h2>\n<h3><a name="_Toc2">Очки</a></h3><p>Текст.</p>\n'
        + '<h3><a name="_Toc3">Раунд</a></h3><p>Ещё <span style="display:none">спойлер</span>.</p>'
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    text = "\n".join(r.files.values())
    assert "[Основы боя](#osnovy-boia)" in text and "[Раунд](#raund)" in text
    assert "Ещё спойлер." in text
    assert coverage.measure(r.doc).ratio == 1.0
    (warning,) = [w for w in r.doc.report.warnings if "contents" in w[1]]
    assert warning[1].startswith("the 3 paragraphs from line 4 to line 6 are only links to headings")


def test_google_docs_flat_lists_are_nested_again(tmp_path):
    """Google Docs writes each level's run of items as a list of its own, side by side
    (`lst-kix_<list>-<level>`); they were separate flat lists, the numbering restarting after
    every nested run. Another list (another id) after them stays apart."""

    def lst(tag: str, kix: str, *items: str) -> str:
        lis = "".join(f'<li class="c1 li-bullet-0"><span class="c0">{i}</span></li>' for i in items)
        return f'<{tag} class="c6 lst-kix_{kix} start">{lis}</{tag}>'

    page = (
        "<html><body><h1>Бой</h1>"
        + lst("ol", "ab12-0", "Выбрать место.")
        + lst("ul", "ab12-1", "у воды;", "в тени.")
        + lst("ol", "ab12-0", "Развести огонь.")
        + lst("ul", "cd34-0", "верёвка;")
        + "</body></html>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    lists = [b for b in r.doc.pages[0].blocks if isinstance(b, ListBlock)]
    shape = [(x.ordered, [(plain(i.inlines), _nested(i)) for i in x.items]) for x in lists]
    assert shape == [
        (True, [("Выбрать место.", [(False, ["у воды;", "в тени."])]), ("Развести огонь.", [])]),
        (False, [("верёвка;", [])]),
    ]


@pytest.mark.parametrize(
    "body",
    [
        "<ul><li>x" * 400 + "</ul>" * 400,
        "".join(f'<ul class="lst-kix_a-{i}"><li>t{i}</li></ul>\n' for i in range(400)),
    ],
)
def test_a_page_nested_too_deep_is_refused_at_its_line(tmp_path, body):
    """Lists nested hundreds deep (written so, or Google Docs' levels nested again) stopped the
    ingest with a RecursionError's traceback; now one line names the file and the line, and
    nothing is written."""
    page = f"<html><body><h1>Бой</h1>\n{body}</body></html>"
    with pytest.raises(IngestError) as err:
        ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    assert err.value.path is not None and err.value.path.name == "doc.htm"
    assert err.value.line and "nested more than 150 deep" in err.value.message
    assert not (tmp_path / "docs").exists()


@pytest.mark.parametrize(
    ("page", "message"),
    [
        ("# Бой\n\n" + "".join("    " * i + "- x\n" for i in range(300)), "nested more than 150 deep"),
        ("---\ntitle: " + "[" * 3000 + "\n---\n# Бой\n\nТекст.\n", "front matter nested too deep"),
        ("---\nтеги: [бой\n---\n# Бой\n\nТекст.\n", "front matter is not YAML"),
    ],
)
def test_markdown_nested_too_deep_or_broken_front_matter_is_one_line(tmp_path, page, message):
    """Lists nested hundreds deep, and front matter thousands of brackets deep, escaped as a
    RecursionError's traceback from the parsers; front matter with a Russian key that its format
    cannot read was published as text. Each is one line naming the file, and nothing is written."""
    entry = '[books.moves]\ntitle = "Ходы"\nsystem = "Пример"\nsource = "moves.md"\n'
    with pytest.raises(IngestError) as err:
        ingest_one(tmp_path, entry, {"moves.md": page})
    assert err.value.path is not None and err.value.path.name == "moves.md"
    assert message in err.value.message
    assert not (tmp_path / "docs").exists()
