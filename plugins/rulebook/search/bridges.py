"""Cross-book translations: one English term, each book's own Russian words for it.

Translations differ from book to book: Trip is «подсечка» in D&D 3.5 and «подножка» in Star
Wars d20; Difficulty Class is «КС» in one book and «сложность» in another. A player who knows
one book's word types it while reading another. The books say which words translate which
English term: a bilingual heading («Подсечка (Trip)»), a glossary's synonym set that holds an
English term. From these come glossary rules from each wording of a term to its other wordings
and the English term, which apply in the books that translate the term (and not in those that
print the word typed): the query still matches literally everywhere, and a book that does not
translate the term is not reached through it. A book in English translates nothing: it prints
the term itself, so every Russian wording of a term it prints leads there to the term
(«атака по возможности» to «Attacks of Opportunity» in an English Pathfinder chapter), and so
does a Russian word of the library that sounds as a word it prints (стресс: stress, конфликт:
conflict): a player says the English term the Russian way.

Hand-written: this is the library's own data, read in one pass; no library does it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rulebook.search import analysis
from rulebook.search.glossary import Glossary

_CYR = frozenset(analysis.SPEC["cyrillic"])
_LAT = frozenset(analysis.SPEC["latin"])
MAX_WORDS = 3  # a term, not a heading's sentence («Шаг 1: Начните ваш ход»)
MAX_WORDINGS = 8  # of one English term, bridged between books (five books give «DC» six)
# a Russian word shorter than this sounds like too many English words to say which it is
SOUND_MIN = 5


def _script(text: str) -> str:
    """Whether a short term is all Latin («lat») or all Cyrillic («cyr»), or neither («»)."""
    words = analysis.surfaces(text)
    if not words or len(words) > MAX_WORDS:
        return ""
    letters = "".join(words)
    if all(c in _LAT for c in letters):
        return "lat"
    if all(c in _CYR for c in letters):
        return "cyr"
    return ""


def pairs_of(glossary: Glossary, headings: Iterable[tuple[str, str]] = ()) -> dict[str, set[str]]:
    """English term (its surfaces) -> the Russian terms a source gives for it: the glossary's
    rules from an English term, and (title, original) pairs of bilingual headings."""
    out: dict[str, set[str]] = {}
    # a synonym set names a translation; a one-way alias («hp» finds «ранения») does not
    back = {(analysis.dedupe_key(src), analysis.dedupe_key(d)) for src, dst in glossary.rules for d in dst}
    for src, dst in glossary.rules:
        if _script(src) != "lat":
            continue
        for d in dst:
            if _script(d) == "cyr" and (analysis.dedupe_key(d), analysis.dedupe_key(src)) in back:
                out.setdefault(analysis.dedupe_key(src), set()).add(d)
    for title, original in headings:
        if original and _script(original) == "lat" and _script(title) == "cyr":
            out.setdefault(analysis.dedupe_key(original), set()).add(title)
    return out


def rules(books: list[dict[str, set[str]]], english: list[set[str] | None] | None = None) -> list[Glossary]:
    """Per book, the rules from the other books' Russian words for an English term to the
    words the books give for it and the term. A rule reads the same in every book that takes it
    (the books that translate the term, but not in the word typed), so the export writes it once
    with its books, and only a term's `MAX_WORDINGS` most used wordings are bridged: forty books
    that translate a term in a dozen ways make a few rules, not one for every pair of books.
    `english`: per book, the stems of a book in English (None for the others), where each
    wording of a term whose words the book prints leads to the term."""
    # English term -> Russian key -> [books that use it, the first of them, a spelling]
    used: dict[str, dict[str, list[Any]]] = {}
    for bi, pairs in enumerate(books):
        for en, rus in pairs.items():
            # one count per book («Взятие в тиски», «взятие в тиски»), the same spelling each build
            for k, r in sorted({analysis.dedupe_key(r): r for r in sorted(rus, reverse=True)}.items()):
                used.setdefault(en, {}).setdefault(k, [0, bi, r])[0] += 1
    known = {
        en: dict(sorted(ws.items(), key=lambda kv: (-kv[1][0], kv[1][1], kv[0]))[:MAX_WORDINGS])
        for en, ws in used.items()
    }
    out = []
    for bi, pairs in enumerate(books):
        made: list[tuple[str, tuple[str, ...]]] = []
        printed = english[bi] if english else None
        if printed is not None:
            for en, kept in known.items():
                if _prints(en, printed):
                    made += [(r, (en,)) for _n, _first, r in kept.values()]
        for en, own in pairs.items():
            kept = known.get(en, {})
            mine = {analysis.dedupe_key(r) for r in own}
            if len(kept) < 2 or not mine & set(kept):
                continue
            for k, (_n, _first, r) in kept.items():
                if k not in mine:
                    made.append((r, (*sorted(v[2] for kk, v in kept.items() if kk != k), en)))
        out.append(Glossary(tuple(made)))
    return out


def _prints(term: str, stems: set[str]) -> bool:
    """The book has every word of the term but its small words, in some form."""
    words = [w for w in analysis.surfaces(term) if not analysis.is_optional(w)]
    return bool(words) and all(analysis.stem(w) in stems for w in words)


def shared_into_english(shared: Glossary, english: list[set[str] | None]) -> list[Glossary]:
    """Per book, for a book in English: the shared glossary's English terms it prints, found by
    their Russian words («мораль» for «morale»: the glossary's alias read back), so that a Russian
    query reaches an English book's text; nothing for the other books, which the glossary itself
    serves."""
    pairs: list[tuple[str, str]] = []
    for src, dst in shared.rules:
        if _script(src) == "lat":
            pairs += [(d, src) for d in dst if _script(d) == "cyr"]
    out = []
    for printed in english:
        made = [] if printed is None else [(d, (src,)) for d, src in pairs if _prints(src, printed)]
        out.append(Glossary(tuple(dict.fromkeys(made))))
    return out


def slang_into_english(shared: Glossary, bridged: list[list[Glossary]]) -> list[Glossary]:
    """Per book, for a book in English (`bridged`: the rules the functions here made for it;
    empty for the others): the shared glossary's Russian slang to the English words that the
    Russian word it means leads to there. The glossary leads «хил» to the Russian books' words
    (лечение, исцеление…), which an English book does not print; the book's rules lead
    «лечение» to its «heal» (the shared glossary's «heal» read back, another book's bilingual
    heading «Лечение (Healing)»): «хил» finds that too. Only the slang's first Russian word,
    what it means: the others are looser variants («кубы» is «кости», and «бросок» too, which
    would lead to every «roll»). One step, as a glossary's rule is applied once."""
    out = []
    for rules in bridged:
        to: dict[tuple[str, ...], set[str]] = {}
        for g in rules:
            for src, dst in g.rules:
                to.setdefault(_stems(src), set()).update(d for d in dst if _script(d) == "lat")
        made: list[tuple[str, tuple[str, ...]]] = []
        for src, dst in shared.rules if to else ():
            meant = next((d for d in dst if _script(d) == "cyr"), None)
            if _script(src) == "cyr" and meant is not None:
                made += [(src, (en,)) for en in sorted(to.get(_stems(meant), ()))]
        out.append(Glossary(tuple(dict.fromkeys(made))))
    return out


def _stems(text: str) -> tuple[str, ...]:
    return tuple(analysis.stem(w) for w in analysis.surfaces(text))


def sounds_into_english(library: Iterable[str], english: list[set[str] | None]) -> list[Glossary]:
    """Per book, for a book in English (`english`: its Latin words; None for the others): the
    library's Russian words that sound as a word the book prints and spell it (стресс, стресса ->
    stress; аспект -> aspect). A Russian word the library lacks is matched so
    by the engine itself (the loans); one that another book prints is read as that book's word,
    and without this a player's «стресс» never reached the English book's «stress». One rule per
    Russian stem (glossary rules are found by stem); nothing for the other books."""
    by_sound: dict[str, dict[str, str]] = {}  # skeleton -> Russian stem -> its shortest spelling
    for w in library:
        if len(w) < SOUND_MIN or not all(c in _CYR for c in w):
            continue
        st, key = analysis.stem(w), analysis.skeleton(w)
        known = by_sound.setdefault(key, {}).get(st)
        if known is None or (len(w), w) < (len(known), known):
            by_sound[key][st] = w
    out = []
    for words in english:
        found: list[tuple[str, str, bool]] = []  # Russian word, English word, spelt exactly
        for u in sorted(words or ()):
            # a heading's word in its own form, or its stem («Conflicts»: conflict)
            for form in dict.fromkeys((u, analysis.stem(u))):
                for _st, r in sorted(by_sound.get(analysis.skeleton(form), {}).items()):
                    spelt = _spelt(r, form) if analysis.loan_fits(r, form) else None
                    if spelt is not None:
                        found.append((r, u, spelt))
        # a word the Russian one spells exactly is the one it says; the slip is for a word spelt
        # no other way (компьютер): «статус» is «status», not «states» too
        exact = {r for r, _u, e in found if e}
        made = [(r, (u,)) for r, u, e in found if e or r not in exact]
        out.append(Glossary(tuple(dict.fromkeys(made))))
    return out


# one spelling of the letters that English and a Russian word's Latin letters write differently
_SPELLING = (
    ("ck", "k"),
    ("ce", "se"),
    ("ci", "si"),
    ("cy", "si"),
    ("c", "k"),
    ("ph", "f"),
    ("x", "ks"),
    ("w", "v"),
    ("y", "i"),
    ("j", "dzh"),
)
_DOUBLE = re.compile(r"(.)\1+")
SPELT_SUFFIX = 4  # letters an English form may add to the stem the Russian word spells («ing»)
SPELT_MIN = 5  # a shorter stem spells the start of too many words («дела»: delay)


def _spelling(latin: str) -> str:
    for a, b in _SPELLING:
        latin = latin.replace(a, b)
    return _DOUBLE.sub(r"\1", latin)


def _letters(russian: str, english: str) -> tuple[str, str]:
    """The Russian word's stem and the English word, each in one spelling of Latin letters."""
    return _spelling(analysis.transliterate(analysis.stem(russian))), _spelling(english)


def _spelt(russian: str, english: str) -> bool | None:
    """Whether the Russian word's stem, letter by letter in Latin, spells the English word's
    beginning exactly (True), with one slip after its first letters in a long stem (False:
    компьютер, computer), or not at all (None); a short stem only exactly. Sounds alone match
    words of other letters: «далее» sounds as deal and delay, «деньги» as doing; a word the books
    print is the reader's Russian word unless it spells the English one."""
    a, b = _letters(russian, english)
    if len(a) < SPELT_MIN or len(b) - len(a) > SPELT_SUFFIX:
        return None
    if b.startswith(a):
        return True
    # the slip not among the first letters, which a word is known by («мастер» is no «mysteries»)
    if len(a) >= 6 and a[:3] == b[:3] and any(_one_edit(a, b[: len(a) + d]) for d in (-1, 0, 1)):
        return False
    return None


def _one_edit(a: str, b: str) -> bool:
    """At most one letter put in, left out or changed."""
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[i + 1 :] == b[i + 1 :] or a[i:] == b[i + 1 :] or a[i + 1 :] == b[i:]
