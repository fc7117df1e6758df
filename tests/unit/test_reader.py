"""Bad input gets a clear one-line error naming the file and line; odd but valid input is read."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest.errors import IngestError
from rulebook.ingest.reader import normalise_line, read_source

TEXT = "Глава 1. Бой\n\nЁлка стоит.\n\nПоследняя строка"


def write(tmp_path: Path, data: bytes, name: str = "book.txt") -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


def test_a_missing_file_is_named_in_the_error(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match=r"nope\.txt: source file not found"):
        read_source(tmp_path / "nope.txt")


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="empty"):
        read_source(write(tmp_path, b"  \n\n"))


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="binary"):
        read_source(write(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 20))


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    data = "одна\nдве\n".encode() + b"\xff\xfe bad\n"
    with pytest.raises(IngestError) as err:
        read_source(write(tmp_path, data))
    assert "book.txt:3:" in str(err.value)
    assert "not valid UTF-8" in str(err.value)


def test_a_windows_1251_file_is_rejected_with_how_to_declare_it(tmp_path: Path) -> None:
    path = write(tmp_path, TEXT.encode("cp1251"))
    with pytest.raises(IngestError) as err:
        read_source(path)
    msg = str(err.value)
    assert "Windows-1251" in msg and 'encoding = "cp1251"' in msg and "books.toml" in msg
    assert "\n" not in msg


def test_a_windows_1251_file_reads_when_declared_or_detected(tmp_path: Path) -> None:
    path = write(tmp_path, TEXT.encode("cp1251"))
    for enc in ("cp1251", "auto"):
        lines = read_source(path, enc)
        assert lines[2].text == "Ёлка стоит."


def test_crlf_bom_and_a_last_line_without_newline_are_transparent(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + TEXT.replace("\n", "\r\n").encode()
    lines = read_source(write(tmp_path, data))
    assert [ln.text for ln in lines] == TEXT.split("\n")
    assert lines[-1].text == "Последняя строка" and lines[-1].no == 5


def test_nbsp_runs_become_one_space_but_indentation_and_tabs_stay() -> None:
    assert normalise_line("Лёгкое:\u00a0текст") == "Лёгкое: текст"
    assert normalise_line("руке \u00a0 \u00a0 и фит") == "руке и фит"
    assert normalise_line("  • пункт\u00a0") == "  • пункт"
    assert normalise_line("a\t\tb") == "a\t\tb"
    assert normalise_line("\u00a0") == ""


def test_look_alike_letters_are_put_back_into_their_words_script(tmp_path: Path) -> None:
    """A copied text's «пoмощь» (Latin «o») reaches the page as «помощь», so that Ctrl+F finds
    it; a Latin word's Cyrillic twin too. A word glued from two scripts stays as it is."""
    text = "Нужна пoмощь и cвеча.\nСостояние Stunnеd.\nFATUMПравила и Дae.\n"
    lines = [ln.text for ln in read_source(write(tmp_path, text.encode("cp1251"), "b.txt"), "cp1251")]
    assert lines == ["Нужна помощь и свеча.", "Состояние Stunned.", "FATUMПравила и Дае."]


RULES = (
    "Быстрый темп: полтора пути, каждый герой теряет ещё одно очко. Обычный темп: полный путь без "
    "штрафов. Оружие в походе тоже требует ухода: влага портит тетиву, а мороз делает хрупким клинок.\n"
)


@pytest.mark.parametrize("declared", ["koi8-r", "cp1252", "latin-1", "iso8859-5", "cp866"])
def test_a_windows_1251_file_declared_as_another_code_page_is_refused(tmp_path: Path, declared: str) -> None:
    """A single-byte code page decodes any bytes: read in the wrong one, every word is garbled
    (KOI8-R swaps the letters' case, Windows-1252 shows «Êàæäûé»), so the declared one must read
    as Russian at least as well as the others."""
    path = write(tmp_path, RULES.encode("cp1251"))
    with pytest.raises(IngestError) as err:
        read_source(path, declared)
    msg = str(err.value)
    assert "mojibake" in msg and 'encoding = "cp1251"' in msg and "\n" not in msg


@pytest.mark.parametrize("encoding", ["cp1251", "koi8-r", "cp866"])
def test_a_russian_text_reads_in_the_code_page_it_is_declared_in(tmp_path: Path, encoding: str) -> None:
    path = write(tmp_path, RULES.encode(encoding))
    assert read_source(path, encoding)[0].text == RULES.strip()


def test_a_latin_text_with_accents_reads_in_windows_1252(tmp_path: Path) -> None:
    text = "Le héros reçoit des dégâts: à chaque coup, il perd un point. Même élève, même règle.\n" * 3
    path = write(tmp_path, text.encode("cp1252"))
    assert read_source(path, "cp1252")[0].text == text.split("\n")[0]


def test_an_undeclared_koi8_file_is_named_as_koi8(tmp_path: Path) -> None:
    path = write(tmp_path, RULES.encode("koi8-r"))
    with pytest.raises(IngestError, match='KOI8-R: declare encoding = "koi8-r"'):
        read_source(path)
    assert read_source(path, "auto")[0].text == RULES.strip()


def test_invisible_characters_inside_words_are_removed_so_each_word_is_whole(tmp_path: Path) -> None:
    """A soft hyphen, a zero-width space or joiner, a word joiner or a stray BOM shows nothing
    but splits the word for search; an emoji's joiner (not between letters) stays."""
    text = "Бро\u00adсок, пере\u200bзарядка, ини\u200cциатива, stri\u2060ke, кри\ufeffт, 👩\u200d🔧\n"
    (line,) = read_source(write(tmp_path, text.encode("utf-8")))
    assert line.text == "Бросок, перезарядка, инициатива, strike, крит, 👩\u200d🔧"


@pytest.mark.parametrize(
    ("dirt", "says"),
    [
        ("\x00", "a NUL (U+0000)"),
        ("\x08", "a backspace (U+0008)"),
        ("\x0b", "a vertical tab (U+000B) in the text, which is not read as a line end: replace it"),
        ("\u2028", "a line separator (U+2028) in the text, which is not read as a line end"),
        ("\x1b[31m", "an escape (U+001B)"),
    ],
)
def test_a_control_character_in_a_text_stops_the_ingest_at_its_line(
    tmp_path: Path, dirt: str, says: str
) -> None:
    """It would split its word on the page and for search; a text is never meant to hold one."""
    text = f"Глава 1. Бой\n\nАбзац.\nпра{dirt}вила\n"
    with pytest.raises(IngestError) as err:
        read_source(write(tmp_path, text.encode()))
    assert "book.txt:4: " in str(err.value) and says in str(err.value)


def test_the_dos_end_of_file_mark_and_a_page_break_are_not_text_errors(tmp_path: Path) -> None:
    """Ctrl+Z ends old DOS files; a form feed is a page break of a text dump (a blank line)."""
    lines = read_source(write(tmp_path, "Бой\n\x0c\nТекст.\n\x1a".encode()))
    assert [ln.text for ln in lines] == ["Бой", "", "Текст."]
    for tail in ("\x1a\r\n", "\x1a\x1a\x1a\x1a", "\r\n\x1a\x1a"):  # padded, or a line end after it
        body = ("Текст правил. " * 20).rstrip()
        lines = read_source(write(tmp_path, ("Бой\r\n" + body + tail).encode()))
        assert [ln.text for ln in lines] == ["Бой", body], repr(tail)


def test_a_typesetters_ligature_is_its_letters(tmp_path: Path) -> None:
    """A PDF's text may hold the ligatures its font drew («ﬁ», «ﬂ», «ﬀ»): the page shows, copies
    and finds (Ctrl+F, a heading's id) the letters a reader types."""
    lines = read_source(
        write(
            tmp_path, "Огненный поток (Fire Flow)\n\nO\ufb03cial: \ufb01nal \ufb02ow, e\ufb00ect.\n".encode()
        )
    )
    assert [ln.text for ln in lines] == ["Огненный поток (Fire Flow)", "", "Official: final flow, effect."]


def test_a_page_break_inside_a_line_parts_its_words(tmp_path: Path) -> None:
    """Pages joined into one text may leave a form feed between two words («Текст\\fещё»): it is
    a break between them, not a character published inside one word."""
    lines = read_source(write(tmp_path, "Глава 1. Бой\n\nТекст\x0cещё текст.\n".encode()))
    assert [ln.text for ln in lines] == ["Глава 1. Бой", "", "Текст ещё текст."]
