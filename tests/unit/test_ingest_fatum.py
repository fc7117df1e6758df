"""Golden expectations for FATUM, from reading the book."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest.config import load_books
from rulebook.ingest.model import Admonition, Heading, Link, ListBlock, Notice, Page, Paragraph, walk
from rulebook.ingest.pipeline import parse_book, render_book

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def fatum():
    book = next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == "fatum")
    doc = parse_book(book)
    return book, doc, render_book(book, doc)


def page(doc, file: str) -> Page:
    return next(p for p in doc.pages if p.file == file)


def heading(doc, text: str) -> tuple[Page, Heading]:
    for p in doc.pages:
        for b in p.blocks:
            if isinstance(b, Heading) and b.text == text:
                return p, b
    raise AssertionError(f"no heading {text!r}")


def test_one_page_per_chapter_with_short_ascii_names(fatum) -> None:
    _, doc, files = fatum
    assert [p.title for p in doc.pages] == [
        "Введение",
        "Глава 1. Базовые правила",
        "Глава 2. Создание персонажа",
        "Глава 3. Бой",
        "Глава 4. Снаряжение и экипировка",
        "Глава 5. Ведущему — Мастеру",
        "Приложения",
    ]
    assert all(name.isascii() and len(name) <= 32 for name in files)
    assert "03-boi.md" in files and "index.md" in files


def test_section_3_9_is_an_h2_on_the_chapter_3_page(fatum) -> None:
    _, doc, _ = fatum
    p, h = heading(doc, "3.9. Ранения и травмы")
    assert p.file == "03-boi.md" and h.level == 2 and h.anchor == "3-9-raneniia-i-travmy"


def test_numbered_subsections_and_steps_get_their_levels(fatum) -> None:
    _, doc, _ = fatum
    assert heading(doc, "2.2.1. Начальные черты (НЧ)")[1].level == 4  # under Шаг 2 (headings.nest)
    assert heading(doc, "Глава 3. Бой")[1].level == 1
    assert heading(doc, "Шаг 4 Специализация")[1].level == 3  # the period is missing in the source
    assert heading(doc, "Шаг 8. Разместите оставшиеся ранения")[1].level == 4  # inside 3.4
    assert heading(doc, "Приложение Е: Транспрт")[1].level == 2
    assert heading(doc, "Модуль II. Адреналиновая отсрочка")[1].level == 3
    assert heading(doc, "Зона обстрела")[1].level == 3  # unnumbered: one below 3.3
    assert heading(doc, "Кровотечение вне боя")[1].level == 4  # under «Кровотечение» (headings.nest)


def test_headings_glued_to_text_are_split_off(fatum) -> None:
    _, doc, _ = fatum
    p, h = heading(doc, "Добро пожаловать в FATUM")
    nxt = p.blocks[p.blocks.index(h) + 1]
    assert isinstance(nxt, Paragraph) and "Эта книга правил откроет" in nxt.inlines[0].text
    heading(doc, "Изменение потери морали")  # glued under the morale table
    heading(doc, "Хищный темп")  # two headings on consecutive lines


def test_sentences_that_start_like_headings_stay_text(fatum) -> None:
    _, doc, _ = fatum
    texts = {b.text for p in doc.pages for b in p.blocks if isinstance(b, Heading)}
    assert not any(t.startswith("Модуль не откладывает") for t in texts)
    assert "Что ты умеешь?" not in texts  # a pull-quote question, not a heading


def test_repeated_titles_get_unique_ids(fatum) -> None:
    _, doc, _ = fatum
    for p in doc.pages:
        anchors = [b.anchor for b in p.blocks if isinstance(b, Heading)]
        assert len(anchors) == len(set(anchors)), p.file
    srvy = [
        b.anchor
        for b in page(doc, "02-sozdanie-personazha.md").blocks
        if isinstance(b, Heading) and b.text == "Срыв"
    ]
    assert len(srvy) == 2 and srvy[0] != srvy[1]


def test_site_chrome_is_dropped(fatum) -> None:
    _, _doc, files = fatum
    text = "\n".join(files.values())
    for chrome in ("Rule:", "Далее|Назад", "Далее\\|Назад", "Далее Назад", "⌕Ctrl K", "FATUMПравила"):
        assert chrome not in text
    for line in text.splitlines():
        assert not line.rstrip().endswith(("Далее", "Назад")), line
    assert "совместной жизни с людьми." in files["02-sozdanie-personazha.md"]
    assert "__" not in files["02-sozdanie-personazha.md"].split("совместной жизни с людьми.")[1][:5]


def test_the_pdf_attachment_is_a_notice_on_the_sheet_appendix(fatum) -> None:
    _, doc, files = fatum
    p, h = heading(doc, "Приложение З: Лист персонажа")
    after = p.blocks[p.blocks.index(h) + 1 :]
    assert any(isinstance(b, Notice) and "Основной лист 1.pdf" in b.text for b in after)
    assert "Вложение: Основной лист" not in files["06-prilozheniia.md"]


def test_callouts_become_admonitions(fatum) -> None:
    _, doc, _ = fatum
    boxes = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, Admonition)]
    kinds = {(b.kind, b.title) for b in boxes}
    assert ("note", "Примечание") in kinds and ("example", "Пример") in kinds
    assert ("tip", "Совет") in kinds and ("warning", "Важно") in kinds
    formula = next(b for b in boxes if b.title == "Формула проверки")
    assert "formula" in formula.css
    assert "≥" in formula.children[0].inlines[0].text
    # the leading underscore of «_Пример: …» is an artefact, removed
    assert not any(
        b.children
        and getattr(b.children[0], "inlines", [None])[0] is not None
        and str(getattr(b.children[0].inlines[0], "text", "")).startswith("_")
        for b in boxes
    )


def test_lists_keep_their_kind_and_nesting(fatum) -> None:
    _, doc, _ = fatum
    lists = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock)]
    intro = next(lst for lst in lists if lst.items[0].inlines[0].text.startswith("Ясная и быстрая механика"))
    assert not intro.ordered and len(intro.items) == 5
    how = next(lst for lst in lists if lst.items[0].inlines[0].text.startswith("Базовые правила — скелет"))
    assert how.ordered and len(how.items) == 5
    nested = [lst for lst in lists if any(isinstance(c, ListBlock) for it in lst.items for c in it.children)]
    assert nested, "the nested lists of 2.3 and Приложение Г"


def test_cross_references_become_links_and_missing_targets_are_reported(fatum) -> None:
    _, doc, files = fatum
    links = {
        (s.text, s.target)
        for p in doc.pages
        for b in walk(p.blocks)
        if isinstance(b, Paragraph)
        for s in b.inlines
        if isinstance(s, Link)
    }
    targets = {t for _, t in links}
    assert "#3-11-oruzhie-blizhnego-boia" in targets  # «(см. 3.11)» on the same page
    assert any(t.startswith("03-boi.md#3-4-bronia") for t in targets)  # «в Главе 3, раздел 3.4»
    assert any(text == "Главе 1" for text, _ in links)
    assert any(
        text == "Приложение Е" and t.startswith("06-prilozheniia.md#prilozhenie-e") for text, t in links
    )
    assert any(text == "Приложении «Навыки»" for text, _ in links)
    # the traumas appendix is not in the source: the reference stays text and is reported
    missing = {t for _, t in doc.report.unresolved + doc.report.external}
    assert any("Травмы" in t for t in missing)
    assert "Приложении «Травмы»" in files["03-boi.md"]
    assert "[Приложении «Травмы»]" not in files["03-boi.md"]
    assert "[3.9](#3-9-raneniia-i-travmy)" in files["03-boi.md"]


def boxes_at(doc) -> dict[int, Admonition]:
    return {b.line: b for p in doc.pages for b in walk(p.blocks) if isinstance(b, Admonition)}


EXAMPLE_LINES = (1735, 2894, 3630, 4222, 4977, 5974, 5998, 6110, 6129, 6149)  # «Пример» alone


def test_standalone_example_lines_are_example_boxes_not_headings(fatum) -> None:
    _, doc, _ = fatum
    assert not [h for p in doc.pages for h in p.blocks if isinstance(h, Heading) and h.text == "Пример"]
    boxes = boxes_at(doc)
    for line in (*EXAMPLE_LINES, 1384, 1391, 1398, 1405, 1412):  # and «Пример:» alone
        assert (boxes[line].kind, boxes[line].title) == ("example", "Пример"), line
    # the box runs to the end of its section ...
    budget = boxes[4977]
    assert [type(c).__name__ for c in budget.children] == ["Paragraph"] * 3 + ["ListBlock", "Paragraph"]
    # ... except the summary of the armour steps, which follows the example of Шаг 8
    steps = boxes[2894]
    assert isinstance(steps.children[-1], ListBlock) and len(steps.children[-1].items) == 8
    p, _ = heading(doc, "Шаг 8. Разместите оставшиеся ранения")
    after = p.blocks[p.blocks.index(steps) + 1]
    assert isinstance(after, Paragraph) and after.inlines[0].text.startswith("Таким образом")


def test_formula_lines_inside_list_items_are_formula_boxes(fatum) -> None:
    _, doc, _ = fatum
    boxes = boxes_at(doc)
    credits, throw = boxes[760], boxes[3083]
    assert (credits.title, credits.css) == ("Формула", "formula")
    assert credits.children[0].inlines[0].text == "600 + 200 × (уровень − 1)."
    assert throw.css == "formula" and throw.children[0].inlines[0].text.startswith("Дальность броска =")
    holders = [
        it
        for p in doc.pages
        for b in walk(p.blocks)
        if isinstance(b, ListBlock)
        for it in b.items
        if credits in it.children or throw in it.children
    ]
    assert len(holders) == 2  # each inside the list item it belongs to


def test_two_dash_items_glued_on_line_680_are_two_items(fatum) -> None:
    _, doc, _ = fatum
    (lst,) = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock) and b.line == 679]
    assert [it.line for it in lst.items] == [679, 680, 680, 681, 682, 683]
    assert lst.items[1].inlines[0].text.endswith("очевидное состояние БЗ;")
    assert lst.items[2].inlines[0].text == "используемый профиль оружия;"
