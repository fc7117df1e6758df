"""Time passing for a wounded character: the end of a turn (bleeding, the countdown to death), the
end of a fight and a new one, a short and a long rest (3.8, 3.9).

Apart because these decide what goes on between hits, in a fight or out of it.
"""

from __future__ import annotations

from rulebook.mechanics.damage_tables import LIGHT, MEDIUM, SERIOUS
from rulebook.mechanics.damage_track import Track


def end_turn(track: Track) -> None:
    s = track.state
    if track.dead_noop():
        return
    if not s.in_combat:
        # what stands still out of a fight is the rule's to say: the countdown (stopped by the
        # fight's end) and the bleeding (per turn again in a new fight); with neither, no rule
        if s.has_critical:
            track.add(
                "wounds.combat_end",
                "Вне боя ходов нет: отсчёт до смерти остановлен (для нового боя — «Новый бой»).",
            )
        elif s.bleeding:
            track.add(
                "bleeding.combat_again",
                "Вне боя ходов нет: Кровотечение ранит в конце хода только в бою "
                "(для нового боя — «Новый бой»).",
            )
        else:
            track.nothing_to_do("Вне боя ходов нет — без изменений (для нового боя — «Новый бой»).")
        return
    if s.has_critical:
        s.countdown = (s.countdown or 0) + 1
        left = f"{s.countdown} из {s.countdown_rounds}"
        track.add("wounds.countdown", f"Конец хода: отсчёт до смерти — {left}.", "countdown")
        if s.bleeding:
            track.add(
                "bleeding.paused_by_critical",
                "Кровотечение приостановлено: при Критическом ранении новых ранений от него нет.",
                "bleeding",
            )
        if s.countdown >= s.countdown_rounds:
            track.die(
                "wounds.countdown_death",
                f"Закончился {s.countdown}-й, последний раунд отсчёта без стабилизации: персонаж погибает.",
            )
        return
    if s.bleeding:
        track.add(
            "bleeding.end_of_turn",
            "Конец хода с Кровотечением: одно Лёгкое ранение (не снижается бронёй, БЗ не тратит).",
            "bleeding",
        )
        track.place([LIGHT], "Кровотечение")
        return
    track.nothing_to_do("Конец хода: ни Кровотечения, ни Критического ранения — без изменений.")


def end_combat(track: Track) -> None:
    s = track.state
    if track.dead_noop():
        return
    if not s.in_combat:
        track.nothing_to_do("Боя и так нет — без изменений.")
        return
    s.in_combat = False
    if s.has_critical:
        track.add(
            "wounds.combat_end",
            f"Бой окончен: отсчёт до смерти остановлен на {s.countdown or 0} из {s.countdown_rounds}. "
            "Персонаж остаётся "
            "с Критическим ранением и не может действовать, но от истечения раундов уже не погибает.",
            "countdown",
        )
    else:
        track.add("wounds.combat_end", "Бой окончен.")
    if s.bleeding:
        track.add(
            "bleeding.combat_end",
            "Кровотечение не прекращается: вне боя его останавливают проверкой Медицины "
            "(около 10 минут) или перевязочным комплектом.",
            "bleeding",
        )


def start_combat(track: Track) -> None:
    s = track.state
    if track.dead_noop():
        return
    if s.in_combat:
        track.nothing_to_do("Бой уже идёт — без изменений.")
        return
    s.in_combat = True
    if s.has_critical:
        track.add(
            "wounds.combat_again",
            "Новый бой до стабилизации: отсчёт до смерти возобновляется "
            f"с {s.countdown or 0} из {s.countdown_rounds}.",
            "countdown",
        )
    else:
        track.add("wounds.combat_again", "Новый бой.")
    if s.bleeding and not s.has_critical:
        track.add(
            "bleeding.combat_again",
            "Кровотечение не остановлено: снова одно Лёгкое ранение в конце каждого хода.",
            "bleeding",
        )


def _rest_begins(track: Track, rule: str, name: str) -> bool:
    """A rest is no part of a fight: one taken during a fight ends it first (3.9). False for
    a dead character, who rests no more."""
    if track.dead_noop():
        return False
    if track.state.in_combat:
        track.add(rule, f"{name} — вне боя: бой считается оконченным.")
        end_combat(track)
    return True


def short_rest(track: Track) -> None:
    """3.9: Light wounds heal after a rest «длительностью не менее 1 часа», which is no part
    of a fight: a rest taken during one ends it first, as «Конец боя» does."""
    s = track.state
    if not _rest_begins(track, "wounds.short_rest", "Короткий отдых"):
        return
    healed = s.wounds[LIGHT]
    s.wounds[LIGHT] = 0
    track.add(
        "wounds.short_rest",
        f"Короткий отдых (не меньше часа): Лёгкие ранения сняты ({healed}).",
        "care",
    )


def long_rest(track: Track) -> None:
    """3.9 «Лечение и восстановление»: a long rest heals Medium and Serious wounds (Light ones
    heal on the shorter rest it contains) and ends the «восстановление» after a stabilisation.
    A Critical wound is not healed by rest: it needs a stabilisation."""
    s = track.state
    if not _rest_begins(track, "wounds.long_rest", "Длительный привал"):
        return
    healed = s.wounds[LIGHT] + s.wounds[MEDIUM] + s.wounds[SERIOUS]
    s.wounds[LIGHT] = s.wounds[MEDIUM] = s.wounds[SERIOUS] = 0
    track.add(
        "wounds.long_rest",
        f"Длительный привал: Средние и Серьёзные ранения (и Лёгкие) сняты ({healed}).",
        "care",
    )
    if s.recovering:
        s.recovering = False
        track.add("wounds.recovery", "Состояние «восстановления» (−2 ко всем проверкам) закончилось.", "care")
    if s.has_critical:
        track.add(
            "wounds.long_rest",
            "Критическое ранение отдыхом не снимается: нужна стабилизация.",
            "critical",
        )
    if s.bleeding:
        track.add(
            "bleeding.combat_end",
            "Кровотечение отдых не останавливает: нужна проверка Медицины или перевязочный комплект.",
            "bleeding",
        )
