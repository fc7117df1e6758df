"""Heading ids as GitHub makes them: a Markdown page written for GitHub links to its headings by
them («#healing--recovery» for «Healing & Recovery»), as do its wiki links."""

from __future__ import annotations

import unicodedata

_SLUG_KEEPS = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Pc"}


def slug(title: str) -> str:
    """A heading's id as GitHub makes it (github-slugger): lower case, every character but letters,
    marks, decimal digits, connectors, hyphens and spaces dropped («½» too), each space a hyphen."""
    kept = (c for c in title.lower() if c in "- " or unicodedata.category(c) in _SLUG_KEEPS)
    return "".join(kept).replace(" ", "-")
