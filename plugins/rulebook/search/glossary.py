"""Per-book search glossaries: `sources/<book>.glossary.toml`, named by the book's `glossary` key.

    [[synonym]]              # equivalent terms, both directions; phrases allowed
    terms = ["ОД", "Очки Действий"]
    [[alias]]                # one-way: a query term that should also find these
    from = "хиты"
    to = ["ранения", "шкала ранений"]

A glossary applies only to its own book: expansions never change another book's ranking.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.ingest.errors import IngestError
from rulebook.ingest.tomlfile import KeyLocator, read_utf8, toml_error

COMMON_GLOSSARY = "common.glossary.toml"  # the shared glossary, beside books.toml


class GlossaryError(ValueError):
    pass


@dataclass(frozen=True)
class Glossary:
    # each rule: (query phrase, phrases it should also find); a synonym set of n terms gives n rules
    rules: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())

    def to_json(self) -> list[list[object]]:
        return [[src, list(dst)] for src, dst in self.rules]


def parse(text: str, where: str = "<glossary>") -> Glossary:
    """The rules of a glossary's TOML text; a mistake is one line naming `where` and its line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        msg, line = toml_error(err, text)
        raise GlossaryError(f"{where}{f':{line}' if line else ''}: invalid TOML: {msg}") from None
    lines = KeyLocator(text)

    def fail(message: str, *key: str | int) -> GlossaryError:
        line = lines.line(*key) if key else None
        return GlossaryError(f"{where}{f':{line}' if line else ''}: {message}")

    rules: list[tuple[str, tuple[str, ...]]] = []
    unknown = sorted(set(data) - {"synonym", "alias"})
    if unknown:
        raise fail(f"unknown table {unknown[0]!r}; expected [[synonym]] or [[alias]]", unknown[0])
    for kind, keys in (("synonym", {"terms"}), ("alias", {"from", "to"})):
        entries = data.get(kind, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise fail(f"`{kind}` must be written as [[{kind}]] tables", kind)
        for i, entry in enumerate(entries):
            extra = sorted(set(entry) - keys)
            if extra:
                raise fail(
                    f"[[{kind}]] has an unknown key {extra[0]!r}; it takes {' and '.join(sorted(keys))}",
                    kind,
                    i,
                    extra[0],
                )
    sets: dict[frozenset[str], int] = {}  # a synonym set, folded -> its entry
    for i, syn in enumerate(data.get("synonym", [])):
        terms = syn.get("terms")
        if not isinstance(terms, list) or len(terms) < 2 or not all(_text(t) for t in terms):
            raise fail(
                "[[synonym]] needs `terms`, a list of at least two words or phrases", "synonym", i, "terms"
            )
        twice = _repeated(terms)
        if twice:
            raise fail(f"[[synonym]] lists {twice!r} twice", "synonym", i, "terms")
        folded = frozenset(_fold(t) for t in terms)
        if folded in sets:  # a copy left behind after an edit: one of the two is stale
            first = lines.line("synonym", sets[folded])
            raise fail(f"[[synonym]] repeats the [[synonym]] at line {first}", "synonym", i, "terms")
        sets[folded] = i
        for t in terms:
            rules.append((t.strip(), tuple(o.strip() for o in terms if o is not t)))
    aliases: dict[tuple[str, frozenset[str]], int] = {}  # an alias, folded -> its entry
    for i, al in enumerate(data.get("alias", [])):
        src, dst = al.get("from"), al.get("to")
        if isinstance(dst, str):
            dst = [dst]
        if not _text(src):
            raise fail("[[alias]] needs `from`, a word or phrase", "alias", i, "from")
        if not isinstance(dst, list) or not dst or not all(_text(d) for d in dst):
            raise fail("[[alias]] needs `to`, a list of words or phrases", "alias", i, "to")
        twice = _repeated(dst)
        if twice:
            raise fail(f"[[alias]] lists {twice!r} twice in `to`", "alias", i, "to")
        key = (_fold(src), frozenset(_fold(d) for d in dst))
        if key in aliases:
            first = lines.line("alias", aliases[key])
            raise fail(
                f"[[alias]] from {src.strip()!r} repeats the [[alias]] at line {first}",
                "alias",
                i,
                "from",
            )
        aliases[key] = i
        rules.append((src.strip(), tuple(d.strip() for d in dst)))
    return Glossary(tuple(rules))


def _fold(term: str) -> str:
    """A term, runs of spaces aside (a list may give a term's spellings: «ё» and «е», capitals)."""
    return " ".join(term.split())


def _repeated(terms: list[str]) -> str | None:
    """The first term a list gives again, or None."""
    seen: set[str] = set()
    for t in terms:
        if _fold(t) in seen:
            return t.strip()
        seen.add(_fold(t))
    return None


def _text(value: object) -> bool:
    """A word or phrase: a string with a letter or digit in it."""
    return isinstance(value, str) and any(c.isalnum() for c in value)


def load(path: Path) -> Glossary:
    try:
        text = read_utf8(path)
    except IngestError as err:
        raise GlossaryError(str(err)) from None
    return parse(text, str(path))
