"""`sheet`: the FATUM character sheet's derived values (Приложение Г, and what the rules imply).

`compute({"character": ...})` validates a character and derives what a player
would otherwise work out by hand: success dice and skill bonuses, points left to spend, ОД by
level, Скорость, max ОБ and morale, initiative, the МЗ against you, wound slots from «Здоровый»,
the hit modifier of every weapon, what the armour protects against, the penalties in force, and
whatever breaks a rule (an ОЧ above the level cap, two incompatible Doctrines). Every value cites
its paragraph. `{"action": "new_scene" | "new_fight"}` also returns the character with the
per-scene / per-fight resources reset. The document itself is declared in `sheet_schema`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.mechanics import attack, creation
from rulebook.mechanics.base import Calculator, InputError, Reading, percent, plural, reject_unknown, shown
from rulebook.mechanics.check import DifficultyRoll, die_label, distribution, trait_die
from rulebook.mechanics.creation import FIGHT, SCENE, SKILLS, TRAITS
from rulebook.mechanics.damage import ARMOR_NAMES, COVER_RULE, PROTECTION, STEPS_RULE, limits_for
from rulebook.mechanics.records import get
from rulebook.mechanics.rules import url
from rulebook.mechanics.sheet_schema import ACTIONS, MAX_LEVEL, parse_character

AP_BY_LEVEL = ((4, 3), (9, 4), (10, 5))  # (up to level, ОД per round), 1.4
OCH_CAP = ((2, 3), (5, 4), (8, 5), (10, 6))  # (up to level, max ОЧ level), 2.3
BRAVE_BONUS = (10, 15, 20)  # what each level of «Храбрый» adds; they stack (Шаг 2)
PROFESSIONAL_LEVELS = (3, 5, 9)  # a new professional skill at these levels (Шаг 3)
BASE_SPEED = 30
BASE_AMMO = 3
BASE_MORALE = 10
COINS_SOFT_CAP = 5
STABILISING_ARMOR = "Стабилизирующая тяжёлая броня"
HEAVY_EXOSKELETON = "Тяжёлый экзоскелет"
ADAPTIVE_EXOSKELETON = "Адаптивный экзоскелет"


# ---- small rules -------------------------------------------------------------------------------------
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


# the three species of Приложение II «Иные», each with «Стоимость вида» (−2 БЧ) and no Аберрантность
SPECIES = {
    "паллид": "pallid",
    "волколак": "werewolf",
    "ликантроп": "werewolf",
    "оборотень": "werewolf",
    "рокурокуби": "rokurokubi",
}
SPECIES_NAMES = {"pallid": "Паллид", "werewolf": "Волколак", "rokurokubi": "Рокурокуби"}


def species_of(ch: Mapping[str, Any]) -> str | None:
    """The species the book gives rules for, from the sheet's «Вид» (free text: «Паллид»,
    «паллидка», «Волколак (скрывает)», «Рокурокуби»), or None for a human or a species of the
    table's own."""
    text = str(ch["identity"]["species"]).strip().lower().replace("ё", "е")
    for stem, key in SPECIES.items():
        if text.startswith(stem[:6]):
            return key
    return None


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


# ---- derivation -------------------------------------------------------------------------------------
@dataclass
class Derivation:
    values: dict[str, Any] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)

    def step(self, rule: str, text: str, key: str = "") -> None:
        self.steps.append({"text": text, "rule": url(rule), "key": key})

    def warn(self, path: str, rule: str, text: str, level: str = "warning") -> None:
        self.warnings.append({"path": path, "text": text, "rule": url(rule), "level": level})


def derive(ch: Mapping[str, Any]) -> Derivation:
    d = Derivation()
    level = int(get(ch, "progress.level"))
    och = ch["traits"]["och"]
    nch = ch["traits"]["nch"]
    bch = ch["traits"]["bch"]
    _progress(d, ch, level)
    skills = _skills(d, ch)
    _points(d, ch, level)
    _proficiency(d, ch)
    totals = {k: v["total"] for k, v in skills.items()}
    _combat(d, ch, level, skills)
    _wounds(d, ch)
    _armor(d, ch)
    _weapons(d, ch, totals)
    _abilities(d, och, bch, totals)
    _roles(d, ch)
    _resources(d, ch, skills)
    _languages(d, ch, totals)
    d.values["traits"] = {
        **{k: {"level": v} for k, v in nch.items()},
        **{k: {"level": v, "die": TRAIT_DIE_LABEL[v]} for k, v in och.items()},
        **{k: {"level": v} for k, v in bch.items()},
    }
    return d


TRAIT_DIE_LABEL = {lv: die_label(trait_die(lv, False)) for lv in range(7)}


def _progress(d: Derivation, ch: Mapping[str, Any], level: int) -> None:
    xp = int(get(ch, "progress.xp"))
    by_xp = level_for_xp(xp)
    nxt = xp_for_level(level + 1) if level < MAX_LEVEL else None
    d.values["progress"] = {
        "level": level,
        "xp_next": nxt,
        "xp_level": by_xp,
        "och_cap": och_cap(level),
        "credits_start": starting_credits(level),
    }
    if nxt is not None:
        d.step(
            "sheet.progression", f"Уровень {level}: следующий уровень — при {nxt} опыта.", "progress.xp_next"
        )
    if by_xp > level:
        d.warn("progress.xp", "sheet.progression", f"Опыта ({xp}) достаточно для уровня {by_xp}.", "info")
    elif by_xp < level:
        need = xp_for_level(level)
        d.warn(
            "progress.xp", "sheet.progression", f"Для уровня {level} по таблице нужно {need} опыта.", "info"
        )
    d.step(
        "sheet.credits",
        f"Кредиты на снаряжение при создании: 600 + 200 × ({level} − 1) = {starting_credits(level)}.",
        "progress.credits_start",
    )


def _origin_skills(d: Derivation, ch: Mapping[str, Any]) -> tuple[str, ...]:
    nation = str(get(ch, "identity.nation")).strip()
    origin = str(get(ch, "identity.origin")).strip()
    d.values["origin"] = {"known": False, "skills": [], "text": "не начислены (Путь не выбран)"}
    if not nation:
        if origin:
            # a Path belongs to a nation (Шаг 1): without one its bonuses cannot be told
            d.warn(
                "identity.nation",
                "sheet.nations",
                f"Путь «{origin}» указан без нации: выберите нацию, чтобы начислить бонусы Пути.",
                "info",
            )
        return ()
    paths = creation.NATIONS.get(nation)
    if paths is None:
        d.warn(
            "identity.nation",
            "sheet.nations",
            f"Нации «{nation}» нет в таблице Шага 1: бонусы Пути впишите в «Прочие бонусы» навыков.",
            "info",
        )
        return ()
    if not origin:
        d.warn(
            "identity.origin",
            "sheet.origin",
            "Выберите Путь происхождения: он даёт +1 к двум навыкам.",
            "info",
        )
        return ()
    for name, skill_names in paths:
        if name == origin:
            keys = tuple(creation.SKILL_BY_NAME[s].key for s in skill_names)
            d.values["origin"] = {
                "known": True,
                "skills": list(keys),
                "text": f"+1 {skill_names[0]}, +1 {skill_names[1]}",
            }
            d.step(
                "sheet.origin", f"{nation}, «{origin}»: +1 {skill_names[0]}, +1 {skill_names[1]}.", "origin"
            )
            return keys
    listed = ", ".join(f"«{n}»" for n, _ in paths)
    d.warn(
        "identity.origin",
        "sheet.nations",
        f"У нации «{nation}» нет Пути «{origin}» (есть {listed}): бонусы Пути не начислены.",
    )
    return ()


def _skills(d: Derivation, ch: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    origin = _origin_skills(d, ch)
    och = ch["traits"]["och"]
    out: dict[str, dict[str, Any]] = {}
    for s in SKILLS:
        row = ch["skills"][s.key]
        level = int(och[s.trait])
        pro = bool(row["professional"])
        die = trait_die(level, pro)
        o = 1 if s.key in origin else 0
        t = trait_check_bonus(s.trait, level)
        total = o + t + int(row["extra"])
        out[s.key] = {
            "die": die,
            "die_label": die_label(die),
            "origin": o,
            "trait": t,
            "extra": int(row["extra"]),
            "total": total,
            "total_label": signed(total),
            "professional": pro,
        }
    d.values["skills"] = out
    for t in creation.OCH:
        lv = int(och[t.key])
        bonus = trait_check_bonus(t.key, lv)
        d.step(
            "check.success_die",
            f"{t.name} {lv}: куб успеха {TRAIT_DIE_LABEL[lv]} для навыков характеристики «{t.characteristic}»"
            + (f", +{bonus} к их проверкам" if bonus else "")
            + ".",
            f"traits.{t.key}",
        )
    pros = [s.name for s in SKILLS if out[s.key]["professional"]]
    if pros:
        d.step(
            "check.professional",
            "Профессиональные навыки (куб на порядок выше): " + ", ".join(pros) + ".",
            "skills.professional",
        )
    d.step(
        "sheet.skills",
        "Итог навыка = Путь происхождения + «+1 к проверкам» от ОЧ + прочие бонусы; "
        "профессионализм повышает куб, а не бонус.",
        "skills.total",
    )
    return out


def _budget(spent: int, total: int, verb: str) -> dict[str, Any]:
    left = total - spent
    text = f"{verb} {spent} из {total}" + (
        f", осталось {left}" if left > 0 else f", лишних {-left}" if left else ""
    )
    return {"spent": spent, "total": total, "left": left, "text": text}


def _points(d: Derivation, ch: Mapping[str, Any], level: int) -> None:
    traits = ch["traits"]
    spent = {k: sum(int(v) for v in traits[k].values()) for k in ("nch", "och", "bch")}
    total = {"nch": 3, "och": och_points(level), "bch": bch_points(level)}
    kind = species_of(ch)
    if kind:
        # 2.x «Стоимость вида»: the table's БЧ for the level, less 2
        total["bch"] = max(0, total["bch"] - 2)
        d.step(
            f"sheet.{kind}_cost",
            f"Вид «{SPECIES_NAMES[kind]}»: очков БЧ на 2 меньше, чем по таблице прогрессии ({total['bch']}).",
            "points.bch",
        )
    pros = sum(1 for s in SKILLS if ch["skills"][s.key]["professional"])
    allowed = professional_allowed(level)
    d.values["points"] = {k: _budget(spent[k], total[k], "вложено") for k in spent} | {
        "professional": _budget(pros, allowed, "отмечено")
    }
    names = {"nch": "НЧ", "och": "ОЧ", "bch": "БЧ"}
    for k in ("nch", "och", "bch"):
        rule = "sheet.points" if k == "nch" else "sheet.progression"
        d.step(rule, f"Очки {names[k]} на уровне {level}: {total[k]}, вложено {spent[k]}.", f"points.{k}")
        if spent[k] > total[k]:
            d.warn(
                f"traits.{k}",
                rule,
                f"Вложено {plural(spent[k], 'очко', 'очка', 'очков')} {names[k]}, а уровень {level} даёт "
                f"{total[k]}"
                + (f" (вид «{SPECIES_NAMES[kind]}»: на 2 меньше)." if k == "bch" and kind else "."),
            )
        elif spent[k] < total[k]:
            d.warn(f"traits.{k}", rule, f"Не распределено очков {names[k]}: {total[k] - spent[k]}.", "info")
    cap = och_cap(level)
    for t in creation.OCH:
        lv = int(traits["och"][t.key])
        if lv > cap:
            d.warn(
                f"traits.och.{t.key}",
                "sheet.och_cap_table",
                f"{t.name} {lv}: на уровне персонажа {level} Основная черта — не выше {cap}.",
            )
    d.step(
        "sheet.professional_count",
        f"Профессиональных навыков на уровне {level}: {allowed}.",
        "points.professional",
    )
    if pros > allowed:
        d.warn(
            "skills",
            "sheet.professional_count",
            f"Профессиональных навыков {pros}, а уровень {level} даёт {allowed}.",
        )
    elif pros < allowed:
        d.warn(
            "skills",
            "sheet.professional_count",
            f"Можно отметить ещё профессиональных навыков: {allowed - pros}.",
            "info",
        )


def _proficiency(d: Derivation, ch: Mapping[str, Any]) -> None:
    och = ch["traits"]["och"]
    earned = sum(proficiency_points(t.key, int(och[t.key])) for t in creation.OCH)
    spent = sum(int(v) for v in ch["proficiency"].values())
    d.values["points"]["proficiency"] = _budget(spent, earned, "распределено")
    d.step(
        "sheet.proficiency",
        f"«+1 владения оружием» от уровней ОЧ: {earned}; распределено по категориям: {spent}.",
        "points.proficiency",
    )
    if spent > earned:
        d.warn(
            "proficiency",
            "sheet.proficiency",
            f"Распределено {spent} повышений владения, а черты дают {earned}.",
        )
    elif spent < earned:
        d.warn(
            "proficiency",
            "sheet.proficiency",
            f"Не распределено повышений владения: {earned - spent}.",
            "info",
        )


def _combat(d: Derivation, ch: Mapping[str, Any], level: int, skills: dict[str, dict[str, Any]]) -> None:
    och, nch, bch = ch["traits"]["och"], ch["traits"]["nch"], ch["traits"]["bch"]
    c = ch["combat"]
    ap = action_points(level)
    d.step("sheet.ap", f"ОД за раунд на уровне {level}: {ap}.", "combat.ap")

    agile = 5 if int(och["agile"]) >= 5 else 0
    armor = ch["armor"]
    worn = armor["armor"] != "none"
    armor_speed = int(armor["speed"]) if worn else 0
    speed = max(0, BASE_SPEED + agile + armor_speed + int(c["speed_extra"]))
    parts = [f"{BASE_SPEED}"]
    if agile:
        parts.append("5 (Ловкий 5)")
    if armor_speed:
        parts.append(f"{armor_speed} (броня)".replace("-", "−"))
    if c["speed_extra"]:
        parts.append(f"{c['speed_extra']} (прочее)".replace("-", "−"))
    formula = " + ".join(parts).replace("+ −", "− ")
    d.step(
        "sheet.speed",
        f"Скорость: {formula} = {speed} фт." if len(parts) > 1 else f"Скорость: {speed} фт.",
        "combat.speed",
    )
    if agile:
        d.step("sheet.agile_speed", "Ловкий 5: +5 футов к скорости.", "combat.speed")

    wounds = ch["wounds"]
    tough = int(bch["tough"])
    now = speed
    if int(wounds["critical"]):
        now = 0
    elif int(wounds["serious"]):
        now = max(0, speed - 10) if tough >= 3 else speed // 2

    ammo_max = BASE_AMMO + int(nch["thrifty"])
    d.step("sheet.ammo", f"Максимум ОБ: 3 + Бережливый {nch['thrifty']} = {ammo_max}.", "combat.ammo_max")

    will = skills["will"]["total"]
    brave = brave_bonus(int(nch["brave"]))
    morale_max = max(0, BASE_MORALE + will + brave + int(c["morale_extra"]))
    d.step(
        "sheet.morale",
        f"Мораль: 10 + Воля {signed(will)} + Храбрый {brave}"
        + (f" + иные {signed(int(c['morale_extra']))}" if c["morale_extra"] else "")
        + f" = {morale_max}.",
        "combat.morale_max",
    )
    if int(nch["brave"]) > 1:
        d.step(
            "sheet.stacking",
            f"Храбрый {nch['brave']}: бонусы уровней суммируются — "
            + " + ".join(str(b) for b in BRAVE_BONUS[: int(nch["brave"])])
            + f" = {brave}.",
            "combat.morale_max",
        )
    shaken, broken = morale_max // 2, max(1, morale_max // 4)

    vig = skills["vigilance"]
    init_bonus = vig["total"] + int(c["initiative_extra"])
    initiative = with_bonus(vig["die_label"], init_bonus)
    d.step(
        "sheet.initiative",
        f"Инициатива: куб Бдительности {vig['die_label']} + бонус Бдительности {signed(vig['total'])}"
        + (f" + прочее {signed(int(c['initiative_extra']))}" if c["initiative_extra"] else "")
        + ".",
        "combat.initiative",
    )
    acro = skills["acrobatics"]["total"]
    defence = attack.base_difficulty(acro, False)
    d.step(
        "attack.base_difficulty",
        f"Сложность попадания по вам без укрытия: 4 + Акробатика {signed(acro)} = {defence}.",
        "combat.defence",
    )
    strength = skills["strength"]["total"]
    throw = max(0, 30 + 10 * strength)
    d.step("sheet.throw_range", f"Дальность броска: 30 + {strength} × 10 = {throw} фт.", "combat.throw_range")

    morale_now = c["morale"]
    ammo_now = c["ammo"]
    if morale_now is not None and int(morale_now) > morale_max:
        d.warn("combat.morale", "sheet.morale", f"Мораль {morale_now} выше максимума {morale_max}.")
    if ammo_now is not None and int(ammo_now) > ammo_max:
        d.warn("combat.ammo", "sheet.ammo", f"ОБ {ammo_now} больше максимума {ammo_max}.")
    d.values["combat"] = {
        "ap": ap,
        "speed": speed,
        "speed_now": now,
        "ammo_max": ammo_max,
        "morale_max": morale_max,
        "shaken": shaken,
        "broken": broken,
        "thresholds": f"Пошатнувшийся {shaken}, Надломленный {broken}, Сломленный 0",
        "initiative": initiative,
        "defence": defence,
        "throw_range": throw,
    }
    d.step(
        "sheet.morale_thresholds",
        f"Модуль I: порог Пошатнувшегося {shaken}, Надломленного {broken}, Сломленного 0.",
        "combat.thresholds",
    )


def _wounds(d: Derivation, ch: Mapping[str, Any]) -> None:
    w = ch["wounds"]
    healthy = int(ch["traits"]["nch"]["healthy"])
    tough = int(ch["traits"]["bch"]["tough"])
    pallid = species_of(ch) == "pallid"
    limits = dict(zip(("light", "medium", "serious", "critical"), limits_for(healthy, pallid), strict=True))
    rounds = countdown_rounds(tough)
    d.values["wounds"] = {"limits": limits, "countdown_max": rounds}
    extra = []
    if healthy >= 1:
        extra.append("+1 Лёгкое")
    if healthy >= 2:
        extra.append("+1 Среднее")
    if healthy >= 3:
        extra.append("+1 Лёгкое")
    d.step(
        f"wounds.healthy_{healthy}" if healthy else "wounds.limits",
        f"Слоты ранений: {limits['light']} лёгких, {limits['medium']} средних, "
        f"{limits['serious']} серьёзное, 1 критическое"
        + (f" (Здоровый {healthy}: {', '.join(extra)})." if extra else "."),
        "wounds.limits",
    )
    if pallid:
        d.step("sheet.pallid_slot", "Паллид: один дополнительный слот Лёгкого ранения.", "wounds.limits")
    # «Крепкий» 6: the Серьёзное that replaces a Критическое is written over the limit
    over = {"serious": 1} if tough >= 6 else {}
    for k, name in (("light", "Лёгких"), ("medium", "Средних"), ("serious", "Серьёзных")):
        if int(w[k]) > limits[k] + over.get(k, 0):
            d.warn(f"wounds.{k}", "wounds.limits", f"{name} ранений отмечено {w[k]}, а слотов {limits[k]}.")
    if int(w["countdown"]) > rounds:
        d.warn("wounds.countdown", "wounds.countdown_death", f"Отсчёт до смерти длится {rounds} раунда.")

    effects: list[dict[str, str]] = []

    def effect(rule: str, text: str) -> None:
        effects.append({"text": text, "rule": url(rule)})

    armor = ch["armor"]
    stabilising = (
        armor["profile"].strip() == STABILISING_ARMOR
        and armor["armor"] != "none"
        and (armor["bz"] if armor["bz"] is not None else armor["bz_max"]) > 0
    )
    if int(w["critical"]):
        effect(
            "wounds.critical",
            f"Критическое ранение: персонаж обездвижен и не может действовать; отсчёт до смерти "
            f"{w['countdown']} из {rounds}.",
        )
        if rounds == 4:
            effect("sheet.tough_countdown", "Крепкий 5: отсчёт до смерти — 4 раунда вместо 3.")
    if int(w["serious"]):
        if tough >= 3:
            effect(
                "sheet.tough_serious",
                "Серьёзное ранение (Крепкий 3): Скорость −10 футов, −1 ко всем проверкам.",
            )
        else:
            penalty = "−1 (стабилизирующая броня)" if stabilising else "−2"
            effect(
                "sheet.serious_effects",
                f"Серьёзное ранение: Скорость вдвое меньше, {penalty} ко всем проверкам.",
            )
        if stabilising and tough < 3:
            effect("sheet.stabilising_armor", "Стабилизирующая броня: числовой штраф −2 становится −1.")
    if int(w["medium"]):
        if tough >= 2:
            effect("sheet.bch_tough", "Среднее ранение (Крепкий 2): −1 к боевым проверкам вместо помехи.")
        else:
            effect("sheet.wound_effects", "Среднее ранение: помеха на все боевые навыки.")
    if w["bleeding"]:
        if int(w["critical"]):
            effect(
                "bleeding.paused_by_critical",
                "Кровотечение: пока есть Критическое ранение, новых ранений от него нет.",
            )
        else:
            effect("bleeding.end_of_turn", "Кровотечение: в конце каждого своего хода — одно Лёгкое ранение.")
    if w["recovering"]:
        effect("wounds.recovery", "Восстановление после Критического ранения: −2 ко всем проверкам.")
    morale = ch["combat"]["morale"]
    if morale is not None and int(morale) == 0:
        effect("sheet.zero_morale", "Мораль 0: штраф −3 ко всем действиям, пока мораль не станет хотя бы 1.")
    if armor["armor"] != "none" and armor["profile"].strip() == HEAVY_EXOSKELETON:
        # 4.2: «Громоздкий» is the frame's weight, worn whatever its БЗ, as its −5 ft of Скорость
        # (the armour's «speed») are
        effect("sheet.exoskeleton_clumsy", "Тяжёлый экзоскелет, громоздкий: −2 к проверкам навыков Ловкости.")
    if armor["armor"] == "heavy":
        # 1.5 «Прыжок»: in heavy armour the jump is rolled with hindrance, unless the profile says
        # otherwise (4.2 «Адаптивный экзоскелет»: «Компенсация нагрузки»)
        if armor["profile"].strip() == ADAPTIVE_EXOSKELETON:
            effect("preset.adaptive_exoskeleton", "Адаптивный экзоскелет: Прыжок без помехи от брони.")
        else:
            effect("sheet.jump_heavy_armor", "Тяжёлая броня: Прыжок (бросок Выдержки) — с помехой.")
    hunger, sleep = ch["condition"]["hunger"], ch["condition"]["sleep"]
    if hunger == "hungry":
        effect("sheet.hunger", "Голодный: −1 к навыкам Физической силы и Выносливости.")
    elif hunger == "exhausted":
        effect("sheet.hunger", "Истощённый: −2 ко всем проверкам навыков.")
    if sleep == "tired":
        effect("sheet.sleep", "Не выспался: −1 к навыкам Интеллекта и Концентрации.")
    elif sleep == "sleepless":
        effect("sheet.sleep", "Критическое недосыпание: −2 ко всем проверкам навыков.")
    d.values["effects"] = effects


def _armor(d: Derivation, ch: Mapping[str, Any]) -> None:
    a = ch["armor"]
    cls = a["armor"]
    bz_max = int(a["bz_max"])
    bz = bz_max if a["bz"] is None else int(a["bz"])
    out: dict[str, Any] = {"bz": bz, "bz_max": bz_max, "protects": "", "state": ""}
    if cls == "none":
        out["protects"] = "Брони нет."
        d.values["armor"] = out
        return
    groups: dict[int, list[str]] = {}
    for attack_class, n in PROTECTION[cls].items():
        groups.setdefault(n, []).append(attack_class)
    text = "; ".join(
        f"на {n} ступен{'ь' if n == 1 else 'и'} — от {_attack_list(v)}"
        for n, v in sorted(groups.items(), reverse=True)
    )
    out["protects"] = f"{ARMOR_NAMES[cls].capitalize()} броня снижает ранения {text}."
    d.step(STEPS_RULE[cls], out["protects"], "armor.protects")
    d.step(COVER_RULE[cls], "Против атак других классов броня не помогает и не теряет БЗ.", "armor.protects")
    if bz > bz_max:
        d.warn("armor.bz", "hit.bz_floor", f"Текущее БЗ {bz} больше максимального {bz_max}.")
    if bz == 0:
        out["state"] = "Броня повреждена: до ремонта не снижает тяжесть ранений."
        d.step("hit.armor_broken", out["state"], "armor.state")
    else:
        out["state"] = f"БЗ {bz} из {bz_max}: броня защищает."
        d.step("hit.armor_state", out["state"], "armor.state")
    d.values["armor"] = out


WEAPON_CLASS_NAMES = {"light": "лёгкого", "medium": "среднего", "heavy": "тяжёлого", "explosive": "взрывного"}


def _attack_list(classes: list[str]) -> str:
    """["weak", "fragment", "light", "medium"] -> «лёгкого и среднего оружия, осколков и слабых атак»."""
    weapons = [WEAPON_CLASS_NAMES[c] for c in classes if c in WEAPON_CLASS_NAMES]
    other = [n for c, n in (("fragment", "осколков"), ("weak", "слабых атак")) if c in classes]
    parts = []
    if weapons:
        parts.append(_and(weapons) + " оружия")
    if other:
        parts.append(_and(other))
    return ", ".join(parts)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " и " + items[-1]


def with_bonus(die: str, n: int) -> str:
    """«1к8 + 2», «1к6 − 1»."""
    return f"{die} {'+' if n >= 0 else '−'} {abs(n)}"


def _weapons(d: Derivation, ch: Mapping[str, Any], totals: Mapping[str, int]) -> None:
    rows = []
    prof = ch["proficiency"]
    mark, strength, acro = totals["marksmanship"], totals["strength"], totals["acrobatics"]
    for i, w in enumerate(ch["weapons"]):
        cat = w["category"]
        bonus = int(w["bonus"])
        extra = f" + прочее {signed(bonus)}" if bonus else ""
        hit: int | None
        note = ""
        name = w["name"] or f"Оружие {i + 1}"
        if cat in dict(creation.PROFICIENCY):
            thr = w["threshold"]
            if thr is None:
                hit, rule = None, "attack.modifier"
                note = "Укажите порог владения профиля."
            else:
                p = int(prof[cat])
                hit = attack.hit_modifier(p, mark, int(thr)) + bonus
                rule = "attack.modifier"
                note = f"Владение {p} + ⌊Меткость {mark} / 2⌋ − порог {thr}{extra}."
                if p < int(thr):
                    note += " Владение ниже порога: особые свойства и режимы ОБ недоступны."
        elif cat == "melee":
            skill = w["skill"]
            if skill == "acrobatics":
                base, what = acro, f"Акробатика {signed(acro)}"
            elif skill == "strength":
                base, what = strength, f"Физ. сила {signed(strength)}"
            else:
                base = max(acro, strength)
                what = f"большее из Акробатики {signed(acro)} и Физ. силы {signed(strength)}"
            hit, rule = base + bonus, "sheet.melee_bonus"
            note = f"Встречный бросок: {what}{extra}."
        elif cat == "bow":
            hit, rule = strength + mark // 2 + bonus, "sheet.bow_bonus"
            note = f"Физ. сила {signed(strength)} + ⌊Меткость {mark} / 2⌋{extra}."
            if strength < 2:
                note += " Физ. сила ниже 2: бросок попадания с помехой."
        elif cat == "crossbow":
            hit, rule = mark + bonus, "sheet.crossbow_bonus"
            note = f"Полный бонус Меткости {signed(mark)}{extra}."
        elif cat == "grenade":
            hit, rule = None, "sheet.throw_range"
            note = f"Бросок без куба попадания; дальность {max(0, 30 + 10 * strength)} фт."
        else:
            hit, rule = bonus, "attack.modifier"
            note = "Правило попадания не задано: учтены только прочие бонусы."
        rows.append(
            {
                "hit": hit,
                "hit_label": "—" if hit is None else signed(hit),
                "note": note,
                "rule": url(rule),
            }
        )
        d.step(rule, f"{name}: модификатор попадания {rows[-1]['hit_label']}. {note}", f"weapons[{i}]")
    d.values["weapons"] = rows


def _abilities(
    d: Derivation, och: Mapping[str, Any], bch: Mapping[str, Any], totals: Mapping[str, int]
) -> None:
    out = []

    def add(name: str, source: str, rule: str, value: str = "") -> None:
        out.append({"name": name, "source": source, "value": value, "rule": url(rule)})

    for (trait, lv), (name, rule) in creation.ABILITIES.items():
        if int(och[trait]) < lv:
            continue
        value = ""
        if name == "Право сильного":
            n = -(-totals["strength"] // 2)  # «половину … округляя вверх», below zero too
            value = f"{signed(n)} к Убеждению, Очарованию и Запугиванию (по желанию)"
        elif name == "Эрудит":
            value = f"{signed(-(-int(och['smart']) // 2))} к одной подходящей проверке вне боя"
        elif name == "Атлет":
            value = f"{signed(totals['endurance'] // 2)} к Физ. силе и Акробатике"
        elif name == "Оратор":
            value = f"{signed(int(och['charming']))} к Очарованию и Убеждению"
        add(name, f"{TRAITS[trait].name} {lv}", rule, value)
    if int(och["agile"]) >= 5:
        add("Преимущество на Скрытность и Взлом", "Ловкий 5", "sheet.agile_speed")
    if int(och["smart"]) >= 5:
        add("Преимущество на Анализ", "Умный 5", "sheet.och_smart")
    if int(och["vigilant"]) >= 5:
        add(
            "Бонус к Выживанию и Бдительности",
            "Бдительный 5",
            "sheet.vigilant_5",
            "размер в книге не указан: впишите его в «Прочие бонусы»",
        )
    for t in creation.BCH:
        lv = int(bch[t.key])
        if lv:
            levels = "уровня 1" if lv == 1 else f"уровней 1–{lv}"
            add(t.name, f"{t.name} {lv}", t.rule, f"эффекты {levels} по таблице черты")
    d.values["abilities"] = out


def _frequency(row: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
    if row["frequency"]:
        return str(row["frequency"])
    known = catalogue.get(row["name"].strip())
    if isinstance(known, tuple):
        return str(known[1])
    return str(known or "")


def _roles(d: Derivation, ch: Mapping[str, Any]) -> None:
    specs = [s for s in ch["specialisations"] if s["name"].strip()]
    traits = [t for t in ch["character_traits"] if t["name"].strip()]
    docs = [x for x in ch["doctrines"] if x["name"].strip()]
    d.values["specialisations"] = []
    for s in ch["specialisations"]:
        freq = _frequency(s, creation.SPECIALISATIONS)
        label = creation.FREQUENCY_NAMES.get(freq, "не указана")
        known = s["name"].strip() in creation.SPECIALISATIONS
        d.values["specialisations"].append(
            {
                "frequency": freq,
                "frequency_label": label + (" (по таблице)" if known and not s["frequency"] else ""),
            }
        )
    d.values["doctrines"] = []
    for x in ch["doctrines"]:
        freq = _frequency(x, creation.DOCTRINES)
        partner = creation.DOCTRINES.get(x["name"].strip(), ("", ""))[0]
        bits = [creation.FREQUENCY_NAMES.get(freq, "частота не указана")]
        if partner:
            bits.append(f"несовместима с «{partner}»")
        if x["core"]:
            bits.append("Стержневая")
        d.values["doctrines"].append({"frequency": freq, "incompatible": partner, "text": "; ".join(bits)})
    kind = species_of(ch)
    pallid = kind == "pallid"
    if len(specs) > 3 + pallid:
        d.warn(
            "specialisations",
            "sheet.pallid_specialisation" if pallid else "sheet.specialisations_3",
            f"Специализаций {len(specs)}: обычно 2, с разрешения Мастера 3"
            + (", и ещё одна у паллида." if pallid else "."),
        )
    if kind and str(ch["aberrancy"]["gift"]).strip():
        d.warn(
            "aberrancy",
            f"sheet.{kind}_aberrancy",
            f"{SPECIES_NAMES[kind]}: по умолчанию Аберрантность недоступна (только как сюжетное исключение "
            "с разрешения Мастера).",
        )
    if len(traits) > 3:
        d.warn(
            "character_traits",
            "sheet.character_traits",
            f"Черт характера {len(traits)}: обычно 2, в драматичной кампании 3 (новые — по решению Мастера).",
            "info",
        )
    if len(docs) > 4:
        d.warn("doctrines", "sheet.doctrines_4", f"Доктрин {len(docs)}: обычно 3, с разрешения Мастера 4.")
    cores = [x["name"] for x in docs if x["core"]]
    if len(cores) > 1:
        d.warn(
            "doctrines",
            "sheet.doctrine_core",
            "Стержневой может быть только одна Доктрина: " + ", ".join(cores) + ".",
        )
    elif docs and not cores:
        d.warn("doctrines", "sheet.doctrine_core", "Назначьте одну из Доктрин Стержневой.", "info")
    names = {x["name"].strip() for x in docs}
    seen: set[frozenset[str]] = set()
    for name in sorted(names):
        other = creation.DOCTRINES.get(name, ("", ""))[0]
        pair = frozenset((name, other))
        if other in names and pair not in seen:
            seen.add(pair)
            d.warn("doctrines", "sheet.doctrine_table", f"Доктрины «{name}» и «{other}» несовместимы.")


def _resources(d: Derivation, ch: Mapping[str, Any], skills: Mapping[str, Mapping[str, Any]]) -> None:
    r = ch["resources"]
    lucky = int(ch["traits"]["bch"]["lucky"])
    fortune = fortune_per_scene(lucky)
    out: dict[str, Any] = {"fortune_max": fortune, "strain_check": ""}
    if lucky:
        d.step(
            "sheet.fortune_4" if lucky >= 4 else "sheet.fortune",
            f"Удачливый {lucky}: Фортуна в начале сцены — {fortune}.",
            "resources.fortune_max",
        )
    if r["fortune"] is not None and int(r["fortune"]) > fortune:
        d.warn(
            "resources.fortune",
            "sheet.fortune",
            f"Фортуны {r['fortune']}, а в начале сцены даётся {fortune}.",
        )
    if int(r["coins"]) > COINS_SOFT_CAP:
        d.warn(
            "resources.coins",
            "sheet.coins_cap",
            f"Монет {r['coins']}: сверх мягкого предела 5 новые монеты не выдаются, пока их не потратят.",
            "info",
        )
    a = ch["aberrancy"]
    if int(a["strain"]) >= 3:
        will = skills["will"]
        probs = distribution(will["die"], DifficultyRoll(8), int(will["total"]), 0)
        p = probs["crit_success"] + probs["success"]
        out["strain_check"] = (
            f"Напряжение {a['strain']}: после применения Дара — проверка Воли "
            f"{with_bonus(will['die_label'], int(will['total']))} против 1к8; "
            f"без Срыва в {percent(p)} случаев."
        )
        d.step("sheet.strain_check", out["strain_check"], "resources.strain_check")
    d.values["resources"] = out


def _languages(d: Derivation, ch: Mapping[str, Any], totals: Mapping[str, int]) -> None:
    extra = extra_languages(totals["erudition"])
    pallid = species_of(ch) == "pallid"
    allowed = 2 + extra + pallid
    known = sum(1 for x in ch["languages"] if x["name"].strip())
    d.values["languages"] = {
        "allowed": allowed,
        "known": known,
        "text": f"доступно {allowed}, записано {known}",
    }
    d.step(
        "sheet.pallid_language" if pallid else "sheet.languages",
        f"Языки: 2 базовых + {extra} за Эрудицию {signed(totals['erudition'])}"
        + (" + 1 паллиду" if pallid else "")
        + f" = {allowed}.",
        "languages.allowed",
    )
    if known > allowed:
        d.warn(
            "languages",
            "sheet.languages",
            f"Языков записано {known}, при создании доступно {allowed} (остальные — выученные в игре?).",
            "info",
        )


# ---- actions ------------------------------------------------------------------------------------
def apply_action(ch: dict[str, Any], action: str, d: Derivation) -> None:
    """`new_scene`: Фортуна back to its per-scene value, Опора and Срыв unused, per-scene and
    per-fight abilities unused, Напряжение −1. `new_fight`: per-fight abilities unused."""
    kinds = (FIGHT,) if action == "new_fight" else (FIGHT, SCENE)
    reset = []
    for key, catalogue in (("specialisations", creation.SPECIALISATIONS), ("doctrines", creation.DOCTRINES)):
        for row in ch[key]:
            if row["used"] and _frequency(row, catalogue) in kinds:
                row["used"] = False
                reset.append(row["name"])
    what = "бой" if action == "new_fight" else "сцена"
    d.step(
        "sheet.specialisation_table",
        f"Новая {what}: снова доступны "
        + (", ".join(reset) if reset else "все способности с этой частотой")
        + ".",
        "action",
    )
    if action == "new_scene":
        r = ch["resources"]
        r["fortune"] = fortune_per_scene(int(ch["traits"]["bch"]["lucky"]))
        r["support_used"] = False
        r["breakdown"] = False
        d.step(
            "sheet.fortune",
            f"Фортуна на начало сцены: {r['fortune']}; Опора и Срыв снова доступны.",
            "action",
        )
        a = ch["aberrancy"]
        if int(a["strain"]):
            a["strain"] = int(a["strain"]) - 1
            d.step("sheet.strain_scene", f"После сцены Напряжение −1: {a['strain']}.", "action")


READINGS = (
    Reading(
        "Итог навыка = +1 от Пути происхождения + «+1 к проверкам» от уровней его Основной черты + прочие "
        "бонусы. Профессионализм повышает куб успеха на порядок, а не бонус (в Приложении Г сказано "
        "«сумма бонуса от черт и профессионализма»; по Шагу 3 профессионализм меняет куб).",
        "check.professional",
    ),
    Reading(
        "Храбрый: бонусы уровней складываются («Бонусы одного типа суммируются»): 10, 25, 45 — как у "
        "Здорового и Бережливого, где каждый уровень добавляет своё.",
        "sheet.stacking",
    ),
    Reading(
        "Инициатива — проверка Бдительности: куб Бдительности (с профессиональным повышением) + её бонус.",
        "sheet.initiative",
    ),
    Reading(
        "Оружие ближнего боя с бонусом «Акробатика или Физ. сила» берёт больший из двух, если в строке не "
        "выбран один.",
        "sheet.melee_profiles",
    ),
    Reading(
        "Способности (Оратор, Право сильного, Атлет, Эрудит) показаны со своим числом, но в итог навыка не "
        "входят: часть из них действует по желанию или к одной проверке. Половина Выдержки для Атлета "
        "округляется вниз (в книге не сказано), для Права сильного и Эрудита — вверх (Приложение Б).",
        "ability.athlete",
    ),
    Reading(
        "«Бонус к Выживанию и Бдительности» Бдительного 5 не имеет размера в книге и не прибавляется сам.",
        "sheet.vigilant_5",
    ),
    Reading(
        "Языки: 2 базовых + половина Эрудиции с округлением вверх, начиная с Эрудиции 2 (Шаг 8); "
        "«половина бонуса» Памяти из Приложения А не учитывается.",
        "sheet.languages",
    ),
    Reading(
        "Серьёзное ранение: Скорость делится на 2 с округлением вниз; с Критическим ранением Скорость 0.",
        "sheet.serious_effects",
    ),
    Reading(
        "«Милитарная необходимость» в таблице Доктрин — это «Военная необходимость».",
        "sheet.doctrine_table",
    ),
    Reading(
        "Модуль I: порог Надломленного — четверть максимума (как в тексте и примерах), а не «ниже половины», "
        "как в строке таблицы.",
        "sheet.morale_thresholds",
    ),
)


def compute(inputs: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(inputs, Mapping):
        raise InputError("input", "нужен объект JSON")
    reject_unknown(inputs, {"character", "action"})
    raw = inputs.get("character")
    ch = parse_character({} if raw is None else raw, "character")  # 0 or [] is no character
    action = inputs.get("action")
    if action is not None and action not in ACTIONS:
        raise InputError("action", f"допустимые значения: {', '.join(ACTIONS)}; получено {shown(action)}")
    d = Derivation()
    if action:
        apply_action(ch, str(action), d)
    done = derive(ch)
    out: dict[str, Any] = {
        "calculator": "sheet",
        "derived": done.values,
        "warnings": done.warnings,
        "steps": d.steps + done.steps,
    }
    if action:
        out["character"] = ch
    return out


CALCULATOR = Calculator("sheet", "Лист персонажа", (), READINGS, compute, block="sheet")
