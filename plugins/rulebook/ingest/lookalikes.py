"""Latin letters that look like Cyrillic ones inside a Russian word («пoмощь» with a Latin «o»),
and the reverse inside an English word, put back into the word's own script.

Texts copied from PDFs and forums carry them. Search reads through them already
(analysis._script_fix), but a reader's Ctrl+F for «помощь» on the page misses «пoмощь», and a
screen reader spells it out. A word is changed only when every letter of the other script has a
twin in the word's own one: «Дae» -> «Дае»; «FATUMПравила» (a title glued to a word) stays.
Hand-written: the pairs are the search analysis's own (`lookalikes` in analysis.json), and a
general confusables library would also map letters that merely resemble each other in some
fonts.
"""

from __future__ import annotations

import re

from rulebook.search.analysis import SPEC

# the analysis's pairs in capitals, and in small letters where those are drawn alike too (not
# b/в, h/н, k/к, m/м, t/т: the page keeps what a reader sees)
_SMALL_TWINS = set("aceopxy")
TO_CYR = {k.upper(): v.upper() for k, v in SPEC["lookalikes"].items()}
TO_CYR.update({k: v for k, v in SPEC["lookalikes"].items() if k in _SMALL_TWINS})
TO_LAT = {v: k for k, v in TO_CYR.items()}
_CYR = re.compile(r"[А-Яа-яЁё]")
_LAT = re.compile(r"[A-Za-z]")
_WORD = re.compile(r"[^\W\d_]+")


def _fix(m: re.Match[str]) -> str:
    w = m.group()
    cyr = [c for c in w if _CYR.match(c)]
    lat = [c for c in w if _LAT.match(c)]
    if not cyr or not lat:
        return w
    if all(c in TO_CYR for c in lat) and (len(cyr) >= len(lat) or not all(c in TO_LAT for c in cyr)):
        return "".join(TO_CYR.get(c, c) for c in w)
    if all(c in TO_LAT for c in cyr):
        return "".join(TO_LAT.get(c, c) for c in w)
    return w


def fix(text: str) -> tuple[str, int]:
    """The text with its mixed-script words in one script, and how many words changed."""
    n = 0

    def count(m: re.Match[str]) -> str:
        nonlocal n
        out = _fix(m)
        n += out != m.group()
        return out

    return _WORD.sub(count, text), n
