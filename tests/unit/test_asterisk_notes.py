"""Notes marked «*» and «**» under a table whose cells end in those marks are the table's notes
with no entry: the «* …» line was a bulleted list item (its mark gone, the link to the cell
lost) and the «** …» line a paragraph. Asterisk lines under a table without such marks stay
what they were."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import ListBlock, Table, walk

from tests.support.sources import ingest_one

ENTRY = '[books.cov]\ntitle = "Укрытие"\nsystem = "Пример"\nsource = "cov.txt"\n'
TABLE = "Укрытие\tБонус\nЛёгкое\t+1\nПолное\t—*\nДымовое\t+2**\n"
NOTES = "* Цель в полном укрытии сначала выманивают.\n** Дым мешает и атакующему.\n"


def test_asterisk_notes_under_a_table_are_its_notes(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"cov.txt": f"Укрытие\n\n{TABLE}\n{NOTES}"})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert [n.marker for n in table.footnotes] == ["*", "**"]
    assert not any(isinstance(b, ListBlock) for b in blocks)
    assert r.doc.report.notes == []  # both marks are in the table


def test_asterisk_lines_under_a_table_without_marks_stay_a_list(tmp_path: Path) -> None:
    plain_table = TABLE.replace("—*", "—").replace("+2**", "+2")
    items = "* Лёгкое укрытие.\n* Полное укрытие.\n"
    r = ingest_one(tmp_path, ENTRY, {"cov.txt": f"Укрытие\n\n{plain_table}\n{items}"})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert table.footnotes == []
    assert any(isinstance(b, ListBlock) for b in blocks)


def test_a_bulleted_list_under_a_table_with_a_starred_cell_stays_a_list(tmp_path: Path) -> None:
    items = "* Щит носят на левой руке.\n* Шлем защищает голову.\n"
    r = ingest_one(tmp_path, ENTRY, {"cov.txt": f"Укрытие\n\n{TABLE}\n{items}"})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    (table,) = [b for b in blocks if isinstance(b, Table)]
    assert table.footnotes == []
    (bullets,) = [b for b in blocks if isinstance(b, ListBlock)]
    assert len(bullets.items) == 2
    assert not any("footnote" in n for n in r.doc.report.notes)
