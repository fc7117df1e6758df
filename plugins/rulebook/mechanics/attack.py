"""`attack`: a ranged attack roll (3.3 «Укрытия и Зона обстрела», 3.7 «Владение оружием»).

hit die (+ advantage: two dice, keep the better) + hit modifier ≥ the target's МЗ hits. The hit
modifier is proficiency + ⌊Меткость / 2⌋ − the weapon's threshold; the МЗ is 4 + Акробатика (or a
creature's natural МЗ), halved rounding up within 15 ft, compared with the cover's МЗ (the larger
is used), plus explicit defensive bonuses. An attack on the cover itself uses the cover's МЗ and
counts the hits its Прочность withstands (a heavy weapon's damage doubled, 3.3 «Тяжёлое
оружие»); a cover already destroyed is no target. A target engaged in melee with someone else
has the special МЗ 8 + ⌊Акробатика / 2⌋ and the shot has hindrance (3.11 «Стрельба в ближнем
бою»): that МЗ is not the base difficulty, so neither close range nor cover changes it. A
rifle's aimed shot (3.6 «Выверенный выстрел») adds 1к4 to the roll and takes 1 from the cover's
МЗ before the comparison; it needs proficiency at the threshold and a target beyond 30 ft. A
sniper's firing position zeroed in by the enemy (3.6 «Пристрелка позиции») gives ranged attacks
against it 2 МЗ of its cover (level 2) or all of it (level 3). Bows and crossbows (4.6) have no
threshold: a bow's modifier is Физическая сила + ⌊Меткость / 2⌋ (hindrance below Физическая сила
2), a crossbow's the whole Меткость. A weapon whose row says its attack «игнорирует 1 МЗ
укрытия» (4.6: the hunting bow, the heavy crossbow; a preset fills it in) takes that from the
cover's МЗ too, before the comparison; ignorings add up (4.1 «Снайперские винтовки»).

Its melee mode (`mode` "melee", a melee profile of 4.5 chosen) is 3.11's opposed roll instead, in
`melee`: the fields of the ranged roll are refused there, the defender's only here.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rulebook.mechanics import melee
from rulebook.mechanics.base import (
    Calculator,
    Choice,
    Field,
    Group,
    InputError,
    Reading,
    Steps,
    parse_fields,
    parse_object,
    percent,
)
from rulebook.mechanics.base import reject_unknown as _reject_unknown
from rulebook.mechanics.check import DICE, die_label, hit_die_steps
from rulebook.mechanics.presets import WEAPONS, Weapon
from rulebook.mechanics.rules import url
from rulebook.mechanics.weapon_traits import CONDITIONS, FAR_FT, NEAR_FT, die_by_distance, hit_traits

COVER_SIZE = {
    "none": ("нет укрытия", 0),
    "quarter": ("¼ тела", 1),
    "half": ("½ тела", 2),
    "full": ("всё тело", 5),
}
COVER_MATERIAL = {
    "light": ("лёгкий (дерево, пластик)", 1),
    "strong": ("крепкий (бетон, металл)", 2),
    "special": ("специальный (пласталь, мешки с песком)", 3),
}
COVER_BASE = 5
BASE_DIFFICULTY = 4
MELEE_MZ_BASE = 8
AIMED_DIE = 4  # 3.6: «добавьте +1к4 к броску попадания»
AIMED_COVER_IGNORED = 1  # 3.6: «атака игнорирует 1 МЗ этого укрытия»
AIMED_MIN_FT = 30  # 3.6: «цель находится дальше 30 футов»
CLOSE_FT = 15  # 3.3: «в пределах 15 футов от стрелка»
IGNORED_WITH_AIMED_MAX = 3  # 4.8: «могут суммарно игнорировать до 3 МЗ укрытия»
ZEROING = {
    0: "нет",
    1: "уровень 1 (направление установлено)",
    2: "уровень 2 (−2 МЗ укрытия)",
    3: "уровень 3 (МЗ укрытия не действует)",
}


def hit_modifier(proficiency: int, marksmanship: int, threshold: int) -> int:
    """3.7: proficiency + half Меткость (rounded down) − threshold."""
    return proficiency + marksmanship // 2 - threshold


def base_difficulty(acrobatics: int, close_range: bool, natural_mz: int | None = None) -> int:
    """3.3: 4 + Акробатика (or a natural МЗ), halved rounding up within 15 ft."""
    value = natural_mz if natural_mz is not None else BASE_DIFFICULTY + acrobatics
    return -(-value // 2) if close_range else value


def melee_mz(acrobatics: int) -> int:
    """3.11: a target engaged in melee: 8 + half its Акробатика, rounded down (not halved again
    up close, not compared with cover: the book says this МЗ is «всегда» that)."""
    return MELEE_MZ_BASE + acrobatics // 2


def cover_mz(size: str, material: str) -> int:
    """3.3: cover МЗ = 5 + size bonus + material bonus."""
    return COVER_BASE + COVER_SIZE[size][1] + COVER_MATERIAL[material][1]


def target_mz(base: int, cover: int | None, explicit: int) -> int:
    """The larger of the (close-range) base and the cover's МЗ, then explicit bonuses."""
    return max(base, cover if cover is not None else base) + explicit


def hits_to_destroy(durability: int, damage_taken: int, damage: int) -> int | None:
    """3.3: hits until the accumulated damage reaches the cover's Прочность (None if the weapon
    does no damage)."""
    left = max(0, durability - damage_taken)
    if left == 0:
        return 0
    if damage <= 0:
        return None
    return -(-left // damage)


def hit_probability(
    die: int, modifier: int, mz: int, advantage: bool, hindrance: bool, extra_die: int = 0
) -> Fraction:
    """P(kept face (+ a face of `extra_die`, the aimed shot's 1к4) + modifier ≥ МЗ); advantage
    keeps the better of two hit dice, hindrance the worse, both together cancel."""
    two = advantage != hindrance
    keep = max if advantage else min
    kept = (
        [keep(a, b) for a in range(1, die + 1) for b in range(1, die + 1)] if two else list(range(1, die + 1))
    )
    extras = range(1, extra_die + 1) if extra_die else (0,)
    hits = sum(1 for k in kept for e in extras if k + e + modifier >= mz)
    return Fraction(hits, len(kept) * len(extras))


WEAPON_KINDS = {
    "threshold": "владение + ½ Меткости − порог (огнестрельное)",
    "bow": "лук: Физическая сила + ½ Меткости",
    "crossbow": "арбалет: вся Меткость",
}
# the chapter 4 weapons whose hit this roll computes: a threshold's (3.7), a bow's or a crossbow's
# (4.6); melee weapons (an opposed roll, 3.11) and grenades (thrown, no hit die) are not
ROLLED_WEAPONS: dict[str, Weapon] = {
    w.key: w for w in WEAPONS if w.hit_dice and (w.threshold is not None or w.group == "Луки и арбалеты")
}
BOW_STRENGTH = 2  # 4.6: «бонус навыка Физическая сила не ниже 2», or the shot has hindrance
# the paragraph that gives each kind's modifier (cited by the bonus step and the outcomes too)
MODIFIER_RULE = {
    "threshold": "attack.modifier",
    "bow": "attack.bow_bonus",
    "crossbow": "attack.crossbow_bonus",
}

MODES = {
    "ranged": "дальнобойная (3.3, 3.7)",
    "melee": "ближний бой (3.11)",
}
ATTACKER = Group(
    "attacker",
    "Атакующий",
    (
        Field("mode", "Атака", "choice", "ranged", choices=tuple(Choice(k, v) for k, v in MODES.items())),
        Field(
            "weapon",
            "Оружие из главы 4",
            "choice",
            "",
            choices=(
                Choice("", "— вручную —"),
                *(Choice(k, w.name) for k, w in ROLLED_WEAPONS.items()),
                *(Choice(k, w.name) for k, w in melee.MELEE_WEAPONS.items()),
            ),
            help="его особенности к попаданию (по дистанции, движению, укрытию) и дальность учитываются; "
            "в ближнем бою — профиль 4.5 и его свойство",
        ),
        Field(
            "weapon_kind",
            "Модификатор попадания",
            "choice",
            "threshold",
            choices=tuple(Choice(k, v) for k, v in WEAPON_KINDS.items()),
        ),
        Field("hit_die", "Куб попадания", "choice", 6, choices=DICE),
        Field("proficiency", "Уровень владения категорией", "int", 0, minimum=0, maximum=6),
        Field("marksmanship", "Меткость", "int", 0, minimum=0, maximum=20),
        Field("threshold", "Порог владения оружия", "int", 1, minimum=0, maximum=4),
        Field("strength", "Физическая сила (лук, ближний бой)", "int", 0, minimum=-5, maximum=20),
        Field("bonus", "Прочие бонусы к попаданию", "int", 0, minimum=-10, maximum=10),
        Field("advantage", "Преимущество (два куба, лучший)", "bool", False),
        Field("hindrance", "Помеха (два куба, худший)", "bool", False),
        Field(
            "moved",
            "Стрелок двигался в этот ход",
            "bool",
            False,
            help="тяжёлое оружие — с помехой; Выверенный выстрел невозможен",
        ),
        Field(
            "moved_last_turn",
            "Стрелок двигался в прошлом ходу",
            "bool",
            False,
            help="Длинный лук: +1 к попаданию, если не двигался",
        ),
        Field(
            "aimed_shot",
            "Выверенный выстрел (винтовка)",
            "bool",
            False,
            help="+1к4 к попаданию, МЗ укрытия −1; цель дальше 30 футов, стрелок в этот ход не двигался",
        ),
        Field(
            "cover_ignored",
            "Оружие игнорирует МЗ укрытия",
            "int",
            0,
            minimum=0,
            maximum=3,
            help="свойство оружия или модуля (Охотничий лук, Тяжёлый арбалет — 1); "
            "складывается с Выверенным выстрелом",
        ),
        *melee.ATTACKER_FIELDS,
    ),
)
TARGET = Group(
    "target",
    "Цель",
    (
        Field("acrobatics", "Акробатика цели", "int", 0, minimum=-5, maximum=20),
        Field(
            "natural_mz",
            "Природный МЗ существа",
            "int",
            None,
            minimum=0,
            maximum=30,
            help="заменяет 4 + Акробатика",
        ),
        Field(
            "distance",
            "Дистанция до цели, футов",
            "int",
            None,
            minimum=0,
            maximum=1000,
            help="решает, в пределах ли 15 футов цель; 0–10 — ближняя, 31 и дальше — дальняя; "
            "ближний бой — не дальше 10",
        ),
        Field("close_range", "Цель в пределах 15 футов", "bool", False),
        Field(
            "in_melee",
            "Цель в ближнем бою (с другим)",
            "bool",
            False,
            help="МЗ 8 + ½ Акробатики, помеха; не для дробовика стрелка, сам связанного с целью",
        ),
        Field(
            "cover",
            "Укрытие закрывает",
            "choice",
            "none",
            choices=tuple(Choice(k, v[0]) for k, v in COVER_SIZE.items()),
        ),
        Field(
            "cover_material",
            "Материал укрытия",
            "choice",
            "strong",
            choices=tuple(Choice(k, v[0]) for k, v in COVER_MATERIAL.items()),
        ),
        Field(
            "zeroing",
            "Пристрелка огневой позиции цели",
            "choice",
            0,
            choices=tuple(Choice(k, v) for k, v in ZEROING.items()),
            help="цель — стрелок, чью позицию пристреляли Выверенными выстрелами",
        ),
        Field("explicit_mz", "Явные бонусы к МЗ", "int", 0, minimum=0, maximum=20),
        Field("target_is_cover", "Стрелять по самому укрытию", "bool", False),
        Field("cover_durability", "Прочность укрытия", "int", 6, minimum=0, maximum=50),
        Field("cover_damage_taken", "Уже нанесено укрытию", "int", 0, minimum=0, maximum=50),
        Field("weapon_damage", "Урон оружия", "int", 3, minimum=0, maximum=20),
        Field(
            "heavy_weapon",
            "Тяжёлое оружие",
            "bool",
            False,
            help="гранатомёт, пулемёт, анаксионная пушка: двойной урон укрытиям",
        ),
    ),
)

CALCULATOR_GROUPS = (ATTACKER, TARGET, melee.DEFENDER)

READINGS = (
    Reading(
        "Модификатор попадания = владение + ⌊Меткость / 2⌋ − порог; ниже порога он отрицателен, "
        "а особые свойства оружия недоступны.",
        "attack.modifier",
    ),
    Reading(
        "МЗ: 4 + Акробатика (или природный МЗ); в пределах 15 футов — вдвое меньше, с округлением вверх; "
        "затем сравнивается с МЗ укрытия (5 + размер + материал), берётся большее, и только потом "
        "прибавляются явные бонусы.",
        "attack.cover_compare",
    ),
    Reading(
        "Попадание, если куб + модификатор ≥ МЗ (как в проверке, ничья — в пользу стрелка). "
        "Преимущество — два куба и лучший, помеха — худший; вместе гасят друг друга. "
        "Критических результатов у атаки книга не определяет (второго куба нет), "
        "и калькулятор их не считает.",
        "attack.advantage",
    ),
    Reading(
        "Выверенный выстрел по пристрелянной позиции (так стреляет и контрснайпер): игнорирования МЗ "
        "укрытия складываются — 1 и 2 при уровне 2; при уровне 3 МЗ укрытия не действует вовсе.",
        "attack.zeroing_2",
    ),
    Reading(
        "Свойство оружия «атака игнорирует 1 МЗ укрытия» (Охотничий лук, Тяжёлый арбалет; так же "
        "Бронебойный ствол) уменьшает МЗ укрытия до сравнения и складывается с Выверенным выстрелом "
        "(вместе с ним — не больше 3 МЗ) и пристрелкой. «Пробивает лёгкие укрытия» Тяжёлого арбалета "
        "калькулятор читает как пояснение к нему: −1 МЗ любого укрытия.",
        "attack.weapon_cover",
    ),
    Reading(
        "Особенности оружия из главы 4 к попаданию («+1 к попаданию, если…») калькулятор читает из строки "
        "профиля выбранного оружия и прибавляет, когда их условие выполнено; ближняя дистанция — 0–10 футов, "
        "дальняя — 31 фут и дальше (единственная таблица дистанций в книге — у модуля модификаций). "
        "Ниже порога владения бонусы свойств не действуют, а штраф (−1 Тяжёлого пистолета) действует. "
        "Цель дальше дальности оружия недостижима.",
        "attack.distance_bands",
    ),
    Reading(
        "Цель в ближнем бою: МЗ всегда 8 + ⌊Акробатика / 2⌋ — без укрытия, без уменьшения на короткой "
        "дистанции и без природного МЗ (книга называет только Акробатику); явные бонусы к МЗ "
        "прибавляются, как и в 3.3; выстрел с помехой.",
        "attack.melee_mz",
    ),
    *melee.READINGS,
)


def _modifier(kind: str, prof: int, mark: int, thr: int, strength: int, steps: Steps) -> tuple[int, bool]:
    """The hit modifier before other bonuses, and whether a bow too strong for its archer gives the
    shot hindrance: 3.7 for a weapon with a threshold; 4.6 for bows (Физическая сила + ⌊Меткость /
    2⌋, hindrance below 2) and crossbows (the whole Меткость), which have no threshold."""
    if kind == "bow":
        mod = strength + mark // 2
        steps.add("attack.bow_bonus", f"Лук: Физическая сила {strength} + ⌊{mark}/2⌋ = {mod:+d}.")
        if strength < BOW_STRENGTH:
            steps.add(
                "attack.bow_strength",
                f"Физическая сила {strength} ниже {BOW_STRENGTH}: выстрел из лука с помехой.",
            )
        return mod, strength < BOW_STRENGTH
    if kind == "crossbow":
        steps.add(
            "attack.crossbow_bonus", f"Арбалет: вся Меткость, {mark:+d}; Физическая сила не добавляется."
        )
        return mark, False
    mod = hit_modifier(prof, mark, thr)
    steps.add("attack.modifier", f"Модификатор попадания: {prof} + ⌊{mark}/2⌋ − {thr} = {mod:+d}.")
    if prof < thr:
        steps.add(
            "attack.below_threshold",
            f"Владение {prof} ниже порога {thr}: штраф уже в модификаторе, "
            "особые свойства оружия недоступны.",
        )
    return mod, False


def _distance(t: dict[str, Any], weapon: Weapon | None) -> int | None:
    """The distance in feet, when given: it decides «в пределах 15 футов» (3.3), and a target
    beyond the weapon's «Дальность» cannot be shot (chapter 4's tables)."""
    if t.get("distance") is None:
        return None
    d = int(t["distance"])
    if t["close_range"] and d > CLOSE_FT:
        raise InputError("close_range", f"цель в {d} футах — дальше {CLOSE_FT}")
    t["close_range"] = d <= CLOSE_FT
    if weapon is not None and weapon.range_ft is not None and d > weapon.range_ft:
        raise InputError(
            "distance", f"дальность оружия «{weapon.name}» — {weapon.range_ft} футов, а цель в {d}"
        )
    return d


def _weapon_traits(
    weapon: Weapon, held: Mapping[str, bool | None], below_threshold: bool, total: int, steps: Steps
) -> int:
    """The row's own «±N к попаданию» (4.1, 4.6) whose conditions all hold, added to the hit
    modifier. Below the threshold the weapon's properties are not available (3.7), so a bonus is
    not taken; a drawback (the heavy pistol's −1 far off) is the weapon's and still is."""
    for trait in hit_traits(weapon.properties):
        state = [held[c] for c in trait.conditions]
        if False in state:
            continue
        if None in state:
            # the distance decides it and was not given: no rule applied
            steps.add(None, f"{weapon.name}: «{trait.text}» — дистанция не указана, не учтено.")
            continue
        if trait.value > 0 and below_threshold:
            steps.add(
                "attack.below_threshold",
                f"{weapon.name}: «{trait.text}» — владение ниже порога, свойство недоступно.",
            )
            continue
        total += trait.value
        why = ", ".join(CONDITIONS[c][1] for c in trait.conditions)
        steps.add(
            weapon.rule,
            f"{weapon.name}: {trait.value:+d} к попаданию"
            + (f" ({why})" if why else "")
            + f", итого {total:+d}.",
        )
    return total


# the fields both modes read; the ranged roll's others are refused in melee, melee's in a ranged one
SHARED = {
    "mode",
    "weapon",
    "hit_die",
    "strength",
    "bonus",
    "advantage",
    "hindrance",
    "acrobatics",
    "distance",
}
# why a ranged field has no place in the opposed roll (3.11), said in its one-line refusal
NOT_MELEE = {
    "proficiency": "оружие ближнего боя не использует пороги и уровни владения (3.11)",
    "threshold": "оружие ближнего боя не использует пороги и уровни владения (3.11)",
    "marksmanship": "бонус Меткости к атакам ближнего боя не прибавляется (3.11)",
}


def _refuse_other_modes(mode: str, parsed: Mapping[str, Any]) -> None:
    """A field of the other mode given a value of its own is refused, naming it, not ignored."""
    for group in CALCULATOR_GROUPS:
        for f in group.fields:
            if f.name in SHARED or parsed.get(f.name) == f.default:
                continue
            if mode == "melee" and f.name not in melee.MELEE_ONLY:
                raise InputError(
                    f.name, NOT_MELEE.get(f.name, "только для дальнобойной атаки, не для ближнего боя")
                )
            if mode == "ranged" and f.name in melee.MELEE_ONLY:
                raise InputError(f.name, "только для ближнего боя (встречный бросок, 3.11)")


def compute(inputs: Mapping[str, Any]) -> dict[str, Any]:
    raw = parse_object(inputs, "input")
    _reject_unknown(raw, {f.name for g in CALCULATOR_GROUPS for f in g.fields})
    a = parse_fields(ATTACKER, raw)
    t = parse_fields(TARGET, raw)
    d = parse_fields(melee.DEFENDER, raw)
    mode = str(a["mode"])
    _refuse_other_modes(mode, {**a, **t, **d})
    if mode == "melee":
        return melee.compute(raw, a, t, d)
    if str(a["weapon"]) in melee.MELEE_WEAPONS:
        raise InputError(
            "weapon",
            f"«{melee.MELEE_WEAPONS[str(a['weapon'])].name}» — оружие ближнего боя: атака «ближний бой»",
        )
    steps = Steps()

    die, prof, mark, thr = (int(a[k]) for k in ("hit_die", "proficiency", "marksmanship", "threshold"))
    weapon = ROLLED_WEAPONS.get(str(a["weapon"]))
    distance = _distance(t, weapon)
    if weapon is not None and distance is not None and (dice := die_by_distance(weapon.properties)):
        die = dice[0] if distance <= NEAR_FT else dice[1]
        steps.add(weapon.rule, f"{weapon.name} на дистанции {distance} фт: куб попадания {die_label(die)}.")
    bonus = int(a["bonus"])
    kind = str(a["weapon_kind"])
    mod, weak_bow = _modifier(kind, prof, mark, thr, int(a["strength"]), steps)
    total_mod = mod + bonus
    if bonus:
        steps.add(MODIFIER_RULE[kind], f"Прочие бонусы {bonus:+d}: итого {total_mod:+d}.")
    aimed = bool(a["aimed_shot"])
    moved = bool(a["moved"])
    if aimed and moved:
        raise InputError("aimed_shot", "Выверенный выстрел невозможен: стрелок двигался в этот ход")
    if aimed:
        if weapon is not None and weapon.group != "Снайперские винтовки":
            raise InputError(
                "aimed_shot", f"Выверенный выстрел — только из винтовки; {weapon.name} — не винтовка"
            )
        if kind != "threshold":
            raise InputError(
                "aimed_shot", "Выверенный выстрел — только из винтовки, а не из лука или арбалета"
            )
        if t["heavy_weapon"]:
            # 3.6: the aimed shot is the rifles' («обычной стоимости атаки винтовки +1 ОД», «уровень
            # владения винтовками»); a grenade launcher or a machine gun has none
            raise InputError("aimed_shot", "Выверенный выстрел — только из винтовки, а не из тяжёлого оружия")
        if prof < thr:
            raise InputError(
                "aimed_shot",
                f"Выверенный выстрел — только при владении не ниже порога (владение {prof}, порог {thr})",
            )
        if distance is not None and distance <= AIMED_MIN_FT:
            raise InputError(
                "aimed_shot",
                f"Выверенный выстрел — только по цели дальше {AIMED_MIN_FT} футов, а она в {distance}",
            )
        if t["close_range"]:
            raise InputError(
                "aimed_shot", "Выверенный выстрел — только по цели дальше 30 футов, а она в пределах 15"
            )
        steps.add(
            "attack.aimed_rifle",
            f"Выверенный выстрел — из винтовки, владение {prof} не ниже порога {thr}.",
        )
        steps.add(
            "attack.aimed_bonus",
            f"Выверенный выстрел: +1к{AIMED_DIE} к броску попадания (стоимость атаки +1 ОД).",
        )

    if weapon is not None:
        held = {
            "near": None if distance is None else distance <= NEAR_FT,
            "far": None if distance is None else distance >= FAR_FT,
            "still": not moved,
            "still_last_turn": not a["moved_last_turn"],
            "uncovered": t["cover"] == "none" and not t["target_is_cover"],
            "aimed": aimed,
        }
        below = weapon.threshold is not None and kind == "threshold" and prof < thr
        total_mod = _weapon_traits(weapon, held, below, total_mod, steps)

    advantage, hindrance = bool(a["advantage"]), bool(a["hindrance"])
    in_melee = bool(t["in_melee"]) and not t["target_is_cover"]
    if moved and t["heavy_weapon"]:
        steps.add(
            "attack.heavy_moved",
            "Стрелок двигался в этот ход: атака тяжёлым оружием получает помеху"
            + (" (помеха одна, не две)." if hindrance else "."),
        )
        hindrance = True
    if weak_bow:
        hindrance = True
    if in_melee:
        steps.add(
            "attack.melee_hindrance",
            "Цель в ближнем бою: дальнобойная атака по ней проходит с помехой"
            + (" (помеха одна, не две)." if hindrance else "."),
        )
        hindrance = True
    hit_die_steps(steps, die, advantage, hindrance)

    size, material = str(t["cover"]), str(t["cover_material"])
    cover = cover_mz(size, material) if size != "none" else None
    explicit = int(t["explicit_mz"])
    zeroing = int(t["zeroing"])
    weapon_ignores = int(a["cover_ignored"])
    out: dict[str, Any] = {"calculator": "attack", "mode": "ranged", "hit_modifier": total_mod}
    if t["target_is_cover"]:
        if cover is None:
            # no cover, no rule of 3.3 to apply
            steps.add(None, "Стрелять по укрытию нельзя: укрытие не выбрано.")
            mz = None
        else:
            mz = cover
            steps.add(
                "attack.cover_formula",
                f"МЗ укрытия: 5 + {COVER_SIZE[size][1]} (размер) + {COVER_MATERIAL[material][1]} "
                f"(материал) = {cover}.",
            )
            steps.add("attack.cover_target", f"Атака по самому укрытию: против его МЗ {cover}.")
            durability = int(t["cover_durability"])
            taken = int(t["cover_damage_taken"])
            dmg = int(t["weapon_damage"])
            if t["heavy_weapon"] and dmg > 0:
                steps.add(
                    "attack.heavy_cover",
                    f"Тяжёлое оружие наносит укрытиям двойной урон: {dmg} × 2 = {2 * dmg}.",
                )
                dmg *= 2
            hits = hits_to_destroy(durability, taken, dmg)
            left = max(0, durability - taken)
            text = f"Прочность {durability}, уже нанесено {taken}: осталось {left}; " + (
                "укрытие уже разрушено, стрелять по нему незачем."
                if hits == 0
                else f"при уроне {dmg} нужно попаданий: {hits}."
                if hits is not None
                else "оружие без урона его не разрушит."
            )
            steps.add("attack.cover_durability", text)
            out["hits_to_destroy"] = hits
            if hits == 0:
                mz = None
    elif in_melee:
        acro = int(t["acrobatics"])
        mz = melee_mz(acro)
        steps.add("attack.melee_mz", f"МЗ цели в ближнем бою: 8 + ⌊{acro}/2⌋ = {mz}.")
        ignored = [
            what
            for what, given in (
                ("природный МЗ", t.get("natural_mz") is not None),
                ("короткая дистанция", bool(t["close_range"])),
                ("укрытие", cover is not None),
            )
            if given
        ]
        if ignored:
            steps.add(
                "attack.melee_mz",
                "Это особое МЗ, а не базовая сложность: не учитываются " + ", ".join(ignored) + ".",
            )
        if explicit:
            mz += explicit
            steps.add("attack.explicit_after", f"Явные бонусы к МЗ +{explicit}: итоговый МЗ {mz}.")
        steps.add(
            "attack.melee_miss",
            "При промахе урон получает другой участник ближнего боя (кого — решает Мастер).",
        )
    else:
        natural = t.get("natural_mz")
        acro = int(t["acrobatics"])
        close = bool(t["close_range"])
        full = natural if natural is not None else BASE_DIFFICULTY + acro
        base = base_difficulty(acro, close, None if natural is None else int(natural))
        what = f"природный МЗ {natural}" if natural is not None else f"4 + {acro} (Акробатика) = {full}"
        steps.add("attack.base_difficulty", f"Базовая сложность попадания: {what}.")
        if close:
            steps.add("attack.close_range", f"В пределах 15 футов: {full} / 2 с округлением вверх = {base}.")
        if cover is not None:
            steps.add(
                "attack.cover_formula",
                f"МЗ укрытия: 5 + {COVER_SIZE[size][1]} (размер) + {COVER_MATERIAL[material][1]} "
                f"(материал) = {cover}.",
            )
            if weapon_ignores:
                cover -= weapon_ignores
                steps.add(
                    "attack.weapon_cover",
                    f"Оружие игнорирует {weapon_ignores} МЗ укрытия, до сравнения: {cover}.",
                )
            if aimed:
                # 4.8: the aimed shot and the weapon's own ignoring «суммарно» ignore 3 at most
                aimed_ignores = max(0, min(AIMED_COVER_IGNORED, IGNORED_WITH_AIMED_MAX - weapon_ignores))
                cover -= aimed_ignores
                if aimed_ignores == AIMED_COVER_IGNORED:
                    steps.add(
                        "attack.aimed_cover",
                        f"Выверенный выстрел игнорирует {AIMED_COVER_IGNORED} МЗ укрытия, "
                        f"до сравнения: {cover}.",
                    )
                else:
                    steps.add(
                        "attack.ignore_cap",
                        f"Выверенный выстрел вместе со свойствами оружия игнорирует не больше "
                        f"{IGNORED_WITH_AIMED_MAX} МЗ укрытия: "
                        + (f"ещё −{aimed_ignores}" if aimed_ignores else "больше не снимает")
                        + f", до сравнения: {cover}.",
                    )
            if zeroing == 2:
                cover -= 2
                steps.add(
                    "attack.zeroing_2",
                    f"Позиция цели пристреляна до уровня 2: атака игнорирует 2 МЗ её укрытия — {cover}.",
                )
            elif zeroing == 3:
                steps.add(
                    "attack.zeroing_3",
                    "Позиция цели пристреляна до уровня 3: МЗ её укрытия полностью игнорируется; "
                    "базовая сложность и явные бонусы остаются.",
                )
                cover = None
        if cover is not None:
            if close:
                steps.add("attack.close_range_base_only", "МЗ укрытия близость стрелка не уменьшает.")
            steps.add("attack.cover_compare", f"Берётся большее из {base} и {cover}: {max(base, cover)}.")
        mz = target_mz(base, cover, explicit)
        if explicit:
            steps.add("attack.explicit_after", f"Явные бонусы к МЗ +{explicit}: итоговый МЗ {mz}.")
    out["mz"] = mz
    if mz is not None:
        extra = AIMED_DIE if aimed else 0
        p = hit_probability(die, total_mod, mz, advantage, hindrance, extra)
        need = mz - total_mod
        dice, top = (f"{die_label(die)} + 1к{extra}", die + extra) if extra else (die_label(die), die)
        where = "на кубах в сумме" if extra else "на кубе"
        faces = (
            f"то есть {where} {need} или больше"
            if (2 if extra else 1) < need <= top
            else "то есть при любом результате"
            if need <= (2 if extra else 1)
            else f"а {where} не больше {top}: попасть нельзя"
        )
        steps.add(
            "attack.cover_target"
            if t["target_is_cover"]
            else "attack.melee_mz"
            if in_melee
            else "attack.base_difficulty",
            f"Попадание, если {dice} {total_mod:+d} ≥ {mz}, {faces}.",
        )
        out["p_hit"] = p
        out["outcomes"] = [
            {
                "key": "hit",
                "label": "Попадание",
                "probability": p,
                "percent": percent(p),
                "rule": url(MODIFIER_RULE[kind]),
            },
            {
                "key": "miss",
                "label": "Промах",
                "probability": 1 - p,
                "percent": percent(1 - p),
                "rule": url(MODIFIER_RULE[kind]),
            },
        ]
    out["steps"] = steps.items
    return out


CALCULATOR = Calculator("attack", "Бросок попадания", CALCULATOR_GROUPS, READINGS, compute, uses_presets=True)
