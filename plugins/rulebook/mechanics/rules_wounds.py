"""The paragraphs the damage stepper cites after a hit lands (3.9 wounds, bleeding, death, care, rest).

Kept apart so the wound rules' quotes are edited in one file; `rules` joins them.
"""

from __future__ import annotations

from rulebook.mechanics.citation import Rule

CITATIONS: tuple[Rule, ...] = (
    # ---- 3.9 wounds -------------------------------------------------------------------------
    Rule(
        "wounds.limits",
        "fatum/03-boi/#shkala-ranenii--4",
        "Базовые лимиты (без черт): 2 лёгких, 1 среднее, 1 серьёзное.",
    ),
    Rule(
        "wounds.critical_once",
        "fatum/03-boi/#shkala-ranenii--4",
        "Критическое всегда одно — после него персонаж выбывает.",
    ),
    Rule(
        "wounds.healthy_1",
        "fatum/02-sozdanie-personazha/#zdorovyi--1",
        "Уровень 1: +1 к Лёгкому ранению.",
    ),
    Rule(
        "wounds.healthy_2",
        "fatum/02-sozdanie-personazha/#zdorovyi--2",
        "Уровень 2: +1 к Среднему ранению.",
    ),
    Rule(
        "wounds.healthy_3",
        "fatum/02-sozdanie-personazha/#zdorovyi--3",
        "Уровень 3: +1 к Лёгкому ранению.",
    ),
    Rule(
        "wounds.critical",
        "fatum/03-boi/#perevod-urona-v-raneniia--7",
        "Если персонаж получает критическое ранение, он обездвижен и не может действовать.",
    ),
    Rule(
        "wounds.new_wound_death",
        "fatum/03-boi/#novyi-uron--1",
        "пока у него уже есть Критическое ранение, он немедленно погибает.",
    ),
    Rule(
        "wounds.prevented_not_new",
        "fatum/03-boi/#novyi-uron--2",
        "не считается новым ранением и не приводит к смерти",
    ),
    Rule(
        "wounds.combat_end",
        "fatum/03-boi/#otschet-do-smerti--3",
        "Если бой заканчивается раньше, отсчёт до смерти немедленно прекращается.",
    ),
    Rule(
        "wounds.combat_again",
        "fatum/03-boi/#otschet-do-smerti--4",
        "Если до стабилизации начинается новый бой, отсчёт возобновляется с того значения, "
        "на котором был остановлен.",
    ),
    Rule(
        "bleeding.combat_end",
        "fatum/03-boi/#krovotechenie-vne-boia--1",
        "Окончание боя не прекращает Кровотечение.",
    ),
    Rule(
        "bleeding.combat_again",
        "fatum/03-boi/#krovotechenie-vne-boia--6",
        "Если начинается новый бой, пока Кровотечение не остановлено, состояние снова наносит "
        "одно Лёгкое ранение",
    ),
    Rule(
        "wounds.countdown",
        "fatum/03-boi/#otschet-do-smerti--1",
        "В конце каждого следующего хода критически раненого персонажа отмечается один прошедший раунд.",
    ),
    Rule(
        "wounds.countdown_ability",
        "fatum/03-boi/#stabilizatsiia-kriticheskogo-raneniia--2",
        "Отдельные способности могут изменять длительность этого отсчёта",
    ),
    Rule(
        "wounds.countdown_death",
        "fatum/03-boi/#otschet-do-smerti--2",
        "Когда заканчивается третий раунд, персонаж погибает",
    ),
    Rule(
        "wounds.short_rest",
        "fatum/03-boi/#lechenie-i-vosstanovlenie--1",
        "Лёгкие ранения: восстанавливаются после короткого отдыха длительностью не менее 1 часа.",
    ),
    Rule(
        "wounds.long_rest",
        "fatum/03-boi/#lechenie-i-vosstanovlenie--2",
        "Средние и серьёзные: требуют или применения медикаментов, либо длительного отдыха.",
    ),
    Rule(
        "wounds.recovery",
        "fatum/03-boi/#lechenie-i-vosstanovlenie--3",
        "остаётся в состоянии «восстановления» с штрафом –2 ко всем проверкам",
    ),
    Rule(
        "stabilise.not_self",
        "fatum/03-boi/#popytka-stabilizatsii--1",
        "Критически раненый персонаж не может стабилизировать себя самостоятельно.",
    ),
    Rule(
        "stabilise.check",
        "fatum/03-boi/#popytka-stabilizatsii--2",
        "совершить проверку Медицины против сложности 1к6",
    ),
    Rule(
        "stabilise.no_item",
        "fatum/03-boi/#popytka-stabilizatsii--3",
        "Медицинский предмет для этой проверки не требуется.",
    ),
    Rule(
        "stabilise.success",
        "fatum/03-boi/#uspeshnaia-stabilizatsiia--3",
        "Критическое ранение полностью снимается;",
    ),
    Rule(
        "stabilise.stops_bleeding",
        "fatum/03-boi/#krovotechenie-i-kriticheskoe-ranenie--2",
        "Успешная стабилизация Критического ранения также автоматически останавливает",
    ),
    Rule(
        "stabilise.failure",
        "fatum/03-boi/#obychnyi-proval--1",
        "При обычном провале стабилизация не удаётся.",
    ),
    Rule(
        "stabilise.all_failed",
        "fatum/03-boi/#obychnyi-proval--3",
        "Если все доступные члены отряда совершили свои попытки и ни одна проверка не была успешной",
    ),
    Rule(
        "stabilise.crit_failure",
        "fatum/03-boi/#kriticheskii-proval--1",
        "При критическом провале проверки Медицины состояние раненого необратимо ухудшается.",
    ),
    Rule(
        "bleeding.sources",
        "fatum/03-boi/#vozniknovenie-krovotecheniia--1",
        "Персонаж получает Кровотечение, если он получает Серьёзное ранение от атаки",
    ),
    Rule(
        "bleeding.not_sources",
        "fatum/03-boi/#vozniknovenie-krovotecheniia--8",
        "Обычно Кровотечение не возникает от:",
    ),
    Rule(
        "bleeding.after_placement",
        "fatum/03-boi/#vozniknovenie-krovotecheniia--17",
        "Кровотечение определяется после применения брони и окончательного размещения ранений.",
    ),
    Rule(
        "bleeding.not_from_critical",
        "fatum/03-boi/#vozniknovenie-krovotecheniia--18",
        "Критическое ранение само по себе не создаёт отдельного Кровотечения",
    ),
    Rule(
        "bleeding.end_of_turn",
        "fatum/03-boi/#effekt-krovotecheniia--1",
        "В конце каждого своего хода персонаж с Кровотечением получает одно Лёгкое ранение.",
    ),
    Rule(
        "bleeding.placed_normally",
        "fatum/03-boi/#effekt-krovotecheniia--2",
        "Это ранение размещается по обычным правилам.",
    ),
    Rule(
        "bleeding.no_armor",
        "fatum/03-boi/#effekt-krovotecheniia--6",
        "не может быть снижено бронёй;",
    ),
    Rule(
        "bleeding.again",
        "fatum/03-boi/#povtornoe-krovotechenie--2",
        "Если уже истекающий кровью персонаж получает новое ранение, которое должно вызвать Кровотечение",
    ),
    Rule(
        "bleeding.stop_check",
        "fatum/03-boi/#ostanovka-krovotecheniia--4",
        "проверки Медицины против сложности 1к6.",
    ),
    Rule(
        "bleeding.stop_success",
        "fatum/03-boi/#pomoshch-soiuzniku--1",
        "При успешной проверке состояние Кровотечения немедленно снимается.",
    ),
    Rule(
        "bleeding.stop_failure",
        "fatum/03-boi/#pomoshch-soiuzniku--2",
        "При обычном провале Кровотечение продолжается.",
    ),
    Rule(
        "bleeding.stop_crit_failure",
        "fatum/03-boi/#pomoshch-soiuzniku--3",
        "При критическом провале помощь ухудшает состояние раненого",
    ),
    Rule(
        "bleeding.self_help",
        "fatum/03-boi/#samopomoshch--2",
        "Проверка Медицины при самопомощи совершается с помехой.",
    ),
    Rule(
        "bleeding.kit",
        "fatum/03-boi/#pereviazochnyi-komplekt--1",
        "чтобы автоматически остановить одно Кровотечение без проверки Медицины",
    ),
    Rule(
        "bleeding.kit_light",
        "fatum/03-boi/#pereviazochnyi-komplekt--6",
        "Перевязочный комплект по-прежнему может вместо этого снять одно Лёгкое ранение.",
    ),
    Rule(
        "bleeding.out_of_combat_failure",
        "fatum/03-boi/#krovotechenie-vne-boia--4",
        "При провале персонаж получает одно Лёгкое ранение из-за продолжающейся потери крови.",
    ),
    Rule(
        "bleeding.paused_by_critical",
        "fatum/03-boi/#krovotechenie-i-kriticheskoe-ranenie--1",
        "Персонаж с Критическим ранением не получает дополнительные ранения от Кровотечения",
    ),
)
