"""A text numbering its chapters without a chapter word («1. Основы», «2. Бой») over sections
«1.1.», «1.2.1.» needs no entry: each heading sits at the depth of its number. «2. Бой» was
taken as one level below the last numbered heading (an H4 under «1.2.1.»)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest.model import Heading, walk

from tests.support.sources import ingest_one

ENTRY = '[books.num]\ntitle = "Числа"\nsystem = "Пример"\nsource = "num.txt"\n'
TEXT = """\
1. Основы

Основы игры просты.

1.1. Броски

Бросьте 2к6.

1.1.1. Преимущество

Бросьте 3к6.

2. Бой

Бой идёт раундами.

2.1. Атака

Атака стоит действие.
"""


def test_chapters_numbered_without_a_word_sit_at_the_depth_of_their_number(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"num.txt": TEXT})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [
        (1, "1. Основы"),
        (2, "1.1. Броски"),
        (3, "1.1.1. Преимущество"),
        (1, "2. Бой"),
        (2, "2.1. Атака"),
    ]


STEPS = """\
1. Бой

1.1. Ход

Ход состоит из шагов:

1. Бросок инициативы

2. Действия героев

3. Конец раунда

После этого раунд повторяется.

1.2. Укрытие

Укрытие даёт защиту.
"""


ONE_STEP = STEPS.replace("шагов:", "одного шага:").replace("2. Действия героев\n\n3. Конец раунда\n\n", "")


@pytest.mark.parametrize("text", [STEPS, ONE_STEP], ids=["steps", "one step"])
def test_numbered_steps_under_a_lead_in_are_no_chapters(tmp_path: Path, text: str) -> None:
    r = ingest_one(tmp_path, ENTRY, {"num.txt": text})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    steps = [t for t in ("1. Бросок инициативы", "2. Действия героев", "3. Конец раунда") if t in text]
    assert heads == [(1, "1. Бой"), (2, "1.1. Ход"), *[(3, t) for t in steps], (2, "1.2. Укрытие")]


LAST = """\
1. Бой

Бой идёт раундами.

1.1. Инициатива

Каждый бросает кубик.

2. Магия

Магия стоит очков.

2.1. Заклинания

Заклинание читают вслух.

3. Послесловие

Спасибо за игру.
"""


@pytest.mark.parametrize(
    "text",
    [LAST, "Книга делится на части:\n\n" + LAST],
    ids=["a last chapter with no sections", "a lead-in above the first chapter"],
)
def test_every_chapter_of_a_numbered_book_sits_at_depth_1(tmp_path: Path, text: str) -> None:
    r = ingest_one(tmp_path, ENTRY, {"num.txt": text})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert [h for h in heads if h[1][0].isdigit()] == [
        (1, "1. Бой"),
        (2, "1.1. Инициатива"),
        (1, "2. Магия"),
        (2, "2.1. Заклинания"),
        (1, "3. Послесловие"),
    ]


def test_a_numbered_list_after_a_chapter_ends_the_run_of_chapter_numbers(tmp_path: Path) -> None:
    # «3. Взмахните рукой» alone in its block after the items «1. …», «2. …» of a list is the
    # list's last step, not chapter 3 after «2. Магия»
    text = LAST.replace(
        "3. Послесловие\n\nСпасибо за игру.\n",
        "Заклинание делается в три шага.\n\n1. Наберите воздуха и вспомните слова заклинания целиком.\n"
        "2. Произнесите их вслух, не сбиваясь и не торопясь.\n\n3. Взмахните рукой\n",
    )
    r = ingest_one(tmp_path, ENTRY, {"num.txt": text})
    heads = [(b.level, b.text) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert (1, "3. Взмахните рукой") not in heads
    assert [h for h in heads if h[0] == 1] == [(1, "1. Бой"), (1, "2. Магия")]
