"""Books the project had never seen, added by the README's recipe as a new user would: a saved
MediaWiki page, a plain-text dump with numbered chapters and space-separated tables, a forum page
saved complete in Windows-1251 and an English text wrapped at a fixed width.
Each entry is the one the README describes; each book must come out whole (every word, no
warning) with the structure its source has."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rulebook.ingest import coverage, outline, pipeline
from rulebook.ingest.model import DefList, Heading, ListBlock, Paragraph, Sup, Table, plain, walk

from tests.support.sources import ingest_one
from tests.unit.test_books_word_coverage import html_words

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "books"

WIKI = """[books.wiki]
title = "Выживание в пустошах"
system = "Пепел"
source = "wiki-page.html"

[books.wiki.chrome]
root = ".mw-parser-output"
drop = [".mw-editsection", "#toc", ".infobox", ".navbox"]
"""

TEXT = """[books.hunt]
title = "Охота на чудовищ"
system = "Ловчие"
source = "numbered.txt"

[books.hunt.headings]
mode = "numbered"

[books.hunt.chrome]
start = '^Глава 1\\.'

[books.hunt.tables]
delimiter = "space"
hints = "numbered.tables.toml"
"""


def ingest(tmp_path: Path, entry: str, *files: str) -> pipeline.BookResult:
    result = ingest_one(tmp_path, entry, {f: (FIXTURES / f).read_bytes() for f in files})
    assert coverage.measure(result.doc).missing == {}
    assert result.doc.report.warnings == [] and outline.empty_sections(result.doc) == []
    return result


def tree(result: pipeline.BookResult) -> list[str]:
    return [
        f"{'  ' * (b.level - 1)}{b.text}"
        for p in result.doc.pages
        for b in p.blocks
        if isinstance(b, Heading)
    ]


def test_a_saved_mediawiki_page_needs_seven_lines_of_entry(tmp_path):
    r = ingest(tmp_path, WIKI, "wiki-page.html")
    assert len([ln for ln in WIKI.splitlines() if ln.strip()]) == 7
    assert tree(r) == [
        "Выживание в пустошах",
        "  Запасы",
        "  Погода",
        "  Переход",
        "    Порядок дня",
        "  Состояния",
        "  Примечания",
    ]  # no «[править]» in a title, no «Содержание» of the wiki, no navigation
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    supplies = next(b for b in blocks if isinstance(b, ListBlock))
    pack = supplies.items[1].children[0]
    assert isinstance(pack, ListBlock) and isinstance(pack.items[1].children[0], ListBlock)  # three levels
    (weather,) = [b for b in blocks if isinstance(b, Table)]
    assert weather.caption == "Погода по зонам" and weather.rows[0].cells[0].rowspan == 3
    assert [plain(c.inlines) for c in weather.rows[2].cells] == [
        "6",
        "Соляная буря",
        "Переход невозможен; укрытие обязательно",
    ]
    (states,) = [b for b in blocks if isinstance(b, DefList)]
    assert [plain(d.term) for d in states.items] == ["Обезвоживание", "Истощение", "Солевой ожог"]
    assert any(isinstance(s, Sup) and s.target for b in blocks if isinstance(b, Paragraph) for s in b.inlines)


def test_a_text_with_numbered_chapters_and_space_tables(tmp_path):
    r = ingest(tmp_path, TEXT, "numbered.txt", "numbered.tables.toml")
    assert tree(r) == [
        "Глава 1. Следы",
        "  1.1 Чтение следов",
        "  1.2 Погоня по следу",
        "Глава 2. Чудовища",
        "  2.1 Размеры",
        "  2.2 Слабости",
        "  2.3 Приманки",
    ]
    assert [p.file for p in r.doc.pages] == ["00-sledy.md", "01-chudovishcha.md"]
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    tracks, sizes = [b for b in blocks if isinstance(b, Table)]
    assert [plain(c.inlines) for c in tracks.rows[3].cells] == [
        "Старше недели",
        "20",
        "Ничего, кроме того, что здесь кто-то был",
    ]
    assert [plain(c.inlines) for c in sizes.rows[3].cells] == ["Огромное", "каменный великан", "10", "20"]
    (weak,) = [b for b in blocks if isinstance(b, ListBlock) and b in r.doc.pages[1].blocks]
    assert len(weak.items) == 3 and isinstance(weak.items[2].children[0], ListBlock)
    assert r.doc.report.dropped == [(1, "Охота на чудовищ — справочник ловчего")]


def test_dash_lines_after_a_lead_in_are_a_list_with_no_entry_for_them(tmp_path):
    """A copied text's «Полезные растения:» followed by «— …;» lines is a list, glued under its
    lead-in or after a blank line; dash lines with no lead-in colon (dialogue) stay paragraphs."""
    text = (
        "Поход\n\nДобыча пищи\n\nПолезные растения:\n— черника — в лесу;\n— щавель — на равнине.\n\n"
        "Где искать воду:\n\n– ручьи;\n– роса.\n\nПривал\n\n— Стой! — крикнул проводник.\n— Привал.\n"
    )
    entry = '[books.trek]\ntitle = "Поход"\nsystem = "Пример"\nsource = "trek.txt"\n'
    result = ingest_one(tmp_path, entry, {"trek.txt": text})
    assert coverage.measure(result.doc).missing == {}
    lists = [b for p in result.doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock)]
    assert [[plain(it.inlines) for it in lst.items] for lst in lists] == [
        ["черника — в лесу;", "щавель — на равнине."],
        ["ручьи;", "роса."],
    ]
    assert "\n- черника — в лесу;\n- щавель — на равнине.\n" in next(iter(result.files.values()))


FORUM = """[books.siege]
title = "Осада"
system = "Бастион"
source = "forum-page-cp1251.html"

[books.siege.chrome]
root = "#content"
"""

WRAPPED = """[books.salvage]
title = "Salvage and Repair"
system = "Void Runners"
source = "wrapped.txt"
"""


def rendered_missing(result: pipeline.BookResult) -> dict[str, int]:
    """Source words that do not reach the rendered pages (as the site renders their Markdown)."""
    got = sum((html_words(text) for name, text in result.files.items() if name != "index.md"), Counter())
    src = coverage.source_counter(result.doc)
    return {w: n - got[w] for w, n in src.items() if got[w] < n}


def test_a_forum_page_saved_complete_in_windows_1251_needs_six_lines_of_entry(tmp_path):
    r = ingest(tmp_path, FORUM, "forum-page-cp1251.html")
    assert tree(r) == [
        "Глава 7. Осада и штурм крепостей",
        "  7.1. Очки прочности укреплений",
        "    Тараны и осадные машины",
        "      Требушет",
        "      Баллиста",
        "  7.2. Блокада",
        "    Вылазка",
        "  7.3. Штурм",
    ]  # no forum name, navigation, sidebar, signature, footer or cookie banner
    words = coverage.source_counter(r.doc)
    assert not {"Войти", "Популярное", "cookie", "Грифон", "_gaq", "счётчик"} & set(words)
    assert words["ёмкость"] == 1 and words["Ёмкость"] == 1  # &#1105; and ё in Windows-1251
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    strength, weather = [b for b in blocks if isinstance(b, Table)]
    assert len(strength.header) == 2 and strength.header[0][1].colspan == 2
    assert [plain(c.inlines) for c in weather.rows[1].cells] == ["Туман", "−2", ""]
    assert any(
        isinstance(b, Paragraph) and b.role == "caption" and "Требушет" in plain(b.inlines) for b in blocks
    )
    assert rendered_missing(r) == {}


def test_a_plain_english_text_wrapped_at_a_fixed_width_needs_three_lines_of_entry(tmp_path):
    r = ingest(tmp_path, WRAPPED, "wrapped.txt")
    assert tree(r) == [
        "CHAPTER 4: SALVAGE AND REPAIR",
        "  4.1 FINDING A WRECK",
        "    4.1.1 Boarding a Hulk",
        "    4.1.2 Hazards",
        "  4.2 STRIPPING PARTS",
        "  4.3 REPAIRS",
        "    4.3.1 Jury-Rigging",
        "    4.3.2 Field Repairs in Combat",
        "  OPTIONAL RULE: SCAVENGER LUCK",
        "  SUMMARY",
    ]
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    sectors, parts, repairs = [b for b in blocks if isinstance(b, Table)]
    assert [plain(c.inlines) for c in sectors.rows[2].cells] == ["Old battlefield", "18", "2d6", "High"]
    assert [plain(c.inlines) for c in parts.header[0]] == ["Part", "Cost (SP)", "Weight"]
    assert len(repairs.rows) == 4
    lists = [b for b in blocks if isinstance(b, ListBlock)]
    assert [len(lst.items) for lst in lists] == [3, 4, 3, 3]
    paras = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert paras[0] == (
        "Every crew that flies long enough ends up picking through wrecks. This chapter covers how "
        "to find, strip and fix what others left behind."
    )
    assert any("still alive and looking for it." in t for t in paras)
    assert rendered_missing(r) == {}
