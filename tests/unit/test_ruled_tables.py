"""A table whose header a rule of dash runs underlines («Броня  Защ» over «-----  ----», as
Pandoc's simple tables and typed listings set them) is a table, in a copied text and in Markdown:
the rule says where each column starts, so cells may hold single spaces and be «—». Read as text
the rule was a drawn table's border: the header became an empty heading, the rule a heading."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Heading, Paragraph, Table, at, plain, walk

from tests.support.sources import ingest_one

TABLE = """\
Броня  Бонус к Защ  Особенность
-----  -----------  -------------------------
Кожа   +1           —
Чешуя  +2           помеха на проверки тишины
Щит    +1           только с одноручным
"""


def entry(source: str) -> str:
    return f'[books.arm]\ntitle = "Броня"\nsystem = "Пример"\nsource = "{source}"\n'


def tables(r) -> list[list[list[str]]]:
    out = []
    for p in r.doc.pages:
        for b in walk(p.blocks):
            if isinstance(b, Table):
                rows = [[plain(c.inlines) for c in row] for row in b.header]
                rows += [[plain(c.inlines) for c in row.cells] for row in b.rows]
                out.append(rows)
    return out


EXPECTED = [
    ["Броня", "Бонус к Защ", "Особенность"],
    ["Кожа", "+1", "—"],
    ["Чешуя", "+2", "помеха на проверки тишины"],
    ["Щит", "+1", "только с одноручным"],
]


def test_a_ruled_table_in_a_text_is_a_table_not_headings(tmp_path: Path) -> None:
    text = f"Доспехи\n\nДоспехи защищают.\n\n{TABLE}"
    r = ingest_one(tmp_path, entry("arm.txt"), {"arm.txt": text})
    assert tables(r) == [EXPECTED]
    heads = [b.text for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == ["Доспехи"]


def test_a_ruled_table_glued_under_a_closing_rule_drops_the_rule(tmp_path: Path) -> None:
    text = f"Доспехи\n\n{TABLE}-----  -----------  -------------------------\n"
    r = ingest_one(tmp_path, entry("arm.txt"), {"arm.txt": text})
    assert tables(r) == [EXPECTED]


def test_a_ruled_table_in_markdown_is_a_table(tmp_path: Path) -> None:
    text = f"# Доспехи\n\nДоспехи защищают.\n\n{TABLE}\nПосле таблицы.\n"
    r = ingest_one(tmp_path, entry("arm.md"), {"arm.md": text})
    assert tables(r) == [EXPECTED]


def test_a_word_across_a_column_start_keeps_the_block_as_paragraphs_with_a_warning(tmp_path: Path) -> None:
    text = "Доспехи\n\n" + TABLE.replace("Щит    +1", "Щит большой+1")
    r = ingest_one(tmp_path, entry("arm.txt"), {"arm.txt": text})
    assert tables(r) == []
    got = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert got[0] == "Броня  Бонус к Защ  Особенность"
    assert got[-1] == "Щит большой+1           только с одноручным"
    ((line, warning),) = r.doc.report.warnings
    assert at(line) == "arm.txt:7" and "line 4" in warning and "paragraphs" in warning


def test_a_hand_typed_row_longer_than_its_rule_is_split_at_its_gaps(tmp_path: Path) -> None:
    text = "Оружие\n\nОружие      Урон\n------      ----\nМеч         6\nДвуручный меч  12\n\nКонец.\n"
    r = ingest_one(tmp_path, entry("arm.txt"), {"arm.txt": text})
    assert tables(r) == [[["Оружие", "Урон"], ["Меч", "6"], ["Двуручный меч", "12"]]]
    ((line, warning),) = r.doc.report.warnings
    assert at(line) == "arm.txt:6" and "gaps of two spaces" in warning


def test_a_hand_typed_row_with_a_single_space_is_kept_as_text(tmp_path: Path) -> None:
    text = "Оружие\n\nОружие      Урон\n------      ----\nМеч         6\nДвуручный меч 12\n\nКонец.\n"
    r = ingest_one(tmp_path, entry("arm.txt"), {"arm.txt": text})
    got = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert got == ["Оружие      Урон", "Меч         6", "Двуручный меч 12", "Конец."]
    assert [at(line) for line, _ in r.doc.report.warnings] == ["arm.txt:6"]
