"""The sheet's wounds: slots from «Здоровый» (and a pallid's extra one), the countdown to death, and
every penalty in force from wounds, bleeding, morale, armour, hunger and sleep.

One part of `sheet.derive`, apart because the effects in force are a long list of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics.damage_tables import limits_for
from rulebook.mechanics.derivation import Derivation, species_of
from rulebook.mechanics.progression import countdown_rounds
from rulebook.mechanics.rules import url

STABILISING_ARMOR = "Стабилизирующая тяжёлая броня"
HEAVY_EXOSKELETON = "Тяжёлый экзоскелет"
ADAPTIVE_EXOSKELETON = "Адаптивный экзоскелет"


def derive_wounds(d: Derivation, ch: Mapping[str, Any]) -> None:
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
