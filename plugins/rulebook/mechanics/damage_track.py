"""What every action of the damage stepper shares: the step log, placing one event's wounds
together with escalation, and death.

Apart so a hit (`damage_hit`), care (`damage_care`) and turns and rests (`damage_turns`) each
change the state through the same placement.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.mechanics.base import Steps, plural
from rulebook.mechanics.damage_state import State
from rulebook.mechanics.damage_tables import COUNTDOWN_ROUNDS, CRITICAL, NOMINATIVE


@dataclass
class Event:
    """One event's wounds are placed together: whether a Critical wound was there before it,
    and whether the event has taken the Critical slot already."""

    had_critical: bool
    critical_here: bool = False


class Track:
    """A State and the steps taken on it; the actions (`damage_hit`, `damage_care`, `damage_turns`)
    change it through `place` and `die`."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.steps = Steps()
        self.action = 0

    def add(self, rule: str | None, text: str, kind: str = "info") -> None:
        self.steps.add(rule, text, action=self.action, kind=kind)

    def nothing_to_do(self, text: str) -> None:
        """An action whose rule's condition is absent (no bleeding to stop, no fight to end): a
        step that cites no paragraph, as none applies."""
        self.add(None, text)

    def place(
        self, severities: tuple[int, ...] | list[int], cause: str, event: Event | None = None
    ) -> list[int]:
        """Place the wounds of one event together, most severe first; returns the placed
        severities (empty if the character died). `event` carries what the event has already
        done (the extra Лёгкое wound of a re-bleeding belongs to its hit)."""
        s = self.state
        if not severities:
            return []
        event = event or Event(had_critical=s.has_critical)
        if event.had_critical:
            self.die(
                "wounds.new_wound_death",
                f"Новое ранение ({cause}) при уже полученном Критическом: персонаж погибает.",
            )
            return []
        placed: list[int] = []
        for sev in sorted(severities, reverse=True):
            level = sev
            while level < CRITICAL and s.wounds[level] >= s.limits[level]:
                self.add(
                    "hit.escalate",
                    f"Свободного слота {NOMINATIVE[level]} нет: "
                    f"ранение повышается до {NOMINATIVE[level + 1]}.",
                    "escalate",
                )
                level += 1
            if level == CRITICAL:
                if event.critical_here:
                    self.die(
                        "wounds.critical_once",
                        "Одно попадание дважды требует слот Критического ранения: персонаж погибает.",
                    )
                    return []
                event.critical_here = True
                s.wounds[CRITICAL] = 1
                s.countdown = 0
                self.add("hit.place", "Записано Критическое ранение.", "wound")
                self.add(
                    "wounds.critical",
                    "Персонаж обездвижен и не может действовать; начинается отсчёт до смерти "
                    f"({plural(s.countdown_rounds, 'раунд', 'раунда', 'раундов')}).",
                    "critical",
                )
                if s.countdown_rounds != COUNTDOWN_ROUNDS:
                    self.add(
                        "wounds.countdown_ability",
                        f"Отсчёт — {s.countdown_rounds}, а не {COUNTDOWN_ROUNDS}: его меняет способность "
                        "персонажа («Крепкий» 5 — 4 раунда).",
                        "countdown",
                    )
            else:
                s.wounds[level] += 1
                self.add("hit.place", f"Записано {NOMINATIVE[level]} ранение.", "wound")
            placed.append(level)
        return placed

    def die(self, rule: str, text: str) -> None:
        self.state.dead = True
        self.state.countdown = None
        self.state.death_cause = text
        self.state.death_rule = rule
        self.add(rule, text, "death")

    def dead_noop(self) -> bool:
        if self.state.dead:
            # the rule the character died by (a state kept from before it was recorded: the
            # countdown's, the death most fights end in)
            self.add(
                self.state.death_rule or "wounds.countdown_death",
                "Персонаж погиб: действие ничего не меняет (можно начать заново).",
            )
        return self.state.dead

    def reset(self) -> None:
        self.state = self.state.fresh()
        self.add("wounds.limits", "Начать заново: ранений нет, БЗ восстановлено до максимума.")
