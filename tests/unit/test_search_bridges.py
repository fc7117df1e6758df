"""Cross-book translations: which words the books give for an English term, and the rules made."""

from rulebook.search import bridges
from rulebook.search.glossary import Glossary, parse


def test_a_synonym_set_and_a_bilingual_heading_name_translations_and_an_alias_does_not():
    g = parse(
        '[[synonym]]\nterms = ["КЗ", "Класс защиты", "AC"]\n'
        '[[alias]]\nfrom = "hp"\nto = ["ранения"]\n'
        '[[synonym]]\nterms = ["шаг", "Шаг пять футов"]\n'
    )
    pairs = bridges.pairs_of(g, [("Подножка", "Trip"), ("Шаг 1: Начните ваш ход", "Step 1: Start Your Turn")])
    assert pairs == {"ac": {"КЗ", "Класс защиты"}, "trip": {"Подножка"}}


def test_each_book_gets_the_other_books_words_for_its_terms():
    a, b, c = {"trip": {"подсечка"}}, {"trip": {"подножка"}}, {"cover": {"укрытие"}}
    out = bridges.rules([a, b, c])
    assert out[0].rules == (("подножка", ("подсечка", "trip")),)
    assert out[1].rules == (("подсечка", ("подножка", "trip")),)
    assert out[2].rules == ()


def test_a_term_in_many_wordings_bridges_only_the_most_used():
    # forty books, eleven wordings: a term makes at most MAX_WORDINGS rules, each the same in
    # every book that takes it (the export writes it once); the wordings most books use are the
    # ones bridged, and a book whose wording is not among them takes none
    books = [{"trip": {"подножка" if i % 4 else f"подножка{i}"}} for i in range(40)]
    out = bridges.rules(books)
    assert len({r for g in out for r in g.rules}) <= bridges.MAX_WORDINGS
    assert {src for src, _ in out[1].rules} == {f"подножка{i}" for i in range(0, 28, 4)}
    assert "подножка" in {src for src, _ in out[0].rules}
    assert all(src != "подножка36" for g in out for src, _ in g.rules)
    assert out[36].rules == ()


def test_an_english_book_takes_every_russian_wording_of_a_term_it_prints():
    # it translates nothing: «подсечка» and «подножка» lead to its «trip»; a term whose words it
    # does not print («cover») makes no rule there
    a, b, c = {"trip": {"подсечка"}, "cover": {"укрытие"}}, {"trip": {"подножка"}}, {}
    out = bridges.rules([a, b, c], [None, None, {"trip", "attack"}])
    assert sorted(out[2].rules) == [("подножка", ("trip",)), ("подсечка", ("trip",))]
    assert out[0].rules == (("подножка", ("подсечка", "trip")),)  # the others as before


def test_the_shared_glossarys_english_terms_are_found_in_an_english_book_by_their_russian_words():
    shared = parse(
        '[[alias]]\nfrom = "morale"\nto = ["мораль", "боевой дух"]\n[[alias]]\nfrom = "хп"\nto = ["hp"]\n'
    )
    out = bridges.shared_into_english(shared, [None, {"moral"}, {"attack"}])
    assert out[0].rules == () and out[2].rules == ()  # a Russian book; an English one without it
    assert out[1].rules == (("мораль", ("morale",)), ("боевой дух", ("morale",)))


def test_a_russian_word_that_spells_an_english_books_term_leads_to_it_there():
    # «стресс», «аспектов» and «конфликт» are how a player says the terms of an English book's
    # headings (a plural heading word by its stem); words that only sound alike do not: «далее»
    # (delay), «стать» (a Russian stem of four letters that is not «status»), «делает»
    library = {"стресс", "стресса", "аспектов", "конфликт", "далее", "стать", "делает", "бой"}
    out = bridges.sounds_into_english(library, [None, {"stress", "aspects", "conflicts", "delay", "status"}])
    assert out[0].rules == ()
    assert sorted(out[1].rules) == [
        ("аспектов", ("aspects",)),
        ("конфликт", ("conflicts",)),
        ("стресс", ("stress",)),
    ]


def test_the_shared_glossarys_russian_slang_leads_to_the_english_term_of_its_words():
    # «хил» names «лечение», which the rule for «heal» names too: in an English book that prints
    # «heal» the slang leads there, as «лечение» does; a Russian book gets nothing, a term the
    # book does not print («armor») makes no rule, and nor does a looser variant than the first
    # word («кубы» means «кости», not «бросок», which «roll» names)
    shared = parse(
        '[[alias]]\nfrom = "хил"\nto = ["лечение", "исцеление"]\n'
        '[[alias]]\nfrom = "heal"\nto = ["лечение", "healing"]\n'
        '[[alias]]\nfrom = "армор"\nto = ["броня"]\n[[alias]]\nfrom = "armor"\nto = ["броня"]\n'
        '[[alias]]\nfrom = "кубы"\nto = ["кости", "бросок"]\n[[alias]]\nfrom = "roll"\nto = ["бросок"]\n'
    )
    out = bridges.shared_into_english(shared, [None, {"heal", "attack", "roll"}])
    assert out[0].rules == ()
    assert out[1].rules == (("лечение", ("heal",)), ("бросок", ("roll",)))
    slang = bridges.slang_into_english(shared, [[], [out[1]]])
    assert slang[0].rules == ()
    assert slang[1].rules == (("хил", ("heal",)),)


def test_a_russian_word_that_spells_a_heading_word_exactly_does_not_lead_to_one_it_spells_with_a_slip():
    # «статус» spells «status»; with a slip it spells «states» too, which it does not say. The
    # slip stays for a word spelt no other way («компьютер», computer)
    library = {"статус", "компьютер"}
    out = bridges.sounds_into_english(library, [{"status", "states", "computer"}])
    assert sorted(out[0].rules) == [("компьютер", ("computer",)), ("статус", ("status",))]


def test_the_shared_glossarys_slang_reaches_an_english_book_through_another_books_heading():
    # «хил» means «лечение»; another book's heading «Лечение (Healing)» leads «лечение» to an
    # English book's «healing» (a bridge): «хил» finds «healing» there too
    shared = parse('[[alias]]\nfrom = "хил"\nto = ["лечение", "исцеление"]\n')
    bridged = [Glossary((("Лечения", ("healing",)),))]
    assert bridges.slang_into_english(shared, [[], bridged])[1].rules == (("хил", ("healing",)),)
