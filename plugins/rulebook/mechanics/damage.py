"""`damage`: the FATUM damage stepper, a wound track for one character stepped hit by hit.

A hit is processed exactly in the book's order (3.4 «Как работает броня в бою (по шагам)»,
3.9 «Порядок обработки атаки»): damage → numeric modifiers → wounds → armour state → does the
armour cover this attack → protection steps → each wound reduced → БЗ loss → placement with
escalation → bleeding and death. Other actions: end of turn (bleeding, death countdown),
stabilisation, stopping the bleeding, a dressing kit used on a Light wound instead, a short and a
long rest, the end of the fight (the countdown stops where it is, bleeding goes on, its attempts
take the out-of-combat rule) and a new fight (the countdown resumes), reset.

`compute({"character" | "state": ..., "actions": [...]})` returns the new state and the steps
taken, each citing its paragraph; the state is plain JSON, so the page keeps it in localStorage
and hands it back for the next action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.mechanics.base import (
    Calculator,
    Choice,
    Field,
    Group,
    InputError,
    Reading,
    Steps,
    parse_fields,
    parse_int,
    parse_object,
    plural,
    reject_unknown,
)
from rulebook.mechanics.check import LABELS as CHECK_LABELS
from rulebook.mechanics.check import OUTCOMES as CHECK_OUTCOMES

SEVERITIES = ("light", "medium", "serious", "critical")
LIGHT, MEDIUM, SERIOUS, CRITICAL = range(4)
NOMINATIVE = ("Лёгкое", "Среднее", "Серьёзное", "Критическое")
ARMOR_NAMES = {"none": "нет", "light": "лёгкая", "medium": "средняя", "heavy": "тяжёлая"}
ATTACK_NAMES = {
    "weak": "слабая атака",
    "fragment": "осколки",
    "light": "лёгкое оружие",
    "medium": "среднее оружие",
    "heavy": "тяжёлое оружие",
    "explosive": "взрывное оружие",
}
SOURCE_NAMES = {
    "firearm": "огнестрельное оружие",
    "cutting": "режущее или колющее оружие",
    "projectile": "стрела, болт или иной проникающий снаряд",
    "fragments": "осколки",
    "natural": "укусы, когти, естественное оружие",
    "blunt": "дробящее воздействие",
    "fire": "огонь",
    "suffocation": "удушье",
    "poison": "яды и токсины",
    "fall": "падение",
    "anaxion": "анаксионное воздействие",
    "psychic": "психическая или нефизическая атака",
}
BLEEDING_SOURCES = frozenset({"firearm", "cutting", "projectile", "fragments", "natural"})
ACTIONS = (
    "hit",
    "end_turn",
    "stabilise",
    "stop_bleeding",
    "kit_light",
    "short_rest",
    "long_rest",
    "end_combat",
    "start_combat",
    "reset",
)
BASE_LIMITS = (2, 1, 1, 1)
HEALTHY_BONUS = ((0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (2, 1, 0, 0))  # cumulative, by level
COUNTDOWN_ROUNDS = 3
SUCCESSFUL = ("crit_success", "success", "edge1", "edge2", "edge3")
EDGE_CONSEQUENCE = {"edge1": "Лёгким", "edge2": "Серьёзным", "edge3": "Тяжёлым"}

# Which attacks each armour class covers, and by how many steps (3.4 Шаги 4-5). Weak attacks and
# fragments, named only for light armour, count as light weapons for the heavier classes.
PROTECTION: dict[str, dict[str, int]] = {
    "none": {},
    "light": {"weak": 1, "fragment": 1, "light": 1},
    "medium": {"weak": 1, "fragment": 1, "light": 1, "medium": 1},
    "heavy": {"weak": 2, "fragment": 2, "light": 2, "medium": 2, "heavy": 1, "explosive": 1},
}
COVER_RULE = {"light": "hit.covers_light", "medium": "hit.covers_medium", "heavy": "hit.covers_heavy"}
STEPS_RULE = {"light": "hit.steps_light", "medium": "hit.steps_medium", "heavy": "hit.steps_heavy"}


def wounds_for(damage: int) -> tuple[int, ...]:
    """3.4 Шаг 2 / 3.9: final damage → wounds, most severe first."""
    if damage <= 0:
        return ()
    return {1: (LIGHT,), 2: (MEDIUM,), 3: (MEDIUM, LIGHT), 4: (SERIOUS,)}.get(damage, (CRITICAL,))


def limits_for(healthy: int, pallid: bool = False) -> tuple[int, ...]:
    """Slots of each severity: the base limits, «Здоровый» (cumulative by level) and a pallid's
    extra Light slot (2.x «Паллид», «Базовое состояние»)."""
    light, *rest = (b + e for b, e in zip(BASE_LIMITS, HEALTHY_BONUS[healthy], strict=True))
    return (light + int(pallid), *rest)


def wounds_text(severities: tuple[int, ...] | list[int]) -> str:
    if not severities:
        return "ранений нет"
    return " и ".join(NOMINATIVE[s] for s in severities) + (" ранения" if len(severities) > 1 else " ранение")


# ---- declared inputs ---------------------------------------------------------------------------
def _choices(names: Mapping[str, str]) -> tuple[Choice, ...]:
    return tuple(Choice(k, v) for k, v in names.items())


CHARACTER_FIELDS = Group(
    "character",
    "Персонаж",
    (
        Field("healthy", "Черта «Здоровый», уровень", "int", 0, minimum=0, maximum=3),
        Field("pallid", "Паллид", "bool", False, help="один дополнительный слот Лёгкого ранения"),
        Field("armor", "Класс брони", "choice", "none", choices=_choices(ARMOR_NAMES)),
        Field("bz_max", "БЗ брони, максимум", "int", 0, minimum=0, maximum=20),
        Field("bz", "БЗ брони, текущее", "int", None, minimum=0, maximum=20, help="по умолчанию — максимум"),
        Field("armor_vs_anaxion", "Броня применима против анаксионных атак", "bool", False),
        Field(
            "armor_blast_reduction",
            "Числовой урон от взрывной атаки −1 (свойство профиля)",
            "bool",
            False,
        ),
        Field(
            "gas_immune",
            "Газ не вредит (противогаз, тяжёлый экзоскелет)",
            "bool",
            False,
            help="урон газовых гранат и газов не проходит",
        ),
        Field(
            "countdown_rounds",
            "Раундов до смерти при Критическом",
            "int",
            COUNTDOWN_ROUNDS,
            minimum=1,
            maximum=10,
            help="по книге 3; «Крепкий» 5 — 4",
        ),
        Field(
            "allies",
            "Союзников, способных стабилизировать",
            "int",
            0,
            minimum=0,
            maximum=12,
            help="0 — не считать; если все они провалят попытку, персонаж погибает",
        ),
    ),
)
HIT_FIELDS = Group(
    "hit",
    "Попадание",
    (
        Field("damage", "Урон (после числовых модификаторов)", "int", 3, minimum=-10, maximum=30),
        Field("attack_class", "Тип атаки", "choice", "medium", choices=_choices(ATTACK_NAMES)),
        Field("armor_piercing", "Бронебойное", "bool", False),
        Field("anaxion", "Анаксионная атака", "bool", False),
        Field("gas", "Газ (газовая граната)", "bool", False),
        Field(
            "special",
            "Иная особая атака (газ и т. п.)",
            "bool",
            False,
            help="броня не защищает, если это прямо не сказано",
        ),
        Field("source", "Источник урона", "choice", "firearm", choices=_choices(SOURCE_NAMES)),
    ),
)
CARE_FIELDS = Group(
    "care",
    "Помощь раненому",
    (
        Field(
            "outcome",
            "Итог проверки Медицины против 1к6",
            "choice",
            None,
            choices=tuple(Choice(k, CHECK_LABELS[k]) for k in CHECK_OUTCOMES),
        ),
        Field("kit", "Перевязочный комплект (без проверки)", "bool", False),
        Field("self", "Самопомощь", "bool", False),
        Field("out_of_combat", "Вне боя", "bool", False),
    ),
)

READINGS = (
    Reading(
        "Слоты ранений: 2 Лёгких, 1 Среднее, 1 Серьёзное и 1 Критическое; «Здоровый» добавляет по уровням "
        "+1 Лёгкое, +1 Среднее, +1 Лёгкое; у паллида — ещё один слот Лёгкого ранения.",
        "sheet.pallid_slot",
    ),
    Reading(
        "Урон → ранения: 0 и меньше — нет; 1 — Лёгкое; 2 — Среднее; 3 — Среднее и Лёгкое; 4 — Серьёзное; "
        "5 и больше — Критическое.",
        "hit.wounds_3",
    ),
    Reading(
        "Броня действует, только пока БЗ > 0 и её класс покрывает атаку. Лёгкая: лёгкое оружие, осколки, "
        "слабые атаки (1 ступень); средняя: лёгкое и среднее (1 ступень); тяжёлая: лёгкое и среднее "
        "(2 ступени), тяжёлое и взрывное (1 ступень). Осколки и слабые атаки средняя и тяжёлая броня "
        "считают лёгким оружием.",
        "hit.covers_light",
    ),
    Reading(
        "Анаксионную атаку броня снижает, только если применима против неё (по профилю — на 1 ступень). "
        "Бронебойное свойство снимает одну ступень защиты, не ниже 0.",
        "hit.special_attacks",
    ),
    Reading(
        "Каждое ранение попадания снижается отдельно; ниже Лёгкого — отменяется. Если снижено хоть одно "
        "(и отменённое Лёгкое тоже), броня теряет 1 БЗ, а от тяжёлой, взрывной, бронебойной или "
        "анаксионной атаки — 2; один раз за попадание, не ниже 0; упав до 0, она ещё защищает от этого "
        "попадания.",
        "hit.bz_loss",
    ),
    Reading(
        "Ранения одного попадания размещаются вместе, от тяжёлого к лёгкому; при занятом слоте ранение "
        "повышается на ступень, вплоть до Критического. Персонаж, у которого Критическое уже было, погибает "
        "от любого нового ранения (полностью отменённое бронёй попадание — не новое ранение); "
        "погибает и тот, чьё одно попадание дважды требует слот Критического. "
        "Если одно ранение попадания стало Критическим, второе ранение того же попадания "
        "не смертельно само по себе.",
        "wounds.new_wound_death",
    ),
    Reading(
        "Кровотечение начинает Серьёзное ранение, окончательно размещённое (после брони и повышения) "
        "от огнестрельного, режущего или колющего оружия, снаряда, осколков или естественного оружия; "
        "если Кровотечение уже есть — вместо этого ещё одно Лёгкое ранение.",
        "bleeding.after_placement",
    ),
    Reading(
        "При Критическом ранении Кровотечение ранений не наносит: ни в конце хода, ни вторым "
        "Кровотечением от попадания, ни провалом попытки остановить его вне боя. Критический провал "
        "помощи — новое ранение, и персонаж с Критическим от него погибает.",
        "bleeding.paused_by_critical",
    ),
    Reading(
        "«Конец боя» останавливает отсчёт до смерти на достигнутом раунде, «Новый бой» возобновляет его; "
        "вне боя ходы ни отсчёта, ни ранений от Кровотечения не дают, а попытка остановить Кровотечение "
        "идёт по правилу «вне боя».",
        "wounds.combat_end",
    ),
    Reading(
        "Отсчёт до смерти: каждый «Конец хода» после получения Критического ранения отмечает один раунд; "
        "после третьего персонаж погибает. «Успех на грани» при стабилизации или остановке Кровотечения "
        "засчитывается как успех с последствием; если игрок от него отказался, выберите «Провал».",
        "wounds.countdown",
    ),
)


# ---- state ------------------------------------------------------------------------------------------
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
    return s


# ---- the engine -------------------------------------------------------------------------------
@dataclass
class Hit:
    damage: int
    attack_class: str
    armor_piercing: bool
    anaxion: bool
    special: bool
    source: str
    gas: bool = False

    @property
    def heavy_loss(self) -> bool:
        """Heavy, explosive, armour-piercing or anaxion: the armour loses 2 БЗ."""
        return self.attack_class in ("heavy", "explosive") or self.armor_piercing or self.anaxion


@dataclass
class Event:
    """One event's wounds are placed together: whether a Critical wound was there before it,
    and whether the event has taken the Critical slot already."""

    had_critical: bool
    critical_here: bool = False


class Track:
    """Applies actions to a State, recording the steps."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.steps = Steps()
        self.action = 0

    def add(self, rule: str, text: str, kind: str = "info") -> None:
        self.steps.add(rule, text, action=self.action, kind=kind)

    # -- placement (shared by hits, bleeding and failed care) ----------------------------------
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
        self.add(rule, text, "death")

    def dead_noop(self) -> bool:
        if self.state.dead:
            self.add(
                "wounds.countdown_death", "Персонаж погиб: действие ничего не меняет (можно начать заново)."
            )
        return self.state.dead

    # -- actions -------------------------------------------------------------------------------
    def hit(self, h: Hit) -> None:
        s = self.state
        if self.dead_noop():
            return
        damage = h.damage
        self.add(
            "hit.numeric",
            f"Шаг 1. Урон попадания {damage} (числовые эффекты уже учтены). "
            "Обычная защита брони из урона не вычитается.",
            "damage",
        )
        if h.gas and s.gas_immune and damage > 0:
            # 4.4 «Противогаз», 4.2 «Тяжёлый экзоскелет»: the gas's damage does not get through
            self.add("armor.gas", "Газ: персонаж защищён от газов — урон не проходит, ранений нет.", "damage")
            return
        armor_up = s.armor != "none" and s.bz > 0
        if s.armor_blast_reduction and h.attack_class == "explosive" and not h.special and damage > 0:
            if armor_up:
                damage -= 1
                self.add(
                    "armor.blast_reduction", f"Свойство брони: урон взрывной атаки −1 → {damage}.", "damage"
                )
            else:
                self.add(
                    "armor.profile_while_bz", "Свойство брони против взрыва не действует: БЗ 0.", "damage"
                )
        wounds = wounds_for(damage)
        rule = f"hit.wounds_{min(damage, 5)}" if damage > 0 else "hit.wounds_none"
        self.add(rule, f"Шаг 2. Урон {damage} → {wounds_text(wounds)}.", "wounds")
        if not wounds:
            return

        protection = 0
        applicable = False
        if s.armor == "none":
            self.add("hit.armor_state", "Шаг 3. Брони нет.", "armor")
        elif s.bz <= 0:
            self.add("hit.armor_broken", "Шаг 3. БЗ брони 0: броня повреждена и не снижает ранения.", "armor")
        else:
            self.add("hit.armor_state", f"Шаг 3. БЗ брони {s.bz} > 0: броня может защитить.", "armor")
            applicable, protection = self._coverage(h)
        if applicable and h.armor_piercing:
            before = protection
            protection = max(0, protection - 1)
            self.add(
                "hit.armor_piercing",
                f"Бронебойная атака: снижение {before} → {protection} ступ.",
                "armor",
            )

        after: list[int] = []
        reduced = False
        if applicable and protection > 0:
            parts = []
            for w in wounds:
                new = w - protection
                reduced = True
                if new < LIGHT:
                    parts.append(f"{NOMINATIVE[w]} отменяется")
                else:
                    parts.append(f"{NOMINATIVE[w]} → {NOMINATIVE[new]}")
                    after.append(new)
            rule = "hit.light_cancelled" if len(after) < len(wounds) else "hit.reduce_each"
            self.add(rule, "Шаг 6. Каждое ранение отдельно: " + "; ".join(parts) + ".", "reduce")
        else:
            after = list(wounds)

        if reduced:
            loss = 2 if h.heavy_loss else 1
            why = self._loss_reason(h)
            old = s.bz
            s.bz = max(0, s.bz - loss)
            text = f"Шаг 7. Броня снизила ранения: БЗ −{loss} ({why}), {old} → {s.bz}; один раз за попадание."
            self.add("hit.bz_loss_2" if loss == 2 else "hit.bz_loss_1", text, "bz")
            if old - loss < 0:
                self.add("hit.bz_floor", "БЗ не опускается ниже 0.", "bz")
            if s.bz == 0:
                self.add(
                    "hit.bz_zero_still_protects",
                    "БЗ упало до 0: от этого попадания броня ещё защитила, от следующих — нет.",
                    "bz",
                )
        elif applicable:
            self.add(
                "hit.bz_no_reduction", "Шаг 7. Броня не снизила ни одного ранения: БЗ не меняется.", "bz"
            )

        if not after:
            self.add(
                "hit.cancelled_not_placed",
                "Шаг 8. Все ранения отменены бронёй: в слоты ничего не записывается.",
                "place",
            )
            if s.has_critical:
                self.add(
                    "wounds.prevented_not_new",
                    "Полностью предотвращённое попадание — не новое ранение: "
                    "Критическое не становится смертью.",
                    "place",
                )
            return
        self.add("hit.place", f"Шаг 8. Размещаются: {wounds_text(sorted(after, reverse=True))}.", "place")
        event = Event(had_critical=s.has_critical)
        placed = self.place(after, "попадание", event)
        if s.dead or SERIOUS not in placed:
            return
        self._bleeding_from_serious(h, event)

    def _coverage(self, h: Hit) -> tuple[bool, int]:
        s = self.state
        if h.special:
            self.add(
                "hit.special_attacks",
                "Шаг 4. Особая атака: броня защищает, только если это прямо сказано, — не защищает.",
                "armor",
            )
            return False, 0
        if h.anaxion:
            if s.armor_vs_anaxion:
                self.add(
                    "armor.anaxion_rated",
                    "Шаг 4–5. Анаксионная атака; броня применима против неё по профилю: "
                    "снижение на 1 ступень.",
                    "armor",
                )
                return True, 1
            self.add(
                "hit.special_attacks",
                "Шаг 4. Анаксионная атака: эта броня против неё не применима, БЗ не теряется.",
                "armor",
            )
            return False, 0
        steps = PROTECTION[s.armor].get(h.attack_class, 0)
        armor, attack = ARMOR_NAMES[s.armor], ATTACK_NAMES[h.attack_class]
        if not steps:
            self.add(
                "hit.not_covered",
                f"Шаг 4. {armor.capitalize()} броня не защищает от атаки «{attack}»: ранения не меняются, "
                "БЗ не теряется.",
                "armor",
            )
            return False, 0
        as_light = (
            " (считается лёгким оружием)"
            if h.attack_class in ("weak", "fragment") and s.armor != "light"
            else ""
        )
        self.add(
            COVER_RULE[s.armor],
            f"Шаг 4. {armor.capitalize()} броня защищает от атаки «{attack}»{as_light}.",
            "armor",
        )
        self.add(STEPS_RULE[s.armor], f"Шаг 5. Снижение тяжести: {steps} ступ.", "armor")
        return True, steps

    @staticmethod
    def _loss_reason(h: Hit) -> str:
        reasons = []
        if h.attack_class == "heavy":
            reasons.append("тяжёлая атака")
        if h.attack_class == "explosive":
            reasons.append("взрывная атака")
        if h.armor_piercing:
            reasons.append("бронебойная")
        if h.anaxion:
            reasons.append("анаксионная")
        return ", ".join(reasons) if reasons else "обычная атака"

    def _bleeding_from_serious(self, h: Hit, event: Event) -> None:
        s = self.state
        if h.source not in BLEEDING_SOURCES:
            self.add(
                "bleeding.not_sources",
                f"Серьёзное ранение от источника «{SOURCE_NAMES[h.source]}»: "
                "Кровотечение обычно не возникает.",
                "bleeding",
            )
            return
        if not s.bleeding:
            s.bleeding = True
            self.add(
                "bleeding.after_placement",
                f"Серьёзное ранение размещено, источник — {SOURCE_NAMES[h.source]}: начинается Кровотечение.",
                "bleeding",
            )
            return
        if s.has_critical:
            # 3.8: «Персонаж с Критическим ранением не получает дополнительные ранения от
            # Кровотечения»: the extra wound of a second bleeding is one of them
            self.add(
                "bleeding.paused_by_critical",
                "Кровотечение уже есть, но при Критическом ранении дополнительного ранения от него нет: "
                "действует отсчёт до смерти.",
                "bleeding",
            )
            return
        self.add(
            "bleeding.again",
            "Кровотечение уже есть: вместо нового — немедленно ещё одно Лёгкое ранение.",
            "bleeding",
        )
        # one of the same hit's wounds: a Critical this hit already took is not fatal, a second is
        self.place([LIGHT], "Кровотечение", event)

    def end_turn(self) -> None:
        s = self.state
        if self.dead_noop():
            return
        if not s.in_combat:
            self.add(
                "wounds.combat_end",
                "Вне боя ходов нет: отсчёт и Кровотечение по ходам не идут (для нового боя — «Новый бой»).",
            )
            return
        if s.has_critical:
            s.countdown = (s.countdown or 0) + 1
            left = f"{s.countdown} из {s.countdown_rounds}"
            self.add("wounds.countdown", f"Конец хода: отсчёт до смерти — {left}.", "countdown")
            if s.bleeding:
                self.add(
                    "bleeding.paused_by_critical",
                    "Кровотечение приостановлено: при Критическом ранении новых ранений от него нет.",
                    "bleeding",
                )
            if s.countdown >= s.countdown_rounds:
                self.die(
                    "wounds.countdown_death",
                    f"Закончился {s.countdown}-й, последний раунд отсчёта без стабилизации: "
                    "персонаж погибает.",
                )
            return
        if s.bleeding:
            self.add(
                "bleeding.end_of_turn",
                "Конец хода с Кровотечением: одно Лёгкое ранение (не снижается бронёй, БЗ не тратит).",
                "bleeding",
            )
            self.place([LIGHT], "Кровотечение")
            return
        self.add(
            "bleeding.end_of_turn", "Конец хода: ни Кровотечения, ни Критического ранения — без изменений."
        )

    def stabilise(self, outcome: str | None, where: str) -> None:
        s = self.state
        if self.dead_noop():
            return
        if not s.has_critical:
            self.add("stabilise.check", "Критического ранения нет — стабилизировать нечего.")
            return
        if outcome is None:
            raise InputError(f"{where}.outcome", "нужен итог проверки Медицины против 1к6")
        self.add("stabilise.check", f"Проверка Медицины против 1к6: {CHECK_LABELS[outcome].lower()}.", "care")
        if outcome in SUCCESSFUL:
            if outcome in EDGE_CONSEQUENCE:
                self.add(
                    "check.edge", f"Успех на грани: успех с {EDGE_CONSEQUENCE[outcome]} последствием.", "care"
                )
            s.wounds[CRITICAL] = 0
            s.countdown = None
            s.recovering = True
            s.stabilise_failures = 0
            self.add(
                "stabilise.success",
                "Стабилизация: отсчёт прекращается, Критическое ранение снято, "
                "персонаж снова может действовать.",
                "care",
            )
            if s.bleeding:
                s.bleeding = False
                self.add("stabilise.stops_bleeding", "Стабилизация останавливает и Кровотечение.", "care")
            self.add(
                "wounds.recovery", "Состояние «восстановления»: −2 ко всем проверкам до длительного привала."
            )
        elif outcome == "failure":
            s.stabilise_failures += 1
            all_failed = bool(s.allies) and s.stabilise_failures >= s.allies
            self.add(
                "stabilise.failure",
                "Стабилизация не удалась: этот помощник больше не пытается"
                + ("" if all_failed else ", отсчёт продолжается")
                + f" (неудачных попыток: {s.stabilise_failures}"
                + (f" из {s.allies}" if s.allies else "")
                + ").",
                "care",
            )
            if all_failed:
                # 3.9 «Обычный провал», «Окончание боя»: each may try once; when all have failed,
                # the character dies (in a fight or after it)
                self.die(
                    "stabilise.all_failed",
                    f"Все союзники ({s.allies}) попытались и провалили стабилизацию: персонаж погибает.",
                )
        else:
            self.die("stabilise.crit_failure", "Критический провал стабилизации: персонаж погибает.")

    def stop_bleeding(
        self, outcome: str | None, kit: bool, self_help: bool, out_of_combat: bool, where: str
    ) -> None:
        s = self.state
        if kit and outcome is not None:
            raise InputError(f"{where}.kit", "укажите либо перевязочный комплект, либо итог проверки")
        if self_help and s.has_critical and not s.dead:
            raise InputError(
                f"{where}.self", "персонаж с Критическим ранением обездвижен и не может помочь себе"
            )
        if self.dead_noop():
            return
        if not s.bleeding:
            self.add("bleeding.stop_success", "Кровотечения нет — останавливать нечего.")
            return
        if kit:
            s.bleeding = False
            self.add(
                "bleeding.kit", "Перевязочный комплект (1 ОД): Кровотечение остановлено без проверки.", "care"
            )
            return
        if outcome is None:
            raise InputError(
                f"{where}.outcome", "нужен итог проверки Медицины против 1к6 или перевязочный комплект"
            )
        if self_help:
            self.add(
                "bleeding.self_help",
                "Самопомощь: проверка совершается с помехой (учтите её в броске).",
                "care",
            )
        self.add(
            "bleeding.stop_check", f"Проверка Медицины против 1к6: {CHECK_LABELS[outcome].lower()}.", "care"
        )
        if outcome in SUCCESSFUL:
            if outcome in EDGE_CONSEQUENCE:
                self.add(
                    "check.edge", f"Успех на грани: успех с {EDGE_CONSEQUENCE[outcome]} последствием.", "care"
                )
            s.bleeding = False
            self.add("bleeding.stop_success", "Кровотечение остановлено.", "care")
        elif outcome == "crit_failure":
            self.add(
                "bleeding.stop_crit_failure",
                "Критический провал: немедленно одно Лёгкое ранение, Кровотечение продолжается.",
                "care",
            )
            self.place([LIGHT], "критический провал помощи")
        elif out_of_combat and s.has_critical:
            self.add(
                "bleeding.paused_by_critical",
                "Провал вне боя: при Критическом ранении Кровотечение приостановлено, ранения от потери "
                "крови нет; действует стабилизация.",
                "care",
            )
        elif out_of_combat:
            self.add(
                "bleeding.out_of_combat_failure",
                "Провал вне боя: одно Лёгкое ранение от потери крови; попытку можно повторить.",
                "care",
            )
            self.place([LIGHT], "Кровотечение вне боя")
        else:
            self.add(
                "bleeding.stop_failure", "Провал: Кровотечение продолжается, попытку можно повторить.", "care"
            )

    def kit_light(self) -> None:
        """3.9 «Перевязочный комплект», 4.4: one use either stops a bleeding or removes one Light
        wound, never both."""
        s = self.state
        if self.dead_noop():
            return
        if not s.wounds[LIGHT]:
            self.add("bleeding.kit_light", "Лёгких ранений нет — комплекту снимать нечего.")
            return
        s.wounds[LIGHT] -= 1
        self.add(
            "bleeding.kit_light",
            "Перевязочный комплект (1 ОД): снято одно Лёгкое ранение"
            + ("; Кровотечение продолжается (одно применение — один эффект)." if s.bleeding else "."),
            "care",
        )

    def end_combat(self) -> None:
        s = self.state
        if self.dead_noop():
            return
        if not s.in_combat:
            self.add("wounds.combat_end", "Боя и так нет — без изменений.")
            return
        s.in_combat = False
        if s.has_critical:
            self.add(
                "wounds.combat_end",
                f"Бой окончен: отсчёт до смерти остановлен на {s.countdown or 0} из {s.countdown_rounds}. "
                "Персонаж остаётся "
                "с Критическим ранением и не может действовать, но от истечения раундов уже не погибает.",
                "countdown",
            )
        else:
            self.add("wounds.combat_end", "Бой окончен.")
        if s.bleeding:
            self.add(
                "bleeding.combat_end",
                "Кровотечение не прекращается: вне боя его останавливают проверкой Медицины "
                "(около 10 минут) или перевязочным комплектом.",
                "bleeding",
            )

    def start_combat(self) -> None:
        s = self.state
        if self.dead_noop():
            return
        if s.in_combat:
            self.add("wounds.combat_again", "Бой уже идёт — без изменений.")
            return
        s.in_combat = True
        if s.has_critical:
            self.add(
                "wounds.combat_again",
                "Новый бой до стабилизации: отсчёт до смерти возобновляется "
                f"с {s.countdown or 0} из {s.countdown_rounds}.",
                "countdown",
            )
        else:
            self.add("wounds.combat_again", "Новый бой.")
        if s.bleeding and not s.has_critical:
            self.add(
                "bleeding.combat_again",
                "Кровотечение не остановлено: снова одно Лёгкое ранение в конце каждого хода.",
                "bleeding",
            )

    def _rest_begins(self, rule: str, name: str) -> bool:
        """A rest is no part of a fight: one taken during a fight ends it first (3.9). False for
        a dead character, who rests no more."""
        if self.dead_noop():
            return False
        if self.state.in_combat:
            self.add(rule, f"{name} — вне боя: бой считается оконченным.")
            self.end_combat()
        return True

    def short_rest(self) -> None:
        """3.9: Light wounds heal after a rest «длительностью не менее 1 часа», which is no part
        of a fight: a rest taken during one ends it first, as «Конец боя» does."""
        s = self.state
        if not self._rest_begins("wounds.short_rest", "Короткий отдых"):
            return
        healed = s.wounds[LIGHT]
        s.wounds[LIGHT] = 0
        self.add(
            "wounds.short_rest",
            f"Короткий отдых (не меньше часа): Лёгкие ранения сняты ({healed}).",
            "care",
        )

    def long_rest(self) -> None:
        """3.9 «Лечение и восстановление»: a long rest heals Medium and Serious wounds (Light ones
        heal on the shorter rest it contains) and ends the «восстановление» after a stabilisation.
        A Critical wound is not healed by rest: it needs a stabilisation."""
        s = self.state
        if not self._rest_begins("wounds.long_rest", "Длительный привал"):
            return
        healed = s.wounds[LIGHT] + s.wounds[MEDIUM] + s.wounds[SERIOUS]
        s.wounds[LIGHT] = s.wounds[MEDIUM] = s.wounds[SERIOUS] = 0
        self.add(
            "wounds.long_rest",
            f"Длительный привал: Средние и Серьёзные ранения (и Лёгкие) сняты ({healed}).",
            "care",
        )
        if s.recovering:
            s.recovering = False
            self.add(
                "wounds.recovery", "Состояние «восстановления» (−2 ко всем проверкам) закончилось.", "care"
            )
        if s.has_critical:
            self.add(
                "wounds.long_rest",
                "Критическое ранение отдыхом не снимается: нужна стабилизация.",
                "critical",
            )
        if s.bleeding:
            self.add(
                "bleeding.combat_end",
                "Кровотечение отдых не останавливает: нужна проверка Медицины или перевязочный комплект.",
                "bleeding",
            )

    def reset(self) -> None:
        self.state = self.state.fresh()
        self.add("wounds.limits", "Начать заново: ранений нет, БЗ восстановлено до максимума.")


def parse_hit(raw: Mapping[str, Any], where: str) -> Hit:
    v = parse_fields(HIT_FIELDS, raw, f"{where}.")
    return Hit(
        damage=int(v["damage"]),
        attack_class=str(v["attack_class"]),
        armor_piercing=bool(v["armor_piercing"]),
        anaxion=bool(v["anaxion"]),
        special=bool(v["special"]),
        source=str(v["source"]),
        gas=bool(v["gas"]),
    )


_ACTION_KEYS = {
    "hit": {f.name for f in HIT_FIELDS.fields},
    "end_turn": set(),
    "stabilise": {"outcome", "kit", "self"},
    "stop_bleeding": {"outcome", "kit", "self", "out_of_combat"},
    "kit_light": set(),
    "short_rest": set(),
    "long_rest": set(),
    "end_combat": set(),
    "start_combat": set(),
    "reset": set(),
}


def apply(track: Track, raw_action: object, where: str) -> None:
    action = parse_object(raw_action, where)
    kind = Field("type", "Действие", "choice", None, choices=tuple(Choice(a, a) for a in ACTIONS)).parse(
        action.get("type"), f"{where}.type"
    )
    reject_unknown(action, _ACTION_KEYS[str(kind)] | {"type"}, f"{where}.")
    care = parse_fields(CARE_FIELDS, action, f"{where}.")
    outcome = care.get("outcome")
    if kind == "hit":
        track.hit(parse_hit(action, where))
    elif kind == "end_turn":
        track.end_turn()
    elif kind == "stabilise":
        if care["self"]:
            raise InputError(f"{where}.self", "критически раненый персонаж не может стабилизировать себя сам")
        if care["kit"]:
            raise InputError(
                f"{where}.kit", "стабилизация требует проверки Медицины против 1к6; комплект её не заменяет"
            )
        track.stabilise(None if outcome is None else str(outcome), where)
    elif kind == "stop_bleeding":
        track.stop_bleeding(
            None if outcome is None else str(outcome),
            bool(care["kit"]),
            bool(care["self"]),
            bool(care["out_of_combat"]) or not track.state.in_combat,
            where,
        )
    elif kind == "kit_light":
        track.kit_light()
    elif kind == "short_rest":
        track.short_rest()
    elif kind == "long_rest":
        track.long_rest()
    elif kind == "end_combat":
        track.end_combat()
    elif kind == "start_combat":
        track.start_combat()
    else:
        track.reset()


def compute(inputs: Mapping[str, Any]) -> dict[str, Any]:
    raw = parse_object(inputs, "input")
    reject_unknown(raw, {"character", "state", "actions"})
    if raw.get("state") is not None and raw.get("character") is not None:
        raise InputError("state", "укажите либо character, либо state, не оба")
    if raw.get("state") is not None:
        state = parse_state(raw["state"])
    else:
        state = character_state(parse_object(raw.get("character", {}), "character"))
    actions = raw.get("actions", [])
    if not isinstance(actions, list):
        raise InputError("actions", "нужен список действий")
    track = Track(state)
    for i, a in enumerate(actions):
        track.action = i
        apply(track, a, f"actions[{i}]")
    return {"calculator": "damage", "state": track.state.to_json(), "steps": track.steps.items}


CALCULATOR = Calculator(
    "damage",
    "Пошаговый расчёт ранений",
    (CHARACTER_FIELDS, HIT_FIELDS, CARE_FIELDS),
    READINGS,
    compute,
    uses_presets=True,
)
