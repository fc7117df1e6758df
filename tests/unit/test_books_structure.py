"""Structure a careful reader checks, for every registered book: no section is left empty with its
children beside it, no heading-like line became a table row, and umbrella headings hold the
headings the book lists under them (FATUM's fixes, as golden examples)."""

from __future__ import annotations

import pytest
from rulebook.ingest import outline
from rulebook.ingest.config import load_books
from rulebook.ingest.model import Admonition, Heading, Table

from tests.support.ingested import headings, parsed
from tests.support.site import ROOT

CONTENTS = ROOT / "tests" / "fixtures" / "fatum-contents.txt"

BOOKS = [b.slug for b in load_books(ROOT / "sources" / "books.toml")]


@pytest.mark.parametrize("slug", BOOKS)
def test_no_section_is_empty_and_nothing_reads_like_a_lost_heading(slug):
    doc = parsed(slug)
    assert outline.empty_sections(doc) == []
    assert doc.report.warnings == []


def children(slug: str, title: str) -> list[str]:
    hs = headings(slug)
    i = next(i for i, h in enumerate(hs) if h.text == title)
    out = []
    for h in hs[i + 1 :]:
        if h.level <= hs[i].level:
            break
        if h.level == hs[i].level + 1:
            out.append(h.text)
    return out


def test_fatum_umbrella_headings_hold_their_children():
    assert children("fatum", "Ранги NPC") == [
        "Массовка",
        "Рядовой",
        "Ветеран",
        "Элитный NPC",
        "Главный противник",
    ]
    gifts = children("fatum", "Таблица способностей Аберрантов")
    assert len(gifts) == 9 and gifts[0] == "Сверхинтеллект" and gifts[-1] == "Парение"
    assert children("fatum", "Таблица Модификаций")[-1] == "Тяжёлое Оружие"
    assert len(children("fatum", "Примеры способностей")) == 12
    assert children("fatum", "Состояния морали") == [
        "Выше половины",
        "Половина или меньше",
        "Четверть или меньше",
        "Ноль",
    ]


def test_fatum_steps_of_2_2_are_its_children_around_2_3():
    """2.3 sits between Шаг 2 and Шаг 3 of 2.2: it is a part of 2.2 in reading order, so all
    nine steps stay children of 2.2 and no text moves."""
    kids = children("fatum", "2.2. Пошаговое создание персонажа")
    assert [k.split()[1].rstrip(".") for k in kids if k.startswith("Шаг")] == [str(n) for n in range(1, 10)]
    assert kids[2] == "2.3. Создание персонажа выше 1-го уровня"
    assert children("fatum", "Шаг 2. Черты") == [
        "2.2.1. Начальные черты (НЧ)",
        "2.2.2. Основные черты (ОЧ)",
        "2.2.3. Бонусные черты (БЧ)",
    ]
    assert "Пример создания персонажа 3-го уровня" in children(
        "fatum", "2.3. Создание персонажа выше 1-го уровня"
    )


def test_fatum_examples_umbrella_of_3_4_does_not_demote_5_3():
    assert len(children("fatum", "Примеры")) == 5  # 3.4's worked examples
    assert children("fatum", "5.3. Нарративные эффекты") == [
        "Требования к эффекту",
        "Подходящие формы",
        "Примеры",
        "Ограничения",
        "Изменение боя",
    ]


def test_fatum_vdumchivyi_holds_its_level_table():
    doc = parsed("fatum")
    page = next(p for p in doc.pages if p.file == "02-sozdanie-personazha.md")
    i = next(i for i, b in enumerate(page.blocks) if isinstance(b, Heading) and b.text == "Вдумчивый")
    section = []
    for b in page.blocks[i + 1 :]:
        if isinstance(b, Heading):
            break
        section.append(b)
    assert [type(b).__name__ for b in section] == ["Paragraph", "Paragraph", "Admonition", "Table"]
    box, table = section[2], section[3]
    assert isinstance(box, Admonition) and box.title == "Изученная цель"
    assert isinstance(table, Table) and len(table.rows) == 6


def test_fatum_umbrellas_nest_inside_umbrellas():
    assert children("fatum", "Огнестрельное оружие") == [
        "Пистолеты",
        "Карабины",
        "Дробовики",
        "Винтовки (снайперские)",
        "Тяжёлое оружие (гранатомёты, пулемёты, анаксионные пушки)",
    ]
    assert children("fatum", "Винтовки (снайперские)") == [
        "Выверенный выстрел",
        "Огневая позиция",
        "Пристрелка позиции",
        "Контрснайперское наблюдение",
    ]
    assert children("fatum", "Остановка кровотечения") == [
        "Помощь союзнику",
        "Самопомощь",
        "Перевязочный комплект",
    ]
    assert "Остановка кровотечения" in children("fatum", "Кровотечение")


def contents(slug: str) -> str:
    """The heading tree, one title a line, indented by level (what a table of contents shows)."""
    return "".join(f"{'  ' * (h.level - 1)}{h.text}\n" for h in headings(slug))


def test_fatum_heading_tree_is_the_reviewed_table_of_contents():
    """The whole tree, read against the book: a change of any level shows here as a diff. After a
    deliberate change: `python -m tests.unit.test_books_structure > tests/fixtures/fatum-contents.txt`."""
    assert contents("fatum") == CONTENTS.read_text(encoding="utf-8")


def test_an_umbrella_does_not_move_the_ids_of_repeated_titles_under_it():
    ids = {h.anchor for h in headings("fatum")}
    assert {"4-8-pistolety", "5-5-ukrytiia", "shag-7-psikhologicheskii-sled-2"} <= ids


if __name__ == "__main__":
    print(contents("fatum"), end="")
