"""Text analysis for search, identical at build time (whoosh, export) and query time (CLI, browser).

The definition is data (analysis.json) plus the few steps below; assets/search-engine.js mirrors
them step for step, and the parity tests hold the two to the same output.

A text is cut into raw words (letters, digits, combining marks); each raw word is normalised:
NFKC, lower case, ё->е, combining marks dropped, then split again where NFKC produced
punctuation (½ -> 1⁄2), Latin look-alikes inside a mostly Cyrillic word mapped to Cyrillic (and
the reverse inside a mostly Latin word), and dice notation unified (d6 = к6 = 1к6; 2d6 -> 2к6).
The result is the *surface* form; its *stem* is Snowball Russian for Cyrillic words, Snowball
English for Latin words, the die (к6) for dice, the surface itself otherwise.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import Stemmer

SPEC: dict[str, Any] = json.loads((Path(__file__).with_name("analysis.json")).read_text(encoding="utf-8"))
ENGINE: dict[str, float] = SPEC["engine"]

_MARKS = SPEC["word_marks"]
# [^\W_] is Python's "letter or digit" (str.isalnum); JS spells it [\p{L}\p{N}].
WORD_RE = re.compile(rf"(?:[^\W_]|[{_MARKS}])+")
_MARK_RE = re.compile(rf"[{_MARKS}]")
_SPLIT_RE = re.compile(r"[^\W_]+")
_PLAIN_RE = re.compile(r"[0-9a-zа-яё]+")
_UNIT_RE = re.compile(r"([0-9]+)([^\W\d_]+)")  # digits, then letters (no die: «2к6» ends in one)
_LETTER_RE = re.compile(r"[^\W\d_]")
_CYR = frozenset(SPEC["cyrillic"])
_LAT = frozenset(SPEC["latin"])
_TO_CYR = dict(SPEC["lookalikes"])
_TO_LAT = {v: k for k, v in _TO_CYR.items()}
_FOLD = dict(SPEC["fold"])
_FOLD_RE = re.compile("[" + "".join(_FOLD) + "]")
_DASHES = SPEC["dashes"]
_DICE_RE = re.compile(SPEC["dice"]["pattern"])
_DIE = SPEC["dice"]["letter"]
_LAYOUT_L2C = dict(zip(SPEC["layout"]["latin"], SPEC["layout"]["cyrillic"], strict=True))
_LAYOUT_C2L = {v: k for k, v in _LAYOUT_L2C.items()}
STOP = frozenset(SPEC["stop_words"])
QUESTION = frozenset(SPEC["question_words"])
DEFINE = frozenset(SPEC["define_words"])
CONDITION = frozenset(SPEC["condition_words"])
INTENTS: dict[str, list[str]] = SPEC["intents"]
NUMBERS: dict[str, str] = SPEC["numbers"]  # number words -> digits
NUMBER_WORDS: dict[str, list[str]] = {}  # digits -> number words («3 раунда» finds «трёх раундов»)
for _word, _digit in NUMBERS.items():
    NUMBER_WORDS.setdefault(_digit, []).append(_word)
_LOANS = SPEC["loans"]
_LOAN_CYR: dict[str, str] = _LOANS["cyrillic"]
_LOAN_LAT: dict[str, str] = _LOANS["latin"]
_DEF_RE = re.compile(SPEC["definitions"]["pattern"], re.IGNORECASE)
_DASH_DEF_RE = re.compile(SPEC["definitions"]["dash_pattern"])
_EN_DEF_RE = re.compile(SPEC["definitions"]["en_pattern"], re.IGNORECASE)
_EN_VERB_RE = re.compile(SPEC["definitions"]["en_verb_pattern"], re.IGNORECASE)
_FORMULA_RE = re.compile(SPEC["definitions"]["formula_pattern"])
_EQUALS_RE = re.compile(SPEC["definitions"]["equals_pattern"], re.IGNORECASE)
_COLON_RE = re.compile(SPEC["definitions"]["colon_pattern"])
_NAMED_RE = re.compile(SPEC["definitions"]["named_pattern"], re.IGNORECASE)
_NUMBERING_RE = re.compile(SPEC["title_numbering"], re.IGNORECASE)
_SECTION_NUMBER_RE = re.compile(SPEC["section_number"])
_TRANSLIT: dict[str, str] = SPEC["translit"]
_LATIN_READING: dict[str, Any] = SPEC["latin_reading"]
_FLEET = SPEC["fleeting"]
_FLEET_DROP = re.compile(
    rf"^(.{{{_FLEET['min'] - 2},}}[{_FLEET['consonants']}])[{_FLEET['vowels']}]([{_FLEET['consonants']}])$"
)
_FLEET_ADD = re.compile(rf"^(.{{{_FLEET['min'] - 2},}}[{_FLEET['consonants']}])([{_FLEET['consonants']}])$")
# after a vowel a fleeting vowel falls out as a glide (боец/бойца, паёк/пайка)
_GLIDE_V, _GLIDE = _FLEET["glide"]
_FLEET_GLIDE = re.compile(rf"^(.*[{_GLIDE_V}])([{_FLEET['vowels']}{_GLIDE}])([{_FLEET['consonants']}])$")

_ru = Stemmer.Stemmer("russian")
_en = Stemmer.Stemmer("english")


@dataclass(frozen=True, slots=True)
class Tok:
    """A normalised word and where its raw word sits in the original text."""

    surface: str
    start: int
    end: int


def _fold(s: str) -> str:
    return _FOLD_RE.sub(lambda m: _FOLD[m.group()], s)


def _script_fix(w: str) -> str:
    """Map look-alike letters to the word's script: the one of its letters that have no look-alike
    («Дae» is Cyrillic, whatever most of its letters are), else the one most of it is written in."""
    cyr = sum(c in _CYR for c in w)
    lat = sum(c in _LAT for c in w)
    if not cyr or not lat:
        return w
    own_cyr = any(c in _CYR and c not in _TO_LAT for c in w)
    own_lat = any(c in _LAT and c not in _TO_CYR for c in w)
    cyrillic = own_cyr if own_cyr != own_lat else cyr >= lat
    table = _TO_CYR if cyrillic else _TO_LAT
    return "".join(table.get(c, c) for c in w)


def _dice(w: str) -> str:
    m = _DICE_RE.match(w)
    if not m:
        return w
    count = m.group(1).lstrip("0")
    return f"{'' if count in ('', '1') else count}{_DIE}{m.group(2)}"


@lru_cache(maxsize=65536)
def normalize_word(raw: str) -> tuple[str, ...]:
    """One raw word -> its surface form(s) (usually one)."""
    w = raw.lower()
    if not _PLAIN_RE.fullmatch(w):
        w = unicodedata.normalize("NFKC", raw).lower()
        w = _MARK_RE.sub("", _fold(w))
        parts = _SPLIT_RE.findall(w)
    else:
        parts = [w]
    out = []
    for p in parts:
        p = _dice(_script_fix(_fold(p)))
        m = _UNIT_RE.fullmatch(p)
        if m:  # a number with its unit glued on («30фт», «2ОД»): the books space them
            out += [m.group(1), m.group(2)]
        elif p:
            out.append(p)
    return tuple(out)


def tokens(text: str) -> list[Tok]:
    out: list[Tok] = []
    for m in WORD_RE.finditer(text):
        for s in normalize_word(m.group()):
            out.append(Tok(s, m.start(), m.end()))
    return out


@lru_cache(maxsize=16384)
def surfaces(text: str) -> tuple[str, ...]:
    """The surface forms of a text (cached: the build analyses each text several times)."""
    return tuple(s for m in WORD_RE.finditer(text) for s in normalize_word(m.group()))


@lru_cache(maxsize=131072)
def stem(surface: str) -> str:
    m = _DICE_RE.match(surface)
    if m:
        return f"{_DIE}{m.group(2)}"  # 2к6 -> к6: the die is the stem
    if all(c in _CYR for c in surface):
        st = _ru.stemWord(surface)
    elif all(c in _LAT for c in surface):
        st = _en.stemWord(surface)
    else:
        return surface
    # a stem of one letter would be a preposition's: «ОО» (очки опыта) is not «о»
    return st if len(st) >= 2 or len(surface) < 2 else surface


def unify_dashes(text: str) -> str:
    return "".join("-" if c in _DASHES else c for c in text)


def dedupe_key(text: str) -> str:
    """Identical blocks (up to case, spacing, dashes, ё) share this key."""
    return " ".join(surfaces(unify_dashes(text)))


def layout_keys(chunk: str) -> str | None:
    """The same keys typed in the other layout (ЙЦУКЕН <-> QWERTY); None if nothing maps."""
    has_lat = any(c.lower() in _LAT for c in chunk)
    has_cyr = any(c in _LAYOUT_C2L for c in chunk)
    if has_lat and not has_cyr:
        return "".join(_LAYOUT_L2C.get(c, c) for c in chunk)
    if has_cyr and not has_lat:
        return "".join(_LAYOUT_C2L.get(c, c) for c in chunk)
    return None


def layout_swap(chunk: str) -> str | None:
    """What a chunk typed on the other layout meant: its `layout_keys`, unless those would break
    a word apart (пёс -> g`c: a reader means a word, not its pieces) or lose a typed letter to a
    punctuation key (баб -> ,f,: no word typed on the other layout reads «f»)."""
    out = layout_keys(chunk)
    if out is None:
        return None
    got, typed = surfaces(out), surfaces(chunk)
    return out if len(got) <= len(typed) and sum(map(len, got)) >= sum(map(len, typed)) else None


def transliterate(word: str) -> str:
    """A Cyrillic word in Latin letters, as `translit` spells it (стресс -> stress)."""
    return "".join(_TRANSLIT.get(c, c) for c in word)


def latin_readings(chunk: str) -> list[str]:
    """A chunk of Latin letters read as Russian typed in them («krovotechenie»: «кровотечение»),
    one reading per choice at a piece of two readings («pozitsiya»: «позиция», «позитсия»), at
    most `max`; [] for a chunk with no Latin letter or with a Cyrillic one (`latin_reading`)."""
    low = chunk.lower()
    if not any(c in _LAT for c in low) or any(c in _CYR for c in low):
        return []
    pieces: list[list[str]] = []
    i = 0
    while i < len(low):
        for src, alts in _LATIN_READING["pairs"]:
            if low.startswith(src, i):
                pieces.append(alts)
                i += len(src)
                break
        else:
            pieces.append([low[i]])
            i += 1
    out = [""]
    for alts in pieces:
        out = [o + a for o in out for a in alts][: int(_LATIN_READING["max"])]
    # the soft sign that Latin letters drop at a word's end (issledovat: исследовать), after
    # the readings as written
    soft = [o + "ь" for o in out if o and o[-1] in _LATIN_READING["soft_after"]]
    return (out + soft)[: int(_LATIN_READING["max"])]


def name_forms(name: str) -> list[str]:
    """A name as typed (lower case, ё as е), in Latin letters (фатум -> fatum) and in the other
    keyboard layout: the forms in which a reader may type a book's slug."""
    w = _fold(name.lower())
    out = [w, transliterate(w)]
    swapped = layout_swap(w)
    if swapped is not None:
        out.append(swapped)
    return list(dict.fromkeys(out))


def fleeting_variants(st: str) -> list[str]:
    """The stem with its fleeting vowel dropped or restored before the final consonant
    (проверок/проверк, рывок/рывк, угол/угл, боец/бойц): Russian inflection moves the
    vowel, the stemmer keeps it."""
    m = _FLEET_GLIDE.match(st)
    if m:
        if m.group(2) == _GLIDE:
            return [m.group(1) + v + m.group(3) for v in _FLEET["vowels"]]
        return [m.group(1) + _GLIDE + m.group(3)]
    m = _FLEET_DROP.match(st)
    if m:
        return [m.group(1) + m.group(2)]
    m = _FLEET_ADD.match(st)
    if m:
        return [m.group(1) + v + m.group(2) for v in _FLEET["vowels"]]
    return []


def target_words(phrase: str) -> list[str]:
    """The words a glossary target is searched by: its words that are not small ones, or all of
    them where it has no other («об» for «ОБ»)."""
    words = surfaces(phrase)
    return [w for w in words if not is_optional(w)] or words


def phrase_stems(w: str) -> list[str]:
    """The stems a glossary target's word is searched by: its own, then its fleeting-vowel
    variants (спасбросок, спасброски)."""
    st = stem(w)
    return list(dict.fromkeys([st, *fleeting_variants(st)]))


_NOMINAL = SPEC["nominal"]


def nominal_relatives(st: str) -> list[str]:
    """The stem of a verb's action noun, and of an action noun's verb (ран, ранен; пада, паден;
    отрав, отравлен; мета, метан): Russian makes the noun of an action from the verb's stem with
    -ение or -ание, which the stemmer does not undo, and for a short stem no other relative
    reaches it (ранить does not find ранение). Cyrillic stems only; `nominal` in analysis.json."""
    if not st or not all(c in _CYR for c in st):
        return []
    least = int(_NOMINAL["min"])
    out: list[str] = []
    for verb, noun in _NOMINAL["pairs"]:
        if st.endswith(verb) and len(st) - len(verb) >= least:
            out.append(st[: len(st) - len(verb)] + noun)
        if st.endswith(noun) and len(st) - len(noun) >= least:
            out.append(st[: len(st) - len(noun)] + verb)
    return [v for v in dict.fromkeys(out) if v != st]


_SLANG_VERBS = SPEC["slang_verbs"]
_ABBR_CASES = SPEC["abbreviation_cases"]
_ABBR_VOWELS = frozenset(_ABBR_CASES["vowels"])
_DECLINED_RE = re.compile(_ABBR_CASES["written"])


def _cut(w: str, endings: list[str]) -> list[str]:
    """A Cyrillic word without each of the endings it has, in the endings' order."""
    if not w or not all(c in _CYR for c in w):
        return []
    return [w[: len(w) - len(end)] for end in endings if w.endswith(end)]


@lru_cache(maxsize=4096)
def verb_bases(st: str) -> tuple[str, ...]:
    """The slang noun a slang verb's stem is made from (бафнут -> баф, кастанул -> каста, каст;
    хильнут -> хиль, хил): players make verbs of the glossary's nouns with -нуть or -ануть, more
    of them than a glossary can list. Cyrillic stems only; `slang_verbs` in analysis.json."""
    least = int(_SLANG_VERBS["min"])
    out: list[str] = []
    for base in _cut(st, _SLANG_VERBS["endings"]):
        if len(base) >= least:
            out.append(base)
            if base[-1] in _SLANG_VERBS["links"] and len(base) - 1 >= least:
                out.append(base[:-1])
    return tuple(out)


def abbreviation_bases(w: str) -> tuple[str, ...]:
    """The abbreviation a word may be declined from (нпсов -> нпс, дмы -> дм, кзом -> кз):
    Snowball leaves such a word whole (`abbreviation_cases` in analysis.json). The planner asks
    only for a word written so («НПСов», `is_declined_capitals`): in small letters «дву» is a
    misspelt «двух»."""
    return tuple(
        base
        for base in _cut(w, _ABBR_CASES["endings"])
        if 2 <= len(base) <= int(_ABBR_CASES["max"]) and not _ABBR_VOWELS & set(base[1:])
    )


def is_declined_capitals(raw: str) -> bool:
    """A raw word written as a declined abbreviation is: capitals, then a small ending («НПСов»,
    «КЗом»)."""
    return _DECLINED_RE.search(raw) is not None


def is_capitals(raw: str) -> bool:
    """A raw word written in capitals, two letters or more, as abbreviations are («ОБ»)."""
    return sum(1 for c in raw if c.isalpha()) >= 2 and raw == raw.upper() and raw != raw.lower()


def is_optional(surface: str) -> bool:
    """A word that carries no rule content of its own: a preposition, pronoun or question word."""
    return surface in STOP or surface in QUESTION


def script(words: list[str]) -> str | None:
    """«latin» or «cyrillic» where every letter of the words is of that script; None for
    mixed words, or none with letters."""
    letters = {c for w in words for c in w if c.isalpha()}
    if letters and letters <= _LAT:
        return "latin"
    if letters and letters <= _CYR:
        return "cyrillic"
    return None


def plain_e(w: str) -> str:
    """A word with «э» written «е»: loan words and slang are spelt either way (флэт, флет; сейв,
    сэйв), and a glossary or a book holds one of them."""
    return w.replace("э", "е")


def _pairs(w: str, pairs: list[list[str]]) -> str:
    for a, b in pairs:
        w = w.replace(a, b)
    return w


def _loan_letters(surface: str, whole: bool = False) -> tuple[dict[str, str], str]:
    """A word as its skeleton reads it: a Cyrillic one stemmed (or `whole`, as typed), without a
    Russian verb suffix of a loan, its letter pairs joined; a Latin one with its letter pairs
    joined; (table, letters)."""
    if all(c in _CYR for c in surface):
        w = surface if whole else stem(surface)
        for suffix in _LOANS["cyrillic_suffixes"]:  # кастовать -> каст: a Russian verb of a loan
            if w.endswith(suffix) and len(w) > len(suffix) + 2:
                w = w[: -len(suffix)]
                break
        return _LOAN_CYR, _pairs(w, _LOANS["cyrillic_pairs"])
    if all(c in _LAT for c in surface):
        w = _pairs(surface, _LOANS["latin_pairs"])
        # a final «ge» is the sound «дж» (advantage, адвантейдж; charge, чардж)
        for a, b in _LOANS.get("latin_final_pairs", []):
            if w.endswith(a):
                w = w[: -len(a)] + b
                break
        return _LOAN_LAT, w
    return {}, ""


_PAIR_SOUNDS = {"j": "j", "x": "x", "č": "c"}


def _classes(table: dict[str, str], w: str, vowel: str) -> str:
    """The letters as consonant classes, a vowel as `vowel` (dropped when empty), «ь» and «ъ»
    dropped, a class repeated once."""
    out: list[str] = []
    for c in w:
        # the letter pairs' sounds: «j» (дж), «x» (ш), «č» (ч; a «c» alone is an English «k»)
        k = table.get(c, _PAIR_SOUNDS.get(c, "" if c in "ьъ" else vowel))
        if k and (not out or out[-1] != k):
            out.append(k)
    return "".join(out)


def sounds(surface: str, whole: bool = False) -> str:
    """The skeleton with its vowels kept as places: each run of vowels one `V` (seeker -> sVkVr,
    сокрось -> sVkr; grapple, грэппл -> grVpl). An English word's final «e» after a consonant
    is silent (grapple, hide); «ь» and «ъ» are no sound of their own."""
    table, w = _loan_letters(surface, whole)
    if table is _LOAN_LAT and len(w) > 3 and w.endswith("e") and w[-2] in table:
        w = w[:-1]
    return _classes(table, w, "V")


def loan_fits(word: str, english: str) -> bool:
    """A Russian-spelt word is that English one where their vowels sit where the consonants say:
    the same sounds, or one of them with a vowel more at its end (a Russian stem cut before its
    ending, an English word's final vowel). Their skeletons alone match words of other shapes
    (сокрось -> seeker: «skr»)."""
    return _fits(sounds(word), sounds(english))


def _fits(a: str, b: str) -> bool:
    return bool(a) and (a == b or a == b + "V" or b == a + "V")


def loan_readings(word: str) -> list[str]:
    """The skeletons a Russian word may spell an English one by: its stem's, and the whole
    word's where the stemmer cut a sound of the loan as a Russian ending («шотган»: «шотга»,
    shotgun; «виздом»: «визд», wisdom)."""
    out = [skeleton(word)]
    if all(c in _CYR for c in word):
        whole = _classes(*_loan_letters(word, True), "")
        if whole != out[0]:
            out.append(whole)
    return out


def spells(word: str, english: str) -> bool:
    """A Russian word as typed, nothing cut as an ending, has an English word's very sounds
    (шотган, виздом: shotgun, wisdom). A term no book prints is read from no less: by its stem
    or with a vowel more at its end, a Russian word of the dictionary fits such a term far more
    often than a player spells one (армирующий, «армир»: armour; трапе, хурма: trip, harm)."""
    a = sounds(word, True)
    return bool(a) and a == sounds(english)


@lru_cache(maxsize=4096)
def verb_roots(word: str) -> tuple[str, ...]:
    """The English word a Russian verb made of it is built on (свапнуть, свапнул -> свап: swap;
    кастанул -> каста, каст; дизармить -> дизарм; танкуем -> танк): players make verbs of the
    words they hear, more than a glossary could list. The word as typed, Cyrillic only: each
    verb family's longest ending that the word has is cut (`loans.verb_forms`), three letters
    at least left; the root is then matched as the word itself is, by its very sounds."""
    if not word or not all(c in _CYR for c in word):
        return ()
    out: list[str] = []
    forms = _LOANS["verb_forms"]
    for family in forms:
        end = next((e for e in family if word.endswith(e)), None)
        if end is None or len(word) - len(end) < 3:
            continue
        root = word[: len(word) - len(end)]
        if family is forms[-1] and root.endswith("ир"):
            # -ировать is Russian's own way with a loan (армировать, фиксировать): its root
            # is what is left before it, as the stem's loan reading has it (`cyrillic_suffixes`)
            root = root[:-2]
            if len(root) < 3:
                continue
        out.append(root)
        if family is forms[0] and root.endswith(_LOANS["verb_link"]) and len(root) > 3:
            out.append(root[:-1])  # -ануть (кастануть: каст)
    return tuple(dict.fromkeys(out))


def skeleton(surface: str) -> str:
    """The consonant skeleton of a word, the same for an English term and its Russian spelling
    (strike, страйк -> strk; damage, дамаг -> dmg): letters mapped to consonant classes, vowels
    dropped, doubled letters collapsed. A Cyrillic word is stemmed first, so that its Russian
    ending does not count (страйком -> страйк). Empty for words of another script."""
    table, w = _loan_letters(surface)
    return _classes(table, w, "")


def section_number(chunk: str) -> str | None:
    """A section's number as a word («2.2», «4.1.5»), from a query's chunk or a heading's first
    part: the tokens «2», «2» cannot tell «2.2» from «Шаг 2» or «4.2»."""
    m = _SECTION_NUMBER_RE.match(chunk)
    return m.group(1) if m else None


def unnumbered(title: str) -> str:
    """A heading without its numbering («Шаг 6. Доктрины», «3.3. Укрытия», «Глава 3. Бой»)."""
    return _NUMBERING_RE.sub("", title, count=1)


_PARENS_RE = re.compile(r"\([^()]*\)")


def initials(title: str) -> str:
    """The abbreviation readers make of a heading of two to four words («Очки Геройства» -> «ог»,
    «Бонус мастерства» -> «бм»), or "" for other headings. Numbering and parenthesised parts
    aside; stop words do not count."""
    words = [
        w
        for w in surfaces(_PARENS_RE.sub(" ", unnumbered(title)))
        if not is_optional(w) and _LETTER_RE.match(w)
    ]
    if not 2 <= len(words) <= 4:
        return ""
    return "".join(w[0] for w in words)


def heading_initials(title: str, original: str = "") -> list[str]:
    """Every abbreviation readers make of a heading: of its title and of its English original
    («Multiple Attack Penalty» -> «map»), and, for a Latin one with small words between its
    words, the initials of all its words as English players write them («Attack of
    Opportunity» -> «aoo», «Pay the Price» -> «ptp»)."""
    out: list[str] = []
    for t, of_original in ((title, False), (original, True)):
        for abbr in (initials(t), _whole_initials(t)):
            # an original's two letters are too many other things: «RC» is «КС» typed in the
            # other layout
            if abbr and abbr not in out and not (of_original and len(abbr) < 3):
                out.append(abbr)
    return out


def _whole_initials(title: str) -> str:
    words = [w for w in surfaces(_PARENS_RE.sub(" ", unnumbered(title))) if _LETTER_RE.match(w)]
    if not 3 <= len(words) <= 5 or not all(set(w) <= _LAT for w in words):
        return ""
    inner = words[1:-1]
    if is_optional(words[0]) or is_optional(words[-1]) or not any(is_optional(w) for w in inner):
        return ""
    return "".join(w[0] for w in words)


_WORD_LISTS = ("stop_words", "question_words", "define_words", "condition_words")


def shipped(pack: Callable[[list[str]], str]) -> dict[str, Any]:
    """The definition as the browser reads it (in the index's manifest), which every first
    search downloads: without its comments, its word lists packed into one string each by
    `pack` (the index's front coding), and the number words grouped by number (each word
    naming its number took a fifth of a small library's manifest)."""

    def strip(o: dict[str, Any]) -> dict[str, Any]:
        return {k: strip(v) if isinstance(v, dict) else v for k, v in o.items() if not k.endswith("comment")}

    out = strip(SPEC)
    del out["definitions"]  # read by the build alone
    for key in _WORD_LISTS:
        out[key] = pack(out[key])
    by_number: dict[str, list[str]] = {}
    for word, digits in out["numbers"].items():
        by_number.setdefault(digits, []).append(word)
    out["numbers"] = {digits: pack(words) for digits, words in by_number.items()}
    return out


def definition(text: str) -> tuple[str, bool] | None:
    """The term a block defines, and whether it says so in so many words: («Укрытие — это
    любой объект…» -> («Укрытие», True), «Cover is any obstacle…» -> («Cover», True); «Метка — 1
    раз за бой…» -> («Метка», False), a shorter term before a dash or a colon; «Мораль = 10 +
    Концентрация…» or «Базовый КЗ равен 10 + …» -> («Мораль», False), («Базовый КЗ», False), a
    quantity's formula; «Эти атаки называются атаками при возможности» -> («атаками при
    возможности», False), a sentence that names a term, which a heading of that name outranks),
    if it defines one."""
    d = SPEC["definitions"]
    for pattern, most, strong in (
        (_DEF_RE, d["max_words"], True),
        (_EN_DEF_RE, d["max_words"], True),
        (_EN_VERB_RE, d["dash_max_words"], False),
        (_DASH_DEF_RE, d["dash_max_words"], False),
        (_FORMULA_RE, d["formula_max_words"], False),
        (_EQUALS_RE, d["formula_max_words"], False),
        (_COLON_RE, d["dash_max_words"], False),
    ):
        m = pattern.match(text)
        if m:
            term = m.group("term").strip()
            words = [w for w in surfaces(term) if not is_optional(w)]
            if words and len(words) <= int(most):
                return term, strong
    # a sentence anywhere in the block that names a term («Эти атаки называются атаками при
    # возможности»): the first such name that is short enough
    for m in _NAMED_RE.finditer(text):
        term = m.group("term").strip()
        words = [w for w in surfaces(term) if not is_optional(w)]
        if words and len(words) <= int(d["dash_max_words"]):
            return term, False
    return None


def defined_term(text: str) -> str | None:
    """The term of `definition`, if any."""
    found = definition(text)
    return found[0] if found else None
