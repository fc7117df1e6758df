"""Abbreviations read off a book's own text: those it defines in parentheses and the initials
readers make of its terms; and what the engine does with them."""

import json

from rulebook.search import abbreviations as A
from rulebook.search import engine

from tests.support.books import book, browser_search, index


def test_an_abbreviation_in_parentheses_after_the_words_it_spells_is_defined():
    found = A.defined(
        [
            "Каждый ход персонаж тратит Очки Действий (ОД) на действия.",
            "Ваш Класс Брони (КБ) (Armor Class (AC)) — это основной КС.",
            "Атака по возможности (АВ) провоцируется движением.",
            "Бронезащита (БЗ) снижается после каждого попадания.",
            "Leaving a threatened square provokes Attacks of Opportunity (AoO).",
        ]
    )
    assert found == {
        "ОД": "Очки Действий",
        "КБ": "Класс Брони",
        "AC": "Armor Class",
        "АВ": "Атака по возможности",
        "БЗ": "Бронезащита",
        "AOO": "Attacks of Opportunity",
    }


def test_parentheses_that_say_an_abbreviation_is_another_name_define_it():
    found = A.defined(
        [
            "Each creature has a Combat Maneuver Bonus (or CMB) that represents its skill.",
            "Персонаж тратит Очки Действий (далее — ОД) на каждое действие.",
            "В таких случаях решают правила (или ГМ) по своему усмотрению.",
            "An Optional Rule Check Area (ORCA) is a zone.",  # «OR» of ORCA is no «or»
        ]
    )
    assert found == {
        "CMB": "Combat Maneuver Bonus",
        "ОД": "Очки Действий",
        "ORCA": "Optional Rule Check Area",
    }


def test_capitals_in_parentheses_that_spell_nothing_before_them_are_no_abbreviation():
    assert A.defined(["Персонаж получает бонус (ДА) к проверке.", "Урон огнём (см. ниже) удваивается."]) == {}
    assert A.defined(["Это стоит (ОД) двух действий."]) == {}  # «стоит» does not spell ОД
    # one capital is a word, not an abbreviation: «Strike» does not spell «Single Target ...»
    assert A.defined(["Make a Single Target Radial Impact Kick Effect (Strike)."]) == {}


def test_initials_of_a_frequent_heading_term_are_implied_unless_they_are_a_word():
    titles = ["Очки жизни", "Выведен из строя (0 очков жизни)", "Очки энергии"]
    texts = ["Персонаж теряет очки жизни."] * 3 + ["Очки энергии восстанавливаются."] * 4
    assert A.implied(texts, titles, set()) == {"ож": "Очки жизни", "оэ": "Очки энергии"}
    assert A.implied(texts, titles, {"ож"}) == {"оэ": "Очки энергии"}
    # the build counts a book's terms while indexing it, and later chooses among them by the
    # library's words: the same choice
    kept = json.loads(json.dumps(A.candidates(texts, titles)))
    assert A.implied([], [], {"ож"}, kept) == {"оэ": "Очки энергии"}


def test_a_term_printed_with_every_word_capitalised_counts_as_a_term():
    texts = ["Ваш Базовый Бонус Атаки растёт с уровнем."] * 4
    assert A.implied(texts, [], set())["бба"] == "Базовый Бонус Атаки"
    assert "ар" not in A.implied(texts, [], set())  # «Атаки растёт»: not every word capitalised


def test_two_terms_of_the_same_initials_and_like_frequency_imply_neither():
    titles = ["Полная атака", "Простая атака"]
    texts = ["Полная атака отнимает ход."] * 4 + ["Простая атака стоит действие."] * 3
    assert "па" not in A.implied(texts, titles, set())
    texts += ["Полная атака отнимает ход."] * 4  # now twice as often
    assert A.implied(texts, titles, set())["па"] == "Полная атака"


def test_a_defined_abbreviation_finds_its_words_in_its_own_book_only():
    mine = book(
        "mine",
        [
            ("Ресурсы", 2, ["Каждый ход персонаж тратит Очки Воли (ОВ) на приёмы."]),
            ("Восстановление", 2, ["Очки Воли восстанавливаются после отдыха."]),
        ],
    )
    other = book("other", [("Восстановление", 2, ["Очки Воли здесь восстанавливаются иначе."])])
    lib = index(mine, other)
    urls = [r["url"] for r in engine.search(lib, "ов восстановление", limit=5)["results"]]
    assert urls[0].startswith("mine/")
    urls = [r["url"] for r in engine.search(lib, "ов", limit=5)["results"]]
    assert len(urls) == 2 and all(u.startswith("mine/") for u in urls)
    # and the words find the abbreviation
    assert engine.search(lib, "очки воли", limit=5)["results"][0]["url"].startswith("mine/")


def test_a_readers_initials_of_a_books_heading_term_find_it():
    b = book(
        "b",
        [
            ("Очки энергии и очки жизни", 2, ["Очки жизни показывают, сколько урона выдержит персонаж."]),
            (
                "Выведен из строя (0 очков жизни)",
                2,
                ["Персонаж, у которого осталось 0 очков жизни, выходит из строя."],
            ),
            ("Лечение", 2, ["Лечение возвращает очки жизни.", "Отдых тоже возвращает очки жизни."]),
            ("Оружие", 2, ["Оружие наносит урон."]),
        ],
    )
    lib = index(b)
    found = engine.search(lib, "ож", limit=10)["results"]
    assert len(found) >= 3 and all("жизни" in r["snippet"] or "жизни" in r["title"] for r in found)
    assert engine.search(lib, "0 ож", limit=1)["results"][0]["title"] == "Выведен из строя (0 очков жизни)"


def test_a_shared_rule_that_misses_the_books_words_does_not_hide_its_own_abbreviation():
    """The shared glossary knows «hp» as the Russian books' «хиты»; an English book that defines
    «Hit Points (HP)» still gets HP for its own words."""
    en = book(
        "en",
        [
            ("Hit Points", 2, ["Your Hit Points (HP) measure how much harm you can take."]),
            ("Resting", 2, ["A long rest restores all lost Hit Points."]),
            ("Weapons", 2, ["A sword deals slashing damage."]),
        ],
    )
    lib = index(en, common='[[alias]]\nfrom = "hp"\nto = ["хиты"]\n')
    found = [r["title"] for r in engine.search(lib, "hp", limit=5)["results"]]
    assert found[:2] == ["Hit Points", "Resting"]
    # where the shared rule does reach the book's words, the book's abbreviation is not written
    # twice: the hand-written rule stands
    ru = book("ru", [("Хиты", 2, ["Ваши Хиты (ХП) показывают, сколько урона вы выдержите."])])
    lib = index(ru, common='[[alias]]\nfrom = "хп"\nto = ["хиты"]\n')
    assert engine.search(lib, "хп", limit=1)["results"][0]["title"] == "Хиты"


def test_an_abbreviation_followed_by_the_words_it_spells_in_parentheses_is_defined():
    found = A.defined(
        [
            "ОВ (очки выносливости) показывают, сколько сил осталось у героя.",
            "АВ (атака по возможности) провоцируется движением.",
            "Each HP (hit points) lost is a wound.",
        ]
    )
    assert found == {"ОВ": "очки выносливости", "АВ": "атака по возможности", "HP": "hit points"}
    # the parentheses must hold the words it spells, and nothing else
    not_spelt = ["КС (DC) равен 10.", "ОД (см. ниже) тратятся.", "ОЗ (очки здоровья героя) падают."]
    assert A.defined(not_spelt) == {}


def test_the_word_being_typed_does_not_complete_to_a_headings_initials():
    """«ов» typed is the word a book prints and defines, not the beginning of another book's
    heading initials («Особые виды перемещения», овп), which the reader types whole."""
    moves = book("moves", [("Особые виды перемещения", 2, ["Прыжок стоит одно действие."])])
    trek = book(
        "trek",
        [
            ("Основные понятия", 2, ["ОВ (очки выносливости) показывают, сколько сил осталось у героя."]),
            ("Холод", 2, ["На морозе герой теряет 1 ОВ за час.", "Костёр возвращает 2 ОВ."]),
        ],
    )
    lib = index(moves, trek)
    for q in ("ов", "ОВ", "ОВ "):
        assert engine.search(lib, q, limit=1)["results"][0]["url"].startswith("trek/"), q
    assert engine.search(lib, "овп", limit=1)["results"][0]["title"] == "Особые виды перемещения"


def test_a_form_of_another_word_does_not_reach_a_headings_initials():
    """«скор» without its fleeting vowel is «скр», the initials of «Стабилизация Критического
    ранения»: that is no form of the word typed, which begins «Скорость»."""
    lib = index(
        book(
            "a",
            [
                ("Стабилизация Критического ранения", 2, ["Союзник может стабилизировать раненого."]),
                ("Скорость", 2, ["Скорость персонажа равна 6 клеткам."]),
            ],
        )
    )
    assert engine.search(lib, "скор", limit=1)["results"][0]["title"] == "Скорость"
    assert engine.search(lib, "скр", limit=1)["results"][0]["title"] == "Стабилизация Критического ранения"


def test_a_glossary_word_is_not_the_shorter_abbreviation_its_stem_is():
    """Snowball stems «аоо» (AoO typed in Cyrillic) to «ао»: one book's «Адреналиновая отсрочка
    (АО)», another's heading «Атака оружием» by its initials. The shared glossary's «аоо» is the
    word meant."""
    fatum = book(
        "fatum",
        [
            (
                "Адреналиновая отсрочка",
                2,
                ["Адреналиновая отсрочка (АО) откладывает штрафы ранений до конца боя."],
            )
        ],
    )
    d20 = book(
        "d20",
        [
            ("Атака оружием", 2, ["Атака оружием стоит одно действие."]),
            (
                "Провоцированные атаки",
                2,
                ["Враг, покидающий клетку рядом с вами, провоцирует атаку по возможности."],
            ),
        ],
    )
    lib = index(
        fatum, d20, common='[[alias]]\nfrom = "аоо"\nto = ["атака по возможности", "провоцированная атака"]\n'
    )
    for q in ("аоо", "АоО", "аоо "):
        assert engine.search(lib, q, limit=3)["results"][0]["title"] == "Провоцированные атаки", q
    # the abbreviation itself, typed as it is, still finds its words
    assert engine.search(lib, "АО", limit=1)["results"][0]["title"] == "Адреналиновая отсрочка"


def test_a_glossary_word_does_not_reach_the_headings_its_stem_is_the_initials_of():
    """«аоо» stems to «ао», the initials of «Адреналиновая отсрочка» and «Атака оружием», which
    no glossary defines: the shared glossary's «аоо» is still the word meant."""
    lib = index(
        book(
            "a",
            [
                (
                    "Адреналиновая отсрочка",
                    2,
                    ["Адреналиновая отсрочка откладывает штрафы ранений до конца боя."],
                ),
                ("Атака оружием", 2, ["Атака оружием стоит одно действие."]),
                (
                    "Провоцированные атаки",
                    2,
                    ["Враг, покидающий клетку рядом с вами, провоцирует атаку по возможности."],
                ),
            ],
        ),
        common='[[alias]]\nfrom = "аоо"\nto = ["атака по возможности", "провоцированная атака"]\n',
    )
    for q in ("аоо", "АоО", "аоо "):
        assert [r["title"] for r in engine.search(lib, q, limit=3)["results"]] == ["Провоцированные атаки"], q
    # the initials, typed as they are, find their headings
    found = [r["title"] for r in engine.search(lib, "ао", limit=3)["results"]]
    assert found[:2] == ["Адреналиновая отсрочка", "Атака оружием"]


def test_an_abbreviation_in_capitals_is_not_every_word_its_letters_are_the_stem_of():
    # Snowball stems «опыт» to «оп»: «ОП» typed in capitals is the book's Очки Прочности, not
    # the heading «Опыт» that is a form of the same stem
    lib = index(
        book(
            "mine",
            [
                ("Опыт", 2, ["Опыт начисляется за каждую сцену, опыт копится до уровня."]),
                ("Прочность", 2, ["Каждый предмет имеет Очки Прочности (ОП) по таблице."]),
                ("Поломка", 2, ["Предмет с нулём ОП ломается, а при ОПах ниже трёх трещит."]),
            ],
        )
    )
    caps, small = (engine.search(lib, q, limit=5)["results"] for q in ("ОП", "оп"))
    titles = [r["title"] for r in caps]
    assert titles[0] in ("Прочность", "Поломка") and "Опыт" not in titles
    # in small letters it is any word of that stem, as before
    assert "Опыт" in [r["title"] for r in small]
    # the browser's engine reads it the same way
    js = browser_search(lib, ["ОП", "оп"])
    assert [[(r["url"], r["score"]) for r in x["results"]] for x in js] == [
        [(r["url"], r["score"]) for r in x] for x in (caps, small)
    ]


def test_an_abbreviation_in_capitals_is_whole_even_as_the_last_word_typed():
    """The last word of a query is the word being typed, and completes to longer words; an
    abbreviation the library has, typed in capitals, is whole («УЗ» is Уровень Защиты, not the
    beginning of «узкие»)."""
    lib = index(
        book("mine", [("Защита", 2, ["Ваш Уровень Защиты (УЗ) равен 10 + модификатор Ловкости."])]),
        book("other", [("Узкие поверхности", 2, ["Узкие поверхности требуют проверки Акробатики."])]),
    )
    for q in ("УЗ", "уровень УЗ"):
        assert [r["title"] for r in engine.search(lib, q, limit=3)["results"]] == ["Защита"], q
    # in small letters it is still the beginning of a word being typed
    assert "Узкие поверхности" in [r["title"] for r in engine.search(lib, "уз", limit=3)["results"]]
    js = browser_search(lib, ["УЗ", "уз"])
    assert [len(x["results"]) for x in js] == [1, 2]


def test_english_initials_with_their_small_words_and_an_english_originals_initials_find_the_heading():
    """English players write «PtP» for «Pay the Price» and «AoO» for «Attack of Opportunity»
    (the small words' letters too), and «MAP» for a heading whose English original is
    «Multiple Attack Penalty»."""
    en = book(
        "en",
        [
            ("Pay the Price", 2, ["When you suffer the outcome of a move, choose one cost."]),
            ("Price lists", 2, ["Prices of gear are paid in coin at the market."]),
        ],
    )
    ru = book(
        "ru",
        [
            ("Штраф множественной атаки", 2, ["Вторая атака за ход получает −5."]),
            ("Атака", 2, ["Атака оружием стоит одно действие."]),
        ],
    )
    ru.sections[0].original = "Multiple Attack Penalty"  # as the importer reads «Штраф … (Multiple …)»
    lib = index(en, ru)
    queries = ["PtP", "ptp", "MAP"]
    py = [engine.search(lib, q, limit=3)["results"] for q in queries]
    assert [r[0]["title"] for r in py] == ["Pay the Price", "Pay the Price", "Штраф множественной атаки"]
    js = browser_search(lib, queries, limit=3)
    assert [[(r["url"], r["score"]) for r in x["results"]] for x in js] == [
        [(r["url"], r["score"]) for r in x] for x in py
    ]
