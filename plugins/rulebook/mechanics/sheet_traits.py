"""The sheet's build: level and experience, the origin's and the traits' skill bonuses, success
dice, and the НЧ, ОЧ, БЧ, professional-skill and weapon-proficiency points spent against those
the level gives.

One part of `sheet.derive`, apart so the rules of character creation read together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics import creation
from rulebook.mechanics.base import plural
from rulebook.mechanics.check import die_label, trait_die
from rulebook.mechanics.creation import SKILLS
from rulebook.mechanics.derivation import SPECIES_NAMES, Derivation, signed, species_of
from rulebook.mechanics.progression import (
    bch_points,
    level_for_xp,
    och_cap,
    och_points,
    professional_allowed,
    proficiency_points,
    starting_credits,
    trait_check_bonus,
    xp_for_level,
)
from rulebook.mechanics.records import get
from rulebook.mechanics.sheet_schema import MAX_LEVEL

TRAIT_DIE_LABEL = {lv: die_label(trait_die(lv, False)) for lv in range(7)}


def derive_progress(d: Derivation, ch: Mapping[str, Any], level: int) -> None:
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


def derive_skills(d: Derivation, ch: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
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


def derive_points(d: Derivation, ch: Mapping[str, Any], level: int) -> None:
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


def derive_proficiency(d: Derivation, ch: Mapping[str, Any]) -> None:
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
