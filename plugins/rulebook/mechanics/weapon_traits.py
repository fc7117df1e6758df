"""What a chapter 4 weapon's row says about its own hit roll, read off the row's text.

A profile's «Особенность» gives some weapons a bonus or a penalty to hit under a condition: «На
дистанции 0–10 футов получает +1 к попаданию», «Если стрелок не двигался в этот ход, получает +1
к попаданию», «При атаке по цели без укрытия…», «На дальней дистанции получает −1…», «+1 к
попаданию, если стрелок не двигался в прошлом ходу», «Выверенный выстрел этой винтовки
дополнительно получает +1 к попаданию». Each sentence that gives the shooter's attack «±N к
попаданию» is one modifier, under the conditions its words name; a sentence in which «цель …
получает» it speaks of another attack (the automatic carbine's suppressed target) and is not read.
A row may also change its hit die with the distance («1к8 на дистанции 0–10 фт; 1к6 на дистанции
11+ фт»).

A melee row (4.5) speaks of the opposed roll instead: «+1 к встречному броску, если персонаж
защищается» (Быстрое), «+1 к встречному броску против цели, которая в этот ход применяла Натиск»
(Удержание дистанции), «цель получила -1 к следующему встречному броску» (Оглушение, a mark the
hit leaves on the other side) and «Встречный удар этим оружием стоит 2 ОД вместо 1 ОД»
(Громоздкое); `melee_traits`, `stun_penalty` and `counter_cost` read them.

The distances are 4.8's «Дистанции Для Модификаций» (near 0–10 ft, far 31+ ft): the only bands the
book defines. Standard library only: this runs in Pyodide too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NEAR_FT = 10  # 4.8: «Ближняя 0-10 фт»
FAR_FT = 31  # 4.8: «Дальняя 31+ фт»

# a condition's key, the words of a row that name it, and how a step says it
CONDITIONS: dict[str, tuple[re.Pattern[str], str]] = {
    "near": (re.compile(r"0[–-]10 (?:футов|фт)"), "цель в 0–10 футах"),
    "far": (re.compile(r"дальней дистанции"), "дальняя дистанция, 31 фут и дальше"),
    "still_last_turn": (re.compile(r"не двигался в прошлом ходу"), "стрелок не двигался в прошлом ходу"),
    "still": (re.compile(r"не двигался в этот ход"), "стрелок не двигался в этот ход"),
    "uncovered": (re.compile(r"без укрытия"), "цель без укрытия"),
    "aimed": (re.compile(r"Выверенный выстрел"), "Выверенный выстрел"),
}
_HIT = re.compile(r"([+−-]\d+) к попаданию")
_OTHER_ATTACK = re.compile(r"\bцель\b[^.]*\bполучает\b")
_DIE_BY_DISTANCE = re.compile(r"1к(\d+) на дистанции 0[–-]10 фт; 1к(\d+) на дистанции 11\+ фт")


@dataclass(frozen=True)
class HitTrait:
    """One «±N к попаданию» of a row: its value, the conditions its sentence names (all must
    hold) and the sentence, quoted in the step that applies it."""

    value: int
    conditions: tuple[str, ...]
    text: str


def _traits(
    properties: str,
    value: re.Pattern[str],
    other: re.Pattern[str],
    conditions: dict[str, tuple[re.Pattern[str], str]],
) -> tuple[HitTrait, ...]:
    """Each sentence of a row that gives its holder `value` (not one that `other` marks as
    another's), with the conditions its words name."""
    found = []
    for sentence in re.split(r"(?<=[.!?])\s+", properties):
        m = value.search(sentence)
        if not m or other.search(sentence):
            continue
        named = tuple(k for k, (words, _) in conditions.items() if words.search(sentence))
        found.append(HitTrait(int(m.group(1).replace("−", "-")), named, sentence.strip()))
    return tuple(found)


def hit_traits(properties: str) -> tuple[HitTrait, ...]:
    """The row's modifiers to its own hit roll, sentence by sentence."""
    return _traits(properties, _HIT, _OTHER_ATTACK, CONDITIONS)


def die_by_distance(properties: str) -> tuple[int, int] | None:
    """(the die within 10 ft, the die beyond) when the row sets its hit die by distance."""
    m = _DIE_BY_DISTANCE.search(properties)
    return (int(m.group(1)), int(m.group(2))) if m else None


# ---- 4.5 melee rows: the opposed roll («встречный бросок», 3.11) ------------------------------------
# a melee condition's key, the words that name it, and how a step says it
MELEE_CONDITIONS: dict[str, tuple[re.Pattern[str], str]] = {
    "defending": (re.compile(r"если персонаж защищается"), "владелец защищается"),
    "opponent_charged": (
        re.compile(r"против цели, которая в этот ход применяла Натиск"),
        "противник в этот ход применил Натиск",
    ),
}
_OPPOSED = re.compile(r"([+−-]\d+) к встречному броску")
_STUN = re.compile(r"цель получила ([+−-]\d+) к следующему встречному броску")
_COUNTER_COST = re.compile(r"Встречный удар этим оружием стоит (\d+) ОД")


def melee_traits(properties: str) -> tuple[HitTrait, ...]:
    """The row's modifiers to its holder's own opposed roll, sentence by sentence; a sentence in
    which the «цель получила» it (Оглушение) marks the other side and is `stun_penalty`'s."""
    return _traits(properties, _OPPOSED, _STUN, MELEE_CONDITIONS)


def stun_penalty(properties: str) -> int | None:
    """What a hit of this row can give the target's next opposed roll (Оглушение: −1), if any."""
    m = _STUN.search(properties)
    return int(m.group(1).replace("−", "-")) if m else None


def counter_cost(properties: str) -> int | None:
    """The ОД a counter-strike with this row costs when the row says so (Громоздкое: 2)."""
    m = _COUNTER_COST.search(properties)
    return int(m.group(1)) if m else None
