"""A query names books: by `@name`, and by a book's name written among its words."""

from rulebook.search import engine, naming
from rulebook.search.query import parse

from tests.support.books import book, index

BOOKS = [
    ("fatum", "FATUM"),
    ("sf2e", "Starfinder 2e: Ведение игры"),
    ("dnd35", "D&D 3.5: Бой"),
    ("dnd2024", "D&D 2024: Глоссарий правил"),
    ("swd20", "Star Wars d20: Бой"),
]


def read(query, printed=()):
    got = naming.mentions(parse(query), BOOKS, lambda w: w in printed)
    return got.chunks, got.books, got.prefix


def test_a_books_name_among_the_words_limits_the_search_to_it():
    assert read("инициатива в старфайндере") == (["инициатива", "в"], ["sf2e"], False)
    assert read("крит по фатуму") == (["крит", "по"], ["fatum"], False)
    assert read("инициатива в днд") == (["инициатива", "в"], ["dnd35", "dnd2024"], False)
    assert read("атака стар варс") == (["атака"], ["swd20"], False)  # two title words
    assert read("инициатива днд 3.5") == (["инициатива"], ["dnd35"], False)  # the number picks one
    assert read("днд 2024 инициатива") == (["инициатива"], ["dnd2024"], True)  # still being typed


def test_a_word_that_is_no_name_or_is_printed_or_alone_stays_a_word():
    assert read("бой в укрытии") == (["бой", "в", "укрытии"], [], True)  # a Cyrillic title word
    assert read("star power") == (["star", "power"], [], True)  # a title word of four letters
    assert read("кровотечение fatum", printed={"fatum"}) == (["кровотечение", "fatum"], [], True)
    assert read("фатум") == (["фатум"], [], True)  # nothing else to search for
    assert read("что такое фатум") == (["что", "такое", "фатум"], [], True)


def test_a_book_named_in_the_words_answers_and_every_book_answers_where_it_has_none():
    lib = index(
        book("fatum", [("Кровотечение", 2, ["Кровотечение наносит одно Лёгкое ранение в конце хода."])]),
        book("sf2e", [("Инициатива", 2, ["Инициативу бросают Восприятием."])]),
        book("dnd35", [("Инициатива", 2, ["Инициатива — проверка Ловкости."])]),
    )
    found = engine.search(lib, "инициатива в днд", limit=5)["results"]
    assert [r["book"] for r in found] == ["dnd35"]
    # no answer there: the other books' for the same words, said to be theirs («днд» is not
    # searched for as a word, which would offer «дня» for it)
    out = engine.search(lib, "кровотечение в днд", limit=5)
    assert [r["book"] for r in out["results"]] == ["fatum"]
    assert out["elsewhere"] == ["dnd35"] and out["suggestion"] is None
