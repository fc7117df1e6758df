"""A plain text's tables drawn with pipes (`| a | b |` over `|---|`) or box-drawing characters
(┌─┬─┐ │ ├─┼─┤ └─┴─┘) are tables with no entry: their bars say where every cell ends."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Paragraph, Table, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.drawn]
title = "Снаряжение"
system = "Пример"
source = "drawn.txt"
"""

TEXT = """\
Снаряжение

Оружие

| Оружие | Урон | Особое         |
|--------|------|----------------|
| Нож    | 1    | можно метнуть  |
| Топор  | 2    |                |

Доспехи
┌──────────┬────────┐
│ Доспех   │ Защита │
├──────────┼────────┤
│ Куртка   │ 1      │
│ Кольчуга │ 3      │
└──────────┴────────┘
Доспех мешает плыть.
"""


def _cells(rows: list) -> list[list[str]]:
    return [[plain(c.inlines) for c in r] for r in rows]


def test_pipe_and_box_tables_are_tables_without_an_entry(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"drawn.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    weapons, armour = [b for b in blocks if isinstance(b, Table)]
    assert _cells(weapons.header) == [["Оружие", "Урон", "Особое"]]
    assert _cells([row.cells for row in weapons.rows]) == [["Нож", "1", "можно метнуть"], ["Топор", "2", ""]]
    assert _cells(armour.header) == [["Доспех", "Защита"]]
    assert _cells([row.cells for row in armour.rows]) == [["Куртка", "1"], ["Кольчуга", "3"]]
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert "Доспех мешает плыть." in texts and not any("│" in t or "|" in t for t in texts)


def test_a_drawn_row_with_a_cell_too_many_is_an_error_at_its_line(tmp_path: Path) -> None:
    bad = TEXT.replace("| Топор  | 2    |                |", "| Топор  | 2    | рубит | лёд |")
    with pytest.raises(
        IngestError, match=r"drawn\.txt:8: row has 4 cells but the drawn table at line 5 has 3"
    ):
        ingest_one(tmp_path, ENTRY, {"drawn.txt": bad})
