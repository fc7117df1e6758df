"""Golden expectations for Starfinder 2e, «Ведение игры (Playing the Game)» (sources/sf2e.txt)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rulebook.ingest import markdown
from rulebook.ingest.model import (
    Admonition,
    DefList,
    Document,
    Heading,
    Link,
    ListBlock,
    Notice,
    Paragraph,
    Table,
    plain,
)

from tests.support import ingested

ROOT = Path(__file__).resolve().parents[2]


def doc() -> Document:
    return ingested.parsed("sf2e")


def blocks() -> list:
    return ingested.blocks("sf2e")


def headings() -> list[Heading]:
    return ingested.headings("sf2e")


def heading(title: str) -> Heading:
    return ingested.heading("sf2e", title)


def deflists() -> list[DefList]:
    return [b for b in blocks() if isinstance(b, DefList)]


def test_h1_keeps_its_english_original():
    h = headings()[0]
    assert (h.level, h.text, h.original) == (1, "Ведение игры", "Playing the Game")
    assert [x.text for x in headings() if x.level == 1] == ["Ведение игры"]


def test_headings_per_level():
    assert len(headings()) == 240
    assert Counter(h.level for h in headings()) == {1: 1, 2: 15, 3: 83, 4: 119, 5: 22}


def test_every_heading_keeps_its_english_original_as_metadata():
    assert all(h.original for h in headings())
    h = heading("Штраф множественной атаки")
    assert h.original == "Multiple Attack Penalty" and h.level == 4
    assert 'data-original="Multiple Attack Penalty"' in markdown.heading(h)
    assert '<small class="rb-original" lang="en">Multiple Attack Penalty</small>' in markdown.heading(h)


def test_step_and_stage_headings_are_kept():
    steps = [h.text for h in headings() if h.text.startswith(("Шаг ", "Этап "))]
    assert len(steps) == 15
    assert heading("Шаг 1: Бросьте d20").original == "Roll D20"
    long = heading("Шаг 3: Примените иммунитеты, слабости и сопротивления")
    assert long.original == "Apply Immunities, Weaknesses, and Resistances"
    assert heading("Этап 4: Конец столкновения").level == 4


def test_action_glyph_stays_in_the_title():
    h = heading("Реакционный удар ↩")
    assert (h.original, h.level) == ("Reactive Strike", 5)


def test_see_also_lines_are_not_headings_and_link_by_english_original():
    assert not any(h.text.startswith("См. также") for h in headings())
    p = next(b for b in blocks() if isinstance(b, Paragraph) and b.line == 81)
    links = [s for s in p.inlines if isinstance(s, Link)]
    assert links == [
        Link("Активности (Activities)", "#aktivnosti"),
        Link("прерывание действий (disrupting actions)", "#preryvanie-deistvii"),
    ]
    outside = {t for _, t in doc().report.external}
    assert {"Вырваться (Escape)", "Рыть (Burrow)", "Поддержание (Sustain)"} <= outside
    assert not doc().report.unresolved


def test_section_references_in_running_text_link_by_english_original():
    p = next(b for b in blocks() if isinstance(b, Paragraph) and b.line == 734)
    assert Link("Прерывание действий (Disrupting Actions)", "#preryvanie-deistvii") in p.inlines
    p = next(b for b in blocks() if isinstance(b, Paragraph) and b.line == 812)
    assert Link("Тактическое передвижение (Tactical Movement)", "#takticheskoe-peremeshchenie") in p.inlines


def test_tldr_formulas_become_formula_boxes():
    boxes = [b for b in blocks() if isinstance(b, Admonition) and b.title == "Формула"]
    assert len(boxes) == 13
    assert all(
        b.css == "formula" and len(b.children) == 1 and "=" in plain(b.children[0].inlines) for b in boxes
    )
    assert sum(t == "Tldr" for _, t in doc().report.dropped) == 13
    assert not any(isinstance(b, Paragraph) and plain(b.inlines) == "Tldr" for b in blocks())


def test_conditions_become_one_definition_list_of_45():
    conditions = next(d for d in deflists() if d.line == 1033)
    assert len(conditions.items) == 45
    first, last = conditions.items[0], conditions.items[-1]
    assert (plain(first.term), first.original, plain(first.definition)) == (
        "Слепота",
        "Blinded",
        "Вы не можете видеть.",
    )
    assert (plain(last.term), last.original) == ("Ранен", "Wounded")


def test_bulleted_and_led_in_activity_runs_are_definition_lists():
    explore = next(d for d in deflists() if d.line == 1538)
    assert len(explore.items) == 18 and explore.items[0].original == "Access Infosphere"
    downtime = next(d for d in deflists() if d.line == 1623)
    assert [plain(i.term) for i in downtime.items][:2] == ["Создать", "Создать подделку"] and len(
        downtime.items
    ) == 5
    lead = next(b for b in blocks() if isinstance(b, Paragraph) and b.line == 1622)
    assert plain(lead.inlines).startswith("Глава 4. Навыки (Skills) включает")


def test_degrees_of_success_in_lines_or_one_run_on_line():
    degrees = [d for d in deflists() if d.css == "degrees"]
    assert [d.line for d in degrees] == [366, 630, 834, 1229]
    labels = ["Критический успех", "Успех", "Провал", "Критический провал"]
    assert all([plain(i.term) for i in d.items] == labels for d in degrees)
    assert plain(degrees[0].items[1].definition) == "Вы получаете половину указанного урона от эффекта."


def test_six_tab_separated_tables():
    tables = [b for b in blocks() if isinstance(b, Table)]
    assert [(t.ncols, len(t.rows)) for t in tables] == [(2, 5), (3, 3), (4, 6), (3, 3), (4, 11), (4, 9)]
    mult = tables[1]
    assert [plain(c.inlines) for c in mult.header[0]] == ["Атака", "Штраф множественной атаки", "Быстрое"]
    assert [plain(c.inlines) for c in tables[2].rows[0].cells][:2] == ["Крошечный (Tiny)", "< 5 футов"]


def test_junk_and_lost_figures():
    assert (859, "Ссылка на оригинал") in doc().report.dropped
    assert not any(isinstance(b, Paragraph) and plain(b.inlines) == "Ссылка на оригинал" for b in blocks())
    notices = [b for b in blocks() if isinstance(b, Notice)]
    assert len(notices) == 6 and {n.title for n in notices} == {"Иллюстрация отсутствует в источнике"}
    captions = [plain(b.inlines) for b in blocks() if isinstance(b, Paragraph) and b.role == "caption"]
    assert captions[:2] == ["Укрытие", "Пример укрытия"] and len(captions) == 8


def test_framed_stat_block_and_note():
    example = next(b for b in blocks() if isinstance(b, Admonition) and b.kind == "example" and not b.title)
    assert plain(example.children[0].inlines).startswith("Тяжёлая радиационная болезнь (болезнь)")
    note = next(b for b in blocks() if isinstance(b, Admonition) and b.kind == "note")
    assert note.title == "Заметка" and plain(note.children[0].inlines) == "(1 миля ≈ 1.6 км)"


def test_lists():
    lists = [b for b in blocks() if isinstance(b, ListBlock)]
    assert sum(len(x.items) for x in lists if not x.ordered) == 38
    assert [len(x.items) for x in lists if x.ordered] == [4, 4, 4, 3]


def test_a_highlight_s_stray_marks_are_removed():
    """Source line 123 says «=сопротивлением (resistance)=»: the marks of a highlight."""
    (p,) = [b for b in blocks() if isinstance(b, Paragraph) and b.line == 123]
    assert "сопротивлением (resistance), уменьшающим" in plain(p.inlines)
    assert not [b for b in blocks() if isinstance(b, Paragraph) and "=сопротивлением" in plain(b.inlines)]
