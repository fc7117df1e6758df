"""FATUM's tables come out with the right columns: golden expectations read off the source text.

All but one of the book's tables separate cells with single spaces, so every table is recovered
from its hint in sources/fatum.tables.toml. These tests pin the hard cases (ranges, negatives,
multi-line cells, rowspans, things glued under a table) and check that every cell is the source
text, in order, with nothing dropped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulebook.ingest.config import load_books
from rulebook.ingest.errors import IngestError
from rulebook.ingest.markdown import table as table_markdown
from rulebook.ingest.model import Block, Break, Document, Heading, Paragraph, Row, Table, plain, walk
from rulebook.ingest.pipeline import parse_book

ROOT = Path(__file__).resolve().parents[2]

# The book's real tables: the 117 of the structure inventory, where the nine «Ранг Эффект» tables
# under the Дар names count as one, so 125 tables in the text.
TABLE_COUNT = 125


@pytest.fixture(scope="module")
def doc() -> Document:
    book = next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == "fatum")
    return parse_book(book)


@pytest.fixture(scope="module")
def blocks(doc: Document) -> list[tuple[str, Block]]:
    """(page file, block) for every block of the book, in reading order."""
    return [(p.file, b) for p in doc.pages for b in walk(p.blocks)]


@pytest.fixture(scope="module")
def tables(blocks: list[tuple[str, Block]]) -> list[Table]:
    return [b for _, b in blocks if isinstance(b, Table)]


def header(t: Table) -> list[str]:
    return [plain(c.inlines) for c in t.header[0]]


def cells(row: Row) -> list[str]:
    return [plain(c.inlines) for c in row.cells]


def find(tables: list[Table], *columns: str, line: int | None = None) -> Table:
    found = [t for t in tables if header(t) == list(columns) and (line is None or t.line == line)]
    assert len(found) == 1, f"{len(found)} tables with columns {columns} (line {line})"
    return found[0]


def after(blocks: list[tuple[str, Block]], t: Table) -> Block:
    """The block that follows a table."""
    i = next(i for i, (_, b) in enumerate(blocks) if b is t)
    return blocks[i + 1][1]


def row_starting(t: Table, first: str) -> list[str]:
    return next(cells(r) for r in t.rows if cells(r)[0] == first)


def test_every_table_of_the_book_is_recovered_from_its_hint(tables: list[Table]) -> None:
    assert len(tables) == TABLE_COUNT
    assert all(t.hinted for t in tables)
    assert all(len(r.cells) <= t.ncols for t in tables for r in t.rows)


def test_every_table_is_on_its_page(doc: Document) -> None:
    per_page = {p.file: sum(isinstance(b, Table) for b in walk(p.blocks)) for p in doc.pages}
    assert per_page == {
        "00-vvedenie.md": 1,
        "01-bazovye-pravila.md": 10,
        "02-sozdanie-personazha.md": 39,
        "03-boi.md": 20,
        "04-snariazhenie.md": 24,
        "05-masteru.md": 14,
        "06-prilozheniia.md": 17,
    }


def test_cells_are_the_source_text_in_order(doc: Document, tables: list[Table]) -> None:
    """Header and cells, read row by row, spell the source from the header line on: no word is
    dropped, changed or moved to another row."""
    source = Path(ROOT / "sources" / "fatum.txt").read_text(encoding="utf-8").split("\n")
    for t in tables:
        words = " ".join(header(t) + [c for r in t.rows for c in cells(r)]).split()
        expected: list[str] = []
        i = t.line - 1
        while len(expected) < len(words):
            expected.extend(source[i].split())
            i += 1
        assert words == expected[: len(words)], f"table at line {t.line}"


def test_damage_to_wounds_table_in_3_4_has_two_columns_and_six_rows(
    blocks: list[tuple[str, Block]], tables: list[Table]
) -> None:
    t = find(tables, "Урон", "Полученные ранения")
    assert t.ncols == 2
    assert [cells(r) for r in t.rows] == [
        ["0 или меньше", "Ранений нет"],
        ["1", "Лёгкое ранение"],
        ["2", "Среднее ранение"],
        ["3", "Среднее и Лёгкое ранения"],
        ["4", "Серьёзное ранение"],
        ["5 или больше", "Критическое ранение"],
    ]
    page = next(f for f, b in blocks if b is t)
    assert page == "03-boi.md"


def test_cover_material_table_in_3_3_has_two_columns_and_three_rows(tables: list[Table]) -> None:
    t = find(tables, "Материал", "Бонус к МЗ")
    assert t.ncols == 2
    assert [cells(r) for r in t.rows] == [
        ["Лёгкий (дерево, пластик)", "+1"],
        ["Крепкий (бетон, металл)", "+2"],
        ["Специальный (пласталь, мешки с песком и т.п.)", "+3"],
    ]


def test_ranges_stay_one_cell(tables: list[Table]) -> None:
    t = find(tables, "Уровень Основной черты", "Куб успеха")
    assert [cells(r) for r in t.rows] == [["0", "1к4"], ["1 – 2", "1к6"], ["3 – 4", "1к8"], ["5 – 6", "1к10"]]


def test_nation_table_keeps_its_three_line_entries_together(tables: list[Table]) -> None:
    t = find(tables, "Нация", "Пути происхождения", "Социальный след")
    assert len(t.rows) == 20
    path = re.compile(r"[^:]+: \+1 [^,]+, \+1 .+")
    for r in t.rows:
        assert len(r.cells) == 3
        paths = r.cells[1].inlines
        assert sum(isinstance(i, Break) for i in paths) == 2  # three paths, one per source line
        assert all(path.fullmatch(plain([i])) for i in paths if not isinstance(i, Break))
    assert cells(t.rows[0]) == [
        "Тевриец",
        "Риторика революции: +1 Убеждение, +1 Интуиция Военная подготовка: +1 Меткость, +1 Воля "
        "Инженеры равенства: +1 Память, +1 Эрудиция",
        "В монархических, военных или строго иерархических кругах ваши манеры и убеждения могут "
        "вызывать подозрение.",
    ]
    assert [cells(r)[0] for r in t.rows if "/" in cells(r)[0]] == ["Твериец / Керевен", "Твериец / Роялист"]


def test_bonus_trait_rows_keep_their_continuation_paragraphs(
    blocks: list[tuple[str, Block]], tables: list[Table]
) -> None:
    bonus = [t for t in tables if header(t) == ["Ур.", "Эффект"]]
    assert len(bonus) == 4  # Крепкий, Уверенный, Удачливый, Вдумчивый
    for t in bonus:
        assert [cells(r)[0] for r in t.rows] == ["1", "2", "3", "4", "5", "6"]
    sturdy = bonus[0]
    level4 = cells(sturdy.rows[3])[1]
    assert level4.startswith("1 раз за бой, после применения брони")
    assert "Серьёзное → Среднее → Лёгкое." in level4
    assert level4.endswith("включая повышение из-за заполненных слотов.")
    level6 = cells(sturdy.rows[5])[1]
    assert level6.endswith("Способность восстанавливается после большого привала.")
    # the paragraphs of a cell stay apart (a blank line in the source is an empty line in the cell)
    assert sum(isinstance(i, Break) for i in sturdy.rows[5].cells[1].inlines) == 8
    nxt = after(blocks, sturdy)
    assert isinstance(nxt, Heading) and nxt.text == "Уверенный"
    confident6 = cells(bonus[1].rows[5])[1]
    assert "— восстановить 1к8 морали;" in confident6
    assert confident6.endswith("Персонаж не обязан выбирать один и тот же эффект для всех союзников.")
    nxt = after(blocks, bonus[3])
    assert isinstance(nxt, Heading) and nxt.text.startswith("2.3.")


def test_appendix_b_names_a_trait_once_for_its_six_rows(tables: list[Table]) -> None:
    main = find(tables, "Черта", "Ур.", "Основные бонусы (помимо +владения)", "Способность (если есть)")
    assert len(main.rows) == 36
    spans = [(plain(r.cells[0].inlines), r.cells[0].rowspan) for r in main.rows if len(r.cells) == 4]
    assert spans == [
        (n, 6) for n in ("Сильный", "Ловкий", "Бдительный", "Умный", "Выносливый", "Обаятельный")
    ]
    assert all(len(r.cells) == 3 for i, r in enumerate(main.rows) if i % 6)
    assert cells(main.rows[0]) == ["Сильный", "1", "+1 владения оружием", "—"]
    assert cells(main.rows[2])[:2] == ["3", "+1 владения оружием"]  # the trait cell spans from row 1
    assert cells(main.rows[2])[2].startswith("Право сильного — прибавляйте половину бонуса")
    assert cells(main.rows[11]) == [
        "6",
        "+1 владения",
        "Друг ночи (+3 Скрытность ночью, нет штрафов за тьму)",
    ]
    assert '<td rowspan="6">Сильный</td>' in table_markdown(main)

    bonus = find(tables, "Черта", "Ур.", "Краткий эффект")
    assert len(bonus.rows) == 24
    spans = [(plain(r.cells[0].inlines), r.cells[0].rowspan) for r in bonus.rows if len(r.cells) == 3]
    assert spans == [(n, 6) for n in ("Крепкий", "Уверенный", "Удачливый", "Вдумчивый")]
    assert cells(bonus.rows[12]) == [
        "Удачливый",
        "1",
        "1 Фортуна/сцену; Фортуна позволяет перебросить свой провал",
    ]


def test_vehicle_row_keeps_a_negative_manoeuvre_apart_from_speed(tables: list[Table]) -> None:
    t = find(
        tables, "Профиль", "Среда", "Скор.", "Манёвр", "МЗ", "Корпус", "Броня", "Экипаж", "Пасс.", "Груз",
        "Слоты", "Цена",
    )  # fmt: skip
    assert len(t.rows) == 17
    # L5910 «Грузовик Земля 2 -1 3 8 …»: Скор. 2 and Манёвр −1, not a range «2 - 1»
    assert row_starting(t, "Грузовик") == [
        "Грузовик", "Земля", "2", "-1", "3", "8", "нет", "1", "2", "5", "2", "1200",
    ]  # fmt: skip
    assert row_starting(t, "Внедорожник") == [
        "Внедорожник", "Земля", "3", "0", "4", "6", "лёгкая, БЗ 2", "1", "4", "2", "2", "1000",
    ]  # fmt: skip


def test_pistol_row_has_ten_cells(tables: list[Table]) -> None:
    pistols = tables[[t.line for t in tables].index(3795)]
    assert header(pistols) == [
        "Профиль", "Куб", "Дальность", "ОД", "Порог", "Урон", "Тег", "Слоты мод.", "Особенность", "Цена",
    ]  # fmt: skip
    assert len(pistols.rows) == 6
    assert cells(pistols.rows[0]) == [
        "Карманный пистолет", "1к4/1к6", "50 фт", "1", "1", "1", "лёгкое", "1",
        "+2 к проверкам Скрытности, чтобы спрятать или пронести оружие.", "80",
    ]  # fmt: skip
    assert cells(pistols.rows[2])[8] == "На дальней дистанции получает −1 к попаданию."


def test_shotgun_table_keeps_a_spaced_die_pair_and_empty_cells(tables: list[Table]) -> None:
    t = find(
        tables, "Профиль", "Куб", "Дальность", "Конус", "ОД", "Порог", "Урон", "Тег", "Слоты мод.",
        "Особенность", "Цена",
    )  # fmt: skip
    assert row_starting(t, "Боевой дробовик")[1] == "1к8 / 1к6"
    assert row_starting(t, "Стандартный дробовик")[9] == "—"
    assert row_starting(t, "Анаксионный дробовик")[3] == "—"


def test_special_weapons_rows_span_three_lines(tables: list[Table]) -> None:
    t = find(tables, "Название", "Тип", "Характеристики", "Урон и особенности", "Цена (кредиты)")
    assert [r.line for r in t.rows] == [4043, 4046, 4049, 4052, 4055]
    assert cells(t.rows[0]) == [
        "Короткий лук",
        "Колющее",
        "1к6 на попадание. Дальность 100 футов. 1 ОД натяжение + 1 ОД выстрел.",
        "Урон 2.",
        "120",
    ]


def test_paragraphs_glued_under_weapon_tables_stay_paragraphs(
    blocks: list[tuple[str, Block]], tables: list[Table]
) -> None:
    for line, rows in ((3795, 6), (3808, 5), (3824, 4), (3861, 5), (3873, 4)):
        t = tables[[x.line for x in tables].index(line)]
        assert len(t.rows) == rows
        nxt = after(blocks, t)
        assert isinstance(nxt, Paragraph) and plain(nxt.inlines).startswith("Доступные режимы ОБ:")
    rifle_mods = tables[[x.line for x in tables].index(4152)]
    assert len(rifle_mods.rows) == 6
    assert cells(rifle_mods.rows[4]) == [
        "Глушитель",
        "После атаки из скрытности стрелок получает +2 к повторной проверке Скрытности",
        "Урон -1, минимум 1.",
    ]
    nxt = after(blocks, rifle_mods)
    assert isinstance(nxt, Paragraph) and nxt.line == 4159


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        (281, "Изменение потери морали"),
        (1128, "Собственная Доктрина"),
        (5927, "Действия всадника"),
        (6019, "Реакция при нулевой морали"),
    ],
)
def test_heading_glued_under_a_table_is_not_swallowed(
    blocks: list[tuple[str, Block]], tables: list[Table], line: int, heading: str
) -> None:
    t = tables[[x.line for x in tables].index(line)]
    nxt = after(blocks, t)
    assert isinstance(nxt, Heading) and nxt.text == heading
    assert all(heading not in c for r in t.rows for c in cells(r))


def test_sleep_table_ends_before_the_navigation_glued_to_it(tables: list[Table]) -> None:
    t = tables[[x.line for x in tables].index(321)]
    assert [cells(r) for r in t.rows][-1] == [
        "Критическое недосыпание (2+ суток)",
        "Штраф –2 ко всем проверкам навыков.",
    ]


def test_two_free_text_columns_split_where_the_text_says(tables: list[Table]) -> None:
    traits = find(tables, "Черта характера", "Проявление", "Опора", "Срыв")
    assert len(traits.rows) == 32
    assert all(cells(r)[3].startswith("Вы ") for r in traits.rows)
    assert cells(traits.rows[3])[2] == (
        "Восстановите 1к8 морали, если помогли тому, кому было опасно, трудно или невыгодно помогать. "
        "Либо получите +1к4 к Медицине, Убеждению или Воле, если защищаете беспомощного."
    )
    doctrines = find(tables, "Доктрина", "Несовместима с", "Смысл", "Частота", "Эффект")
    assert len(doctrines.rows) == 32
    assert cells(doctrines.rows[9])[:2] == ["Ненасилие", "Милитарная необходимость"]
    assert (
        cells(doctrines.rows[10])[2]
        == "У всего есть причина. Факты, расчёт, опыт и проверяемое знание важнее веры."
    )
    names = find(tables, "Народ", "Мужские имена", "Женские имена", "Фамилии / родовые имена")
    assert row_starting(names, "Солмоны и ваккары")[1] == "Борек, Стан, Мирек, Владек, Драгомир, Яромир"
    assert (
        row_starting(names, "Йорнийцы")[3] == "Штрандгель, Штанге, фон Штайнберг, Фолькер, фон Лемм, Ларенс"
    )


def test_consumable_without_a_price_keeps_an_empty_price_cell(tables: list[Table]) -> None:
    t = find(tables, "Название", "Описание", "Эффект", "Цена (кр.)")
    assert len(t.rows) == 19
    last = t.rows[-1]
    assert cells(last)[:2] == ["Противогаз", "Стандартный противогаз общего образца."]
    assert cells(last)[3] == ""


# ---- the engine on a small book ------------------------------------------------------------

BOOK = """
[books.mini]
title = "Mini"
system = "Mini"
source = "mini.txt"

[books.mini.headings]
mode = "numbered"

[[books.mini.headings.rules]]
pattern = '^Глава (?P<num>\\d+)\\. \\S'
level = 1

[books.mini.tables]
delimiter = "space"
hints = "mini.tables.toml"
"""

HINTS = """
[[table]]
line = 3
header = "Профиль Куб Урон"
columns = ["Профиль", "Куб", "Урон"]
types = ["text", "die", "int"]
"""


def mini_book(tmp_path: Path, text: str, hints: str = HINTS) -> Document:
    (tmp_path / "books.toml").write_text(BOOK, encoding="utf-8")
    (tmp_path / "mini.txt").write_text(text, encoding="utf-8")
    (tmp_path / "mini.tables.toml").write_text(hints, encoding="utf-8")
    return parse_book(load_books(tmp_path / "books.toml")[0])


def test_a_row_that_fits_its_hint_is_split_into_cells(tmp_path: Path) -> None:
    doc = mini_book(tmp_path, "Глава 1. Оружие\n\nПрофиль Куб Урон\nБоевой нож 1к4 1\nДубина 1к6 2\n")
    (t,) = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, Table)]
    assert [cells(r) for r in t.rows] == [["Боевой нож", "1к4", "1"], ["Дубина", "1к6", "2"]]


def test_a_row_that_does_not_fit_its_hint_fails_the_ingest_with_its_line(tmp_path: Path) -> None:
    with pytest.raises(IngestError) as err:
        mini_book(tmp_path, "Глава 1. Оружие\n\nПрофиль Куб Урон\nБоевой нож 1к4 1\nДубина 1к6 два\n")
    assert err.value.line == 5
    assert "mini.txt:5:" in str(err.value)
    assert "row does not fit table «Профиль Куб Урон»" in str(err.value)


def test_rows_gives_back_what_is_glued_under_a_table(tmp_path: Path) -> None:
    hints = HINTS + "rows = 1\n"
    text = "Глава 1. Оружие\n\nПрофиль Куб Урон\nБоевой нож 1к4 1\nНож режет 1к4 раза.\n"
    with pytest.raises(IngestError):  # without `rows` the sentence would be read as a row
        mini_book(tmp_path, text)
    doc = mini_book(tmp_path, text, hints)
    blocks = [b for p in doc.pages for b in walk(p.blocks)]
    (t,) = [b for b in blocks if isinstance(b, Table)]
    assert len(t.rows) == 1
    assert isinstance(blocks[-1], Paragraph) and plain(blocks[-1].inlines) == "Нож режет 1к4 раза."


def test_a_hint_that_matches_no_table_is_named_at_its_own_line_in_the_hints_file(tmp_path: Path) -> None:
    """The error points into the hints file at the hint, not at the text's line number its
    `line` key gives (which is a line of another file)."""
    hints = HINTS + '\n[[table]]\nline = 40\nheader = "Груз Цена"\ncolumns = ["Груз", "Цена"]\n'
    with pytest.raises(IngestError) as err:
        mini_book(tmp_path, "Глава 1. Оружие\n\nПрофиль Куб Урон\nБоевой нож 1к4 1\n", hints)
    assert err.value.path == tmp_path / "mini.tables.toml" and err.value.line == 8
    assert "«Груз Цена» matched no table in the text (expected near line 40 of mini.txt)" in str(err.value)
