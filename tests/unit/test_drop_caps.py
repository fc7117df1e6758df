"""A PDF's drop cap copied apart from its word («Б ой начинается…») is one word again, in a text
and in Markdown, and told: search finds «бой» there. A one-letter word («В ответ», «С тех пор»)
stays, and a letter that may be either («В ода», when the text also has «ода») stays, told."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Paragraph, plain, walk

from tests.support.sources import ingest_one


def entry(source: str) -> str:
    return f'[books.cap]\ntitle = "Бой"\nsystem = "Пример"\nsource = "{source}"\n'


def paragraphs(r) -> list[str]:
    return [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]


TEXT = """\
Бой

Б ой начинается с броска.

В ответ враг бьёт.

В ода кончилась. Вода нужна всем, и ода о ней длинна.
"""


def test_a_split_drop_cap_is_joined_to_its_word_and_told(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, entry("cap.txt"), {"cap.txt": TEXT})
    got = paragraphs(r)
    assert "Бой начинается с броска." in got
    assert "В ответ враг бьёт." in got
    assert got[-1].startswith("В ода кончилась.")
    assert "line 3: «Б ой» is a drop cap split from its word: joined" in r.doc.report.notes
    assert "line 7: «В ода» may be a drop cap split from its word: left as it is" in r.doc.report.notes


def test_a_split_drop_cap_in_markdown_is_joined(tmp_path: Path) -> None:
    text = "# Бой\n\nБ ой начинается с **броска**.\n"
    r = ingest_one(tmp_path, entry("cap.md"), {"cap.md": text})
    assert paragraphs(r) == ["Бой начинается с броска."]
    assert any("cap.md: line 3: «Б ой»" in n for n in r.doc.report.notes)


def test_a_one_letter_word_opening_a_paragraph_is_not_glued_to_the_next(tmp_path: Path) -> None:
    text = "Разговор\n\nТорговец качает головой.\n\nЭ нет, так не пойдёт, говорит он.\n\nЖ ты, какой!\n"
    r = ingest_one(tmp_path, entry("cap.txt"), {"cap.txt": text})
    got = paragraphs(r)
    assert "Э нет, так не пойдёт, говорит он." in got and "Ж ты, какой!" in got
    assert not any("drop cap" in n for n in r.doc.report.notes)


def test_a_letter_that_is_a_word_is_joined_when_the_text_spells_the_word_and_never_the_rest(
    tmp_path: Path,
) -> None:
    text = "Бой\n\nВ ода кончилась.\n\nВода нужна всем.\n"
    r = ingest_one(tmp_path, entry("cap.txt"), {"cap.txt": text})
    assert paragraphs(r) == ["Вода кончилась.", "Вода нужна всем."]
    assert "line 3: «В ода» is a drop cap split from its word: joined" in r.doc.report.notes


def test_a_letter_no_word_begins_with_is_no_drop_cap(tmp_path: Path) -> None:
    """No Russian word begins with «Ы», «Ь» or «Ъ»: such a capital alone before a word is a slip
    of the copy («Ы сами»: the «В» of «Вы» lost), not a drop cap, and stays as typed; it did
    become «Ысами», a word search never finds, and «сами» was gone from the page."""
    text = "# Ход\n\nЫ сами выбираете момент.\n\nЬ знак не пишется.\n\nГ ром гремит.\n"
    r = ingest_one(tmp_path, entry("cap.md"), {"cap.md": text})
    assert paragraphs(r) == ["Ы сами выбираете момент.", "Ь знак не пишется.", "Гром гремит."]
    assert [n for n in r.doc.report.notes if "drop cap" in n] == [
        "cap.md: line 7: «Г ром» is a drop cap split from its word: joined"
    ]
