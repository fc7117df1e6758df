"""Golden expectations for D&D 3.5, chapter 8 «Бой» (sources/dnd35.txt), read from the text."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import markdown
from rulebook.ingest.model import (
    Document,
    Heading,
    Link,
    ListBlock,
    Paragraph,
    Strong,
    Sup,
    Table,
    plain,
)

from tests.support import ingested

ROOT = Path(__file__).resolve().parents[2]


def doc() -> Document:
    return ingested.parsed("dnd35")


def blocks() -> list:
    return ingested.blocks("dnd35")


def headings() -> list[Heading]:
    return ingested.headings("dnd35")


def level(title: str) -> int:
    return next(h.level for h in headings() if h.text == title)


def table() -> Table:
    return next(b for b in blocks() if isinstance(b, Table))


def cell_text(row_start: str) -> list:
    row = next(r for r in table().rows if plain(r.cells[0].inlines).startswith(row_start))
    return row.cells[0].inlines


def test_title_comes_from_config_as_the_only_h1():
    first = doc().pages[0].blocks[0]
    assert isinstance(first, Heading) and (first.level, first.text) == (1, "Глава 8. Бой")
    assert [h.text for h in headings() if h.level == 1] == ["Глава 8. Бой"]


def test_forty_eight_short_headings_at_their_levels():
    counts = {lv: sum(h.level == lv for h in headings()) for lv in (1, 2, 3, 4)}
    assert counts == {1: 1, 2: 4, 3: 16, 4: 28}
    assert len(headings()) == 49


def test_action_categories_sit_above_the_actions_they_contain():
    heads = headings()
    for category, action in [
        ("Стандартное Действие", "Атака"),
        ("Действие, Эквивалентное Передвижению", "Передвижение"),
        ("Полное Действие", "Ретировка"),
        ("Свободное Действие", "Упасть"),
        ("Прочие действия", "Шаг на 5 футов"),
    ]:
        i = next(k for k, h in enumerate(heads) if h.text == category)
        j = next(k for k, h in enumerate(heads) if h.text == action and k > i)
        assert heads[i].level == 3 and heads[j].level == 4
        assert all(h.level == 4 for h in heads[i + 1 : j])


def test_lower_case_section_headings_keep_their_text_and_levels():
    assert level("атака при возможности") == 2
    assert level("раны и смерть") == 2
    assert level("раунд боя") == 3
    assert level("умирание (от –1 до –9 хитов)") == 3
    assert level("Ускорение Боя") == 3


def test_table_8_2_merges_its_two_line_headers():
    t = table()
    assert t.caption == "Таблица 8-2: Действия в Бою" and t.anchor == "table-8-2"
    assert [plain(c.inlines) for c in t.header[0]] == ["Стандартное Действие", "Атака при Возможности 1"]
    subheads = [[plain(c.inlines) for c in r.cells] for r in t.rows if r.head]
    assert [s[0] for s in subheads] == [
        "Действие, Эквивалентное Передвижению",
        "Полное Действие",
        "Свободное Действие",
        "Не-Действие",
    ]
    assert all(s[1] == "Атака при Возможности 1" for s in subheads)


def test_table_8_2_has_a_group_row_and_65_data_rows():
    t = table()
    assert [plain(r.cells[0].inlines) for r in t.rows if r.group] == ["Прочие Действия"]
    data = [r for r in t.rows if not r.group and not r.head]
    assert len(data) == 65
    assert all(len(r.cells) == 2 for r in data)
    assert t.ncols == 2


def test_footnotes_are_linked_to_their_markers():
    t = table()
    assert [fn.marker for fn in t.footnotes] == [str(i) for i in range(1, 9)]
    sups = [
        s
        for row in [*t.header, *(r.cells for r in t.rows)]
        for c in row
        for s in c.inlines
        if isinstance(s, Sup)
    ]
    assert {s.target for s in sups} == {f"table-8-2-fn-{i}" for i in range(1, 9)}
    assert [fn.anchor for fn in t.footnotes] == [f"table-8-2-fn-{i}" for i in range(1, 9)]
    stride = cell_text("Стремительная атака")
    assert [type(s).__name__ for s in stride] == ["Text", "Sup", "Text"] and stride[1].text == "5"
    assert plain(stride) == "Стремительная атака 5 (см. ниже)"


def test_digits_that_are_not_markers_stay_text():
    for start in (
        "Использование умения, требующего 1 действие",
        "Использование умения, требующего 1 раунд",
        "Использовать заклинание касанием на нескольких друзьях (до 6)",
        "5-футовый шаг",
    ):
        assert not any(isinstance(s, Sup) for s in cell_text(start)), start


def test_footnote_eight_is_not_a_heading():
    assert "8 См. описание навыка" not in {h.text for h in headings()}
    assert table().footnotes[-1].line == 452


def test_run_in_terms_are_bold_lead_ins():
    p = next(
        b for b in blocks() if isinstance(b, Paragraph) and plain(b.inlines).startswith("Раунд Внезапности:")
    )
    assert p.role == "lead" and p.inlines[0] == Strong("Раунд Внезапности:")


def test_middle_dot_bullets_make_one_list_of_three_examples():
    lists = [b for b in blocks() if isinstance(b, ListBlock)]
    assert len(lists) == 1 and len(lists[0].items) == 3
    assert plain(lists[0].items[0].inlines).startswith("Команда (включая Тордека-воина")


def test_table_references_link_to_the_table():
    links = [s for b in blocks() if isinstance(b, Paragraph) for s in b.inlines if isinstance(s, Link)]
    assert any(link.text == "Таблицу 8-2" and link.target == "#table-8-2" for link in links)
    rep = doc().report
    assert [t for _, t in rep.unresolved] == ["см. Безоружная Атака", "см. Заклинание в Обороне"]


def test_markdown_renders_the_merged_header_and_the_footnote_anchor():
    page = doc().pages[0]
    text = markdown.page(page, {"title": page.title, "book": "dnd35"})
    sup = '<sup><a href="#table-8-2-fn-1">1</a></sup>'
    assert f"<th>Стандартное Действие</th><th>Атака при Возможности {sup}</th>" in text
    assert 'id="table-8-2-fn-8"' in text
    assert '<tr class="rb-group"><th colspan="2">Прочие Действия</th></tr>' in text
