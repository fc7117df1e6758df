"""Definition lists, degrees of success, bold lead-ins and the cross-reference variants the new
books need (a reference only inside «См. также», a run of words of which a prefix is a title)."""

from __future__ import annotations

from rulebook.ingest import markdown
from rulebook.ingest.model import DefList, Link, Paragraph, Strong, plain

from tests.support.ingested import generated as parse

DEFS = """deflists = ['^(?:• )?(?P<term>[^:()•]{1,60}?) \\((?P<en>[A-Z][^()]*)\\): (?P<def>\\S.*)$']
[books.demo.degrees]
terms = ["Критический успех", "Успех", "Провал", "Критический провал"]
"""


def test_definition_run_with_a_lead_in_line(tmp_path):
    text = (
        "Глава 4 включает несколько активностей.\n"
        "Создать (Craft): Вы создаёте предметы.\n"
        "• Проживание (Subsist): Вы находите еду.\n\n"
        "Парение (Hover): одна строка — не список."
    )
    _, blocks = parse(tmp_path, DEFS, text)
    lead, dl, single = blocks
    assert isinstance(lead, Paragraph) and plain(lead.inlines) == "Глава 4 включает несколько активностей."
    assert isinstance(dl, DefList) and [(plain(i.term), i.original) for i in dl.items] == [
        ("Создать", "Craft"),
        ("Проживание", "Subsist"),
    ]
    assert isinstance(single, Paragraph)
    assert markdown.deflist(dl).startswith(
        'Создать <small class="rb-original" lang="en">Craft</small>\n:   Вы создаёте'
    )


def test_degrees_of_success_on_one_line_are_split(tmp_path):
    text = (
        "Критический успех Вы не получаете урона. Успех Вы получаете половину урона. "
        "Провал Вы получаете урон. Критический провал Вы получаете двойной урон."
    )
    _, (dl,) = parse(tmp_path, DEFS, text)
    assert dl.css == "degrees"
    assert [(plain(i.term), plain(i.definition)) for i in dl.items] == [
        ("Критический успех", "Вы не получаете урона."),
        ("Успех", "Вы получаете половину урона."),
        ("Провал", "Вы получаете урон."),
        ("Критический провал", "Вы получаете двойной урон."),
    ]


def test_degrees_of_success_with_dashes_one_per_line(tmp_path):
    text = "Критический успех — вы противодействуете.\nУспех — почти.\nПровал — нет."
    _, (dl,) = parse(tmp_path, DEFS, text)
    assert [plain(i.definition) for i in dl.items] == ["вы противодействуете.", "почти.", "нет."]


def test_a_paragraph_that_merely_starts_with_an_outcome_is_text(tmp_path):
    _, (p,) = parse(tmp_path, DEFS, "Успех зависит от броска. Это обычный абзац.")
    assert isinstance(p, Paragraph)


def test_run_in_terms_respect_length_and_exclusions(tmp_path):
    entry = """[[books.demo.runin]]
pattern = '^(?P<term>[А-ЯЁ][^.—:]{1,60}\\.)(?= [А-ЯЁ])'
max_words = 4
exclude = '(?i)\\bвы\\b'
"""
    text = (
        "Нулевая скорость. Ваша Скорость равна 0.\n\nПри успехе вы становитесь Невидимым. Далее.\n\n"
        "Это слишком длинное начало предложения здесь. Текст."
    )
    _, blocks = parse(tmp_path, entry, text)
    assert blocks[0].inlines[0] == Strong("Нулевая скорость.") and blocks[0].role == "lead"
    assert [type(s).__name__ for s in blocks[1].inlines] == ["Text"]
    assert [type(s).__name__ for s in blocks[2].inlines] == ["Text"]


def test_see_also_links_only_inside_its_clause_and_by_english_original(tmp_path):
    entry = """[books.demo.headings]
mode = "english_paren"
original = '\\s*\\((?P<en>[A-Z][^()]*)\\)$'
exclude = ['^См\\. также']  # it also ends with «(English)»

[[books.demo.xrefs]]
within = '^См\\. также: .*$'
pattern = '(?:: |, | и )(?P<text>[^,()]+?\\((?P<ref>[A-Za-z][^()]*)\\))'
kind = "title"
aliases = { "Escape" = "" }
"""
    text = (
        "Падение (Falling)\n\nТекст про Падение (Falling).\n\n"
        "См. также: Вырваться (Escape), Падение (Falling)"
    )
    doc, blocks = parse(tmp_path, entry, text)
    body, see = blocks[1], blocks[2]
    assert not any(isinstance(s, Link) for s in body.inlines)  # outside «См. также»: text
    assert [s for s in see.inlines if isinstance(s, Link)] == [Link("Падение (Falling)", "#padenie")]
    assert doc.report.external == [(5, "Вырваться (Escape)")]


def test_prefix_reference_links_the_longest_exact_title(tmp_path):
    entry = """[[books.demo.xrefs]]
pattern = '[Сс]мотри раздел (?P<ref>[А-ЯЁ][^.,;]*)'
kind = "title"
prefix = true
"""
    text = "Прорыв\n\nТекст. Смотри раздел Прорыв в конце этой главы.\n\nПрорывы\n\nЕщё."
    _, blocks = parse(tmp_path, entry, text)
    link = next(s for b in blocks if isinstance(b, Paragraph) for s in b.inlines if isinstance(s, Link))
    assert link == Link("Прорыв", "#proryv")
