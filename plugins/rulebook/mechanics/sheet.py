"""`sheet`: the FATUM character sheet's derived values (Приложение Г, and what the rules imply).

`compute({"character": ...})` validates a character and derives what a player
would otherwise work out by hand: success dice and skill bonuses, points left to spend, ОД by
level, Скорость, max ОБ and morale, initiative, the МЗ against you, wound slots from «Здоровый»,
the hit modifier of every weapon, what the armour protects against, the penalties in force, and
whatever breaks a rule (an ОЧ above the level cap, two incompatible Doctrines). Every value cites
its paragraph. `{"action": "new_scene" | "new_fight"}` also returns the character with the
per-scene / per-fight resources reset. The document itself is declared in `sheet_schema`; this
module runs the derivation's parts (`sheet_traits`, `sheet_combat`, `sheet_wounds`, `sheet_roles`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics.base import Calculator, InputError, Reading, reject_unknown, shown
from rulebook.mechanics.derivation import Derivation
from rulebook.mechanics.records import get
from rulebook.mechanics.sheet_combat import derive_armor, derive_combat, derive_weapons
from rulebook.mechanics.sheet_roles import (
    apply_action,
    derive_abilities,
    derive_languages,
    derive_resources,
    derive_roles,
)
from rulebook.mechanics.sheet_schema import ACTIONS, parse_character
from rulebook.mechanics.sheet_traits import (
    TRAIT_DIE_LABEL,
    derive_points,
    derive_proficiency,
    derive_progress,
    derive_skills,
)
from rulebook.mechanics.sheet_wounds import derive_wounds


def derive(ch: Mapping[str, Any]) -> Derivation:
    d = Derivation()
    level = int(get(ch, "progress.level"))
    och = ch["traits"]["och"]
    nch = ch["traits"]["nch"]
    bch = ch["traits"]["bch"]
    derive_progress(d, ch, level)
    skills = derive_skills(d, ch)
    derive_points(d, ch, level)
    derive_proficiency(d, ch)
    totals = {k: v["total"] for k, v in skills.items()}
    derive_combat(d, ch, level, skills)
    derive_wounds(d, ch)
    derive_armor(d, ch)
    derive_weapons(d, ch, totals)
    derive_abilities(d, och, bch, totals)
    derive_roles(d, ch)
    derive_resources(d, ch, skills)
    derive_languages(d, ch, totals)
    d.values["traits"] = {
        **{k: {"level": v} for k, v in nch.items()},
        **{k: {"level": v, "die": TRAIT_DIE_LABEL[v]} for k, v in och.items()},
        **{k: {"level": v} for k, v in bch.items()},
    }
    return d


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
