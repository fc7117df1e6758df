"""A hyphen at a line's end: the typesetter's cut of a word, or a hyphen the word is spelt with.

A text copied out of a PDF (or a fixed-width dump) breaks words at its line ends: «пере-» +
«зарядка» is one word, «перезарядка», which search and Ctrl+F must find whole. But a line may
also end at a hyphen the word keeps: «кто-» + «нибудь», «1-» + «го». The hyphen stays when the
spelling says so: a number's ending, a particle or prefix Russian always hyphenates, or the text
itself spelling the pair with a hyphen elsewhere. Otherwise the cut is the typesetter's; what
this cannot tell («три-» + «четыре», «по-» + «моему») is read as a cut, as most such breaks are.
"""

from __future__ import annotations

import functools
import re

# A letter or digit, then a hyphen (ASCII, or the typographic U+2010 some PDFs hold) ending the line
ENDS_HYPHENATED = re.compile(r"(?<=[^\W_])[-\u2010]$")
_STEM = re.compile(r"([^\W_]+)[-\u2010]$")
_TAIL = re.compile(r"[^\W\d_]+")
# Russian spells these with a hyphen always: «кто-нибудь», «что-либо», «всё-таки», «кое-кто».
# (Not «-то» or «-ка»: «ле-то», «ру-ка» are cuts as often.)
_PARTICLES = frozenset({"нибудь", "либо", "таки"})
_PREFIXES = frozenset({"кое", "кой"})


def keeps_hyphen(stem: str, tail: str, text: str) -> bool:
    """Whether «stem-» + «tail» at a line break is spelt with its hyphen (`text`: the whole source)."""
    if stem[-1:].isdigit():
        return True  # «1-го», «2-м»: a number's ending is always hyphenated
    if tail.lower() in _PARTICLES or stem.lower() in _PREFIXES:
        return True
    return (stem, tail) in _pairs(text)


# a word, a hyphen and the word after it, wherever the text spells a pair so
_PAIR = re.compile(r"(?<![^\W_])([^\W_]+)[-\u2010](?=([^\W_]+))")


@functools.lru_cache(maxsize=4)
def _pairs(text: str) -> frozenset[tuple[str, ...]]:
    """Every «word-word» pair the text spells, read in one pass and kept for the text's line
    breaks: a search of the whole text per break took seconds for a PDF's thousands of them."""
    return frozenset(m.groups() for m in _PAIR.finditer(text))


def join(prev: str, head: str, text: str) -> str:
    """`prev` (ending with a hyphen) and the line after it, `head`, as one line; `text` is the
    whole source, whose own spelling decides a hyphen the rules above leave open."""
    prev, head = prev.rstrip(), head.strip()
    stem, tail = _STEM.search(prev), _TAIL.match(head)
    if stem and tail and keeps_hyphen(stem.group(1), tail.group(0), text):
        return prev + head
    return prev[:-1] + head
