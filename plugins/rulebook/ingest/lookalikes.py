"""Latin letters that look like Cyrillic ones inside a Russian word («пoмощь» with a Latin «o»),
and the reverse inside an English word, put back into the word's own script.

Texts copied from PDFs and forums carry them. Search reads through them already
(analysis._script_fix), but a reader's Ctrl+F for «помощь» on the page misses «пoмощь», and a
screen reader spells it out. A word is changed only when every letter of the other script has a
twin in the word's own one: «Дae» -> «Дае»; «FATUMПравила» (a title glued to a word) stays.
Hand-written: the table is a dozen pairs, and a general confusables library would also map
letters that merely resemble each other in some fonts.
"""

from __future__ import annotations

import re

# letters drawn alike in both alphabets, lower case and capitals (not б/b, т/t, м/m in lower case)
_PAIRS = "aа cс eе oо pр xх yу AА BВ CС EЕ HН KК MМ OО PР TТ XХ YУ"
TO_CYR = {p[0]: p[1] for p in _PAIRS.split()}
TO_LAT = {p[1]: p[0] for p in _PAIRS.split()}
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
