"""One hit, in the book's order (3.4 «Как работает броня в бою (по шагам)», 3.9 «Порядок обработки
атаки»): damage → wounds → armour state → cover → protection steps → each wound reduced → БЗ loss
→ placement → bleeding.

Apart because the hit is the longest sequence of the stepper and cites its steps one by one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.mechanics.base import InputError, parse_fields
from rulebook.mechanics.damage_fields import HIT_FIELDS
from rulebook.mechanics.damage_tables import (
    ARMOR_NAMES,
    ATTACK_NAMES,
    BLAST_COVER,
    BLEEDING_SOURCES,
    COVER_RULE,
    DIVE,
    LIGHT,
    NOMINATIVE,
    PROTECTION,
    SERIOUS,
    SOURCE_NAMES,
    STEPS_RULE,
    wounds_for,
    wounds_text,
)
from rulebook.mechanics.damage_track import Event, Track


@dataclass
class Hit:
    damage: int
    attack_class: str
    armor_piercing: bool
    anaxion: bool
    special: bool
    source: str
    gas: bool = False
    blast_zone: str = "inner"
    blast_cover: str = "none"
    dove: bool = False

    @property
    def is_special(self) -> bool:
        """A gas is one of the «иные особые атаки» (3.4 Шаг 4) whether or not «special» is ticked
        too: armour does not stop it unless its description says so (a gas mask, an exoskeleton)."""
        return self.special or self.gas

    @property
    def heavy_loss(self) -> bool:
        """Heavy, explosive, armour-piercing or anaxion: the armour loses 2 БЗ."""
        return self.attack_class in ("heavy", "explosive") or self.armor_piercing or self.anaxion


def parse_hit(raw: Mapping[str, Any], where: str) -> Hit:
    v = parse_fields(HIT_FIELDS, raw, f"{where}.")
    if v["attack_class"] != "explosive":
        # 3.6: zones, a cover's reduction and the dive are a blast's
        for name, plain in (("blast_zone", "inner"), ("blast_cover", "none"), ("dove", False)):
            if v[name] != plain:
                raise InputError(f"{where}.{name}", "только для взрывной атаки")
    return Hit(
        damage=int(v["damage"]),
        attack_class=str(v["attack_class"]),
        armor_piercing=bool(v["armor_piercing"]),
        anaxion=bool(v["anaxion"]),
        special=bool(v["special"]),
        source=str(v["source"]),
        gas=bool(v["gas"]),
        blast_zone=str(v["blast_zone"]),
        blast_cover=str(v["blast_cover"]),
        dove=bool(v["dove"]),
    )


def _blast(track: Track, h: Hit, damage: int) -> int:
    """3.6: the outer zone gets half the blast's damage (rounded down: the book's one example
    halves 4 to 2), a cover between the target and the blast takes 1–3 off, a dive 1 more. All
    are numbers of the damage (Шаг 1), taken before the wounds, not below 0."""
    if h.blast_zone == "outer":
        halved = damage // 2
        track.add(
            "blast.outer_zone", f"Внешняя зона взрыва: урон вдвое меньше, {damage} → {halved}.", "damage"
        )
        damage = halved
    label, cut = BLAST_COVER[h.blast_cover]
    if cut:
        new = max(0, damage - cut)
        track.add("blast.cover", f"Между целью и взрывом {label}: −{cut} урона, {damage} → {new}.", "damage")
        damage = new
    if h.dove:
        new = max(0, damage - DIVE)
        track.add(
            "blast.dive",
            f"Упал или нырнул за укрытие: −{DIVE} урон, {damage} → {new}; в следующий ход на 1 ОД меньше.",
            "damage",
        )
        damage = new
    return damage


def hit(track: Track, h: Hit) -> None:
    s = track.state
    if track.dead_noop():
        return
    damage = h.damage
    track.add(
        "hit.numeric",
        f"Шаг 1. Урон попадания {damage} (числовые эффекты уже учтены). "
        "Обычная защита брони из урона не вычитается.",
        "damage",
    )
    if h.gas and s.gas_immune and damage > 0:
        # 4.4 «Противогаз», 4.2 «Тяжёлый экзоскелет»: the gas's damage does not get through
        track.add("armor.gas", "Газ: персонаж защищён от газов — урон не проходит, ранений нет.", "damage")
        return
    damage = _blast(track, h, damage)
    armor_up = s.armor != "none" and s.bz > 0
    if s.armor_blast_reduction and h.attack_class == "explosive" and not h.is_special and damage > 0:
        if armor_up:
            damage -= 1
            track.add(
                "armor.blast_reduction", f"Свойство брони: урон взрывной атаки −1 → {damage}.", "damage"
            )
        else:
            track.add("armor.profile_while_bz", "Свойство брони против взрыва не действует: БЗ 0.", "damage")
    wounds = wounds_for(damage)
    rule = f"hit.wounds_{min(damage, 5)}" if damage > 0 else "hit.wounds_none"
    track.add(rule, f"Шаг 2. Урон {damage} → {wounds_text(wounds)}.", "wounds")
    if not wounds:
        return

    protection = 0
    applicable = False
    if s.armor == "none":
        track.add("hit.armor_state", "Шаг 3. Брони нет.", "armor")
    elif s.bz <= 0:
        track.add("hit.armor_broken", "Шаг 3. БЗ брони 0: броня повреждена и не снижает ранения.", "armor")
    else:
        track.add("hit.armor_state", f"Шаг 3. БЗ брони {s.bz} > 0: броня может защитить.", "armor")
        applicable, protection = _coverage(track, h)
    if applicable and h.armor_piercing:
        before = protection
        protection = max(0, protection - 1)
        track.add(
            "hit.armor_piercing",
            f"Бронебойная атака: снижение {before} → {protection} ступ.",
            "armor",
        )

    after: list[int] = []
    reduced = False
    if applicable and protection > 0:
        parts = []
        for w in wounds:
            new = w - protection
            reduced = True
            if new < LIGHT:
                parts.append(f"{NOMINATIVE[w]} отменяется")
            else:
                parts.append(f"{NOMINATIVE[w]} → {NOMINATIVE[new]}")
                after.append(new)
        rule = "hit.light_cancelled" if len(after) < len(wounds) else "hit.reduce_each"
        track.add(rule, "Шаг 6. Каждое ранение отдельно: " + "; ".join(parts) + ".", "reduce")
    else:
        after = list(wounds)

    if reduced:
        loss = 2 if h.heavy_loss else 1
        why = _loss_reason(h)
        old = s.bz
        s.bz = max(0, s.bz - loss)
        text = f"Шаг 7. Броня снизила ранения: БЗ −{loss} ({why}), {old} → {s.bz}; один раз за попадание."
        track.add("hit.bz_loss_2" if loss == 2 else "hit.bz_loss_1", text, "bz")
        if old - loss < 0:
            track.add("hit.bz_floor", "БЗ не опускается ниже 0.", "bz")
        if s.bz == 0:
            track.add(
                "hit.bz_zero_still_protects",
                "БЗ упало до 0: от этого попадания броня ещё защитила, от следующих — нет.",
                "bz",
            )
    elif applicable:
        track.add("hit.bz_no_reduction", "Шаг 7. Броня не снизила ни одного ранения: БЗ не меняется.", "bz")

    if not after:
        track.add(
            "hit.cancelled_not_placed",
            "Шаг 8. Все ранения отменены бронёй: в слоты ничего не записывается.",
            "place",
        )
        if s.has_critical:
            track.add(
                "wounds.prevented_not_new",
                "Полностью предотвращённое попадание — не новое ранение: Критическое не становится смертью.",
                "place",
            )
        return
    track.add("hit.place", f"Шаг 8. Размещаются: {wounds_text(sorted(after, reverse=True))}.", "place")
    event = Event(had_critical=s.has_critical)
    placed = track.place(after, "попадание", event)
    if s.dead or SERIOUS not in placed:
        return
    _bleeding_from_serious(track, h, event)


def _coverage(track: Track, h: Hit) -> tuple[bool, int]:
    s = track.state
    if h.is_special:
        track.add(
            "hit.special_attacks",
            "Шаг 4. Особая атака: броня защищает, только если это прямо сказано, — не защищает.",
            "armor",
        )
        return False, 0
    if h.anaxion:
        if s.armor_vs_anaxion:
            track.add(
                "armor.anaxion_rated",
                "Шаг 4–5. Анаксионная атака; броня применима против неё по профилю: снижение на 1 ступень.",
                "armor",
            )
            return True, 1
        track.add(
            "hit.special_attacks",
            "Шаг 4. Анаксионная атака: эта броня против неё не применима, БЗ не теряется.",
            "armor",
        )
        return False, 0
    steps = PROTECTION[s.armor].get(h.attack_class, 0)
    armor, attack = ARMOR_NAMES[s.armor], ATTACK_NAMES[h.attack_class]
    if not steps:
        track.add(
            "hit.not_covered",
            f"Шаг 4. {armor.capitalize()} броня не защищает от атаки «{attack}»: ранения не меняются, "
            "БЗ не теряется.",
            "armor",
        )
        return False, 0
    as_light = (
        " (считается лёгким оружием)" if h.attack_class in ("weak", "fragment") and s.armor != "light" else ""
    )
    track.add(
        COVER_RULE[s.armor],
        f"Шаг 4. {armor.capitalize()} броня защищает от атаки «{attack}»{as_light}.",
        "armor",
    )
    track.add(STEPS_RULE[s.armor], f"Шаг 5. Снижение тяжести: {steps} ступ.", "armor")
    return True, steps


def _loss_reason(h: Hit) -> str:
    reasons = []
    if h.attack_class == "heavy":
        reasons.append("тяжёлая атака")
    if h.attack_class == "explosive":
        reasons.append("взрывная атака")
    if h.armor_piercing:
        reasons.append("бронебойная")
    if h.anaxion:
        reasons.append("анаксионная")
    return ", ".join(reasons) if reasons else "обычная атака"


def _bleeding_from_serious(track: Track, h: Hit, event: Event) -> None:
    s = track.state
    if h.source not in BLEEDING_SOURCES:
        track.add(
            "bleeding.not_sources",
            f"Серьёзное ранение от источника «{SOURCE_NAMES[h.source]}»: Кровотечение обычно не возникает.",
            "bleeding",
        )
        return
    if not s.bleeding:
        s.bleeding = True
        track.add(
            "bleeding.after_placement",
            f"Серьёзное ранение размещено, источник — {SOURCE_NAMES[h.source]}: начинается Кровотечение.",
            "bleeding",
        )
        return
    if s.has_critical:
        # 3.8: «Персонаж с Критическим ранением не получает дополнительные ранения от
        # Кровотечения»: the extra wound of a second bleeding is one of them
        track.add(
            "bleeding.paused_by_critical",
            "Кровотечение уже есть, но при Критическом ранении дополнительного ранения от него нет: "
            "действует отсчёт до смерти.",
            "bleeding",
        )
        return
    track.add(
        "bleeding.again",
        "Кровотечение уже есть: вместо нового — немедленно ещё одно Лёгкое ранение.",
        "bleeding",
    )
    # one of the same hit's wounds: a Critical this hit already took is not fatal, a second is
    track.place([LIGHT], "Кровотечение", event)
