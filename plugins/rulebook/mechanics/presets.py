"""Chapter 4's weapon and armour profiles, as the stepper and the attack roll need them.

The «Тег» column gives firearms their damage class. Melee weapons (4.5), bows and crossbows (4.6)
and grenades (4.3) have none; for them the preset states the class it assumes (`assumed`), by
one rule: by damage, as firearms of the same damage mostly are — 1–2 light, 3 medium, 4 heavy —
unarmed blows are weak attacks, grenades are explosive. Smoke and gas grenades without a damage
number (Vaporize, Fogmire-5) are not presets: there is nothing to step.

Every preset cites its table row (`rule`, a key of `rules.RULES`).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from rulebook.mechanics.rules import url

BY_DAMAGE = "Класс по урону (в книге не указан): 1–2 — лёгкое, 3 — среднее, 4 — тяжёлое."
# 4.6, 4.1 modules: «атака игнорирует 1 МЗ укрытия», read off the row's own text
COVER_IGNORED = re.compile(r"игнорирует (\d+) МЗ укрытия")
ANAXION = (
    "Атаки анаксионного оружия считаются анаксионными: броня защищает, только если применима против них."
)


class _Preset:
    """What a weapon and an armour share: a key into `rules.RULES` (`preset.<key>`, its table row)
    and a JSON description for the page (its fields, plus `rule`, the row's URL)."""

    key: str

    @property
    def rule(self) -> str:
        return f"preset.{self.key}"

    def describe(self) -> dict[str, Any]:
        fields = asdict(self)  # type: ignore[call-overload]  # the subclasses are dataclasses
        return {**fields, **self._derived(), "rule": url(self.rule)}

    def _derived(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class Weapon(_Preset):
    key: str
    name: str
    group: str
    hit_dice: tuple[int, ...]  # normal (and aimed / close-range) hit die
    threshold: int | None  # None: the profile has no threshold (melee, grenades, bows)
    damage: int
    attack_class: str
    source: str
    properties: str
    armor_piercing: bool = False
    anaxion: bool = False
    special: bool = False
    gas: bool = False  # «Газовая» grenades: a gas mask or a heavy exoskeleton stops their damage
    assumed: str | None = None
    hit_note: str | None = None
    ap: str = ""  # the ОД column («1 + 1»: draw and shot); grenades: a throw costs 1 ОД (3.6)
    skill: str = ""  # melee «Бонус» column: "acrobatics" | "strength" | "either"
    range_ft: int | None = None  # the «Дальность» column; None: melee, grenades (thrown, 3.6)

    def _derived(self) -> dict[str, Any]:
        return {
            "hit_die": self.hit_dice[0] if self.hit_dice else None,
            "hit_dice": list(self.hit_dice),
            # 3.3: a weapon of the heavy weapons' table (4.1.5) does double damage to cover
            "heavy_weapon": self.group == H,
            "cover_ignored": self.cover_ignored,
            # 4.6: bows and crossbows have their own hit bonus, no threshold (the attack roll's
            # `weapon_kind`)
            "weapon_kind": ("crossbow" if "арбалет" in self.name.lower() else "bow")
            if self.group == B
            else "threshold",
        }

    @property
    def cover_ignored(self) -> int:
        """The МЗ of cover the row says its attack ignores (the hunting bow, the heavy crossbow)."""
        found = COVER_IGNORED.search(self.properties)
        return int(found.group(1)) if found else 0


@dataclass(frozen=True)
class Armor(_Preset):
    key: str
    name: str
    armor: str
    bz_max: int
    properties: str
    armor_vs_anaxion: bool = False  # named as the stepper's character fields they fill in
    armor_blast_reduction: bool = False
    gas_immune: bool = False
    speed: int = 0  # «Громоздкий»: feet of Скорость lost while worn


PISTOL_DIE = "Пистолеты: обычный выстрел (1 ОД) / прицельный (2 ОД)."
P, C, R, S, H, M, G, B = (
    "Пистолеты",
    "Карабины",
    "Снайперские винтовки",
    "Дробовики",
    "Тяжёлое оружие",
    "Оружие ближнего боя",
    "Гранаты",
    "Луки и арбалеты",
)

WEAPONS: tuple[Weapon, ...] = (
    Weapon("pocket_pistol", "Карманный пистолет", P, (4, 6), 1, 1, "light", "firearm",
           "+2 к проверкам Скрытности, чтобы спрятать или пронести оружие.", hit_note=PISTOL_DIE, ap="1",
           range_ft=50),
    Weapon("medium_pistol", "Средний пистолет", P, (4, 6), 1, 2, "light", "firearm",
           "Простое и надёжное оружие.", hit_note=PISTOL_DIE, ap="1", range_ft=100),
    Weapon("heavy_pistol", "Тяжёлый пистолет", P, (4, 6), 2, 3, "medium", "firearm",
           "На дальней дистанции получает −1 к попаданию.", hit_note=PISTOL_DIE, ap="1", range_ft=80),
    Weapon("revolver", "Револьвер", P, (6, 8), 2, 2, "light", "firearm",
           "При атаке по цели без укрытия получает +1 к попаданию.", hit_note=PISTOL_DIE, ap="1",
           range_ft=80),
    Weapon("heavy_revolver", "Тяжёлый револьвер", P, (6, 8), 3, 3, "medium", "firearm",
           "При критическом успехе урон +1.", hit_note=PISTOL_DIE, ap="1", range_ft=80),
    Weapon("anaxion_pistol", "Анаксионный пистолет", P, (4, 6), 3, 2, "medium", "anaxion",
           "При попадании цель теряет 1к4 морали.", anaxion=True, assumed=ANAXION, hit_note=PISTOL_DIE,
           ap="1", range_ft=100),
    Weapon("light_carbine", "Лёгкий карабин", C, (6,), 1, 2, "medium", "firearm",
           "Простое универсальное оружие без сильной специализации.", ap="2", range_ft=150),
    Weapon("army_carbine", "Армейский карабин", C, (6,), 2, 3, "medium", "firearm",
           "Стандартное боевое оружие.", ap="2", range_ft=200),
    Weapon("assault_carbine", "Штурмовой карабин", C, (6,), 2, 3, "medium", "firearm",
           "На дистанции 0–10 футов получает +1 к попаданию.", ap="2", range_ft=120),
    Weapon("automatic_carbine", "Автоматический карабин", C, (6,), 3, 2, "medium", "firearm",
           "При действии «Подавление» цель дополнительно получает −1 к попаданию до начала своего "
           "следующего хода.", ap="2", range_ft=150),
    Weapon("precise_carbine", "Точный карабин", C, (8,), 3, 3, "medium", "firearm",
           "Если стрелок не двигался в этот ход, получает +1 к попаданию.", ap="2", range_ft=250),
    Weapon("hunting_rifle", "Охотничья винтовка", R, (6,), 1, 2, "medium", "firearm",
           "Выверенный выстрел этой винтовки дополнительно получает +1 к попаданию.", ap="2", range_ft=250),
    Weapon("service_rifle", "Служебная винтовка", R, (6,), 2, 3, "medium", "firearm",
           "Выверенный выстрел этой винтовки дополнительно получает +1 к попаданию.", ap="2", range_ft=300),
    Weapon("sniper_rifle", "Снайперская винтовка", R, (8,), 3, 3, "medium", "firearm",
           "На дальней дистанции получает +1 к попаданию, если стрелок не двигался в этот ход. "
           "Выверенный выстрел этой винтовки дополнительно получает +1 к попаданию.", ap="2", range_ft=500),
    Weapon("anaxion_rifle", "Анаксионная винтовка", R, (6,), 4, 4, "heavy", "anaxion",
           "Лёгкая и средняя броня не помогают против этой атаки. Тяжёлая броня снижает ранение "
           "на 1 ступень. Выверенный выстрел этой винтовки дополнительно получает +1 к попаданию.",
           assumed="Профиль сам описывает действие брони (лёгкая и средняя не помогают, тяжёлая — "
           "1 ступень); это совпадает с тегом «тяжёлое», поэтому флаг «анаксионная» не ставится.", ap="3",
           range_ft=400),
    Weapon("sawn_off", "Обрез", S, (6,), 1, 2, "medium", "firearm",
           "На дистанции 0–10 футов получает +1 к попаданию. Можно спрятать под одеждой с проверкой "
           "Скрытности.", ap="2", range_ft=30),
    Weapon("standard_shotgun", "Стандартный дробовик", S, (6,), 2, 3, "medium", "firearm", "—", ap="2",
           range_ft=60),
    Weapon("combat_shotgun", "Боевой дробовик", S, (8, 6), 3, 3, "medium", "firearm",
           "1к8 на дистанции 0–10 фт; 1к6 на дистанции 11+ фт.",
           hit_note="1к8 на дистанции 0–10 фт, 1к6 дальше.", ap="2", range_ft=80),
    Weapon("anaxion_shotgun", "Анаксионный дробовик", S, (8,), 3, 4, "heavy", "anaxion",
           "Не использует конус. Атака только по одной цели.", anaxion=True, assumed=ANAXION, ap="2",
           range_ft=100),
    Weapon("flamethrower", "Огнемётный", S, (8,), 4, 3, "heavy", "fire",
           "Зона горения наносит 1 урон в начале следующего хода тем, кто остался внутри.", ap="2",
           range_ft=80),
    Weapon("light_grenade_launcher", "Лёгкий гранатомёт", H, (6,), 3, 4, "explosive", "fragments",
           "Двойной урон укрытиям.",
           assumed="Тег «тяжёлое»; атака гранатомёта тяжёлая и взрывная (пример в 3.4) — выбран класс "
           "«взрывное», источник — осколки.", ap="2", range_ft=120),
    Weapon("heavy_grenade_launcher", "Тяжёлый гранатомёт", H, (8,), 4, 5, "explosive", "fragments",
           "Минимальная безопасная дистанция 20 фт.",
           assumed="Тег «тяжёлое»; атака гранатомёта тяжёлая и взрывная (пример в 3.4) — выбран класс "
           "«взрывное», источник — осколки.", ap="3", range_ft=200),
    Weapon("heavy_machine_gun", "Тяжёлый пулемёт", H, (8,), 3, 3, "heavy", "firearm",
           "Подавление работает на 2 укрытия прилегающих друг к другу.", ap="3", range_ft=250),
    Weapon("anaxion_emitter", "Анаксионный излучатель", H, (8,), 4, 4, "heavy", "anaxion",
           "Цели в зоне теряют 1к6 морали.", anaxion=True, assumed=ANAXION, ap="3", range_ft=120),
    Weapon("small_melee", "Малое оружие", M, (4,), None, 1, "light", "cutting",
           "Легко спрятать: +2 к проверкам Скрытности, чтобы скрыть или пронести оружие.",
           assumed=BY_DAMAGE + " Источник — режущее или колющее оружие.", ap="1", skill="either"),
    Weapon("light_melee", "Лёгкое оружие", M, (6,), None, 2, "light", "cutting",
           "Быстрое: +1 к встречному броску, если персонаж защищается.",
           assumed=BY_DAMAGE + " Источник — режущее или колющее оружие.", ap="2", skill="acrobatics"),
    Weapon("medium_melee", "Среднее оружие", M, (6,), None, 2, "light", "cutting",
           "Универсальное: без дополнительных свойств.",
           assumed=BY_DAMAGE + " Источник — режущее или колющее оружие.", ap="2", skill="either"),
    Weapon("heavy_melee", "Тяжёлое оружие", M, (8,), None, 3, "medium", "cutting",
           "Мощный удар: за дополнительное ОД +1 к урону.",
           assumed=BY_DAMAGE + " Источник — режущее или колющее оружие.", ap="2", skill="strength"),
    Weapon("blunt_melee", "Дробящее оружие", M, (8,), None, 2, "light", "blunt",
           "Оглушение: при попадании можно потратить 1 ОД, чтобы цель получила -1 к следующему "
           "встречному броску ближнего боя.",
           assumed=BY_DAMAGE + " Источник — дробящее воздействие.", ap="2", skill="strength"),
    Weapon("polearm", "Древковое оружие", M, (6,), None, 2, "light", "cutting",
           "Удержание дистанции: +1 к встречному броску против цели, которая в этот ход применяла Натиск.",
           assumed=BY_DAMAGE + " Источник — режущее или колющее оружие.", ap="2", skill="either"),
    Weapon("two_handed_melee", "Тяжёлое двуручное оружие", M, (8,), None, 4, "heavy", "cutting",
           "Громоздкое: Встречный удар этим оружием стоит 2 ОД вместо 1 ОД.",
           assumed=BY_DAMAGE + " Источник — режущее или колющее (для кувалды выберите дробящее).",
           ap="3", skill="strength"),
    Weapon("anaxion_melee", "Анаксионное оружие ближнего боя", M, (6,), None, 2, "light", "anaxion",
           "Шок: при попадании можно вместо урона заставить цель пройти Стойкость против результата "
           "атаки. При провале цель теряет 1 ОД в следующий ход.",
           anaxion=True, assumed=BY_DAMAGE + " " + ANAXION, ap="2", skill="either"),
    Weapon("unarmed", "Безоружный бой", M, (4,), None, 1, "weak", "blunt",
           "Не является предметом и не может быть выбит или потерян.",
           assumed="Удар без оружия считается слабой атакой; источник — дробящее воздействие.",
           ap="2", skill="strength"),
    Weapon("sturmblitz", "Sturmblitz", G, (), None, 4, "explosive", "fragments",
           "Осколочная. Разрушает лёгкие укрытия.",
           assumed="Граната — взрывная атака; источник — осколки.", ap="1"),
    Weapon("panzersturm", "Panzersturm", G, (), None, 4, "explosive", "fragments",
           "Осколочная. Урон в радиусе взрыва, атака обладает свойством «бронебойное».",
           armor_piercing=True, assumed="Граната — взрывная атака; источник — осколки.", ap="1"),
    Weapon("vektron_12", "Vektron-12", G, (), None, 3, "explosive", "poison",
           "Газовая. Наносит урон от токсинов через 1 ход после взрыва. Требуется маска для безопасного "
           "использования.",
           special=True, gas=True,
           assumed="Урон токсинами — иная особая атака: броня не защищает (Шаг 4); источник — яды.", ap="1"),
    Weapon("gpd", "ГПД", G, (), None, 2, "explosive", "poison",
           "Газовая. Враждебные цели в радиусе теряют 1 ход (паника) и получают помеху на атаки.",
           special=True, gas=True,
           assumed="Урон газом — иная особая атака: броня не защищает (Шаг 4); источник — яды.", ap="1"),
    Weapon("expansor_6", "Экспансор-6", G, (), None, 4, "explosive", "anaxion",
           "Анаксионная. Пробивает большинство щитов и барьеров.", anaxion=True,
           assumed="Граната — взрывная атака. " + ANAXION, ap="1"),
    Weapon("entropy_7", "Энтропия-7", G, (), None, 4, "explosive", "anaxion",
           "Анаксионная. Область вызывает спонтанную атаку по ближайшему (1 ход).", anaxion=True,
           assumed="Граната — взрывная атака. " + ANAXION, ap="1"),
    Weapon("short_bow", "Короткий лук", B, (6,), None, 2, "light", "projectile",
           "Колющее. 1 ОД натяжение + 1 ОД выстрел.", assumed=BY_DAMAGE + " Источник — стрела.", ap="1 + 1",
           range_ft=100),
    Weapon("long_bow", "Длинный лук", B, (8,), None, 3, "medium", "projectile",
           "Колющее. +1 к попаданию, если стрелок не двигался в прошлом ходу.",
           assumed=BY_DAMAGE + " Источник — стрела.", ap="1 + 1", range_ft=250),
    Weapon("hunting_bow", "Охотничий лук", B, (6,), None, 2, "light", "projectile",
           "Колющее. +1 к проверкам Выживания на охоте. Атака игнорирует 1 МЗ укрытия.",
           assumed=BY_DAMAGE + " Источник — стрела.", ap="1 + 1", range_ft=150),
    Weapon("light_crossbow", "Лёгкий арбалет", B, (8,), None, 3, "medium", "projectile",
           "Колющее. Можно использовать с 1 руки. Перезарядка — 1 ОД.",
           assumed=BY_DAMAGE + " Источник — болт.", ap="2", range_ft=120),
    Weapon("heavy_crossbow", "Тяжёлый арбалет", B, (10,), None, 4, "heavy", "projectile",
           "Колющее. Пробивает лёгкие укрытия: атака игнорирует 1 МЗ укрытия. Перезарядка — 2 ОД.",
           assumed=BY_DAMAGE + " Источник — болт.", ap="2", range_ft=200),
)  # fmt: skip

ARMORS: tuple[Armor, ...] = (
    Armor("concealed_armor", "Скрытая броня", "light", 2,
          "Скрытая: под обычной одеждой беглый осмотр не выдаёт броню."),
    Armor("field_vest", "Полевой бронежилет", "light", 3,
          "Быстросъёмный: надеть или снять за 1 ОД даже в бою."),
    Armor("army_vest", "Армейский бронежилет", "medium", 4, "Без дополнительных свойств."),
    Armor("fragmentation_suit", "Противоосколочный бронекомплект", "medium", 4,
          "Противоосколочный: числовой урон от взрывной атаки −1 до перевода в ранения, минимум 0.",
          armor_blast_reduction=True),
    Armor("reinforced_suit", "Усиленный бронекомплект", "medium", 5,
          "Громоздкий: Скорость −5 футов.", speed=-5),
    Armor("stabilising_armor", "Стабилизирующая тяжёлая броня", "heavy", 8,
          "Стабилизация: штраф −2 от Серьёзного ранения становится −1."),
    Armor("anaxion_insulated", "Анаксионно-изолированная броня", "heavy", 8,
          "Изоляция: числовой урон от взрывной атаки −1; применима против анаксионных атак "
          "(снижение на 1 ступень).",
          armor_vs_anaxion=True, armor_blast_reduction=True),
    Armor("heavy_exoskeleton", "Тяжёлый экзоскелет", "heavy", 9,
          "Анаксионная защита: против анаксионных атак −1 ступень. Игнорирует урон газовых гранат "
          "(урон 0). Силовой каркас. Громоздкий: −2 к проверкам навыков Ловкости, Скорость −5 футов.",
          armor_vs_anaxion=True, gas_immune=True, speed=-5),
    Armor("adaptive_exoskeleton", "Адаптивный экзоскелет", "heavy", 10,
          "Компенсация нагрузки: нет помехи на Прыжок из-за тяжёлой брони."),
)  # fmt: skip


def describe() -> dict[str, Any]:
    return {"weapons": [w.describe() for w in WEAPONS], "armors": [a.describe() for a in ARMORS]}
