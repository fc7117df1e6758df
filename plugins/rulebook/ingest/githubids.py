"""Heading ids as GitHub makes them: a Markdown page written for GitHub links to its headings by
them («#healing--recovery» for «Healing & Recovery»), as do its wiki links; and as VitePress and
VuePress make them, for a page written for such a site («#_2-инициатива» for «2. Инициатива»)."""

from __future__ import annotations

import re
import unicodedata

# VitePress's and VuePress's slugify (@mdit-vue/shared): the marks NFKD parts from a letter go
# («й» is «и»), control characters go, each run of spaces and ASCII punctuation is one hyphen
_COMBINING = re.compile(r"[\u0300-\u036f]")
_CONTROL = re.compile(r"[\u0000-\u001f]")
_SPECIAL = re.compile(r"[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:\"'“”‘’<>,.?/]+")
_SLUG_KEEPS = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Pc"}


def slug(title: str) -> str:
    """A heading's id as GitHub makes it (github-slugger): lower case, every character but letters,
    marks, decimal digits, connectors, hyphens and spaces dropped («½» too), each space a hyphen."""
    kept = (c for c in title.lower() if c in "- " or unicodedata.category(c) in _SLUG_KEEPS)
    return "".join(kept).replace(" ", "-")


def vitepress(title: str) -> str:
    """A heading's id as VitePress and VuePress make it: «Заявление заклинаний» is
    «заявление-заклинании», a digit first gets an underscore before it («_2-инициатива»)."""
    text = _CONTROL.sub("", _COMBINING.sub("", unicodedata.normalize("NFKD", title)))
    text = re.sub(r"-{2,}", "-", _SPECIAL.sub("-", text)).strip("-")
    return re.sub(r"^(\d)", r"_\1", text).lower()
