"""One character's wound track as plain JSON: what the stepper changes, and how a state the browser
kept is read back.

Apart because the state is validated on its way in (never trusted) and written on its way out,
whatever the actions in between do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.mechanics.base import Field, InputError, parse_fields, parse_int, parse_object, reject_unknown
from rulebook.mechanics.damage_fields import CHARACTER_FIELDS
from rulebook.mechanics.damage_tables import COUNTDOWN_ROUNDS, CRITICAL, SEVERITIES, limits_for
from rulebook.mechanics.rules import RULES


@dataclass
class State:
    healthy: int = 0
    pallid: bool = False
    armor: str = "none"
    bz: int = 0
    bz_max: int = 0
    armor_vs_anaxion: bool = False
    armor_blast_reduction: bool = False
    gas_immune: bool = False
    allies: int = 0  # squad members able to try a stabilisation; 0: not counted
    countdown_rounds: int = COUNTDOWN_ROUNDS  # «Крепкий» 5 makes it 4 (3.9: abilities may change it)
    wounds: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    bleeding: bool = False
    countdown: int | None = None  # rounds marked since the Critical wound; None without one
    dead: bool = False
    death_cause: str | None = None
    death_rule: str | None = None  # the rule the character died by: what a later action cites
    recovering: bool = False  # −2 to all checks until a long rest, after a stabilisation
    stabilise_failures: int = 0
    in_combat: bool = True  # the countdown and bleeding's wounds run only in a fight (3.8, 3.9)

    @property
    def limits(self) -> tuple[int, ...]:
        return limits_for(self.healthy, self.pallid)

    @property
    def has_critical(self) -> bool:
        return self.wounds[CRITICAL] > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "healthy": self.healthy,
            "pallid": self.pallid,
            "armor": self.armor,
            "bz": self.bz,
            "bz_max": self.bz_max,
            "armor_vs_anaxion": self.armor_vs_anaxion,
            "armor_blast_reduction": self.armor_blast_reduction,
            "gas_immune": self.gas_immune,
            "allies": self.allies,
            "countdown_rounds": self.countdown_rounds,
            "wounds": dict(zip(SEVERITIES, self.wounds, strict=True)),
            "limits": dict(zip(SEVERITIES, self.limits, strict=True)),
            "bleeding": self.bleeding,
            "countdown": self.countdown,
            "immobilised": self.has_critical and not self.dead,
            "dead": self.dead,
            "death_cause": self.death_cause,
            "death_rule": self.death_rule,
            "recovering": self.recovering,
            "stabilise_failures": self.stabilise_failures,
            "in_combat": self.in_combat,
        }

    def fresh(self) -> State:
        return State(
            healthy=self.healthy,
            pallid=self.pallid,
            armor=self.armor,
            bz=self.bz_max,
            bz_max=self.bz_max,
            armor_vs_anaxion=self.armor_vs_anaxion,
            armor_blast_reduction=self.armor_blast_reduction,
            gas_immune=self.gas_immune,
            allies=self.allies,
            countdown_rounds=self.countdown_rounds,
        )


def character_state(raw: Mapping[str, Any], prefix: str = "character.") -> State:
    reject_unknown(raw, {f.name for f in CHARACTER_FIELDS.fields}, prefix)
    v = parse_fields(CHARACTER_FIELDS, raw, prefix)
    bz_max = int(v["bz_max"])
    bz = int(v.get("bz", bz_max))
    if bz > bz_max:
        raise InputError(f"{prefix}bz", f"текущее БЗ {bz} больше максимума {bz_max}")
    return State(
        healthy=int(v["healthy"]),
        pallid=bool(v["pallid"]),
        armor=str(v["armor"]),
        bz=bz,
        bz_max=bz_max,
        armor_vs_anaxion=bool(v["armor_vs_anaxion"]),
        armor_blast_reduction=bool(v["armor_blast_reduction"]),
        gas_immune=bool(v["gas_immune"]),
        allies=int(v["allies"]),
        countdown_rounds=int(v["countdown_rounds"]),
    )


_STATE_EXTRA = {
    "wounds",
    "limits",
    "bleeding",
    "countdown",
    "immobilised",
    "dead",
    "death_cause",
    "death_rule",
    "recovering",
    "stabilise_failures",
    "in_combat",
}


def parse_state(raw_obj: object) -> State:
    """A state returned earlier (possibly kept by the browser): validated, never trusted."""
    raw = parse_object(raw_obj, "state")
    reject_unknown(raw, {f.name for f in CHARACTER_FIELDS.fields} | _STATE_EXTRA, "state.")
    base = {k: raw[k] for k in raw if k not in _STATE_EXTRA}
    s = character_state(base, "state.")
    wounds = parse_object(raw.get("wounds", {}), "state.wounds")
    reject_unknown(wounds, set(SEVERITIES), "state.wounds.")
    for i, name in enumerate(SEVERITIES):
        s.wounds[i] = parse_int(wounds.get(name, 0), f"state.wounds.{name}", 0, s.limits[i])
    for flag, default in (("bleeding", False), ("dead", False), ("recovering", False), ("in_combat", True)):
        f = Field(flag, flag, "bool", default)
        setattr(s, flag, bool(f.parse(raw.get(flag, default), f"state.{flag}")))
    if raw.get("countdown") is not None:
        s.countdown = parse_int(raw["countdown"], "state.countdown", 0, s.countdown_rounds)
    if s.has_critical and s.countdown is None:
        s.countdown = 0
    if not s.has_critical or s.dead:
        s.countdown = None
    s.stabilise_failures = parse_int(raw.get("stabilise_failures", 0), "state.stabilise_failures", 0, 99)
    cause = raw.get("death_cause")
    s.death_cause = str(cause) if s.dead and cause is not None else None
    rule = raw.get("death_rule")
    s.death_rule = rule if s.dead and isinstance(rule, str) and rule in RULES else None
    return s
