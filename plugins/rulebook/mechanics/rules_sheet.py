"""The paragraphs the sheet cites for abilities and derived values (ОД, Скорость, morale, initiative,
ammunition, weapon bonuses, armour penalties, the sheet's own fields).

Kept apart so the derived values' quotes are edited in one file; `rules` joins them.
"""

from __future__ import annotations

from rulebook.mechanics.citation import Rule

CITATIONS: tuple[Rule, ...] = (
    Rule(
        "ability.right_of_strength",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--1",
        "Право сильного — можете использовать половину бонуса Физ. силы",
    ),
    Rule(
        "ability.iron_muscles",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--2",
        "Железные мускулы — проверки Силы 1к6",
    ),
    Rule(
        "ability.two_guns",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--3",
        "Стрельба с двух рук — потратьте +1 ОБ",
    ),
    Rule(
        "ability.night_friend",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--4",
        "Друг ночи — +3 к Скрытности ночью",
    ),
    Rule(
        "ability.ranging",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--5",
        "Пристрелка — если ваша дальнобойная атака по цели промахнулась",
    ),
    Rule(
        "ability.mark",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--6",
        "Метка — 1 раз за бой потратьте 3 ОД",
    ),
    Rule(
        "ability.erudite",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--7",
        "Эрудит — можете прибавить половину уровня черты Умный",
    ),
    Rule(
        "ability.athlete",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--8",
        "Атлет — к проверкам Физ. силы и Акробатики прибавляйте половину бонуса Выдержки.",
    ),
    Rule(
        "ability.keen_eye",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--9",
        "Опытный взгляд — действием 1 ОД",
    ),
    Rule(
        "ability.tenacious",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--10",
        "Живучий — после боя автоматически восстанавливаете 1 Лёгкое ранение.",
    ),
    Rule(
        "ability.orator",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--11",
        "Оратор — к проверкам Очарования и Убеждения прибавляйте уровень черты Обаятельный.",
    ),
    Rule(
        "ability.favourable_light",
        "fatum/02-sozdanie-personazha/#prilozhenie-i-spisok-sposobnostei--12",
        "В выгодном свете — если в социальной сцене есть персонаж с Харизмой ниже вашей",
    ),
    Rule(
        "ability.erudite_round",
        "fatum/06-prilozheniia/#osnovnye-cherty-och--1",
        "половину уровня черты «Умный», округляя вверх",
    ),
    Rule(
        "sheet.right_of_strength_round",
        "fatum/06-prilozheniia/#osnovnye-cherty-och--1",
        "прибавляйте половину бонуса Физической силы, округляя вверх",
    ),
    Rule(
        "sheet.ap",
        "fatum/01-bazovye-pravila/#bazovoe-znachenie-i-rost-s-urovnem--2",
        "ОД за раунд",
    ),
    Rule(
        "sheet.jump_heavy_armor",
        "fatum/01-bazovye-pravila/#osobye-vidy-peremeshcheniia--1",
        "В тяжёлой броне или с тяжёлым оружием — бросок с помехой.",
    ),
    Rule(
        "sheet.speed",
        "fatum/01-bazovye-pravila/#bazovaia-skorost--2",
        "Базовая скорость: 30 футов + бонусы от черт и способностей.",
    ),
    Rule(
        "sheet.morale",
        "fatum/01-bazovye-pravila/#bazovyi-zapas-morali--1",
        "10 + модификатор Воли + бонус от черты «Храбрый» + иные бонусы.",
    ),
    Rule(
        "sheet.zero_morale",
        "fatum/01-bazovye-pravila/#effekt-nulevoi-morali--1",
        "Все его действия получают штраф –3",
    ),
    Rule(
        "sheet.hunger",
        "fatum/01-bazovye-pravila/#pripasy-i-golod--5",
        "Штраф –1 к навыкам Физической Силы и Выносливости.",
    ),
    Rule(
        "sheet.supplies",
        "fatum/01-bazovye-pravila/#pripasy-i-golod--3",
        "1 Припас = 1 сытый привал.",
    ),
    Rule(
        "sheet.sleep",
        "fatum/01-bazovye-pravila/#son-i-ustalost--2",
        "Штраф –1 к навыкам Интеллекта и Концентрации.",
    ),
    Rule(
        "sheet.initiative",
        "fatum/03-boi/#3-1-poriadok-khodov-initsiativa--3",
        "(определяется уровнем вашей Основной черты Бдительный) + бонус навыка Бдительность",
    ),
    Rule(
        "sheet.ammo",
        "fatum/03-boi/#3-8-ochki-boezapasa-ob--2",
        "Базовый запас персонажа: 3 ОБ.",
    ),
    Rule(
        "sheet.throw_range",
        "fatum/03-boi/#metatelnoe-oruzhie--1",
        "Дальность = 30 футов + (бонус Физ. силы × 10)",
    ),
    Rule(
        "sheet.wound_effects",
        "fatum/03-boi/#shkala-ranenii--3",
        "Помеха на все боевые навыки.",
    ),
    Rule(
        "sheet.serious_effects",
        "fatum/03-boi/#shkala-ranenii--3",
        "Скорость передвижения падает вдвое, штраф −2 ко всем проверкам.",
    ),
    Rule(
        "sheet.melee_bonus",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--6",
        "каждый прибавляет подходящий бонус, указанный в профиле оружия.",
    ),
    Rule(
        "sheet.melee_profiles",
        "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1",
        "Акробатика или Физ. сила",
    ),
    Rule(
        "sheet.bow_bonus",
        "fatum/04-snariazhenie/#luki-i-arbalety-besshumnoe-oruzhie--5",
        "Бонус попадания из лука равен бонусу Физической силы + половине бонуса Меткости, округляя вниз.",
    ),
    Rule(
        "sheet.bow_strength",
        "fatum/04-snariazhenie/#luki-i-arbalety-besshumnoe-oruzhie--5",
        "Для использования лука требуется бонус навыка Физическая сила не ниже 2.",
    ),
    Rule(
        "sheet.crossbow_bonus",
        "fatum/04-snariazhenie/#luki-i-arbalety-besshumnoe-oruzhie--6",
        "Бонус попадания из арбалета равен полному бонусу Меткости.",
    ),
    Rule(
        "sheet.stabilising_armor",
        "fatum/04-snariazhenie/#4-2-bronia--1",
        "Числовой штраф −2 от Серьёзного ранения становится −1.",
    ),
    Rule(
        "sheet.exoskeleton_clumsy",
        "fatum/04-snariazhenie/#4-2-bronia--1",
        "Громоздкий: −2 к проверкам навыков Ловкости и −5 футов Скорости.",
    ),
    Rule(
        "sheet.coins",
        "fatum/05-masteru/#nakoplenie--1",
        "Неизрасходованные монеты переходят между сессиями.",
    ),
    Rule(
        "sheet.coins_cap",
        "fatum/05-masteru/#nakoplenie--2",
        "мягкий предел в 5 монет на персонажа",
    ),
    Rule(
        "sheet.morale_thresholds",
        "fatum/06-prilozheniia/#porogi-morali--3",
        "Половина и четверть максимальной морали округляются вниз. Порог Надлома не может быть ниже 1.",
    ),
    Rule(
        "sheet.sheet_fields",
        "fatum/06-prilozheniia/#prilozhenie-g-zapolnenie-lista-personazha--3",
        "Имя, нация и происхождение",
    ),
)
