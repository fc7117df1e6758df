"""The by-level numbers of the progression table (ОД, ОЧ and БЧ points, the ОЧ cap, XP, credits) and
the other small per-level rules the sheet applies.

Pure functions of a level or a trait's level, apart from the sheet's derivation so each can be
read against its table.
"""

from __future__ import annotations

from rulebook.mechanics.creation import TRAITS
from rulebook.mechanics.sheet_schema import MAX_LEVEL

AP_BY_LEVEL = ((4, 3), (9, 4), (10, 5))  # (up to level, ОД per round), 1.4
OCH_CAP = ((2, 3), (5, 4), (8, 5), (10, 6))  # (up to level, max ОЧ level), 2.3
BRAVE_BONUS = (10, 15, 20)  # what each level of «Храбрый» adds; they stack (Шаг 2)
PROFESSIONAL_LEVELS = (3, 5, 9)  # a new professional skill at these levels (Шаг 3)


def _by_level(table: tuple[tuple[int, int], ...], level: int) -> int:
    return next(v for top, v in table if level <= top)


def action_points(level: int) -> int:
    """1.4: 3 ОД at levels 1–4, 4 at 5–9, 5 at 10."""
    return _by_level(AP_BY_LEVEL, level)


def och_cap(level: int) -> int:
    """2.3: the highest level one ОЧ may have at this character level."""
    return _by_level(OCH_CAP, level)


def och_points(level: int) -> int:
    """Таблица прогрессии: 3 at level 1, +2 at level 2, +1 at every later level."""
    return 3 + (2 if level >= 2 else 0) + max(0, level - 2)


def bch_points(level: int) -> int:
    """Таблица прогрессии: 2 at level 1, +1 at every later level."""
    return 2 + (level - 1)


def professional_allowed(level: int) -> int:
    return 3 + sum(1 for lv in PROFESSIONAL_LEVELS if lv <= level)


def xp_for_level(level: int) -> int:
    """Таблица прогрессии: level 2 at 100 XP, 3 at 200, … 10 at 900."""
    return 100 * (level - 1)


def level_for_xp(xp: int) -> int:
    return min(MAX_LEVEL, xp // 100 + 1)


def starting_credits(level: int) -> int:
    return 600 + 200 * (level - 1)


def trait_check_bonus(trait: str, level: int) -> int:
    """The ОЧ tables: «+1 к проверкам <характеристики>» at levels 2, 4 and 5."""
    return sum(1 for lv in TRAITS[trait].check_levels if lv <= level)


def proficiency_points(trait: str, level: int) -> int:
    """How many «+1 владения оружием» the ОЧ has given up to this level."""
    return sum(1 for lv in TRAITS[trait].proficiency_levels if lv <= level)


def brave_bonus(level: int) -> int:
    return sum(BRAVE_BONUS[:level])


def fortune_per_scene(lucky: int) -> int:
    """«Удачливый»: 1 Фортуна at the start of a scene from level 1, 2 from level 4."""
    return 0 if lucky <= 0 else 2 if lucky >= 4 else 1


def countdown_rounds(tough: int) -> int:
    """3 rounds to death with a Critical wound; «Крепкий» 5 makes it 4."""
    return 4 if tough >= 5 else 3


def extra_languages(erudition: int) -> int:
    """Шаг 8: half of Эрудиция rounded up, none for Эрудиция 0 or 1."""
    return 0 if erudition < 2 else -(-erudition // 2)
