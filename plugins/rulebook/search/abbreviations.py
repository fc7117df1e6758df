"""Abbreviations a book defines or implies, as glossary rules of that book alone.

A hand-written glossary (`sources/<book>.glossary.toml`) knows what its editor thought of; a book
nobody configured has none. Two kinds of abbreviation can be read off the text itself:

- **defined**: a capitalised abbreviation in parentheses right after the words whose initials
  it spells («Очки Действий (ОД)», «Класс Брони (КБ)», «Armor Class (AC)»; stop words between
  may be skipped, «Атака по возможности (АВ)», or spelt in small letters, «Attacks of
  Opportunity (AoO)»; a long compound may give two letters,
  «Бронезащита (БЗ)»), or the other way round, the words in parentheses right after the
  abbreviation («ОЗ (очки здоровья)», «HP (hit points)») -> a synonym: the abbreviation finds
  the words, the words find the abbreviation;
- **implied**: readers shorten a book's frequent two- or three-word terms to their initials
  («очки жизни» -> «ож») even where the book never does -> an alias from the initials to the
  term, when the initials are no word of the library (nor a stop word), and the term is clearly
  the book's most frequent one with those initials.

Hand-written because no library reads abbreviations off Russian text; the rules are few and the
patterns plain.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from rulebook.search import analysis

# capitals, or capitals with small letters for the small words they spell («Attacks of
# Opportunity (AoO)»): two capitals at least, so that a capitalised word is no abbreviation; the
# parentheses may say it is another name («Combat Maneuver Bonus (or CMB)», «(далее — ОД)»)
_PAREN = re.compile(
    r"\(\s*(?:(?i:or|also|или|также|далее|сокращённо|сокращенно|abbreviated)(?:\s*[—–-]\s*|\s+)|(?i:сокр\.)\s*)?"
    r"([A-ZА-ЯЁ][A-Za-zА-Яа-яЁё]{1,4})\s*\)"
)
# ... or before the words it spells, in parentheses: «ОЗ (очки здоровья)»
_ABBR_FIRST = re.compile(r"(?<!\w)([A-ZА-ЯЁ][A-Za-zА-Яа-яЁё]{1,4})\s*\(([^()]{3,80})\)")
_STOPS_BEFORE = re.compile(r"[.:;!?()«»\"]")  # the words an abbreviation spells sit in its clause
IMPLIED_MIN = 4  # occurrences of a term in its book before readers shorten it
IMPLIED_MARGIN = 2  # ... and that many times as often as the next term with the same initials
MIN_WORD = 3  # letters of each word of an implied term


def _fold(w: str) -> str:
    return w.lower().replace("ё", "е")


def _words_before(text: str, end: int) -> list[str]:
    """The raw words of the clause that ends at `end`."""
    start = 0
    for m in _STOPS_BEFORE.finditer(text, 0, end):
        start = m.end()
    return analysis.WORD_RE.findall(text[start:end])


def spelled(abbr: str, words: list[str]) -> str | None:
    """The words (the last of `words`) whose initials spell `abbr`, as printed, or None."""
    letters = _fold(abbr)
    n = len(letters)
    # the last n words, their first letters
    if len(words) >= n and "".join(_fold(w)[0] for w in words[-n:]) == letters:
        return " ".join(words[-n:])
    # stop words between the words it spells are skipped («Атака по возможности»)
    picked: list[int] = []
    i = len(words) - 1
    for c in reversed(letters):
        while i >= 0 and analysis.is_optional(_fold(words[i])) and _fold(words[i])[0] != c:
            i -= 1
        if i < 0 or _fold(words[i])[0] != c or analysis.is_optional(_fold(words[i])):
            picked = []
            break
        picked.append(i)
        i -= 1
    if picked and picked[0] == len(words) - 1:
        return " ".join(words[picked[-1] :])
    # one long compound word gives two letters («Бронезащита (БЗ)»)
    if n == 2 and words:
        w = _fold(words[-1])
        if len(w) >= 8 and w[0] == letters[0] and letters[1] in w[3:]:
            return words[-1]
    return None


def defined(texts: Iterable[str]) -> dict[str, str]:
    """Abbreviation -> the words it stands for, as first printed, from the texts of one book."""
    out: dict[str, str] = {}
    for text in texts:
        if "(" not in text:
            continue
        for m in _PAREN.finditer(text):
            abbr = m.group(1)
            if abbr.upper() in out or sum(c.isupper() for c in abbr) < 2:
                continue
            words = spelled(abbr, _words_before(text, m.start()))
            if words and _fold(words) != _fold(abbr):
                out[abbr.upper()] = words
        for m in _ABBR_FIRST.finditer(text):
            abbr, inside = m.group(1), analysis.WORD_RE.findall(m.group(2))
            if abbr.upper() in out or sum(c.isupper() for c in abbr) < 2:
                continue
            # the parentheses hold the words it spells and nothing else
            words = spelled(abbr, inside)
            if words and words == " ".join(inside) and _fold(words) != _fold(abbr):
                out[abbr.upper()] = words
    return out


def _content(t: analysis.Tok) -> bool:
    return t.surface.isalpha() and len(t.surface) >= MIN_WORD and not analysis.is_optional(t.surface)


def _script(w: str) -> str:
    return "cyr" if w[0] in analysis.SPEC["cyrillic"] else "lat"


def _runs(text: str) -> list[list[analysis.Tok]]:
    """Runs of content words (letters only, three or more each, one script, nothing but a space
    between)."""
    out: list[list[analysis.Tok]] = []
    run: list[analysis.Tok] = []
    for t in analysis.tokens(text):
        joined = run and _script(run[0].surface) == _script(t.surface) and t.start - run[-1].end <= 1
        if _content(t) and joined:
            run.append(t)
            continue
        if len(run) >= 2:
            out.append(run)
        run = [t] if _content(t) else []
    if len(run) >= 2:
        out.append(run)
    return out


def _grams(run: list[analysis.Tok]) -> Iterable[tuple[int, int]]:
    for n in (2, 3):
        for i in range(len(run) - n + 1):
            yield i, i + n


def _key(run: list[analysis.Tok]) -> tuple[str, ...]:
    return tuple(analysis.stem(t.surface) for t in run)


def candidates(texts: list[str], titles: list[str]) -> list[list[Any]]:
    """The book's terms that initials may shorten, as [term, occurrences, [stems]]: two or three
    content words that a heading of the book names, or that the text prints with every word
    capitalised («Базовый Бонус Атаки»). The costly part of `implied`, a pass over every word of
    the book: it depends on the book alone, so the build does it while indexing the book (in
    parallel, and kept with the book's index until the book changes)."""
    terms: dict[tuple[str, ...], str] = {}
    counts: Counter[tuple[str, ...]] = Counter()
    for text, titled in [*((t, True) for t in titles), *((t, False) for t in texts)]:
        if titled:
            text = analysis.unnumbered(text)
        for run in _runs(text):
            for a, b in _grams(run):
                key = _key(run[a:b])
                counts[key] += 1
                # a heading names a term; so do capitals, the second of which is no sentence's
                if key not in terms and (titled or all(text[t.start].isupper() for t in run[a:b])):
                    terms[key] = text[run[a].start : run[b - 1].end]
    return [[term, counts[key], list(key)] for key, term in terms.items()]


def implied(
    texts: list[str], titles: list[str], taken: set[str], terms: list[list[Any]] | None = None
) -> dict[str, str]:
    """Initials -> the term they shorten, for the book's terms (`candidates`, or `terms`, their
    list made before) whose initials are free (not in `taken`: the library's words, the
    glossaries' sources, the defined abbreviations). A term must occur `IMPLIED_MIN` times or
    more, and `IMPLIED_MARGIN` times as often as any other term with the same initials."""
    best: dict[str, list[tuple[int, tuple[str, ...], str]]] = {}
    for term, n, key in candidates(texts, titles) if terms is None else terms:
        initials = "".join(w[0] for w in analysis.surfaces(term))
        if len(initials) == len(key) and initials not in taken and not analysis.is_optional(initials):
            best.setdefault(initials, []).append((n, tuple(key), term))
    out: dict[str, str] = {}
    for initials, rows in best.items():
        rows.sort(key=lambda r: (-r[0], r[1]))
        if rows[0][0] >= IMPLIED_MIN and (len(rows) == 1 or rows[0][0] >= IMPLIED_MARGIN * rows[1][0]):
            out[initials] = rows[0][2]
    return out


def rules(
    texts: list[str],
    titles: list[str],
    taken: set[str],
    hand: set[str],
    terms: list[list[Any]] | None = None,
) -> list[tuple[str, tuple[str, ...]]]:
    """The glossary rules a book's text implies, as (source, targets): its defined abbreviations
    both ways, its implied initials one way. `taken`: the library's words; `hand`: the sources of
    the glossaries that apply to the book, folded (a hand-written rule is not written twice);
    `terms`: the book's `candidates`, where the build made them already."""
    out: list[tuple[str, tuple[str, ...]]] = []
    found = defined([*titles, *texts])
    for abbr, words in found.items():
        if _fold(abbr) not in hand:
            out.append((abbr, (words,)))
        if _fold(words) not in hand:
            out.append((words, (abbr,)))
    free = taken | hand | {_fold(a) for a in found} | set(analysis.STOP) | set(analysis.QUESTION)
    for initials, term in sorted(implied(texts, titles, free, terms).items()):
        out.append((initials, (term,)))
    return out
