"""`check`: the FATUM check resolver (1.1 «Проверки», 1.2 «Преимущества и помехи», 1.3 «Помощь»).

(success die + player's bonuses) ≥ (difficulty die + GM's modifier) succeeds; equal faces on dice
of different sizes are critical whatever the totals; missing by 1-3 allows «успех на грани».
The exact probability of each outcome is found by enumerating every face (at most 12 × 12 × 12
cases), in Fractions, so the seven probabilities always sum to exactly 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from rulebook.mechanics.base import (
    Calculator,
    Choice,
    Field,
    Group,
    InputError,
    Reading,
    Steps,
    parse_object,
    percent,
    plural,
    reject_unknown,
)
from rulebook.mechanics.rules import url

LADDER = (4, 6, 8, 10, 12)
OUTCOMES = ("crit_success", "success", "edge1", "edge2", "edge3", "failure", "crit_failure")
LABELS = {
    "crit_success": "Критический успех",
    "success": "Успех",
    "edge1": "Успех на грани (не хватило 1): Лёгкое последствие",
    "edge2": "Успех на грани (не хватило 2): Серьёзное последствие",
    "edge3": "Успех на грани (не хватило 3): Тяжёлое последствие",
    "failure": "Провал",
    "crit_failure": "Критический провал",
}
OUTCOME_RULES = {
    "crit_success": "check.crit_success",
    "success": "check.formula",
    "edge1": "check.edge1",
    "edge2": "check.edge2",
    "edge3": "check.edge3",
    "failure": "check.formula",
    "crit_failure": "check.crit_failure",
}
TRAIT_DIE = {0: 4, 1: 6, 2: 6, 3: 8, 4: 8, 5: 10, 6: 10}
HELPERS_BONUS_CAP = 2


def die_label(size: int) -> str:
    return f"1к{size}"


def hit_die_steps(steps: Steps, die: int, advantage: bool, hindrance: bool, whose: str = "") -> None:
    """The step that says how the hit die is rolled under advantage or hindrance (3.1), for the
    ranged roll and the melee attacker alike; `whose` names the side («атакующего»)."""
    who = f" {whose}" if whose else ""
    if advantage and hindrance:
        steps.add("attack.advantage", f"Преимущество и помеха гасят друг друга: один {die_label(die)}.")
    elif advantage:
        steps.add("attack.advantage", f"Преимущество{who}: 2к{die}, берётся лучший.")
    elif hindrance:
        steps.add("attack.hindrance", f"Помеха{who}: 2к{die}, берётся худший.")


@dataclass(frozen=True)
class DifficultyRoll:
    """The difficulty die as rolled: one die, or two of which one is kept (ends of the ladder).
    `size` is the die's size for the critical rule, which two dice do not change."""

    size: int
    count: int = 1
    keep: str | None = None  # "lower" | "higher" when two dice are rolled

    @property
    def label(self) -> str:
        if self.count == 1:
            return die_label(self.size)
        kept = "меньший" if self.keep == "lower" else "больший"
        return f"2к{self.size}, оставить {kept}"

    def kept(self, first: int, second: int | None) -> int:
        if self.count == 1 or second is None:
            return first
        return min(first, second) if self.keep == "lower" else max(first, second)

    def face_counts(self) -> dict[int, int]:
        """How many of the size**count equally likely rolls keep each face (integers: exact
        and fast; the Fractions are made once, at the end)."""
        n = self.size
        if self.count == 1:
            return dict.fromkeys(range(1, n + 1), 1)
        counts: dict[int, int] = {}
        for a in range(1, n + 1):
            for b in range(1, n + 1):
                k = self.kept(a, b)
                counts[k] = counts.get(k, 0) + 1
        return counts


def trait_die(level: int, professional: bool) -> int:
    size = TRAIT_DIE[level]
    return step(size, +1) if professional else size


def step(size: int, steps: int) -> int:
    i = LADDER.index(size) + steps
    if not 0 <= i < len(LADDER):
        raise ValueError(f"no die {steps:+d} steps from 1к{size}")
    return LADDER[i]


def difficulty_roll(die: int, advantage: bool, hindrance: bool) -> DifficultyRoll:
    """Advantage steps the difficulty die down, hindrance up; together they cancel. At the ends
    of the ladder the book rolls two dice: judged from the player's side, advantage on 1к4 keeps
    the lower of 2к4 and hindrance on 1к12 keeps the higher of 2к12."""
    if advantage and not hindrance:
        return DifficultyRoll(4, 2, "lower") if die == 4 else DifficultyRoll(step(die, -1))
    if hindrance and not advantage:
        return DifficultyRoll(12, 2, "higher") if die == 12 else DifficultyRoll(step(die, +1))
    return DifficultyRoll(die)


def judge(
    success: int, difficulty: int, success_size: int, difficulty_size: int, bonus: int, modifier: int
) -> str:
    """The outcome of one roll (faces as rolled; `difficulty` is the kept face)."""
    if success == difficulty and success_size != difficulty_size:
        return "crit_success" if success_size > difficulty_size else "crit_failure"
    margin = (success + bonus) - (difficulty + modifier)
    if margin >= 0:
        return "success"
    if margin >= -3:
        return f"edge{-margin}"
    return "failure"


def distribution(success_size: int, roll: DifficultyRoll, bonus: int, modifier: int) -> dict[str, Fraction]:
    counts = dict.fromkeys(OUTCOMES, 0)
    faces = roll.face_counts()
    for s in range(1, success_size + 1):
        for d, n in faces.items():
            counts[judge(s, d, success_size, roll.size, bonus, modifier)] += n
    total = success_size * roll.size**roll.count
    return {k: Fraction(v, total) for k, v in counts.items()}


def group_success(p: Fraction, members: int, needed: int) -> Fraction:
    """P(at least `needed` of `members` independent checks succeed), each with probability p."""
    return sum(
        (Fraction(comb(members, k)) * p**k * (1 - p) ** (members - k) for k in range(needed, members + 1)),
        Fraction(0),
    )


# ---- declared inputs ---------------------------------------------------------------------------
DICE = tuple(Choice(n, die_label(n)) for n in LADDER)

CHECK_FIELDS = Group(
    "check",
    "Проверка",
    (
        Field("success_die", "Куб успеха", "choice", 6, choices=DICE),
        Field(
            "trait_level",
            "…или уровень Основной черты",
            "int",
            None,
            minimum=0,
            maximum=6,
            help="0 → 1к4, 1–2 → 1к6, 3–4 → 1к8, 5–6 → 1к10; заменяет куб успеха",
        ),
        Field(
            "professional",
            "Профессиональный навык (+1 порядок куба)",
            "bool",
            False,
            help="действует вместе с уровнем черты",
        ),
        Field("bonus", "Бонусы игрока", "int", 0, minimum=-20, maximum=30),
        Field("difficulty_die", "Куб сложности", "choice", 6, choices=DICE),
        # 1.1: «обычно +1...+5» — usually, so a larger one is the GM's to give
        Field("modifier", "Модификатор Мастера", "int", 0, minimum=0, maximum=12, help="обычно от +1 до +5"),
        Field("advantage", "Преимущество", "bool", False),
        Field("hindrance", "Помеха", "bool", False),
        Field("helpers", "Помощники", "int", 0, minimum=0, maximum=10),
        Field(
            "group_size",
            "Общая групповая проверка: участников",
            "int",
            0,
            minimum=0,
            maximum=12,
            help="0 — не групповая; у всех участников те же шансы",
        ),
    ),
)
ROLLED_FIELDS = Group(
    "rolled",
    "Выпавшие значения (необязательно)",
    (
        Field("success", "Куб успеха", "int", None, minimum=1, maximum=12),
        Field("difficulty", "Куб сложности", "int", None, minimum=1, maximum=12),
        Field("difficulty2", "Второй куб сложности", "int", None, minimum=1, maximum=12),
    ),
)

READINGS = (
    Reading(
        "Уровень черты → куб успеха: 0 → 1к4, 1–2 → 1к6, 3–4 → 1к8, 5–6 → 1к10; профессиональный навык "
        "повышает куб на один порядок (так достижим 1к12).",
        "check.success_die",
    ),
    Reading(
        "Ничья — в пользу игрока: успех, если (куб успеха + бонусы) ≥ (куб сложности + модификатор).",
        "check.formula",
    ),
    Reading(
        "Преимущество понижает куб сложности на шаг, помеха повышает; вместе они гасят друг друга; "
        "несколько преимуществ не складываются.",
        "check.advantage",
    ),
    Reading(
        "Концы шкалы читаются со стороны игрока: преимущество на 1к4 — бросить 2к4 и оставить меньший, "
        "помеха на 1к12 — бросить 2к12 и оставить больший; для критического результата куб "
        "остаётся 1к4 / 1к12.",
        "check.advantage_d4",
    ),
    Reading(
        "Критический результат — только при одинаковых значениях на кубах разного размера; он решает исход "
        "независимо от сумм. При равных размерах критических результатов нет.",
        "check.crit_dice_only",
    ),
    Reading(
        "Помощники: один или несколько дают преимущество один раз; каждый помощник после первого даёт +1, "
        "всего не больше +2.",
        "check.helpers_bonus",
    ),
)


def compute(inputs: Mapping[str, Any]) -> dict[str, Any]:
    raw = parse_object(inputs, "input")
    reject_unknown(raw, {f.name for f in CHECK_FIELDS.fields} | {"rolled"})
    v = {f.name: f.parse(raw[f.name]) for f in CHECK_FIELDS.fields if raw.get(f.name) is not None}
    steps = Steps()

    # the success die: given, or from the trait level (+1 step if professional)
    if "trait_level" in v:
        if "success_die" in v:
            raise InputError("success_die", "укажите либо куб успеха, либо уровень черты, не оба")
        level = int(v["trait_level"])
        professional = bool(v.get("professional", False))
        base = TRAIT_DIE[level]
        success_size = trait_die(level, professional)
        steps.add("check.success_die", f"Уровень черты {level} → куб успеха {die_label(base)}.")
        if professional:
            steps.add(
                "check.professional",
                f"Профессиональный навык: куб успеха на порядок выше — {die_label(success_size)}.",
            )
    else:
        if v.get("professional"):
            raise InputError(
                "professional", "профессиональный навык уточняет уровень черты; укажите trait_level"
            )
        success_size = int(v.get("success_die", CHECK_FIELDS.field("success_die").default))  # type: ignore[arg-type]
        steps.add("check.success_die", f"Куб успеха {die_label(success_size)}.")

    bonus = int(v.get("bonus", 0))
    helpers = int(v.get("helpers", 0))
    if helpers and int(v.get("group_size", 0)):
        # 1.3: «Мастер выбирает один из двух вариантов: помощь ведущему персонажу или общую
        # групповую проверку» — never both
        raise InputError(
            "group_size", "помощь ведущему и общая групповая проверка — два разных варианта, выберите один"
        )
    helpers_bonus = min(max(helpers - 1, 0), HELPERS_BONUS_CAP)
    advantage = bool(v.get("advantage", False))
    hindrance = bool(v.get("hindrance", False))
    if helpers:
        steps.add(
            "check.helpers",
            f"Помощников: {helpers} — ведущий получает преимущество"
            + (" (один раз, сколько бы ни было помощников)." if helpers > 1 or advantage else "."),
        )
        if helpers > 1:
            capped = " (предел +2)" if helpers - 1 > HELPERS_BONUS_CAP else ""
            steps.add("check.helpers_bonus", f"Дополнительные помощники: +{helpers_bonus} к бонусу{capped}.")
        advantage = True
    total_bonus = bonus + helpers_bonus
    steps.add("check.formula", f"Бонусы игрока: {total_bonus:+d}.")

    difficulty_die = int(v.get("difficulty_die", 6))
    modifier = int(v.get("modifier", 0))
    roll = difficulty_roll(difficulty_die, advantage, hindrance)
    base_text = f"Куб сложности {die_label(difficulty_die)}"
    if advantage and hindrance:
        steps.add("check.advantage", f"{base_text}: преимущество и помеха гасят друг друга.")
    elif advantage:
        rule = "check.advantage_d4" if roll.count == 2 else "check.advantage"
        steps.add(rule, f"{base_text}, преимущество: {roll.label}.")
    elif hindrance:
        rule = "check.hindrance_d12" if roll.count == 2 else "check.advantage"
        steps.add(rule, f"{base_text}, помеха: {roll.label}.")
    else:
        steps.add("check.difficulty_die", f"{base_text}.")
    if modifier:
        steps.add("check.modifier", f"Модификатор Мастера: +{modifier}.")

    if success_size == roll.size:
        steps.add(
            "check.crit_equal",
            f"Порядки кубов равны ({die_label(success_size)}): одинаковые значения не дают "
            "критического результата.",
        )
    else:
        who = "критический успех" if success_size > roll.size else "критический провал"
        steps.add(
            "check.crit",
            f"Порядки кубов различаются ({die_label(success_size)} и {die_label(roll.size)}): "
            f"одинаковые значения дают {who}, какими бы ни были суммы.",
        )

    probs = distribution(success_size, roll, total_bonus, modifier)
    p_success = probs["crit_success"] + probs["success"]
    p_edge = probs["edge1"] + probs["edge2"] + probs["edge3"]
    out: dict[str, Any] = {
        "calculator": "check",
        "effective": {
            "success_die": success_size,
            "success_label": die_label(success_size),
            "difficulty_die": roll.size,
            "difficulty_dice": roll.count,
            "difficulty_keep": roll.keep,
            "difficulty_label": roll.label,
            "bonus": total_bonus,
            "helpers_bonus": helpers_bonus,
            "modifier": modifier,
            "advantage": advantage and not hindrance,
            "hindrance": hindrance and not advantage,
        },
        "steps": steps.items,
        "probabilities": probs,
        "outcomes": [
            {
                "key": k,
                "label": LABELS[k],
                "probability": probs[k],
                "percent": percent(probs[k]),
                "rule": url(OUTCOME_RULES[k]),
            }
            for k in OUTCOMES
        ],
        "p_success": p_success,
        "p_success_or_edge": p_success + p_edge,
    }
    group = int(v.get("group_size", 0))
    if group:
        needed = -(-group // 2)
        p_group = group_success(p_success, group, needed)
        # 1.1: a near-miss success is a success with a consequence, each player's to take
        p_group_edge = group_success(p_success + p_edge, group, needed)
        steps.add(
            "check.group",
            f"Групповая проверка: {plural(group, 'участник', 'участника', 'участников')}, "
            f"нужно успехов — не меньше {needed} "
            f"(половина, округлённая вверх); вероятность {percent(p_group)}, "
            f"а если участники идут на успех на грани — {percent(p_group_edge)}.",
        )
        out["group"] = {
            "members": group,
            "needed": needed,
            "p_success": p_group,
            "p_success_or_edge": p_group_edge,
        }
    if raw.get("rolled") is not None:
        out.update(_resolve(raw["rolled"], success_size, roll, total_bonus, modifier))
    return out


def _resolve(
    rolled_raw: object, success_size: int, roll: DifficultyRoll, bonus: int, modifier: int
) -> dict[str, Any]:
    rolled = parse_object(rolled_raw, "rolled")
    reject_unknown(rolled, {"success", "difficulty", "difficulty2"}, "rolled.")
    faces: dict[str, int] = {}
    for name, size in (("success", success_size), ("difficulty", roll.size), ("difficulty2", roll.size)):
        if rolled.get(name) is None:
            continue
        f = ROLLED_FIELDS.field(name)
        faces[name] = int(Field(f.name, f.label, "int", None, 1, size).parse(rolled[name], f"rolled.{name}"))
    for name in ("success", "difficulty"):
        if name not in faces:
            raise InputError(f"rolled.{name}", "нужно выпавшее значение")
    if roll.count == 2 and "difficulty2" not in faces:
        raise InputError("rolled.difficulty2", f"бросаются два куба ({roll.label}): нужно второе значение")
    if roll.count == 1 and "difficulty2" in faces:
        raise InputError("rolled.difficulty2", "бросается один куб сложности")
    d = roll.kept(faces["difficulty"], faces.get("difficulty2"))
    s = faces["success"]
    outcome = judge(s, d, success_size, roll.size, bonus, modifier)
    steps = Steps()
    if roll.count == 2:
        steps.add(
            "check.advantage_d4" if roll.keep == "lower" else "check.hindrance_d12",
            f"Куб сложности: {faces['difficulty']} и {faces['difficulty2']}, остаётся {d}.",
        )
    if outcome.startswith("crit"):
        steps.add(
            OUTCOME_RULES[outcome],
            f"На кубах одинаковое значение {s}, а {die_label(max(success_size, roll.size))} больше: "
            f"{LABELS[outcome].lower()}.",
        )
    else:
        player, gm = s + bonus, d + modifier
        relation = "≥" if player >= gm else "<"
        steps.add(
            OUTCOME_RULES[outcome],
            f"Игрок: {s} {bonus:+d} = {player}; Мастер: {d} + {modifier} = {gm}; "
            f"{player} {relation} {gm}: {LABELS[outcome][0].lower()}{LABELS[outcome][1:]}.",
        )
        if outcome.startswith("edge"):
            steps.add("check.edge_choice", "Брать ли успех на грани, решает игрок.")
    return {"outcome": outcome, "outcome_label": LABELS[outcome], "roll_steps": steps.items}


CALCULATOR = Calculator("check", "Проверка навыка", (CHECK_FIELDS, ROLLED_FIELDS), READINGS, compute)
