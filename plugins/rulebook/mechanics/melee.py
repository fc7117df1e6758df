"""The attack roll's melee mode: 3.11's opposed roll («встречный бросок»).

The attacker rolls the hit die of his melee profile (4.5) and adds its bonus (Акробатика, Физическая
сила or the better of the two), the defender the same with his own profile or the unarmed one. The
higher result wins: the attacker's deals damage, a tie deals none, the defender's opens the attacker
to a counter-strike («Встречный удар», 1 ОД, no hit roll). A declared Block cancels the damage of the
next melee attack, a counter-strike included. No threshold, no proficiency, no Меткость. The rows'
own properties that change the roll (Быстрое, Удержание дистанции, Оглушение, Громоздкое) are read
off their text (`weapon_traits`). Standard library only: this runs in Pyodide too.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rulebook.mechanics.base import Choice, Field, Group, InputError, Reading, Steps, percent
from rulebook.mechanics.check import die_label, hit_die_steps
from rulebook.mechanics.presets import WEAPONS, Weapon
from rulebook.mechanics.rules import url
from rulebook.mechanics.weapon_traits import MELEE_CONDITIONS, counter_cost, melee_traits, stun_penalty

MELEE_GROUP = "Оружие ближнего боя"
MELEE_WEAPONS: dict[str, Weapon] = {w.key: w for w in WEAPONS if w.group == MELEE_GROUP}
MELEE_FT = 10  # 3.11: «дистанция до противника составляет 10 футов или меньше»
COUNTER_COST = 1  # 3.11: «Встречный удар стоит 1 ОД»
# 4.5 «Дробящее оружие»: the only row whose hit marks the target's next opposed roll
STUNNING = next(w for w in MELEE_WEAPONS.values() if stun_penalty(w.properties) is not None)
SKILLS = {"acrobatics": "Акробатика", "strength": "Физическая сила"}

# the attacker's fields only melee has (the attack roll's attacker group holds them)
ATTACKER_FIELDS = (
    Field("attacker_acrobatics", "Акробатика атакующего (ближний бой)", "int", 0, minimum=-5, maximum=20),
    Field(
        "charged",
        "Атакующий в этот ход применил Натиск",
        "bool",
        False,
        help="Древковое оружие защитника: +1 к его встречному броску",
    ),
    Field(
        "stunned",
        "Атакующий оглушён",
        "bool",
        False,
        help="Дробящее оружие: −1 к следующему встречному броску",
    ),
    Field(
        "attacker_block",
        "Атакующий заявил Блок",
        "bool",
        False,
        help="Встречный удар по нему не наносит урона",
    ),
)
DEFENDER = Group(
    "defender",
    "Защитник в ближнем бою",
    (
        Field(
            "defender_weapon",
            "Оружие защитника (4.5)",
            "choice",
            "unarmed",
            choices=tuple(Choice(k, w.name) for k, w in MELEE_WEAPONS.items()),
        ),
        Field("defender_strength", "Физическая сила защитника", "int", 0, minimum=-5, maximum=20),
        Field("defender_bonus", "Прочие бонусы защитника", "int", 0, minimum=-10, maximum=10),
        Field(
            "defender_stunned",
            "Защитник оглушён",
            "bool",
            False,
            help="Дробящее оружие: −1 к следующему встречному броску",
        ),
        Field(
            "defender_block",
            "Защитник заявил Блок",
            "bool",
            False,
            help="урон от попадания не наносится",
        ),
        Field(
            "defender_ap",
            "ОД защитника в ближайшем ходу",
            "int",
            None,
            minimum=0,
            maximum=20,
            help="на Встречный удар нужно 1 ОД (Громоздкое — 2)",
        ),
    ),
)
MELEE_ONLY = {f.name for f in ATTACKER_FIELDS} | {f.name for f in DEFENDER.fields}

READINGS = (
    Reading(
        "Ближний бой — встречный бросок: куб профиля атакующего + его бонус против куба профиля "
        "защитника (или безоружного боя) + его бонус; больший результат побеждает, равные — ничья. "
        "Бонус «Акробатика или Физ. сила» выбирает игрок: калькулятор берёт больший. Акробатика "
        "защитника — поле «Акробатика цели». Порог, владение и Меткость не участвуют.",
        "melee.opposed",
    ),
    Reading(
        "Свойства профилей 4.5, меняющие бросок, читаются из строки: Быстрое (+1 защищающемуся), "
        "Удержание дистанции (+1 защищающемуся против атакующего, применившего Натиск в этот ход; "
        "атакующему не даёт — в его ход защитник Натиск не применял), Оглушение (−1 к следующему "
        "встречному броску оглушённого). Громоздкое: Встречный удар стоит 2 ОД, и без 2 ОД в "
        "ближайшем ходу защитник его не совершит — в отрицательные ОД уходить нельзя.",
        "melee.counter_no_ap",
    ),
    Reading(
        "Блок защитника отменяет урон попадания, Блок атакующего — урон Встречного удара; "
        "вероятностей исходов броска Блок не меняет. Преимущество и помеха атакующего действуют "
        "на его куб, как при любой атаке.",
        "melee.block_counter",
    ),
)


def opposed(
    die_a: int, mod_a: int, die_d: int, mod_d: int, advantage: bool = False, hindrance: bool = False
) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker higher, equal, defender higher), exact: every face of the attacker's die (two
    dice and the better or the worse kept, advantage and hindrance cancelling) against every face
    of the defender's."""
    two = advantage != hindrance
    keep = max if advantage else min
    kept = (
        [keep(x, y) for x in range(1, die_a + 1) for y in range(1, die_a + 1)]
        if two
        else list(range(1, die_a + 1))
    )
    win = tie = 0
    for k in kept:
        for f in range(1, die_d + 1):
            a, d = k + mod_a, f + mod_d
            win += a > d
            tie += a == d
    total = len(kept) * die_d
    return Fraction(win, total), Fraction(tie, total), Fraction(total - win - tie, total)


def _skill(weapon: Weapon, acrobatics: int, strength: int, who: str, steps: Steps) -> int:
    """The profile's «Бонус» column: Акробатика, Физическая сила, or either, the better taken."""
    if weapon.skill == "either":
        best = max(acrobatics, strength)
        steps.add(
            "melee.bonus",
            f"{who}, {weapon.name}: бонус на выбор — Акробатика {acrobatics:+d} или Физическая сила "
            f"{strength:+d}, берётся больший: {best:+d}.",
        )
        return best
    value = acrobatics if weapon.skill == "acrobatics" else strength
    steps.add(weapon.rule, f"{who}, {weapon.name}: бонус — {SKILLS[weapon.skill]} {value:+d}.")
    return value


def _traits(weapon: Weapon, held: Mapping[str, bool], who: str, total: int, steps: Steps) -> int:
    """The row's «±N к встречному броску» whose conditions hold, added to its holder's modifier."""
    for trait in melee_traits(weapon.properties):
        if not all(held[c] for c in trait.conditions):
            steps.add(None, f"{who}, {weapon.name}: «{trait.text}» — условие не выполнено, не учтено.")
            continue
        total += trait.value
        why = ", ".join(MELEE_CONDITIONS[c][1] for c in trait.conditions)
        steps.add(
            weapon.rule,
            f"{who}, {weapon.name}: {trait.value:+d} к встречному броску ({why}), итого {total:+d}.",
        )
    return total


def _stun(stunned: bool, who: str, total: int, steps: Steps) -> int:
    if not stunned:
        return total
    total += stun_penalty(STUNNING.properties) or 0
    steps.add(STUNNING.rule, f"{who} оглушён ({STUNNING.name}): итого {total:+d}.")
    return total


def _row(key: str, name: str) -> Weapon:
    weapon = MELEE_WEAPONS.get(key)
    if weapon is None:
        raise InputError(name, "для ближнего боя нужен профиль из таблицы 4.5 (или «Безоружный бой»)")
    return weapon


def compute(
    raw: Mapping[str, Any], a: Mapping[str, Any], t: Mapping[str, Any], d: Mapping[str, Any]
) -> dict[str, Any]:
    """The melee mode of the attack roll: `a`, `t`, `d` are the parsed attacker, target and
    defender groups (the target's Акробатика is the defender's), `raw` the input as given."""
    steps = Steps()
    weapon = _row(str(a["weapon"]), "weapon")
    guard = _row(str(d["defender_weapon"]), "defender_weapon")
    die_a, die_d = weapon.hit_dice[0], guard.hit_dice[0]
    if raw.get("hit_die") is not None and (given := int(a["hit_die"])) != die_a:
        raise InputError(
            "hit_die", f"у профиля «{weapon.name}» куб попадания {die_label(die_a)}, а не {die_label(given)}"
        )
    if t.get("distance") is not None:
        feet = int(t["distance"])
        if feet > MELEE_FT:
            raise InputError("distance", f"ближний бой — на {MELEE_FT} футах или ближе, а противник в {feet}")
        steps.add("melee.distance", f"Противник в {feet} футах: ближний бой возможен.")

    steps.add(
        "melee.opposed",
        "Встречный бросок: атакующий и защитник бросают кубы попадания своих профилей, "
        "больший результат побеждает.",
    )
    steps.add("melee.attacker_die", f"Атакующий бросает {die_label(die_a)} ({weapon.name}).")
    steps.add("melee.defender_die", f"Защитник бросает {die_label(die_d)} ({guard.name}).")
    mod_a = _skill(weapon, int(a["attacker_acrobatics"]), int(a["strength"]), "Атакующий", steps)
    mod_a = _traits(weapon, {"defending": False, "opponent_charged": False}, "Атакующий", mod_a, steps)
    mod_a = _stun(bool(a["stunned"]), "Атакующий", mod_a, steps)
    if bonus := int(a["bonus"]):
        mod_a += bonus
        steps.add(None, f"Прочие бонусы атакующего {bonus:+d}: итого {mod_a:+d}.")

    mod_d = _skill(guard, int(t["acrobatics"]), int(d["defender_strength"]), "Защитник", steps)
    held = {"defending": True, "opponent_charged": bool(a["charged"])}
    mod_d = _traits(guard, held, "Защитник", mod_d, steps)
    mod_d = _stun(bool(d["defender_stunned"]), "Защитник", mod_d, steps)
    if bonus := int(d["defender_bonus"]):
        mod_d += bonus
        steps.add(None, f"Прочие бонусы защитника {bonus:+d}: итого {mod_d:+d}.")

    advantage, hindrance = bool(a["advantage"]), bool(a["hindrance"])
    hit_die_steps(steps, die_a, advantage, hindrance, "атакующего")
    win, tie, lose = opposed(die_a, mod_a, die_d, mod_d, advantage, hindrance)
    steps.add(
        "melee.hit",
        f"{die_label(die_a)} {mod_a:+d} против {die_label(die_d)} {mod_d:+d}: "
        f"атакующий выше — {win} ({percent(win)}), равны — {tie}, защитник выше — {lose}.",
    )

    hit_label = f"Попадание: урон {weapon.damage} защитнику"
    if d["defender_block"]:
        hit_label = "Попадание, но урон отменён Блоком защитника"
        steps.add("melee.block", "Защитник заявил Блок: урон этой атаки ближнего боя не наносится.")
    cost = counter_cost(guard.properties)
    if cost is not None:
        steps.add(guard.rule, f"{guard.name}: Встречный удар стоит {cost} ОД вместо {COUNTER_COST}.")
    else:
        cost = COUNTER_COST
        steps.add("melee.counter_cost", f"Встречный удар стоит {cost} ОД.")
    ap = d.get("defender_ap")
    counter: bool | None = True if ap is None else int(ap) >= cost
    if not counter:
        counter_label = f"Защитник выше: промах; на Встречный удар нет {cost} ОД"
        steps.add(
            "melee.counter_no_ap",
            f"У защитника в ближайшем ходу {ap} ОД, а Встречный удар стоит {cost}: его не будет.",
        )
    elif a["attacker_block"]:
        counter_label = "Защитник выше: промах; урон Встречного удара отменён Блоком атакующего"
        steps.add("melee.block_counter", "Атакующий заявил Блок: урон Встречного удара по нему не наносится.")
    else:
        counter_label = f"Защитник выше: промах и Встречный удар (урон {guard.damage}, {cost} ОД)"
        steps.add(
            "melee.counter",
            f"Выиграв, защитник может сразу ударить ({guard.name}, урон {guard.damage}) "
            "без броска попадания.",
        )
    outcomes = [
        ("hit", hit_label, win, "melee.hit"),
        ("tie", "Ничья: никто не наносит урона", tie, "melee.tie"),
        ("counter", counter_label, lose, "melee.defender_wins"),
    ]
    return {
        "calculator": "attack",
        "mode": "melee",
        "mz": None,
        "hit_modifier": mod_a,
        "defender_modifier": mod_d,
        "p_hit": win,
        "p_tie": tie,
        "p_counter": lose,
        "counter_strike": counter and not a["attacker_block"],
        "outcomes": [
            {"key": k, "label": label, "probability": p, "percent": percent(p), "rule": url(rule)}
            for k, label, p, rule in outcomes
        ],
        "steps": steps.items,
    }
