"""The paragraphs the sheet cites for creating a character (chapter 2: species, nation, traits, levels,
specialisations, Doctrines, languages).

Kept apart so the creation steps' quotes are edited in one file; `rules` joins them.
"""

from __future__ import annotations

from rulebook.mechanics.citation import Rule

CITATIONS: tuple[Rule, ...] = (
    # ---- species (2.x «Паллид», «Волколак», «Рокурокуби») and «Крепкий» 6 --------------------
    Rule(
        "sheet.pallid_cost",
        "fatum/02-sozdanie-personazha/#pallid-stoimost-vida--1",
        "При создании персонажа-паллида уменьшите количество доступных ему очков Бонусных черт на 2.",
    ),
    Rule(
        "sheet.pallid_slot",
        "fatum/02-sozdanie-personazha/#bazovoe-sostoianie--1",
        "Паллид получает один дополнительный слот Лёгкого ранения.",
    ),
    Rule(
        "sheet.pallid_specialisation",
        "fatum/02-sozdanie-personazha/#bazovoe-sostoianie--15",
        "одну дополнительную Специализацию",
    ),
    Rule(
        "sheet.pallid_language",
        "fatum/02-sozdanie-personazha/#bazovoe-sostoianie--16",
        "один дополнительный язык",
    ),
    Rule(
        "sheet.pallid_aberrancy",
        "fatum/02-sozdanie-personazha/#pallidy-i-aberrantnost--2",
        "По умолчанию персонаж-паллид не может выбрать Аберрантность",
    ),
    Rule(
        "sheet.werewolf_cost",
        "fatum/02-sozdanie-personazha/#volkolak-stoimost-vida--1",
        "При создании персонажа-волколака уменьшите количество доступных ему очков Бонусных черт на 2.",
    ),
    Rule(
        "sheet.werewolf_aberrancy",
        "fatum/02-sozdanie-personazha/#volkolaki-i-aberrantnost--3",
        "По умолчанию персонаж-волколак не может выбрать Аберрантность",
    ),
    Rule(
        "sheet.rokurokubi_cost",
        "fatum/02-sozdanie-personazha/#rokurokubi-stoimost-vida--1",
        "При создании персонажа-рокурокуби уменьшите количество доступных ему очков Бонусных черт на 2.",
    ),
    Rule(
        "sheet.rokurokubi_aberrancy",
        "fatum/02-sozdanie-personazha/#rokurokubi-i-aberrantnost--2",
        "По умолчанию персонаж-рокурокуби не может выбрать Аберрантность",
    ),
    Rule(
        "sheet.tough_6",
        "fatum/02-sozdanie-personazha/#krepkii--1",
        "Это Серьёзное ранение можно записать сверх обычного лимита Серьёзных ранений.",
    ),
    # ---- the character sheet: chapter 2, derived values and the rules they come from ---------
    Rule(
        "sheet.skills",
        "fatum/02-sozdanie-personazha/#2-1-kharakteristiki-i-navyki--1",
        "к которой относится навык, и прибавляете бонус самого навыка.",
    ),
    Rule(
        "sheet.origin",
        "fatum/02-sozdanie-personazha/#shag-1-natsiia--1",
        "Выберите один из них и получите +1 к двум указанным навыкам.",
    ),
    Rule(
        "sheet.nations",
        "fatum/02-sozdanie-personazha/#shag-1-natsiia--4",
        "Риторика революции: +1 Убеждение, +1 Интуиция",
    ),
    Rule(
        "sheet.points",
        "fatum/02-sozdanie-personazha/#shag-2-cherty--1",
        "3 очка Начальных черт (НЧ), 3 очка Основных черт (ОЧ) и 2 очка Бонусных черт (БЧ).",
    ),
    Rule(
        "sheet.nch_levels",
        "fatum/02-sozdanie-personazha/#2-2-1-nachalnye-cherty-nch--1",
        "Каждая имеет 3 уровня.",
    ),
    Rule(
        "sheet.brave",
        "fatum/02-sozdanie-personazha/#khrabryi--1",
        "Уровень 1: +10 базовой морали.",
    ),
    Rule(
        "sheet.brave_2",
        "fatum/02-sozdanie-personazha/#khrabryi--2",
        "Уровень 2: +15 базовой морали.",
    ),
    Rule(
        "sheet.brave_3",
        "fatum/02-sozdanie-personazha/#khrabryi--3",
        "Уровень 3: +20 базовой морали.",
    ),
    Rule(
        "sheet.stacking",
        "fatum/02-sozdanie-personazha/#shag-2-cherty--1",
        "Бонусы одного типа суммируются.",
    ),
    Rule(
        "sheet.thrifty",
        "fatum/02-sozdanie-personazha/#berezhlivyi--1",
        "Уровень 1: +1 ОБ.",
    ),
    Rule(
        "sheet.och_levels",
        "fatum/02-sozdanie-personazha/#2-2-2-osnovnye-cherty-och--1",
        "Определяют куб успеха и дают бонусы к навыкам и способности. Каждая имеет 6 уровней.",
    ),
    Rule(
        "sheet.proficiency",
        "fatum/02-sozdanie-personazha/#vladenie-oruzhiem--1",
        "повышает на 1 владение одной выбранной категорией оружия",
    ),
    Rule(
        "sheet.proficiency_base",
        "fatum/02-sozdanie-personazha/#vladenie-oruzhiem--3",
        "Максимальный уровень владения одной категорией — 6.",
    ),
    Rule(
        "sheet.och_strong",
        "fatum/02-sozdanie-personazha/#silnyi-sviazan-s-navykom-fizicheskaia-sila--1",
        "+1 к проверкам Силы.",
    ),
    Rule(
        "sheet.och_agile",
        "fatum/02-sozdanie-personazha/#lovkii-navyki-lovkosti--1",
        "+1 к проверкам Ловкости.",
    ),
    Rule(
        "sheet.och_vigilant",
        "fatum/02-sozdanie-personazha/#bditelnyi-navyki-kontsentratsii--1",
        "+1 к проверкам Концентрации.",
    ),
    Rule(
        "sheet.och_smart",
        "fatum/02-sozdanie-personazha/#umnyi-navyki-intellekta--1",
        "+1 к проверкам Интеллекта.",
    ),
    Rule(
        "sheet.och_enduring",
        "fatum/02-sozdanie-personazha/#vynoslivyi-navyki-vynoslivosti--1",
        "+1 к проверкам Выносливости.",
    ),
    Rule(
        "sheet.och_charming",
        "fatum/02-sozdanie-personazha/#obaiatelnyi-navyki-kharizmy--1",
        "+1 к проверкам Харизмы.",
    ),
    Rule(
        "sheet.agile_speed",
        "fatum/02-sozdanie-personazha/#lovkii-navyki-lovkosti--1",
        "+5 футов к скорости",
    ),
    Rule(
        "sheet.vigilant_5",
        "fatum/02-sozdanie-personazha/#bditelnyi-navyki-kontsentratsii--1",
        "бонус к Выживанию и Бдительности",
    ),
    Rule(
        "sheet.bch_max",
        "fatum/02-sozdanie-personazha/#2-2-3-bonusnye-cherty-bch--2",
        "Каждая Бонусная черта имеет 6 уровней.",
    ),
    Rule(
        "sheet.bch_tough",
        "fatum/02-sozdanie-personazha/#krepkii--1",
        "Среднее ранение даёт персонажу −1 к боевым проверкам вместо помехи.",
    ),
    Rule(
        "sheet.tough_serious",
        "fatum/02-sozdanie-personazha/#krepkii--1",
        "При Серьёзном ранении Скорость персонажа уменьшается на 10 футов вместо уменьшения вдвое",
    ),
    Rule(
        "sheet.tough_countdown",
        "fatum/02-sozdanie-personazha/#krepkii--1",
        "Отсчёт до смерти при Критическом ранении длится для персонажа 4 раунда вместо 3.",
    ),
    Rule(
        "sheet.bch_confident",
        "fatum/02-sozdanie-personazha/#uverennyi--1",
        "1 раз за сцену, перед проверкой Харизмы или Воли",
    ),
    Rule(
        "sheet.fortune",
        "fatum/02-sozdanie-personazha/#udachlivyi--2",
        "На 1-м уровне этой черты персонаж получает 1 Фортуну в начале каждой сцены.",
    ),
    Rule(
        "sheet.fortune_4",
        "fatum/02-sozdanie-personazha/#udachlivyi--5",
        "В начале каждой сцены персонаж получает 2 Фортуны вместо 1.",
    ),
    Rule(
        "sheet.bch_thoughtful",
        "fatum/02-sozdanie-personazha/#vdumchivyi--2",
        "Начиная с 1-го уровня черты он получает механику Изученной цели.",
    ),
    Rule(
        "sheet.progression",
        "fatum/02-sozdanie-personazha/#tablitsa-progressii--1",
        "3 НЧ, 3 ОЧ, 2 БЧ",
    ),
    Rule(
        "sheet.och_cap",
        "fatum/02-sozdanie-personazha/#ogranichenie-razvitiia-osnovnykh-chert--1",
        "Максимальный уровень каждой Основной черты ограничен общим уровнем персонажа.",
    ),
    Rule(
        "sheet.och_cap_table",
        "fatum/02-sozdanie-personazha/#ogranichenie-razvitiia-osnovnykh-chert--3",
        "Максимальный уровень одной Основной черты",
    ),
    Rule(
        "sheet.credits",
        "fatum/02-sozdanie-personazha/#ogranichenie-razvitiia-osnovnykh-chert--11",
        "600 + 200 × (уровень − 1).",
    ),
    Rule(
        "sheet.professional_count",
        "fatum/02-sozdanie-personazha/#shag-3-professionalnye-navyki--1",
        "На 3-м, 5-м и 9-м уровнях вы выбираете ещё по одному навыку",
    ),
    Rule(
        "sheet.specialisations",
        "fatum/02-sozdanie-personazha/#shag-4-spetsializatsiia--4",
        "При создании персонажа выберите 2 Специализации.",
    ),
    Rule(
        "sheet.specialisations_3",
        "fatum/02-sozdanie-personazha/#shag-4-spetsializatsiia--5",
        "Мастер может разрешить выбрать 3 Специализации.",
    ),
    Rule(
        "sheet.specialisation_table",
        "fatum/02-sozdanie-personazha/#tablitsa-spetsializatsii--1",
        "Полевой стрелок",
    ),
    Rule(
        "sheet.character_traits",
        "fatum/02-sozdanie-personazha/#shag-5-cherty-kharaktera--6",
        "При создании персонажа выберите 2 Черты характера.",
    ),
    Rule(
        "sheet.opora_once",
        "fatum/02-sozdanie-personazha/#opora--9",
        "Персонаж может использовать только одну Опору Характера за сцену",
    ),
    Rule(
        "sheet.breakdown",
        "fatum/02-sozdanie-personazha/#shag-5-sryv--1",
        "1 раз за сцену Мастер может наложить на персонажа Срыв",
    ),
    Rule(
        "sheet.doctrines",
        "fatum/02-sozdanie-personazha/#shag-6-doktriny--5",
        "При создании персонажа выберите 3 Доктрины.",
    ),
    Rule(
        "sheet.doctrines_4",
        "fatum/02-sozdanie-personazha/#shag-6-doktriny--6",
        "Мастер может разрешить выбрать 4",
    ),
    Rule(
        "sheet.doctrine_core",
        "fatum/02-sozdanie-personazha/#shag-6-doktriny--7",
        "Одна из выбранных Доктрин становится Стержневой.",
    ),
    Rule(
        "sheet.doctrine_table",
        "fatum/02-sozdanie-personazha/#tablitsa-doktrin--1",
        "Несовместима с",
    ),
    Rule(
        "sheet.gift_ranks",
        "fatum/02-sozdanie-personazha/#shag-7-aberrantnost-optsionalno--4",
        "Каждый Дар имеет три ранга: I, II и III.",
    ),
    Rule(
        "sheet.strain_check",
        "fatum/02-sozdanie-personazha/#napriazhenie--4",
        "Напряжение равно 3 или выше, персонаж проходит проверку Воли против сложности 1к8.",
    ),
    Rule(
        "sheet.strain_scene",
        "fatum/02-sozdanie-personazha/#napriazhenie--6",
        "После сцены Напряжение уменьшается на 1.",
    ),
    Rule(
        "sheet.languages",
        "fatum/02-sozdanie-personazha/#shag-8-iazyki--1",
        "Если Эрудиция 0 или 1, дополнительных языков нет.",
    ),
)
