"""`rulebook search` on a small library: what a reader is told when the chosen books lack an answer."""

import json

from tests.support.books import book, index
from tests.support.cli import rulebook

DND = book("dnd", [("Подсечка", 2, ["Бросок Силы против Ловкости."])])
SW = book("sw", [("Подножка", 2, ["Враг падает на землю."])])
LIB = index(DND, SW)
WHERE = str(LIB.folder.parent)


def test_nothing_in_the_chosen_book_shows_the_other_books_answers_and_says_so():
    r = rulebook("search", "--index", WHERE, "@sw подсечка")
    assert r.returncode == 0
    assert r.stdout.startswith("Ничего не найдено в «SW» — найдено в других книгах:")
    assert "Подсечка  [dnd]" in r.stdout
    r = rulebook("search", "--index", WHERE, "подсечка", "--book", "sw")
    assert "Подсечка  [dnd]" in r.stdout


def test_json_keeps_a_filter_strict_and_tells_the_other_books_on_stderr():
    r = rulebook("search", "--index", WHERE, "@sw подсечка", "--json")
    assert json.loads(r.stdout) == []
    assert "without the filter, results in: dnd" in r.stderr


def test_nothing_anywhere_is_said_once():
    r = rulebook("search", "--index", WHERE, "@sw зыщцук")
    assert r.returncode == 1 and "в других книгах" not in r.stdout


def test_a_query_of_small_words_only_asks_for_what_the_question_is_about():
    for q in ("сколько", "можно ли @sw"):
        r = rulebook("search", "--index", WHERE, q)
        assert r.returncode == 1
        assert r.stdout.strip().endswith("только служебные слова: допишите, о чём вопрос."), q
    assert "«можно ли»" in r.stdout
