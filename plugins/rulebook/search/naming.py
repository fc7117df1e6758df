"""How a query names books: `@name` words, and a book's name written among the words.

Players type «@fatum», but at the table they also write the system's name as a word:
«инициатива в днд», «крит по фатуму», «хиты в старфайндере», «атака стар варс». A name in the
words limits the search as `@name` does, and the words that named the book are not searched
for; where the book has no answer, every book answers (engine.search). A name in the words is
taken strictly, since it is also a word: a whole slug (or its letters, «dnd» of dnd35 and
dnd2024), a Latin word of the title of five letters or more, two run together («star wars»), or
their Russian spelling by sound («старфайндере»); never a word the books print (an English
book's «siege» is a word of «Siege Warfare» and of its text), and never the query's only word.
A number after a name that several books share picks the one whose title holds it («днд 3.5»).
assets/search-engine.js has the same rules (Engine.resolveBooks, Engine.mentions).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import lru_cache

from rulebook.search import analysis
from rulebook.search.query import Parsed

_SLUG_LETTERS = re.compile(r"[a-z]+")
# a title's word shorter than this is no name in the words («star», «wars»)
TITLE_WORD_MIN = int(analysis.ENGINE.get("name_word_min", 5))


def resolve_books(names: list[str], books: list[tuple[str, str]]) -> tuple[list[int], list[str]]:
    """The books that the query's `@name` words name, and the names that name none (the search
    then runs over every book and says so). A name is a book's slug, the start of one (@dnd: both
    D&D books; @f while «@fatum» is being typed) or the start of a word of a book's title
    (@starfinder, three letters or more), typed in either layout or in Cyrillic letters (@фатум,
    @днд), or spelt in Russian as the book's English name sounds (@старфайндер)."""
    found: set[int] = set()
    unknown: list[str] = []
    for name in names:
        hit: list[int] = []
        for form in analysis.name_forms(name):
            hit = (
                [i for i, (slug, _) in enumerate(books) if slug == form]
                or [i for i, (slug, _) in enumerate(books) if slug.startswith(form)]
                or [
                    i
                    for i, (_, title) in enumerate(books)
                    if len(form) >= 3 and any(w.startswith(form) for w in analysis.surfaces(title))
                ]
            )
            if hit:
                break
        if not hit:
            hit = [i for i, book in enumerate(books) if _sounds_like(name, book)]
        if hit:
            found.update(hit)
        else:
            unknown.append(name)
    return sorted(found), unknown


def _book_names(slug: str, title: str, shortest: int) -> set[str]:
    """A book's English names: its slug, its title's Latin words and two of them run together,
    those of `shortest` letters or more (an @name takes any; a word of the query, only
    `TITLE_WORD_MIN` and the slug's letters, «dnd» of dnd35)."""
    latin = [w for w in analysis.surfaces(title) if w.isascii() and w.isalpha()]
    names = {
        slug,
        *(n for n in [*latin, *(a + b for a, b in itertools.pairwise(latin))] if len(n) >= shortest),
    }
    letters = _SLUG_LETTERS.match(slug)
    if shortest > 0 and letters and len(letters.group()) >= 3:
        names.add(letters.group())
    return names


def _sounds_like(name: str, book: tuple[str, str]) -> bool:
    """A name spelt in Russian the way the book's English name sounds («старфайндер»:
    Starfinder, «старварс»: Star Wars, in any case ending): a title's Latin word, two of them
    run together, or the slug. Only a whole name of four letters or more: a name being typed
    is matched by its start (resolve_books)."""
    word = analysis.surfaces(name)
    if len(word) != 1 or len(word[0]) < 4:
        return False
    return any(analysis.loan_fits(word[0], n) for n in _book_names(*book, 0) if n != word[0])


Names = tuple[dict[str, list[int]], dict[str, list[tuple[int, str]]]]


@lru_cache(maxsize=8)
def _names(books: tuple[tuple[str, str], ...]) -> Names:
    """The names a word of the query may give each book (module docstring), once per library:
    name -> books, and the names' sounds -> (book, name), for a Russian spelling by sound."""
    exact: dict[str, list[int]] = {}
    sounds: dict[str, list[tuple[int, str]]] = {}
    for i, (slug, title) in enumerate(books):
        for n in sorted(_book_names(slug, title, TITLE_WORD_MIN)):
            exact.setdefault(n, []).append(i)
            sounds.setdefault(analysis.sounds(n), []).append((i, n))
    return exact, sounds


def _named(text: str, books: list[tuple[str, str]]) -> list[int]:
    """The books a word (or two run together) of the query names, strictly (module docstring):
    a name in any of the word's forms, or one that it fits by sound (analysis.loan_fits: the
    same sounds, or one of them a vowel longer)."""
    word = analysis.surfaces(text)
    if len(word) != 1:
        return []
    w = word[0]
    exact, sounds = _names(tuple(books))
    out = {i for f in analysis.name_forms(w) for i in exact.get(f, [])}
    if len(w) >= 4:
        a = analysis.sounds(w)
        keys = [a, a + "V", *([a[:-1]] if a.endswith("V") else [])] if a else []
        out |= {i for k in keys for i, n in sounds.get(k, []) if n != w}
    return sorted(out)


def _holds(title: str, chunk: str) -> bool:
    """The title has the chunk's words, in a row («3.5» in «D&D 3.5: Бой»)."""
    t, c = analysis.surfaces(title), analysis.surfaces(chunk)
    return bool(c) and any(t[k : k + len(c)] == c for k in range(len(t) - len(c) + 1))


def mentions(parsed: Parsed, books: list[tuple[str, str]], printed: Callable[[str], bool]) -> Parsed:
    """The query with the books it names in its words moved to its `@name`s (as their slugs);
    `printed(word)`: whether the books print the word. Unchanged where it names none, or where
    nothing but small words would be left to search for."""
    chunks = parsed.chunks
    kept: list[str] = []
    slugs: list[str] = []
    last_kept = False
    i = 0
    while i < len(chunks):
        took, hit = 0, []
        for n in (2, 1):
            part = chunks[i : i + n]
            if len(part) < n or any(printed(t) for c in part for t in analysis.surfaces(c)):
                continue
            hit = _named("".join(part), books)
            if hit:
                took = n
                break
        if not took:
            kept.append(chunks[i])
            last_kept = i == len(chunks) - 1
            i += 1
            continue
        if len(hit) > 1 and i + took < len(chunks):
            one = [b for b in hit if _holds(books[b][1], chunks[i + took])]  # «днд 3.5»
            if len(one) == 1:
                hit, took = one, took + 1
        slugs += [books[b][0] for b in hit]
        last_kept = False
        i += took
    if not slugs or all(analysis.is_optional(t) for c in kept for t in analysis.surfaces(c)):
        return parsed
    return Parsed(kept, [*parsed.books, *slugs], parsed.prefix and last_kept, parsed.cut)
