"""The character sheet's document: what a FATUM character is made of, and the export file.

`CHARACTER` declares every field (the fields of Приложение Г plus proficiency per weapon
category, Specialisations, character traits, Doctrines, aberrancy, scene resources and condition)
with its label, type, range and default. One declaration validates the engine's input, renders
the sheet's form at build time and, described as JSON, drives the page's own validator of
imported files (`assets/sheet-schema.js`). A file is `{"format", "book", "version",
"characters": [...]}`; `VERSION` changes whenever an old file would no longer read the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics import creation, presets
from rulebook.mechanics.base import Choice, Field, InputError, reject_unknown, shown
from rulebook.mechanics.creation import FIGHT, SCENE, SKILLS, TRAITS
from rulebook.mechanics.damage_tables import ARMOR_NAMES
from rulebook.mechanics.records import Record, Rows

FORMAT = "rulebook-character-sheet"
BOOK = "fatum"
VERSION = 1
MAX_LEVEL = 10


WEAPON_CATEGORIES = (
    *creation.PROFICIENCY,
    ("melee", "Ближний бой"),
    ("bow", "Лук"),
    ("crossbow", "Арбалет"),
    ("grenade", "Граната"),
    ("other", "Другое"),
)
MELEE_SKILLS = (
    ("either", "Акробатика или Физ. сила (большее)"),
    ("acrobatics", "Акробатика"),
    ("strength", "Физическая сила"),
)
FREQUENCIES = (("", "—"), (FIGHT, "1 раз за бой"), (SCENE, "1 раз за сцену"))
HUNGER = (("fed", "Сытый"), ("hungry", "Голодный"), ("exhausted", "Истощённый"))
SLEEP = (("rested", "Норма"), ("tired", "Не выспался"), ("sleepless", "Критическое недосыпание"))
ACTIONS = ("new_scene", "new_fight")


def _choices(pairs: tuple[tuple[str, str], ...] | dict[str, str]) -> tuple[Choice, ...]:
    items = pairs.items() if isinstance(pairs, dict) else pairs
    return tuple(Choice(k, v) for k, v in items)


def _int(name: str, label: str, default: int | None, lo: int, hi: int, help: str = "") -> Field:
    return Field(name, label, "int", default, minimum=lo, maximum=hi, help=help)


def _str(name: str, label: str, maximum: int, default: str = "") -> Field:
    return Field(name, label, "str", default, maximum=maximum)


def _bool(name: str, label: str) -> Field:
    return Field(name, label, "bool", False)


def _trait_record(kind: str, label: str) -> Record:
    return Record(
        kind, label, tuple(_int(t.key, t.name, 0, 0, t.maximum) for t in TRAITS.values() if t.kind == kind)
    )


# ---- the document --------------------------------------------------------------------------------
# what a specialisation and a doctrine both record: how often it may be used, whether it was, its effect
_USES = (
    Field("frequency", "Частота", "choice", "", choices=_choices(FREQUENCIES)),
    _bool("used", "Использована"),
    _str("note", "Эффект", 400),
)

CHARACTER = Record(
    "character",
    "Персонаж",
    (
        _str("id", "Идентификатор", 64),
        Record(
            "identity",
            "Имя, нация и происхождение",
            (
                _str("name", "Имя", 80),
                _str("player", "Игрок", 80),
                _str("species", "Вид", 60, "Человек"),
                _str("nation", "Нация", 60),
                _str("origin", "Путь происхождения", 80),
                _str("social_trace", "Социальный след", 400),
            ),
        ),
        Record(
            "progress",
            "Уровень и опыт",
            (_int("level", "Уровень", 1, 1, MAX_LEVEL), _int("xp", "Опыт", 0, 0, 99_999)),
        ),
        Record(
            "traits",
            "Черты",
            (
                _trait_record("nch", "Начальные черты (НЧ)"),
                _trait_record("och", "Основные черты (ОЧ)"),
                _trait_record("bch", "Бонусные черты (БЧ)"),
            ),
        ),
        Record(
            "skills",
            "Навыки",
            tuple(
                Record(
                    s.key,
                    s.name,
                    (
                        _bool("professional", "Профессиональный"),
                        _int("extra", "Прочие бонусы", 0, -10, 20),
                    ),
                )
                for s in SKILLS
            ),
        ),
        Record(
            "proficiency",
            "Владение оружием",
            tuple(_int(k, label, 0, 0, 6) for k, label in creation.PROFICIENCY),
        ),
        Record(
            "combat",
            "Боевые показатели",
            (
                _int("speed_extra", "Скорость: прочие бонусы, фт", 0, -30, 60),
                _int("morale_extra", "Мораль: иные бонусы", 0, -50, 100),
                _int("morale", "Мораль сейчас", None, 0, 300),
                _int("ammo", "ОБ сейчас", None, 0, 20),
                _int("initiative_extra", "Инициатива: прочие модификаторы", 0, -10, 10),
            ),
        ),
        Record(
            "wounds",
            "Ранения и здоровье",
            (
                _int("light", "Лёгкие ранения", 0, 0, 5),  # «Здоровый» 3 and a паллид's slot
                _int("medium", "Средние ранения", 0, 0, 2),
                _int("serious", "Серьёзные ранения", 0, 0, 2),  # «Крепкий» 6: one over the limit
                _int("critical", "Критическое ранение", 0, 0, 1),
                _bool("bleeding", "Кровотечение"),
                _int("countdown", "Отсчёт до смерти: прошло раундов", 0, 0, 4),
                _bool("recovering", "Восстановление после Критического (−2 ко всем проверкам)"),
                _str("traumas", "Травмы", 1000),
            ),
        ),
        Record(
            "armor",
            "Броня",
            (
                _str("model", "Модель", 80),
                _str("profile", "Профиль", 80),
                Field("armor", "Класс", "choice", "none", choices=_choices(ARMOR_NAMES)),
                _int("bz_max", "БЗ, максимум", 0, 0, 20),
                _int("bz", "БЗ, текущее", None, 0, 20),
                _int("speed", "Скорость в броне, фт", 0, -30, 0),
                _str("properties", "Особое свойство", 400),
            ),
        ),
        Rows(
            "weapons",
            "Оружие",
            Record(
                "weapon",
                "Оружие",
                (
                    _str("name", "Название", 80),
                    Field("category", "Тип", "choice", "pistols", choices=_choices(WEAPON_CATEGORIES)),
                    _str("hit_die", "Куб попадания", 20),
                    _int("threshold", "Порог", None, 0, 4),
                    _int("damage", "Урон", None, 0, 20),
                    _str("ap", "ОД", 20),
                    Field("skill", "Бонус ближнего боя", "choice", "either", choices=_choices(MELEE_SKILLS)),
                    _int("bonus", "Прочие бонусы к попаданию", 0, -10, 10),
                    _str("properties", "Свойства", 400),
                ),
            ),
            12,
        ),
        Rows(
            "abilities",
            "Способности",
            Record("ability", "Способность", (_str("name", "Название", 80), _str("text", "Описание", 600))),
            24,
        ),
        Rows(
            "specialisations",
            "Специализации",
            Record("specialisation", "Специализация", (_str("name", "Название", 80), *_USES)),
            6,
        ),
        Rows(
            "character_traits",
            "Черты характера",
            Record(
                "character_trait",
                "Черта характера",
                (_str("name", "Название", 80), _str("note", "Проявление, Опора, Срыв", 400)),
            ),
            6,
        ),
        Rows(
            "doctrines",
            "Доктрины",
            Record(
                "doctrine", "Доктрина", (_str("name", "Название", 80), _bool("core", "Стержневая"), *_USES)
            ),
            6,
        ),
        Record(
            "aberrancy",
            "Аберрантность",
            (
                _str("gift", "Дар", 80),
                _int("rank", "Ранг Дара (0 — нет)", 0, 0, 3),
                _int("strain", "Напряжение", 0, 0, 20),
                _str("note", "Психологический след и заметки", 600),
            ),
        ),
        Record(
            "resources",
            "Ресурсы сцены",
            (
                _int("fortune", "Фортуна сейчас", None, 0, 10),
                _int("coins", "Счастливые монеты", 0, 0, 99),
                _str("studied_target", "Изученная цель", 120),
                _bool("support_used", "Опора в этой сцене использована"),
                _bool("breakdown", "Срыв в этой сцене"),
            ),
        ),
        Record(
            "condition",
            "Голод и сон",
            (
                Field("hunger", "Голод", "choice", "fed", choices=_choices(HUNGER)),
                Field("sleep", "Сон", "choice", "rested", choices=_choices(SLEEP)),
            ),
        ),
        Record(
            "inventory",
            "Инвентарь",
            (
                _str("items", "Снаряжение", 4000),
                _int("supplies", "Припасы", 0, 0, 999),
                _int("credits", "Кредиты", 0, 0, 9_999_999),
            ),
        ),
        Rows("languages", "Языки", Record("language", "Язык", (_str("name", "Язык", 60),)), 16),
        _str("notes", "Заметки", 8000),
    ),
)


def parse_character(raw: object, path: str = "character") -> dict[str, Any]:
    """The validated character, every absent field at its default."""
    return CHARACTER.parse(raw, path)


def document(characters: list[Mapping[str, Any]]) -> dict[str, Any]:
    """An export file: the characters with the format, the book and the schema version."""
    return {"format": FORMAT, "book": BOOK, "version": VERSION, "characters": list(characters)}


def parse_document(raw: object) -> list[dict[str, Any]]:
    """The characters of an export file; InputError for a foreign, newer or broken one."""
    if not isinstance(raw, Mapping):
        raise InputError("file", "это не файл листа персонажа: нужен объект JSON")
    if raw.get("format") != FORMAT:
        raise InputError("format", f"это не файл листа персонажа (нужен format: {FORMAT})")
    if raw.get("book") != BOOK:
        raise InputError("book", f"лист другой книги ({shown(raw.get('book'))}), нужен {BOOK!r}")
    version = raw.get("version")
    if isinstance(version, float) and version.is_integer():
        version = int(version)  # JSON has one number type: 1.0 is 1, as in the page
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError("version", "нет номера версии")
    if version > VERSION:
        raise InputError(
            "version", f"файл версии {version} сделан более новым сайтом; здесь версия {VERSION}"
        )
    reject_unknown(raw, {"format", "book", "version", "exported", "characters"})
    chars = raw.get("characters")
    if not isinstance(chars, list) or not chars:
        raise InputError("characters", "нужен непустой список персонажей")
    if len(chars) > 50:
        raise InputError("characters", "не больше 50 персонажей в одном файле")
    return [parse_character(c, f"characters[{i}]") for i, c in enumerate(chars)]


# ---- chapter 4 presets as sheet rows ------------------------------------------------------------------
PRESET_CATEGORY = {
    "Пистолеты": "pistols",
    "Карабины": "carbines",
    "Снайперские винтовки": "rifles",
    "Дробовики": "shotguns",
    "Тяжёлое оружие": "heavy",
    "Оружие ближнего боя": "melee",
    "Гранаты": "grenade",
}


def weapon_row(w: presets.Weapon) -> dict[str, Any]:
    """A weapon row filled from a chapter 4 profile (valid under `CHARACTER`'s weapon record)."""
    category = PRESET_CATEGORY.get(w.group) or ("crossbow" if "crossbow" in w.key else "bow")
    return {
        "name": w.name,
        "category": category,
        "hit_die": "/".join(f"1к{n}" for n in w.hit_dice),
        "threshold": w.threshold,
        "damage": w.damage,
        "ap": w.ap,
        "skill": w.skill or "either",
        "bonus": 0,
        "properties": w.properties,
    }


def armor_record(a: presets.Armor) -> dict[str, Any]:
    """The armour record filled from a chapter 4 profile (the model is left to the player)."""
    return {
        "profile": a.name,
        "armor": a.armor,
        "bz_max": a.bz_max,
        "bz": a.bz_max,
        "speed": a.speed,
        "properties": a.properties,
    }


def sheet_presets() -> dict[str, Any]:
    """What the page's preset menus fill in, keyed by preset."""
    return {
        "weapons": [
            {"key": w.key, "group": w.group, "name": w.name, "row": weapon_row(w)} for w in presets.WEAPONS
        ],
        "armors": [{"key": a.key, "name": a.name, "record": armor_record(a)} for a in presets.ARMORS],
    }
