"""A PDF's drop cap, copied apart from its word: «Б ой начинается…» is «Бой начинается…».

A book sets a chapter's first letter large, in a frame of its own, and a copy out of the PDF
puts a space after it. Published so, «Б» and «ой» were two words: search did not find «бой»
there and the page read badly. A paragraph that opens with a capital letter alone, then a word
in lower case, is one word again when the letter cannot stand alone: Russian has one-letter
words (а, б, в, ж, и, к, о, с, у, я, э: «Э нет, так не пойдёт» is no «Энет»), so «В ода» is
joined only when the text spells «Вода» (any case) elsewhere and never «ода» but in the split
itself, otherwise left as it is (told when the text spells the joined word too), with the line.
A capital no Russian word begins with (Ъ, Ы, Ь: «Ы сами», a copy's lost «В») is read the same way.
"""

from __future__ import annotations

import re
from collections import Counter

_SPLIT = re.compile(r"^(?P<lead>\s*(?:#{1,6}\s+|>\s*)?)(?P<cap>[А-ЯЁ]) (?P<rest>[а-яё]+)(?=[\s,.;:!?…—-]|$)")
# Russian's one-letter words: prepositions, conjunctions, «я», particles («б», «ж») and «э»
_ONE_LETTER_WORDS = set("АБВЖИКОСУЯЭ")
# letters no Russian word begins with: such a capital alone is a slip of the copy («Ы сами», the
# «В» of «Вы» lost), joined only where the text spells the whole word, as a one-letter word is
_NO_WORD_STARTS = set("ЪЫЬ")
_WORD = re.compile(r"[а-яё]+")


def join(lines: list[str]) -> tuple[list[str], list[int], list[int]]:
    """The lines with each paragraph's split drop cap joined; the indices joined, and those of
    a split left alone because the letter is a word too (a warning names them)."""
    vocab = Counter(_WORD.findall("\n".join(lines).lower()))
    # the split drop caps, matched once: only a paragraph's first line
    found = [
        (i, m)
        for i, text in enumerate(lines)
        if (i == 0 or not lines[i - 1].strip()) and (m := _SPLIT.match(text))
    ]
    splits = Counter(m.group("rest") for _, m in found)
    out = list(lines)
    joined: list[int] = []
    doubtful: list[int] = []
    for i, m in found:
        text = lines[i]
        cap, rest = m.group("cap"), m.group("rest")
        whole = (cap + rest).lower()
        # the rest's count less the splits that spell it (their own «ода» is no «ода» alone)
        alone = vocab[rest] - splits[rest]
        if not one_word(cap, rest, vocab, alone):
            if vocab[whole]:
                doubtful.append(i)
            continue
        out[i] = m.group("lead") + cap + rest + text[m.end() :]
        joined.append(i)
    return out, joined, doubtful


def vocabulary(text: str) -> Counter[str]:
    return Counter(_WORD.findall(text.lower()))


def one_word(cap: str, rest: str, vocab: Counter[str], alone: int | None = None) -> bool:
    """Whether a capital set apart and the lower-case word after it are one word: always, but
    for Russian's one-letter words and the letters no word begins with, which join only where
    the text spells the whole word and never the rest alone (`alone`: how often it does; the
    vocabulary's count by default)."""
    if cap not in _ONE_LETTER_WORDS and cap not in _NO_WORD_STARTS:
        return True
    alone = vocab[rest.lower()] if alone is None else alone
    return bool(vocab[(cap + rest).lower()]) and not alone


def notes(found: list[tuple[int, str]], doubtful: bool) -> list[str]:
    """One report line per split: joined, or left because the letter is a word too."""
    out = []
    for no, text in found:
        m = _SPLIT.match(text)
        if m is None:
            continue
        split = f"{m.group('cap')} {m.group('rest')}"
        if doubtful:
            out.append(f"line {no}: «{split}» may be a drop cap split from its word: left as it is")
        else:
            out.append(f"line {no}: «{split}» is a drop cap split from its word: joined")
    return out


def fix(numbered: list[tuple[int, str]]) -> tuple[list[str], list[str], int]:
    """Lines given with their numbers: their texts with each split drop cap joined, the report's
    note on each split (joined, or left), and how many were joined: a text's and a Markdown
    page's reading share it."""
    texts, joined, doubtful = join([t for _, t in numbered])
    told = notes([numbered[i] for i in joined], doubtful=False)
    told += notes([numbered[i] for i in doubtful], doubtful=True)
    return texts, told, len(joined)
