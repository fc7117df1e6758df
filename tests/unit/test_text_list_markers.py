"""Items a plain text marks with «1)» (a number and a bracket) or with an arrow or a square
(«►», «▪») are list items with no entry, as «1.» and «•» are: they were paragraphs, and a
hard-wrapped text joined two arrow items into one paragraph."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import ListBlock, Paragraph, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.marks]
title = "Приёмы"
system = "Пример"
source = "marks.txt"
"""

TEXT = """\
Приёмы

Порядок хода:
1) Путник объявляет, что делает.
2) Ведущий называет Сложность.

Особые приёмы требуют на один успех больше обычного, зато их итог не сводится к урону:
► Подсечка: враг падает и в следующем раунде бросает на кость меньше, чем бросал бы.
► Захват: враг не может сдвинуться, пока не пройдёт проверку Силы.
"""


def test_bracketed_numbers_and_arrows_are_list_items(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"marks.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    steps, moves = [b for b in blocks if isinstance(b, ListBlock)]
    assert steps.ordered and [plain(i.inlines) for i in steps.items] == [
        "Путник объявляет, что делает.",
        "Ведущий называет Сложность.",
    ]
    assert not moves.ordered and len(moves.items) == 2
    assert not any("►" in plain(b.inlines) for b in blocks if isinstance(b, Paragraph))
