from rulebook.search import analysis, engine
from rulebook.search.engine import osa

from tests.support.books import book

RULES = book(
    "rules",
    [
        ("Глава 3. Бой", 1, ["Бой идёт раундами."]),
        ("Кровотечение", 2, ["Персонаж теряет кровь каждый ход.", "Перевязка останавливает потерю крови."]),
        ("Стабилизация", 2, ["Критически раненого можно стабилизировать проверкой Медицины."]),
        ("Укрытия", 2, ["За укрытием цель получает бонус. Кровотечение здесь не упоминается всерьёз."]),
        ("Очки Действий (ОД)", 2, ["В свой ход персонаж тратит Очки Действий на действия."]),
        ("Рывок", 2, ["Рывок стоит 2 ОД и удваивает дистанцию."]),
        ("Шкала ранений", 2, ["Вместо хитов используется шкала ранений."]),
        ("Штраф множественной атаки", 2, ["Каждая следующая атака получает штраф."]),
    ],
    glossary=(
        '[[synonym]]\nterms = ["ОД", "Очки Действий"]\n[[alias]]\nfrom = "хиты"\nto = ["шкала ранений"]\n'
    ),
)
OTHER = book(
    "other",
    [("Действия", 1, ["ОД здесь означает Очки Дружбы."]), ("Дружба", 2, ["Очки Дружбы копятся."])],
)


def titles(query: str, books=None, **kw) -> list[str]:
    return [r["title"] for r in engine.search(books or [RULES], query, **kw)["results"]]


def test_a_heading_match_outranks_a_passing_mention():
    assert titles("кровотечение")[0] == "Кровотечение"
    assert "Укрытия" in titles("кровотечение")


def test_inflected_forms_match_through_stems():
    assert titles("кровотечением")[0] == "Кровотечение"
    assert titles("стабилизации")[0] == "Стабилизация"


def test_the_last_word_matches_as_a_prefix_while_typing():
    assert titles("стабил")[0] == "Стабилизация"
    assert titles("стабил ")[:1] != ["Стабилизация"] or engine.search([RULES], "стабил ")["suggestion"]


def test_one_typo_is_forgiven_in_words_of_four_to_seven_letters():
    assert titles("рывак")[0] == "Рывок"
    assert titles("укрытея")[0] == "Укрытия"


def test_two_typos_are_forgiven_from_eight_letters():
    assert titles("кравотечене")[0] == "Кровотечение"
    assert titles("рыык ")[0] == "Рывок"  # one edit in four letters
    parsed = engine.parse("рыыык ")
    plan = engine.plan(RULES, parsed)
    assert engine.score_book(RULES, plan) == []  # two edits in five letters: over the budget...
    out = engine.search([RULES], "рыыык ")  # ...so the relaxed retry answers, as "did you mean"
    assert out["suggestion"] == "рывок" and out["results"][0]["title"] == "Рывок"


def test_a_transposition_counts_as_one_edit():
    assert osa("кровь", "кровь", 1, False) == 0
    assert osa("кроьв", "кровь", 1, False) == 1
    assert osa("кровь", "корвь", 1, False) == 1
    assert osa("стаби", "стабилизация", 1, True) == 0
    assert titles("рыовк")[0] == "Рывок"


def test_typos_suggest_the_corrected_query():
    out = engine.search([RULES], "кравотечение")
    assert out["suggestion"] == "кровотечение"
    assert out["results"][0]["title"] == "Кровотечение"


def test_abbreviations_expand_to_their_phrase_and_back():
    assert titles("ОД")[0] == "Очки Действий (ОД)"
    assert "Рывок" in titles("очки действий", limit=10)


def test_aliases_expand_one_way():
    assert titles("хиты")[0] == "Шкала ранений"


def test_a_glossary_applies_only_to_its_own_book():
    # OTHER's "ОД" is not expanded with RULES's synonym: its ranking is the same with or without RULES
    alone = [r["url"] for r in engine.search([OTHER], "очки действий")["results"]]
    both = [r["url"] for r in engine.search([RULES, OTHER], "очки действий", limit=50)["results"]]
    assert [u for u in both if u.startswith("other/")] == alone


def test_wrong_keyboard_layout_is_retried():
    out = engine.search([RULES], "jxrb ltqcndbz")
    assert out["results"][0]["title"] == "Очки Действий (ОД)"
    assert out["suggestion"] == "очки действия"


def test_all_words_must_match_when_some_record_has_them_all():
    top = engine.search([RULES], "перевязка крови")["results"][0]
    assert top["url"].endswith("--2")


def test_no_record_with_every_word_falls_back_to_the_best_partial_match():
    assert titles("кровотечение марсиане")[0] == "Кровотечение"


def test_question_words_are_optional():
    assert titles("сколько стоит рывок")[0] == "Рывок"


def test_book_filter_limits_results_to_that_book():
    out = engine.search([RULES, OTHER], "очки", book_filter=["other"])
    assert out["results"] and {r["book"] for r in out["results"]} == {"other"}
    out = engine.search([RULES, OTHER], "очки @other")
    assert {r["book"] for r in out["results"]} == {"other"}


def test_identical_blocks_are_shown_once():
    dup = book("dup", [("А", 1, ["Одинаковый абзац про броню."]), ("Б", 1, ["Одинаковый  абзац про броню!"])])
    urls = [r["url"] for r in engine.search([dup], "абзац броню")["results"]]
    assert len(urls) == 1


def test_snippets_highlight_the_matched_words():
    r = engine.search([RULES], "перевязка")["results"][0]
    marked = [r["snippet"][a:b] for a, b in r["highlights"]]
    assert "Перевязка" in marked


def test_english_originals_and_words_are_searchable():
    sf = book("sf", [("Штраф множественной атаки", 1, ["Multiple attack penalty applies."])])
    assert engine.search([sf], "multiple attack penalties")["results"]


# ---- several books ------------------------------------------------------------------------------
# A big book that is about bleeding (the word is everywhere in it) and a small one that mentions it
# once, under a longer heading.
BIG = book(
    "big",
    [
        ("Кровотечение", 2, ["Кровотечение — потеря крови.", "Кровотечение останавливает перевязка."]),
        ("Остановка кровотечения", 2, ["Кровотечение останавливают проверкой."]),
        ("Повторное кровотечение", 2, ["Кровотечение не складывается."]),
        ("Кровотечение и броня", 2, ["Броня не мешает кровотечению."]),
    ]
    + [(f"Правило {i}", 2, [f"Обычный текст номер {i} про бой и раны."]) for i in range(20)],
)
SMALL = book(
    "small",
    [("Урон от кровотечения", 2, ["Продолжительный урон: кровотечение."]), ("Атака", 2, ["Удар."])],
)


def test_an_exact_heading_match_outranks_a_heading_that_only_contains_the_word_across_books():
    for q in ("кровотечение", "кравотечение", "кровотечения "):
        top = engine.search([SMALL, BIG], q)["results"][0]
        assert (top["book"], top["title"]) == ("big", "Кровотечение"), q


def test_a_word_weighs_the_same_in_every_book():
    # rarity is counted over all the books, so the small book gains nothing from being small
    c = engine.corpus_of([BIG, SMALL])
    assert c.records == len(BIG.records) + len(SMALL.records)
    sid_big, sid_small = BIG.stem_id["кровотечен"], SMALL.stem_id["кровотечен"]
    assert c.df["кровотечен"] == len(BIG.text_post[sid_big]) + len(SMALL.text_post[sid_small])


def test_a_book_filter_does_not_change_the_scores_of_the_books_searched():
    both = {r["url"]: r["score"] for r in engine.search([BIG, SMALL], "кровотечение", limit=50)["results"]}
    small = engine.search([BIG, SMALL], "кровотечение", limit=50, book_filter=["small"])["results"]
    assert small and all(both[r["url"]] == r["score"] for r in small)


def test_the_book_being_read_ranks_a_little_higher():
    twin = book(
        "twin",
        [("Кровотечение", 2, ["Кровотечение — потеря крови.", "Кровотечение останавливает перевязка."])],
    )
    other = book(
        "other",
        [("Кровотечение", 2, ["Кровотечение — потеря крови.", "Кровотечение останавливает перевязка."])],
    )
    assert engine.search([other, twin], "кровотечение")["results"][0]["book"] == "other"  # tie: book order
    assert engine.search([other, twin], "кровотечение", prefer="twin")["results"][0]["book"] == "twin"


def test_a_much_better_answer_from_another_book_still_wins_over_the_book_being_read():
    out = engine.search([SMALL, BIG], "кровотечение", prefer="small")["results"]
    assert (out[0]["book"], out[0]["title"]) == ("big", "Кровотечение")


def test_a_heading_completed_from_the_word_being_typed_is_not_an_exact_title():
    b = book("b", [("Одержимость", 2, ["Демон вселяется."]), ("Очки Действий (ОД)", 2, ["ОД тратят в ход."])])
    plan = engine.plan(b, engine.parse("од"))
    h = next(i for i, r in enumerate(b.records) if r.text == "Одержимость")
    assert not engine.title_exact(b, h, plan.groups)
    assert titles("од", [b])[0] == "Очки Действий (ОД)"


def test_a_heading_with_words_the_query_lacks_is_not_an_exact_title():
    b = book(
        "b", [("Как работает броня в бою", 2, ["Броня снижает ранения."]), ("Броня", 2, ["Профиль брони."])]
    )
    plan = engine.plan(b, engine.parse("броня "))
    first = {r.text: i for i, r in enumerate(b.records)}
    assert engine.title_exact(b, first["Броня"], plan.groups)
    assert not engine.title_exact(b, first["Как работает броня в бою"], plan.groups)
    # every word of the query must be in the heading too, question words included
    plan = engine.plan(b, engine.parse("как работает броня "))
    assert not engine.title_exact(b, first["Броня"], plan.groups)


def test_a_fleeting_vowel_does_not_hide_a_word_form():
    # Snowball leaves проверок (genitive plural) and проверк (проверка, проверки) apart
    b = book(
        "b",
        [("Групповые проверки", 2, ["Мастер просит бросок."]), ("Группа", 2, ["Отряд проверок не делает."])],
    )
    assert titles("групповых проверок", [b])[0] == "Групповые проверки"
    assert analysis.fleeting_variants("проверок") == ["проверк"]
    assert analysis.fleeting_variants("рывк") == ["рывок", "рывек"]
    assert analysis.fleeting_variants("ход") == []


def test_prepositions_are_optional_words():
    b = book(
        "b",
        [
            ("Количество противников", 2, ["Число противников не больше числа героев."]),
            ("Броня", 2, ["Броня против пуль, герои рады."]),
        ],
    )
    assert titles("сколько противников против героев", [b])[0] == "Количество противников"


def test_a_word_one_book_knows_is_not_retried_in_the_other_layout():
    # "VP" typed on a Russian layout would be "МЗ": a book that knows VP keeps it as typed
    latin = book("latin", [("Очки энергии", 2, ["Очки энергии (vitality points, VP) тратятся первыми."])])
    cyr = book("cyr", [("Модификатор защиты (МЗ)", 2, ["МЗ — сложность попадания."])])
    out = engine.search([cyr, latin], "VP")
    assert out["results"][0]["book"] == "latin" and out["suggestion"] is None
    assert engine.search([cyr], "VP")["results"][0]["title"] == "Модификатор защиты (МЗ)"  # alone: retried


def test_the_same_paragraph_scores_the_same_in_a_book_that_often_uses_the_word_and_one_that_rarely_does():
    para = "Если рана открыта, начинается кровотечение и персонаж слабеет."
    often = book("often", [("Раны", 2, [para] + [f"Кровотечение, случай {i}." for i in range(30)])])
    rarely = book("rarely", [("Раны", 2, [para] + [f"Прочее, случай {i}." for i in range(30)])])
    # (the two are one block to the reader, shown once: each book is asked on its own)
    scores = {
        slug: engine.search([often, rarely], "начинается кровотечение", book_filter=[slug])["results"][0][
            "score"
        ]
        for slug in ("often", "rarely")
    }
    assert scores["often"] == scores["rarely"]
