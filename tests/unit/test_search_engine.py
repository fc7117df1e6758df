from rulebook.search import engine
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
