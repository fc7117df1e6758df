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


class GlossaryError(ValueError):
    pass


@dataclass(frozen=True)
class Glossary:
    # each rule: (query phrase, phrases it should also find); a synonym set of n terms gives n rules
    rules: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())

    def to_json(self) -> list[list[object]]:
        return [[src, list(dst)] for src, dst in self.rules]


def parse(text: str, where: str = "<glossary>") -> Glossary:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise GlossaryError(f"{where}: {err}") from None
    rules: list[tuple[str, tuple[str, ...]]] = []
    unknown = set(data) - {"synonym", "alias"}
    if unknown:
        raise GlossaryError(f"{where}: unknown table(s) {sorted(unknown)}; expected [[synonym]] or [[alias]]")
    for i, syn in enumerate(data.get("synonym", []), 1):
        terms = syn.get("terms")
        if (
            not isinstance(terms, list)
            or len(terms) < 2
            or not all(isinstance(t, str) and t.strip() for t in terms)
        ):
            raise GlossaryError(f"{where}: synonym #{i} needs `terms`, a list of at least two strings")
        for t in terms:
            rules.append((t.strip(), tuple(o.strip() for o in terms if o is not t)))
    for i, al in enumerate(data.get("alias", []), 1):
        src, dst = al.get("from"), al.get("to")
        if isinstance(dst, str):
            dst = [dst]
        if not isinstance(src, str) or not src.strip() or not isinstance(dst, list) or not dst:
            raise GlossaryError(f"{where}: alias #{i} needs `from` (a string) and `to` (a list of strings)")
        rules.append((src.strip(), tuple(str(d).strip() for d in dst)))
    return Glossary(tuple(rules))


def load(path: Path) -> Glossary:
    if not path.exists():
        raise GlossaryError(f"glossary {path} not found")
    return parse(path.read_text(encoding="utf-8"), str(path))
