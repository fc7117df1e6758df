"""A book in English is searched as well as a Russian one: its own abbreviations (small letters
included), its function words, its definitions, its number words and its short typos; and both
runtimes agree on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.search import engine

from tests.support.books import book, browser_search, index

OUTLINE = [
    ("Combat", 1, ["Combat is a sequence of rounds. Every participant takes one turn in each round."]),
    (
        "Actions in Combat",
        2,
        [
            "On your turn you get three actions and one reaction.",
            "You can split your movement between your actions: move, attack, then move again.",
        ],
    ),
    (
        "Strike",
        3,
        [
            "A Strike is a single weapon or unarmed attack against the Armor Class (AC) of a target.",
            "Each Strike after the first on the same turn takes a cumulative penalty.",
        ],
    ),
    (
        "Attacks of Opportunity",
        2,
        [
            "Leaving a square within an enemy's reach provokes Attacks of Opportunity (AoO).",
            "The enemy may use its reaction to make one melee Strike against you.",
        ],
    ),
    (
        "Reactions",
        2,
        ["A reaction is an instant response to a trigger. The most common is an attack of opportunity."],
    ),
    (
        "Terrain",
        2,
        [
            "Difficult terrain costs double movement.",
            "Cover is any obstacle between you and the attacker that blocks a line of sight.",
        ],
    ),
    (
        "Fighting from Behind a Wall",
        2,
        [
            "A creature behind a wall, a tree or a wagon may have cover; cover from a wall is better.",
            "Soft cover from other creatures gives a smaller bonus to AC than cover from a wall.",
        ],
    ),
    ("Prone", 2, ["A prone creature lies on the ground. Standing up costs one action."]),
    (
        "Hit Points",
        2,
        [
            "Your Hit Points (HP) measure how much harm you can take before you fall.",
            "When you drop to 0 Hit Points you fall unconscious and start dying.",
        ],
    ),
    ("Resting", 2, ["A long rest of eight hours restores all lost Hit Points."]),
]


@pytest.fixture(scope="module")
def lib():
    # the shared glossary's rule for «hp» reaches the Russian books' words, not this book's
    return index(book("iron", OUTLINE), common='[[alias]]\nfrom = "hp"\nto = ["хиты"]\n')


def titles(lib, q: str, n: int = 5) -> list[str]:
    return [r["title"] for r in engine.search(lib, q, limit=n)["results"]]


def test_an_abbreviation_in_small_and_capital_letters_finds_its_words(lib):
    found = titles(lib, "aoo")
    assert found[0] == "Attacks of Opportunity" and "Reactions" in found
    # its own «(HP)», beside the shared rule: the block that says «Hit Points» alone too
    assert "Resting" in titles(lib, "hp")


def test_english_function_words_do_not_outweigh_the_rule_words(lib):
    # «after» and «I» are no rule words: the Strike block that says «after» does not win
    assert titles(lib, "can I move after I attack")[0] == "Actions in Combat"
    assert titles(lib, "how many actions do I get on my turn")[0] == "Actions in Combat"
    assert engine.search(lib, "what happens when I drop to 0 hp", limit=1)["missing"] == []


def test_an_english_defining_paragraph_ranks_first_for_its_term(lib):
    found = engine.search(lib, "what is cover", limit=3)["results"]
    assert found[0]["snippet"].startswith("Cover is any obstacle")
    assert engine.search(lib, "cover", limit=1)["results"][0]["snippet"].startswith("Cover is any")


def test_an_english_number_word_finds_the_digit(lib):
    found = engine.search(lib, "zero hit points", limit=1)["results"]
    assert "0 Hit Points" in found[0]["snippet"]


def test_a_short_english_typo_is_corrected_where_english_is_the_librarys_language(lib):
    assert engine.search(lib, "covr", limit=1)["results"][0]["snippet"].startswith("Cover is")
    assert titles(lib, "prnoe", 1) == ["Prone"]
    # in a library of Russian books a short English word is taken as typed beside words that
    # answer; alone, where it finds nothing, it is corrected by one edit (an empty list is no
    # answer where a close word exists), and two edits reach nothing it meant
    ru = index(
        book(
            "ru",
            [
                ("Укрытие (Cover)", 2, ["Укрытие даёт бонус к защите."]),
                ("Лежащий (Prone)", 2, ["Лежащий персонаж получает штраф к атаке."]),
            ],
        )
    )
    assert [r["title"] for r in engine.search(ru, "cover", limit=1)["results"]] == ["Укрытие (Cover)"]
    out = engine.search(ru, "covr", limit=1)
    assert [r["title"] for r in out["results"]] == ["Укрытие (Cover)"] and out["suggestion"] == "cover"
    out = engine.search(ru, "covr лежащий", limit=5)
    assert [r["title"] for r in out["results"]] == ["Лежащий (Prone)"] and out["missing"] == ["covr"]
    assert engine.search(ru, "cvoe ", limit=1)["results"] == []  # two edits off, typed whole


def test_both_runtimes_agree_on_an_english_library(lib):
    qs = [
        "aoo",
        "can I move after I attack",
        "what is cover",
        "zero hit points",
        "covr",
        "prnoe",
        "hp",
        "strke",
    ]
    for q, j in zip(qs, browser_search(lib, qs), strict=True):
        p = engine.search(lib, q, limit=5)
        assert [(r["url"], r["score"], r["snippet"]) for r in p["results"]] == [
            (r["url"], r["score"], r["snippet"]) for r in j["results"]
        ], q
        assert p["suggestion"] == j["suggestion"], q


def test_an_english_book_among_russian_ones_corrects_short_english_typos_where_it_is_read_or_chosen():
    """In a library of Russian books a short English word is taken as typed (a word the books
    lack); where the search is limited to an English book, or the reader is in one, it is a
    typo of that book's words («figth»: «fight»)."""
    ru = book(
        "ru",
        [
            ("Бой", 2, ["Персонаж атакует оружием, получает урон и бросает кубы сложности за каждый ход."]),
            ("Укрытие", 2, ["Укрытие повышает защиту стрелка, пока враг не обойдёт его с фланга."]),
            ("Ранения", 2, ["Лёгкие, средние и тяжёлые ранения заживают после долгого отдыха в лагере."]),
        ],
    )
    en = book(
        "en",
        [
            ("Fight", 2, ["When you fight a foe in close quarters, roll the action die."]),
            ("Harm", 2, ["When you face physical harm, suffer the harm and roll to endure."]),
        ],
    )
    lib = index(ru, en)
    q = "figth the foe"
    assert engine.search(lib, q, limit=3)["missing"] == ["figth"]
    for kw in ({"book_filter": ["en"]}, {"prefer": "en"}):
        out = engine.search(lib, q, limit=3, **kw)
        assert (out["suggestion"], out["missing"]) == ("fight the foe", []), kw
    (js,) = browser_search(lib, ["figth the foe @en"])
    assert (
        js["suggestion"] == engine.search(lib, "figth the foe @en", limit=5)["suggestion"] == "fight the foe"
    )


def test_english_typed_in_an_english_books_search_is_not_read_as_russian_in_latin_letters():
    """In a library of Russian books «plan» is «план» typed in Latin letters, a word of theirs;
    where an English book is read or chosen, English words are English."""
    ru = book(
        "ru",
        [
            ("Бой", 2, ["Персонаж атакует оружием, получает урон и бросает кубы сложности за каждый ход."]),
            ("План", 2, ["План боя составляет командир отряда перед атакой."]),
            ("Укрытие", 2, ["Укрытие повышает защиту стрелка, пока враг не обойдёт его с фланга."]),
        ],
    )
    en = book("en", [("Fight", 2, ["When you fight a foe in close quarters, roll the action die."])])
    lib = index(ru, en)
    assert engine.search(lib, "plan the fight", limit=3)["suggestion"] == "план the fight"
    for kw in ({"book_filter": ["en"]}, {"prefer": "en"}):
        out = engine.search(lib, "plan the fight", limit=3, **kw)
        assert out["suggestion"] is None and out["results"][0]["title"] == "Fight", kw
    (js,) = browser_search(lib, ["plan the fight @en"])
    assert js["suggestion"] is None and js["results"][0]["title"] == "Fight"


def test_an_english_sentence_that_says_what_a_term_represents_defines_it():
    # «Your Armor Class (AC) represents how hard …» is Pathfinder's definition of AC; the
    # paragraph that repeats «Armor Class» most won instead (and «armor class», a phrase its «AC»
    # names, counted as one word, shorter than the term)
    defense = "Your Armor Class (AC) represents how hard it is for opponents to land a blow on you."
    armor = "Armor adds to your Armor Class, a shield to Armor Class too: Armor Class bonuses stack."
    pf = book("pf", [("Combat", 1, ["Fights happen."]), ("Defense", 2, [defense]), ("Armor", 2, [armor])])
    lib = index(pf)
    queries = ["armor class", "what is armor class"]
    for q, js in zip(queries, browser_search(lib, queries), strict=True):
        assert engine.search(lib, q, limit=1)["results"][0]["snippet"].startswith("Your Armor Class"), q
        assert js["results"][0]["snippet"].startswith("Your Armor Class"), q


def test_a_russian_word_that_spells_an_english_books_term_finds_it_though_another_book_prints_it():
    """«стресс» is a word of the Russian book, and the English book's term (a heading) said the
    Russian way: it finds the English book's rule too, and alone where the search is limited to
    that book, where it found nothing; a Russian word that only sounds like an English heading
    word («далее», «delay») does not lead there. Both runtimes agree."""
    ru = book(
        "ru",
        [
            ("Стресс", 2, ["Стресс копится после каждого боя и снимается отдыхом в лагере."]),
            ("Далее", 2, ["Далее мастер описывает, что происходит с отрядом после боя."]),
        ],
    )
    en = book(
        "en",
        [
            ("Stress", 2, ["When you take a hit, check a stress box to absorb it."]),
            ("Delay", 2, ["You may delay your turn until later in the exchange."]),
        ],
    )
    lib = index(ru, en)
    assert engine.search(lib, "стресс", limit=5, book_filter=["en"])["results"][0]["title"] == "Stress"
    assert {r["book"] for r in engine.search(lib, "стрессом", limit=5)["results"]} == {"ru", "en"}
    assert engine.search(lib, "далее", limit=5, book_filter=["en"])["results"] == []
    for q, js in zip(
        ["стресс @en", "стрессом", "далее @en"],
        browser_search(lib, ["стресс @en", "стрессом", "далее @en"]),
        strict=True,
    ):
        p = engine.search(lib, q, limit=5)
        assert [(r["url"], r["score"]) for r in p["results"]] == [
            (r["url"], r["score"]) for r in js["results"]
        ], q


def test_the_shared_glossarys_russian_slang_finds_an_english_books_term_of_its_words():
    """«хил» names «лечение», as the shared rule for «heal» does: in the English book the slang
    finds «heal», where it found nothing (the book has no «лечение»); in the Russian book it
    still finds «лечение». Both runtimes agree."""
    common = (
        '[[alias]]\nfrom = "хил"\nto = ["лечение", "исцеление"]\n'
        '[[alias]]\nfrom = "heal"\nto = ["лечение", "исцеление"]\n'
    )
    ru = book("ru", [("Лечение", 2, ["Лечение возвращает ранения после долгого отдыха в лагере."])])
    en = book(
        "en",
        [
            ("Recover", 2, ["When you recover, you heal one level of harm with a healing clock."]),
            ("Fight", 2, ["When you fight a foe in close quarters, roll the action die."]),
        ],
    )
    lib = index(ru, en, common=common)
    assert engine.search(lib, "хил", limit=5, book_filter=["en"])["results"][0]["title"] == "Recover"
    assert {r["book"] for r in engine.search(lib, "хил", limit=5)["results"]} == {"ru", "en"}
    for q, js in zip(["хил @en", "хил"], browser_search(lib, ["хил @en", "хил"]), strict=True):
        p = engine.search(lib, q, limit=5)
        assert [(r["url"], r["score"]) for r in p["results"]] == [
            (r["url"], r["score"]) for r in js["results"]
        ], q


def test_the_shared_glossarys_slang_leads_to_the_english_term_of_what_it_means_not_of_a_variant():
    """«кубы» means «кости» (dice); «бросок», a looser variant it lists, is what «roll» names: in
    the English book the slang finds the dice, not every roll. Both runtimes agree."""
    common = (
        '[[alias]]\nfrom = "кубы"\nto = ["кости", "бросок"]\n'
        '[[alias]]\nfrom = "dice"\nto = ["кости"]\n[[alias]]\nfrom = "roll"\nto = ["бросок"]\n'
    )
    ru = book("ru", [("Кости", 2, ["Кости бросают перед каждым броском атаки."])])
    en = book(
        "en",
        [
            ("Dice", 2, ["The game uses six-sided dice; read the single highest."]),
            ("Action Roll", 2, ["An action roll tells how it goes; roll when the action is risky."]),
        ],
    )
    lib = index(ru, en, common=common)
    out = engine.search(lib, "кубы", limit=5, book_filter=["en"])
    assert [r["title"] for r in out["results"]] == ["Dice"]
    (js,) = browser_search(lib, ["кубы @en"])
    assert [r["title"] for r in js["results"]] == ["Dice"]


def test_the_shared_glossary_leads_russian_words_to_the_terms_of_games_beyond_d20():
    """Forged in the Dark, Powered by the Apocalypse and their kin print «harm», «roll»,
    «fortune», «downtime»; the library translates them («урон», «вред», «бросок», «удача»,
    «Режим отдыха (Downtime Mode)»), and a player's words and slang («дамаг», «даунтайм») find
    them in a book in English through the shared glossary (sources/common.glossary.toml)."""
    shared = (Path(__file__).resolve().parents[2] / "sources" / "common.glossary.toml").read_text("utf-8")
    en = book(
        "en",
        [
            ("Harm", 2, ["When you suffer harm, mark it on your sheet by its level."]),
            ("Fortune Roll", 2, ["The GM makes a fortune roll to leave something up to chance."]),
            ("Downtime", 2, ["Between scores, the crew spends downtime at their leisure."]),
            ("Fight", 2, ["When you fight a foe in close quarters, take the risk."]),
        ],
    )
    lib = index(en, common=shared)
    queries = {"урон": "Harm", "дамаг": "Harm", "вред": "Harm", "бросок удачи": "Fortune Roll"}
    queries |= {"даунтайм": "Downtime", "режим отдыха": "Downtime"}
    for q, title in queries.items():
        assert engine.search(lib, q, limit=1)["results"][0]["title"] == title, q
    for (q, title), js in zip(queries.items(), browser_search(lib, list(queries)), strict=True):
        assert js["results"][0]["title"] == title, q


def test_a_russian_word_that_spells_an_english_heading_word_does_not_find_one_it_misspells():
    """«статус», a word of the Russian book, is the English book's «Status»; «States», which it
    spells with one slip, is not what it says, and is not found by it. Both runtimes agree."""
    ru = book("ru", [("Статус", 2, ["Статус фракции меняется после каждого дела банды."])])
    en = book(
        "en",
        [
            ("Faction Status", 2, ["Each faction has a status with your crew, from -3 to +3."]),
            ("The Player States Their Goal", 2, ["Your goal is the outcome your character wants."]),
        ],
    )
    lib = index(ru, en)
    out = engine.search(lib, "статус", limit=5, book_filter=["en"])
    assert [r["title"] for r in out["results"]] == ["Faction Status"]
    (js,) = browser_search(lib, ["статус @en"])
    assert [r["title"] for r in js["results"]] == ["Faction Status"]


def test_a_slang_word_reaches_an_english_book_through_another_books_bilingual_heading():
    """«хил» is the shared glossary's slang for «лечение»; a Russian book's heading «Лечение
    (Healing)» says which English word that is, so in the English book «хил» finds its «Healing»,
    where it found nothing. Both runtimes agree."""
    ru = book("ru", [("Лечение", 2, ["Лечение ран занимает ночь отдыха в лагере."])])
    ru.sections[-1].original = "Healing"
    en = book("en", [("Healing", 2, ["When you rest for a night, you recover your strength."])])
    lib = index(ru, en, common='[[alias]]\nfrom = "хил"\nto = ["лечение", "исцеление"]\n')
    assert engine.search(lib, "хил", limit=5, book_filter=["en"])["results"][0]["title"] == "Healing"
    (js,) = browser_search(lib, ["хил @en"])
    assert js["results"][0]["title"] == "Healing"


def test_a_slang_word_reaches_an_english_book_through_its_own_glossary():
    """The English book's own glossary says «лечение» is its «recovery»; «хил», the shared
    glossary's slang for «лечение», finds it there too."""
    ru = book("ru", [("Лечение", 2, ["Лечение ран занимает ночь отдыха в лагере."])])
    en = book(
        "en",
        [("Recovery", 2, ["When you rest for a night, you recover your strength."])],
        glossary='[[alias]]\nfrom = "лечение"\nto = ["recovery"]\n',
    )
    lib = index(ru, en, common='[[alias]]\nfrom = "хил"\nto = ["лечение", "исцеление"]\n')
    assert engine.search(lib, "хил", limit=5, book_filter=["en"])["results"][0]["title"] == "Recovery"


def test_an_english_form_of_a_small_word_or_of_a_phrases_first_word_is_no_typo():
    """Snowball's English stemmer cuts «ups» to «up», «happening» to «happen» (a question word)
    and «threaten» to the first word of the phrase «threatened area»: forms of those words, not
    misspellings. The typo round leaves them as typed, in both runtimes (it read them as «up»,
    «appearing» and «treat»); a Russian word cut to a small word's stem is still corrected."""
    en = book(
        "en",
        [
            ("Movement", 2, ["You can break up your move, using some of your speed before your action."]),
            ("Falling", 2, ["A creature that falls takes 1d6 damage. What happens when you fall is here."]),
            ("Appearing", 2, ["An appearing creature is seen at once."]),
            ("Treat Wounds", 2, ["You treat the wounds of a creature."]),
        ],
    )
    ru = book("ru", [("Броски", 2, ["Нужной проверки нет, если исход ясен.", "Если нужен бросок, бросьте."])])
    lib = index(ru, en, common='[[alias]]\nfrom = "threatened area"\nto = ["угрожаемая зона"]\n')
    queries = ["ups ", "what is happening when falling", "threaten ", "нужой"]
    for q, js in zip(queries, browser_search(lib, queries), strict=True):
        p = engine.search(lib, q, limit=5)
        assert p["suggestion"] == js["suggestion"], q
        assert [r["url"] for r in p["results"]] == [r["url"] for r in js["results"]], q
        if q == "нужой":
            assert p["suggestion"] == "нужной"
        else:
            assert p["suggestion"] is None, q
    falling = engine.search(lib, "what is happening when falling", limit=5)
    assert [r["title"] for r in falling["results"]] == ["Falling"] and falling["missing"] == ["happening"]
