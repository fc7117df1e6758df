"""The damage stepper's declared inputs: the character's fields, a hit's and a care action's.

Apart so the form the page renders reads in one place; the state and the actions parse their
input against these.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulebook.mechanics.base import Choice, Field, Group
from rulebook.mechanics.check import LABELS as CHECK_LABELS
from rulebook.mechanics.check import OUTCOMES as CHECK_OUTCOMES
from rulebook.mechanics.damage_tables import (
    ARMOR_NAMES,
    ATTACK_NAMES,
    BLAST_COVER,
    BLAST_ZONES,
    COUNTDOWN_ROUNDS,
    SOURCE_NAMES,
)


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
        Field(
            "damage",
            "Урон (после числовых модификаторов)",
            "int",
            3,
            minimum=-10,
            maximum=30,
            help="взрыв — его полный урон: зону, укрытие и нырок калькулятор учтёт сам",
        ),
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
        Field(
            "blast_zone",
            "Зона взрыва",
            "choice",
            "inner",
            choices=_choices(BLAST_ZONES),
            help="внутренняя — половина радиуса; только для взрывной атаки",
        ),
        Field(
            "blast_cover",
            "Укрытие между целью и взрывом",
            "choice",
            "none",
            choices=tuple(Choice(k, v[0]) for k, v in BLAST_COVER.items()),
            help="−1, −2 или −3 урона",
        ),
        Field("dove", "Упал или нырнул за укрытие (реакция на гранату)", "bool", False, help="−1 урон"),
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
