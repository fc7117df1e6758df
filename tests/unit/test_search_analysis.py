from rulebook.search import analysis


def surf(text: str) -> list[str]:
    return list(analysis.surfaces(text))


def test_yo_folds_to_ye_and_case_is_ignored():
    assert surf("Лёгкое ЁЖ") == ["легкое", "еж"]


def test_latin_lookalikes_inside_cyrillic_words_become_cyrillic():
    # "кровотечение" typed with Latin o, p, e
    assert surf("кpовотeчениe") == ["кровотечение"]
    assert surf("КOМАНДA") == ["команда"]
    # most letters Latin look-alikes: a letter only Cyrillic has decides (п, Д)
    assert surf("пpoвepкa") == ["проверка"]
    assert surf("Дae") == ["дае"]


def test_cyrillic_lookalikes_inside_latin_words_become_latin():
    assert surf("Аttack") == ["attack"]
    assert surf("dаmаgе") == ["damage"]


def test_plain_latin_and_cyrillic_words_are_left_alone():
    assert surf("NPC получает d20") == ["npc", "получает", "к20"]


def test_dice_notation_is_unified():
    assert surf("1к6 d6 к6 1d6 К6") == ["к6"] * 5
    assert surf("d20 к20") == ["к20", "к20"]
    assert surf("2d6 2к6") == ["2к6", "2к6"]
    assert analysis.stem("2к6") == "к6"


def test_a_number_with_its_unit_glued_on_is_two_words_as_the_books_print_them():
    assert surf("30фт 2ОД 10футов 20ft") == ["30", "фт", "2", "од", "10", "футов", "20", "ft"]
    assert surf("2к6 3d6 к20") == ["2к6", "3к6", "к20"]  # a die is no number with a unit


def test_russian_in_latin_letters_has_a_reading_per_choice_and_the_dropped_soft_sign():
    assert analysis.latin_readings("krovotechenie") == ["кровотечение"]
    assert analysis.latin_readings("pozitsiya") == ["позиция", "позитсия"]
    assert analysis.latin_readings("lomat") == ["ломат", "ломать"]
    assert analysis.latin_readings("ОД") == [] and analysis.latin_readings("2") == []


def test_dashes_and_minus_signs_separate_words_and_dedupe_alike():
    assert surf("2–3 ОД −1") == ["2", "3", "од", "1"]
    assert analysis.dedupe_key("Штраф −1 — к атаке") == analysis.dedupe_key("штраф -1 - к атаке")


def test_nfkc_splits_compatibility_characters():
    assert surf("½ ﬁre") == ["1", "2", "fire"]


def test_a_section_number_is_read_in_ascii_digits_as_the_browser_reads_it():
    # Python's \d is any script's digit, the browser's only 0-9: «٢.٢» (Arabic-Indic) and «２.２»
    # (full width) were a section number for the command line and none for the palette
    assert analysis.section_number("2.2") == "2.2" and analysis.section_number("4.1.5.") == "4.1.5"
    assert analysis.section_number("\u0662.\u0662") is None
    assert analysis.section_number("\uff12.\uff12") is None


def test_combining_stress_marks_do_not_split_words():
    assert surf("зама\u0301к") == ["замак"]


def test_russian_words_stem_with_snowball():
    assert analysis.stem("кровотечение") == analysis.stem("кровотечением") == "кровотечен"
    assert analysis.stem("перевязкой") == analysis.stem("перевязка")


def test_english_words_stem_with_english_snowball():
    assert analysis.stem("penalties") == analysis.stem("penalty")
    assert analysis.stem("attacks") == "attack"


def test_mixed_and_numeric_tokens_are_their_own_stem():
    assert analysis.stem("3д") == "3д"
    assert analysis.stem("150") == "150"


def test_layout_swap_goes_both_ways():
    assert analysis.layout_swap("jxrb ltqcndbz") == "очки действия"
    assert analysis.layout_swap("e;fc") == "ужас"  # ; is the key of ж
    assert analysis.layout_swap("ьфлу") == "make"
    assert analysis.layout_swap("123") is None
    # keys that would break a word apart are not a word typed in the other layout
    assert analysis.layout_swap("пёс") is None
    # nor are keys that lose a typed letter to punctuation (б, ю, ж, э, х, ъ sit on , . ; ' [ ])
    assert analysis.layout_swap("баб") is None  # not «f»
    assert analysis.layout_swap("хп") is None  # not «g»


def test_optional_words_are_function_words_not_content_words():
    assert analysis.is_optional("в")
    assert analysis.is_optional("сколько")
    assert not analysis.is_optional("человек")
    assert not analysis.is_optional("время")
