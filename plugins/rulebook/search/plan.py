"""What a query's plan is: groups of the query's words, each a list of alternatives (the words as
typed, a glossary's targets), each a row of slots (a word's stems, their surfaces, its typo
fixes). The planner builds it and the scorer reads it; apart, so that scoring needs none of
the building."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Slot:
    word: str
    stems: dict[str, float]  # stem -> weight
    whole: set[str] = field(default_factory=set)  # matched as whole words (not completions)
    surfaces: dict[str, list[str]] = field(default_factory=dict)  # stem -> its surface forms
    correction: str | None = None  # a typo's best replacement, for "did you mean"
    slip: bool = False  # ... one slip of typing away (a neighbouring key, a letter spelt alike)
    fixes: dict[str, str] = field(default_factory=dict)  # typo stem -> the word it corrects to
    pending: list[str] = field(default_factory=list)  # stems whose surfaces are still to be read
    prefix: bool = False  # the word being typed
    wider: list[tuple[str, str]] = field(default_factory=list)  # (stem, word) beyond the budget
    glossed: bool = False  # a glossary's word as typed: only so does it reach a heading's initials


@dataclass
class Alt:
    slots: list[Slot]
    weight: float
    books: tuple[int, ...] = ()  # the books whose glossaries made it; () for every book
    literal: bool = True  # the words as typed (not a glossary's)


@dataclass
class Group:
    words: list[str]
    alts: list[Alt]
    role: str = "content"  # content | intent
    idf: float = 0.0


@dataclass
class Plan:
    groups: list[Group]
    shown: list[str]  # the query's words as the engine read them (the other layout applied)
    changed: bool  # ... which differ from what was typed
    define: bool = False  # the query asks what a term is
    suggestion: str | None = None  # "did you mean": the words with typos corrected
    fixes: dict[str, str] = field(default_factory=dict)  # word -> its correction or split

    def suggest(self, unused: set[str]) -> str | None:
        """The query as read with its fixes, but for the corrections in `unused`."""
        fixes = {w: c for w, c in self.fixes.items() if w not in unused}
        return " ".join(fixes.get(w, w) for w in self.shown) if self.changed or fixes else None

    def corrections(self) -> list[Slot]:
        """The slots whose typo correction the suggestion shows: searched (with stems) or only
        offered (without); not a word split in two («кубсложности»), which is no typo's."""
        return [
            sl
            for g in self.groups
            for a in g.alts
            for sl in a.slots
            if sl.correction and self.fixes.get(sl.word) == sl.correction
        ]
