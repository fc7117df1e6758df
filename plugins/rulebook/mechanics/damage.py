"""`damage`: the FATUM damage stepper, a wound track for one character stepped hit by hit.

A hit is processed exactly in the book's order (3.4 «Как работает броня в бою (по шагам)»,
3.9 «Порядок обработки атаки»): damage → numeric modifiers → wounds → armour state → does the
armour cover this attack → protection steps → each wound reduced → БЗ loss → placement with
escalation → bleeding and death. Other actions: end of turn (bleeding, death countdown),
stabilisation, stopping the bleeding, a dressing kit used on a Light wound instead, a short and a
long rest, the end of the fight (the countdown stops where it is, bleeding goes on, its attempts
take the out-of-combat rule) and a new fight (the countdown resumes), reset.

`compute({"character" | "state": ..., "actions": [...]})` returns the new state and the steps
taken, each citing its paragraph; the state is plain JSON, so the page keeps it in localStorage
and hands it back for the next action.

The parts: `damage_tables`, `damage_fields`, `damage_state`, `damage_track`, and the actions in
`damage_hit`, `damage_care` and `damage_turns`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics.base import (
    Calculator,
    Choice,
    Field,
    InputError,
    Reading,
    parse_fields,
    parse_object,
    reject_unknown,
)
from rulebook.mechanics.damage_care import kit_light, stabilise, stop_bleeding
from rulebook.mechanics.damage_fields import CARE_FIELDS, CHARACTER_FIELDS, HIT_FIELDS
from rulebook.mechanics.damage_hit import hit, parse_hit
from rulebook.mechanics.damage_state import character_state, parse_state
from rulebook.mechanics.damage_track import Track
from rulebook.mechanics.damage_turns import end_combat, end_turn, long_rest, short_rest, start_combat

ACTIONS = (
    "hit",
    "end_turn",
    "stabilise",
    "stop_bleeding",
    "kit_light",
    "short_rest",
    "long_rest",
    "end_combat",
    "start_combat",
    "reset",
)


READINGS = (
    Reading(
        "Слоты ранений: 2 Лёгких, 1 Среднее, 1 Серьёзное и 1 Критическое; «Здоровый» добавляет по уровням "
        "+1 Лёгкое, +1 Среднее, +1 Лёгкое; у паллида — ещё один слот Лёгкого ранения.",
        "sheet.pallid_slot",
    ),
    Reading(
        "Урон → ранения: 0 и меньше — нет; 1 — Лёгкое; 2 — Среднее; 3 — Среднее и Лёгкое; 4 — Серьёзное; "
        "5 и больше — Критическое.",
        "hit.wounds_3",
    ),
    Reading(
        "Взрыв: во внешней зоне урон вдвое меньше с округлением вниз (книга приводит только 4 → 2), затем "
        "укрытие между целью и взрывом −1, −2 или −3 и реакция на гранату −1, не ниже 0 — всё до перевода "
        "урона в ранения и до свойства брони против взрыва.",
        "blast.outer_zone",
    ),
    Reading(
        "Броня действует, только пока БЗ > 0 и её класс покрывает атаку. Лёгкая: лёгкое оружие, осколки, "
        "слабые атаки (1 ступень); средняя: лёгкое и среднее (1 ступень); тяжёлая: лёгкое и среднее "
        "(2 ступени), тяжёлое и взрывное (1 ступень). Осколки и слабые атаки средняя и тяжёлая броня "
        "считают лёгким оружием.",
        "hit.covers_light",
    ),
    Reading(
        "Анаксионную атаку броня снижает, только если применима против неё (по профилю — на 1 ступень). "
        "Бронебойное свойство снимает одну ступень защиты, не ниже 0.",
        "hit.special_attacks",
    ),
    Reading(
        "Каждое ранение попадания снижается отдельно; ниже Лёгкого — отменяется. Если снижено хоть одно "
        "(и отменённое Лёгкое тоже), броня теряет 1 БЗ, а от тяжёлой, взрывной, бронебойной или "
        "анаксионной атаки — 2; один раз за попадание, не ниже 0; упав до 0, она ещё защищает от этого "
        "попадания.",
        "hit.bz_loss",
    ),
    Reading(
        "Ранения одного попадания размещаются вместе, от тяжёлого к лёгкому; при занятом слоте ранение "
        "повышается на ступень, вплоть до Критического. Персонаж, у которого Критическое уже было, погибает "
        "от любого нового ранения (полностью отменённое бронёй попадание — не новое ранение); "
        "погибает и тот, чьё одно попадание дважды требует слот Критического. "
        "Если одно ранение попадания стало Критическим, второе ранение того же попадания "
        "не смертельно само по себе.",
        "wounds.new_wound_death",
    ),
    Reading(
        "Кровотечение начинает Серьёзное ранение, окончательно размещённое (после брони и повышения) "
        "от огнестрельного, режущего или колющего оружия, снаряда, осколков или естественного оружия; "
        "если Кровотечение уже есть — вместо этого ещё одно Лёгкое ранение.",
        "bleeding.after_placement",
    ),
    Reading(
        "При Критическом ранении Кровотечение ранений не наносит: ни в конце хода, ни вторым "
        "Кровотечением от попадания, ни провалом попытки остановить его вне боя. Критический провал "
        "помощи — новое ранение, и персонаж с Критическим от него погибает.",
        "bleeding.paused_by_critical",
    ),
    Reading(
        "«Конец боя» останавливает отсчёт до смерти на достигнутом раунде, «Новый бой» возобновляет его; "
        "вне боя ходы ни отсчёта, ни ранений от Кровотечения не дают, а попытка остановить Кровотечение "
        "идёт по правилу «вне боя».",
        "wounds.combat_end",
    ),
    Reading(
        "Отсчёт до смерти: каждый «Конец хода» после получения Критического ранения отмечает один раунд; "
        "после третьего персонаж погибает. «Успех на грани» при стабилизации или остановке Кровотечения "
        "засчитывается как успех с последствием; если игрок от него отказался, выберите «Провал».",
        "wounds.countdown",
    ),
)


_ACTION_KEYS = {
    "hit": {f.name for f in HIT_FIELDS.fields},
    "end_turn": set(),
    "stabilise": {"outcome", "kit", "self"},
    "stop_bleeding": {"outcome", "kit", "self", "out_of_combat"},
    "kit_light": set(),
    "short_rest": set(),
    "long_rest": set(),
    "end_combat": set(),
    "start_combat": set(),
    "reset": set(),
}


def apply(track: Track, raw_action: object, where: str) -> None:
    action = parse_object(raw_action, where)
    kind = Field("type", "Действие", "choice", None, choices=tuple(Choice(a, a) for a in ACTIONS)).parse(
        action.get("type"), f"{where}.type"
    )
    reject_unknown(action, _ACTION_KEYS[str(kind)] | {"type"}, f"{where}.")
    care = parse_fields(CARE_FIELDS, action, f"{where}.")
    outcome = care.get("outcome")
    if kind == "hit":
        hit(track, parse_hit(action, where))
    elif kind == "end_turn":
        end_turn(track)
    elif kind == "stabilise":
        if care["self"]:
            raise InputError(f"{where}.self", "критически раненый персонаж не может стабилизировать себя сам")
        if care["kit"]:
            raise InputError(
                f"{where}.kit", "стабилизация требует проверки Медицины против 1к6; комплект её не заменяет"
            )
        stabilise(track, None if outcome is None else str(outcome), where)
    elif kind == "stop_bleeding":
        stop_bleeding(
            track,
            None if outcome is None else str(outcome),
            bool(care["kit"]),
            bool(care["self"]),
            bool(care["out_of_combat"]) or not track.state.in_combat,
            where,
        )
    elif kind == "kit_light":
        kit_light(track)
    elif kind == "short_rest":
        short_rest(track)
    elif kind == "long_rest":
        long_rest(track)
    elif kind == "end_combat":
        end_combat(track)
    elif kind == "start_combat":
        start_combat(track)
    else:
        track.reset()


def compute(inputs: Mapping[str, Any]) -> dict[str, Any]:
    raw = parse_object(inputs, "input")
    reject_unknown(raw, {"character", "state", "actions"})
    if raw.get("state") is not None and raw.get("character") is not None:
        raise InputError("state", "укажите либо character, либо state, не оба")
    if raw.get("state") is not None:
        state = parse_state(raw["state"])
    else:
        state = character_state(parse_object(raw.get("character", {}), "character"))
    actions = raw.get("actions", [])
    if not isinstance(actions, list):
        raise InputError("actions", "нужен список действий")
    track = Track(state)
    for i, a in enumerate(actions):
        track.action = i
        apply(track, a, f"actions[{i}]")
    return {"calculator": "damage", "state": track.state.to_json(), "steps": track.steps.items}


CALCULATOR = Calculator(
    "damage",
    "Пошаговый расчёт ранений",
    (CHARACTER_FIELDS, HIT_FIELDS, CARE_FIELDS),
    READINGS,
    compute,
    uses_presets=True,
)
