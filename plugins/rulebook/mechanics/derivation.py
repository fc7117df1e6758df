"""What every part of the sheet's derivation shares: the record of values, steps and warnings it
fills, the species a character is, and how its texts write numbers.

Its own module so the parts (`sheet_traits`, `sheet_combat`, `sheet_wounds`, `sheet_roles`) and
`sheet`, which runs them, use one definition without importing each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.mechanics.rules import url


@dataclass
class Derivation:
    values: dict[str, Any] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)

    def step(self, rule: str, text: str, key: str = "") -> None:
        self.steps.append({"text": text, "rule": url(rule), "key": key})

    def warn(self, path: str, rule: str, text: str, level: str = "warning") -> None:
        self.warnings.append({"path": path, "text": text, "rule": url(rule), "level": level})


# the three species of Приложение II «Иные», each with «Стоимость вида» (−2 БЧ) and no Аберрантность
SPECIES = {
    "паллид": "pallid",
    "волколак": "werewolf",
    "ликантроп": "werewolf",
    "оборотень": "werewolf",
    "рокурокуби": "rokurokubi",
}
SPECIES_NAMES = {"pallid": "Паллид", "werewolf": "Волколак", "rokurokubi": "Рокурокуби"}


def species_of(ch: Mapping[str, Any]) -> str | None:
    """The species the book gives rules for, from the sheet's «Вид» (free text: «Паллид»,
    «паллидка», «Волколак (скрывает)», «Рокурокуби»), or None for a human or a species of the
    table's own."""
    text = str(ch["identity"]["species"]).strip().lower().replace("ё", "е")
    for stem, key in SPECIES.items():
        if text.startswith(stem[:6]):
            return key
    return None


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def with_bonus(die: str, n: int) -> str:
    """«1к8 + 2», «1к6 − 1»."""
    return f"{die} {'+' if n >= 0 else '−'} {abs(n)}"
