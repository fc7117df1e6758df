"""A plain text broken at a fixed width (a word processor's or a terminal's export) reads as
paragraphs, not as one paragraph per line; texts with one paragraph per line are left alone."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import coverage, pipeline
from rulebook.ingest.model import Heading, ListBlock, Paragraph, Table, plain, walk
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.unwrap import unwrap

from tests.support.sources import ingest_one

ENTRY = """[books.wrap]
title = "Salvage"
system = "Void"
source = "wrap.txt"

[books.wrap.headings]
mode = "numbered"
"""

WRAPPED = """\
4.1 FINDING A WRECK

A wreck is found with a Sensors check against the Salvage Difficulty of the sector. The
GM rolls on the sector table once per day of search, and a crew without a working
scanner takes a -4 penalty to the check and finds at most one wreck per day.

In a pinch, an engineer may jury-rig a system: it works at once, but it fails again on
any natural 1 rolled while using it. Jury-rigged systems cannot be improved until they
are repaired in a dock, and a jury-
rig never holds longer than a week. The previous owner is still alive and look-
ing for it.

  • A cutting torch opens a hatch in 2d6 minutes, but the crew must stand well back
    from the cut while it cools.
  • A breaching charge opens it at once.
"""


def ingest(tmp_path: Path, text: str) -> pipeline.BookResult:
    result = ingest_one(tmp_path, ENTRY, {"wrap.txt": text})
    assert coverage.measure(result.doc).missing == {}
    return result


def test_the_lines_of_a_hard_wrapped_paragraph_become_one_paragraph(tmp_path):
    doc = ingest(tmp_path, WRAPPED).doc
    paras = [plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert paras[0].startswith("A wreck is found") and paras[0].endswith("one wreck per day.")
    assert "of the sector. The GM rolls" in paras[0]
    assert len(paras) == 2


def test_a_word_hyphenated_at_a_line_end_is_whole_again_unless_the_text_hyphenates_it(tmp_path):
    doc = ingest(tmp_path, WRAPPED).doc
    text = " ".join(plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph))
    assert "alive and looking for it." in text
    assert "a jury-rig never holds" in text  # «jury-rig» is spelt with its hyphen above


def test_a_wrapped_list_item_goes_on_on_its_indented_line(tmp_path):
    doc = ingest(tmp_path, WRAPPED).doc
    (lst,) = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock)]
    assert [plain(it.inlines) for it in lst.items] == [
        "A cutting torch opens a hatch in 2d6 minutes, but the crew must stand well back from the cut "
        "while it cools.",
        "A breaching charge opens it at once.",
    ]
    assert all(not it.children for it in lst.items)


def test_a_text_with_one_paragraph_per_line_is_not_unwrapped():
    long = "Персонаж тратит 2 ОД на перезарядку оружия, если в его магазине не осталось патронов, и"
    texts = [long * 2, "затем стреляет.", long * 2, "снова."] * 3
    lines = [SourceLine(i + 1, t) for i, t in enumerate(texts)]
    assert unwrap(lines) == (lines, 0)


def test_lines_starting_with_an_asterisk_are_a_bulleted_list(tmp_path):
    text = "4.2 PARTS\n\nEach hour yields parts:\n\n  * a power coupling;\n  * a sensor array.\n"
    doc = ingest(tmp_path, text).doc
    (lst,) = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock)]
    assert not lst.ordered
    assert [plain(it.inlines) for it in lst.items] == ["a power coupling;", "a sensor array."]


ALIGNED = """\
4.1 SECTORS

    Sector          SD    Wrecks found    Hazard
    Inner belt      12    1d4             Low
    Old battlefield 18    2d6
    Deep void       22    1               Extreme

A crew that  searches twice  finds more.
Nothing else  changes  here.
Nothing more  at all  here.
"""


def test_columns_aligned_with_spaces_under_a_header_are_a_table(tmp_path):
    doc = ingest(tmp_path, ALIGNED).doc
    (table,) = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, Table)]
    assert [plain(c.inlines) for c in table.header[0]] == ["Sector", "SD", "Wrecks found", "Hazard"]
    assert [[plain(c.inlines) for c in r.cells] for r in table.rows] == [
        ["Inner belt", "12", "1d4", "Low"],
        ["Old battlefield", "18", "2d6", ""],
        ["Deep void", "22", "1", "Extreme"],
    ]


def test_prose_with_double_spaces_is_not_read_as_a_table(tmp_path):
    doc = ingest(tmp_path, ALIGNED).doc
    paras = [plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert any(t.startswith("A crew that") for t in paras)


def test_a_heading_in_capitals_ranks_with_the_sections_set_in_capitals(tmp_path):
    text = (
        "CHAPTER 4: SALVAGE\n\n4.1 FINDING A WRECK\n\nA wreck is found.\n\n"
        "4.1.1 Boarding a Hulk\n\nBoarding takes time.\n\n"
        "OPTIONAL RULE: SCAVENGER LUCK\n\nSome groups like surprises.\n\nSUMMARY\n\nSearch, strip, repair.\n"
    )
    doc = ingest(tmp_path, text).doc
    heads = [(b.level, b.text) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads[1:] == [
        (2, "4.1 FINDING A WRECK"),
        (3, "4.1.1 Boarding a Hulk"),
        (2, "OPTIONAL RULE: SCAVENGER LUCK"),
        (2, "SUMMARY"),
    ]


def test_with_no_heading_rules_a_section_number_gives_the_headings_depth(tmp_path):
    text = (
        "CHAPTER 4: SALVAGE\n\n4.1 FINDING A WRECK\n\nA wreck is found.\n\n4.1.1 Boarding a Hulk\n\n"
        "Boarding takes time.\n\n4.2 STRIPPING PARTS\n\nParts are stripped.\n\nSUMMARY\n\nSearch, strip.\n"
    )
    entry = '[books.plain]\ntitle = "Salvage"\nsystem = "Void"\nsource = "plain.txt"\n'
    result = ingest_one(tmp_path, entry, {"plain.txt": text})
    heads = [(b.level, b.text) for p in result.doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert heads == [
        (1, "CHAPTER 4: SALVAGE"),
        (2, "4.1 FINDING A WRECK"),
        (3, "4.1.1 Boarding a Hulk"),
        (2, "4.2 STRIPPING PARTS"),
        (2, "SUMMARY"),
    ]


WRAPPED_RU = """\
1.1 ПЕРЕЗАРЯДКА

Пистолет после выстрела требует перезарядки: она занимает одно действие, а кто-
нибудь из союзников может подать патроны. Персонаж 1-
го уровня перезаряжает мушкет за два действия, а если кто-
либо мешает ему, то и за три. Стрелок с чертой «Быстрые руки» делает пере-
зарядку пистолета без действия, но только один раз за раунд и только стоя.
"""


def test_a_hyphen_at_a_line_end_that_russian_spelling_keeps_stays(tmp_path):
    """A particle that is always hyphenated («кто-нибудь», «кто-либо») and a number's ending
    («1-го») keep their hyphen and take no space; a word the typesetter cut is whole again."""
    doc = ingest(tmp_path, WRAPPED_RU).doc
    text = " ".join(plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph))
    assert "а кто-нибудь из союзников" in text
    assert "Персонаж 1-го уровня" in text
    assert "если кто-либо мешает" in text
    assert "делает перезарядку пистолета" in text


NARROW = """\
Глава 2.
Бой и
отдых
2.1. Очередность хода
Бой делится на раунды. В на-
чале боя каждый участник
совершает проверку Ловкости;
результат определяет оче-
редность хода (инициативу).
2.2. Отдых и
восстановление
Короткий отдых — час покоя,
за который герой восстанав-
ливает очки выносливости.
"""


def test_a_numbered_heading_in_a_narrow_column_stays_a_heading_and_is_whole(tmp_path):
    """A PDF's column is narrow: a section's numbered title fills most of a line, so it read as
    a line the wrap ended and took the paragraph under it; a long title wraps onto the next line,
    in lower case, or after a chapter's number alone («Глава 2.»)."""
    doc = ingest(tmp_path, NARROW).doc
    titles = [b.text for p in doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert titles == ["Глава 2. Бой и отдых", "2.1. Очередность хода", "2.2. Отдых и восстановление"]
    paras = [plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert paras[0].startswith("Бой делится на раунды.") and paras[0].endswith("(инициативу).")


COLUMN = """\
2.1. Очередность хода
Бой делится на раунды. В на-
чале боя каждый участник
совершает проверку Ловкости.
Первыми действуют те, у кого
результат выше.
Ход длится шесть секунд.
2.2. Снаряжение
• Верёвка считается одним пред-
метом, как и любой фонарь.
Доспех считается двумя пред-
метами, щит считается одним.
"""


def test_a_sentence_that_ends_a_full_line_of_a_column_goes_on_in_its_paragraph(tmp_path):
    """With no blank lines (pdftotext -raw), a paragraph's end shows only as a line the column
    did not fill: a sentence ending a full line goes on in the same paragraph; a list item goes on
    only in lower case."""
    doc = ingest(tmp_path, COLUMN).doc
    paras = [plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert paras[0] == (
        "Бой делится на раунды. В начале боя каждый участник совершает проверку Ловкости. "
        "Первыми действуют те, у кого результат выше."
    )
    assert paras[1] == "Ход длится шесть секунд."
    assert paras[2] == "Доспех считается двумя предметами, щит считается одним."
    items = [b for p in doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock)]
    assert len(items) == 1 and len(items[0].items) == 1


RAW = """\
2.1. Очередность хода
Бой делится на раунды. В на-
чале боя каждый участник
совершает проверку Ловкости.
Засада
Если отряд попал в засаду,
нападающие действуют первыми
с преимуществом.
Цены в лавке:
Меч 10 зм
Щит 5 зм
Ход длится шесть секунд.
"""


def test_an_unnumbered_title_between_paragraphs_with_no_blank_lines_is_a_heading(tmp_path):
    """pdftotext -raw sets a title between paragraphs with no blank line: a short line after a
    sentence's end, ending none, with a paragraph's full line under it is a heading of its own,
    not the end of the paragraph above (whose last line may fill the column); a list's lead-in
    and a price list's rows under it are not titles."""
    doc = ingest(tmp_path, RAW).doc
    titles = [b.text for p in doc.pages for b in walk(p.blocks) if isinstance(b, Heading)]
    assert titles == ["2.1. Очередность хода", "Засада"]
    paras = [plain(b.inlines) for p in doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert paras[0].endswith("проверку Ловкости.")
    assert paras[1] == "Если отряд попал в засаду, нападающие действуют первыми с преимуществом."
    assert "Меч 10 зм" in " ".join(paras) and not any(t.startswith("Меч") for t in titles)
