"""A typed query read into words: its chunks and `@name`s, which word is still being typed, and
each word's role (content, stop, question, intent). The planner and the book-name matching both
start from it, and the command line asks it for the query without its `@name`s."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.search import analysis

P = analysis.ENGINE
_SPACE = re.compile("[" + analysis.SPEC["query_space"] + "]+")


@dataclass
class Parsed:
    chunks: list[str]
    books: list[str]
    prefix: bool
    cut: bool = False  # words past `max_words` were left out


def parse(query: str) -> Parsed:
    """The query's words and `@name`s. A pasted paragraph is cut to its first `max_words` words:
    the work grows faster than the words, and no description of a situation is that long."""
    parts = [p for p in _SPACE.split(query) if p]
    books = [p[1:].lower() for p in parts if p.startswith("@") and len(p) > 1]
    chunks = [p for p in parts if not p.startswith("@")]
    ends_open = bool(query) and not _SPACE.fullmatch(query[-1])
    prefix = ends_open and bool(parts) and not parts[-1].startswith("@")
    n = int(P["max_words"])
    if len(chunks) > n:
        return Parsed(chunks[:n], books, False, True)
    return Parsed(chunks, books, prefix)


def unfiltered(query: str) -> str:
    """The query without its `@name` words (the word being typed stays open): what every book
    is asked when the chosen ones have no answer."""
    parsed = parse(query)
    return " ".join(parsed.chunks) + ("" if parsed.prefix else " ")


@dataclass
class Word:
    surface: str
    prefix: bool
    role: str  # content, stop, question, intent
    upper: bool = False  # written in capitals, as abbreviations are («ОП»)


def role_of(w: str, upper: bool = False) -> str:
    """The word's part in the query; in capitals it is an abbreviation, whatever it spells."""
    if upper:  # «ОБ», «УС»: an abbreviation, not the preposition «об»
        return "content"
    if w in analysis.INTENTS:
        return "intent"
    if w in analysis.QUESTION:
        return "question"
    if w in analysis.STOP:
        return "stop"
    return "content"


def typed_tokens(parsed: Parsed) -> list[tuple[str, bool]]:
    """The query's words as typed, each with whether it is the word being typed."""
    out: list[tuple[str, bool]] = []
    for ci, chunk in enumerate(parsed.chunks):
        toks = analysis.surfaces(chunk)
        last = parsed.prefix and ci == len(parsed.chunks) - 1
        out += [(t, last and ti == len(toks) - 1) for ti, t in enumerate(toks)]
    return out
