"""The sheet's combat values: ОД, Скорость, max ОБ and morale with its thresholds, initiative, the
difficulty to hit the character, throw range, what the armour protects against, and every
weapon's hit modifier.

One part of `sheet.derive`, apart so the numbers a fight needs read together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics import attack, creation
from rulebook.mechanics.damage_tables import ARMOR_NAMES, COVER_RULE, PROTECTION, STEPS_RULE
from rulebook.mechanics.derivation import Derivation, signed, with_bonus
from rulebook.mechanics.progression import BRAVE_BONUS, action_points, brave_bonus
from rulebook.mechanics.rules import url

BASE_SPEED = 30
BASE_AMMO = 3
BASE_MORALE = 10


def derive_combat(
    d: Derivation, ch: Mapping[str, Any], level: int, skills: dict[str, dict[str, Any]]
) -> None:
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


def derive_armor(d: Derivation, ch: Mapping[str, Any]) -> None:
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


def derive_weapons(d: Derivation, ch: Mapping[str, Any], totals: Mapping[str, int]) -> None:
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
