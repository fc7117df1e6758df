"""The tables of 3.4 and 3.9 in numbers: wounds by damage, wound slots, what each armour class
covers and by how many steps, the names of attacks and damage sources.

Apart from the stepper because the character sheet and its document use them too, and need none
of the stepper.
"""

from __future__ import annotations

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


# 3.6 «Укрытия и взрывы»: the damage a cover between the target and the blast takes off
BLAST_COVER = {
    "none": ("нет укрытия", 0),
    "light": ("лёгкое укрытие", 1),
    "strong": ("крепкое укрытие", 2),
    "full": ("полное или укреплённое укрытие", 3),
}
BLAST_ZONES = {"inner": "внутренняя (полный урон)", "outer": "внешняя (урон вдвое меньше)"}
DIVE = 1  # 3.6 «Реакция на гранату»: «получает -1 урон от взрыва»


BLEEDING_SOURCES = frozenset({"firearm", "cutting", "projectile", "fragments", "natural"})
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
