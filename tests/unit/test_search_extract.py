from bs4 import BeautifulSoup
from rulebook.html import blockids, tree
from rulebook.search.extract import page_records

HTML = """
<p>Вступление до первого заголовка.</p>
<h1 id="glava">Глава 8. Бой<a class="headerlink" href="#glava">¶</a></h1>
<h2 id="shtraf" data-original="Multiple Attack Penalty">Штраф множественной атаки
 <small class="rb-original" lang="en">Multiple Attack Penalty</small>
 <a class="headerlink" href="#shtraf">¶</a></h2>
<p>Каждая <strong>следующая</strong> атака получает штраф.</p>
<ul><li>Первая атака</li><li>Вторая атака <ul><li>вложенный пункт</li></ul></li></ul>
<table><thead><tr><th>Действие</th><th>ОД</th></tr></thead>
<tbody><tr><td>Рывок</td><td>2</td></tr><tr><td>Блок</td><td>1</td></tr></tbody></table>
<div class="admonition note"><p class="admonition-title">Примечание</p><p>Текст заметки.</p></div>
<h3 id="oglushen">Оглушён <span class="rb-tag">Состояние</span></h3>
<dl><dt>Термин</dt><dd>Его определение.</dd><dt>Второй</dt><dd>Ещё одно.</dd></dl>
"""


def records():
    root = tree.parse(HTML)  # the page as the build writes it, read back as the build does
    blockids.assign(root, "08-boi")
    pairs = blockids.read_marks(BeautifulSoup(tree.serialize(root), "html.parser"), "08-boi")
    return page_records(pairs, url="b/08-boi/", title="Глава 8", book="b", page_key="08-boi")


def test_every_block_kind_becomes_a_record_with_its_block_id():
    pr = records()
    kinds = [(r.kind, r.anchor) for r in pr.records]
    assert ("p", "08-boi--1") in kinds  # before the first heading: the page's own section
    assert ("h", "shtraf") in kinds
    assert ("li", "shtraf--3") in kinds
    assert ("note", "shtraf--5") in kinds
    assert ("dt", "oglushen--1") in kinds


def test_table_rows_are_records_that_link_to_their_table():
    rows = [r for r in records().records if r.kind == "row"]
    assert [r.text for r in rows] == ["Действие · ОД", "Рывок · 2", "Блок · 1"]
    assert {r.anchor for r in rows} == {"shtraf--4"}
    # a row is read with its first column's heading (what its first cell is: «Рывок» is an
    # action), which is searched with it but not shown
    assert [r.context for r in rows] == ["", "Действие", "Действие"]


def test_heading_text_drops_the_permalink_and_keeps_original_and_tag_apart():
    pr = records()
    sec = {s.anchor: s for s in pr.sections}
    assert sec["shtraf"].title == "Штраф множественной атаки"
    assert sec["shtraf"].original == "Multiple Attack Penalty"
    assert sec["oglushen"].title == "Оглушён" and sec["oglushen"].tag == "Состояние"


def test_sections_nest_by_heading_level():
    pr = records()
    sec = {s.anchor: s for s in pr.sections}
    assert pr.sections[sec["oglushen"].parent].anchor == "shtraf"
    assert pr.sections[sec["shtraf"].parent].anchor == "glava"


def test_inline_markup_does_not_break_words_and_definitions_keep_their_text():
    pr = records()
    texts = [r.text for r in pr.records]
    assert "Каждая следующая атака получает штраф." in texts
    assert "Термин — Его определение." in texts
    assert "Вторая атака вложенный пункт" in texts


def test_a_titled_box_is_about_its_title_as_a_bold_run_in_paragraph_is():
    """A box titled «Изученная цель» or «Базовая мораль отряда» is that term's rule, as a
    paragraph opening with it in bold would be: its title is the record's lead (the term the
    search reads it as defining); the box's text keeps the title too."""
    note = next(r for r in records().records if r.kind == "note")
    assert note.lead == "Примечание"
    assert note.text.startswith("Примечание")
