"""Care for a wounded character: stabilisation, stopping the bleeding (a check or a dressing kit) and
a dressing kit used on a Light wound instead (3.9, 4.4).

Apart because each turns on a Медицина check's outcome, with its own failures.
"""

from __future__ import annotations

from rulebook.mechanics.base import InputError
from rulebook.mechanics.check import LABELS as CHECK_LABELS
from rulebook.mechanics.damage_tables import CRITICAL, EDGE_CONSEQUENCE, LIGHT, SUCCESSFUL
from rulebook.mechanics.damage_track import Track


def stabilise(track: Track, outcome: str | None, where: str) -> None:
    s = track.state
    if track.dead_noop():
        return
    if not s.has_critical:
        track.nothing_to_do("Критического ранения нет — стабилизировать нечего.")
        return
    if outcome is None:
        raise InputError(f"{where}.outcome", "нужен итог проверки Медицины против 1к6")
    track.add("stabilise.check", f"Проверка Медицины против 1к6: {CHECK_LABELS[outcome].lower()}.", "care")
    if outcome in SUCCESSFUL:
        if outcome in EDGE_CONSEQUENCE:
            track.add(
                "check.edge", f"Успех на грани: успех с {EDGE_CONSEQUENCE[outcome]} последствием.", "care"
            )
        s.wounds[CRITICAL] = 0
        s.countdown = None
        s.recovering = True
        s.stabilise_failures = 0
        track.add(
            "stabilise.success",
            "Стабилизация: отсчёт прекращается, Критическое ранение снято, персонаж снова может действовать.",
            "care",
        )
        if s.bleeding:
            s.bleeding = False
            track.add("stabilise.stops_bleeding", "Стабилизация останавливает и Кровотечение.", "care")
        track.add(
            "wounds.recovery", "Состояние «восстановления»: −2 ко всем проверкам до длительного привала."
        )
    elif outcome == "failure":
        s.stabilise_failures += 1
        all_failed = bool(s.allies) and s.stabilise_failures >= s.allies
        track.add(
            "stabilise.failure",
            "Стабилизация не удалась: этот помощник больше не пытается"
            + ("" if all_failed else ", отсчёт продолжается")
            + f" (неудачных попыток: {s.stabilise_failures}"
            + (f" из {s.allies}" if s.allies else "")
            + ").",
            "care",
        )
        if all_failed:
            # 3.9 «Обычный провал», «Окончание боя»: each may try once; when all have failed,
            # the character dies (in a fight or after it)
            track.die(
                "stabilise.all_failed",
                f"Все союзники ({s.allies}) попытались и провалили стабилизацию: персонаж погибает.",
            )
    else:
        track.die("stabilise.crit_failure", "Критический провал стабилизации: персонаж погибает.")


def stop_bleeding(
    track: Track, outcome: str | None, kit: bool, self_help: bool, out_of_combat: bool, where: str
) -> None:
    s = track.state
    if kit and outcome is not None:
        raise InputError(f"{where}.kit", "укажите либо перевязочный комплект, либо итог проверки")
    if self_help and s.has_critical and not s.dead:
        raise InputError(f"{where}.self", "персонаж с Критическим ранением обездвижен и не может помочь себе")
    if track.dead_noop():
        return
    if not s.bleeding:
        track.nothing_to_do("Кровотечения нет — останавливать нечего.")
        return
    if kit:
        s.bleeding = False
        track.add(
            "bleeding.kit", "Перевязочный комплект (1 ОД): Кровотечение остановлено без проверки.", "care"
        )
        return
    if outcome is None:
        raise InputError(
            f"{where}.outcome", "нужен итог проверки Медицины против 1к6 или перевязочный комплект"
        )
    if self_help:
        track.add(
            "bleeding.self_help",
            "Самопомощь: проверка совершается с помехой (учтите её в броске).",
            "care",
        )
    track.add(
        "bleeding.stop_check", f"Проверка Медицины против 1к6: {CHECK_LABELS[outcome].lower()}.", "care"
    )
    if outcome in SUCCESSFUL:
        if outcome in EDGE_CONSEQUENCE:
            track.add(
                "check.edge", f"Успех на грани: успех с {EDGE_CONSEQUENCE[outcome]} последствием.", "care"
            )
        s.bleeding = False
        track.add("bleeding.stop_success", "Кровотечение остановлено.", "care")
    elif outcome == "crit_failure":
        track.add(
            "bleeding.stop_crit_failure",
            "Критический провал: немедленно одно Лёгкое ранение, Кровотечение продолжается.",
            "care",
        )
        track.place([LIGHT], "критический провал помощи")
    elif out_of_combat and s.has_critical:
        track.add(
            "bleeding.paused_by_critical",
            "Провал вне боя: при Критическом ранении Кровотечение приостановлено, ранения от потери "
            "крови нет; действует стабилизация.",
            "care",
        )
    elif out_of_combat:
        track.add(
            "bleeding.out_of_combat_failure",
            "Провал вне боя: одно Лёгкое ранение от потери крови; попытку можно повторить.",
            "care",
        )
        track.place([LIGHT], "Кровотечение вне боя")
    else:
        track.add(
            "bleeding.stop_failure", "Провал: Кровотечение продолжается, попытку можно повторить.", "care"
        )


def kit_light(track: Track) -> None:
    """3.9 «Перевязочный комплект», 4.4: one use either stops a bleeding or removes one Light
    wound, never both."""
    s = track.state
    if track.dead_noop():
        return
    if not s.wounds[LIGHT]:
        track.nothing_to_do("Лёгких ранений нет — комплекту снимать нечего.")
        return
    s.wounds[LIGHT] -= 1
    track.add(
        "bleeding.kit_light",
        "Перевязочный комплект (1 ОД): снято одно Лёгкое ранение"
        + ("; Кровотечение продолжается (одно применение — один эффект)." if s.bleeding else "."),
        "care",
    )
