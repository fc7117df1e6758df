"""The paragraphs the check resolver cites (1.1-1.3: the check, its dice, crits, the edge, help).

Kept apart from the other citations so each book chapter's quotes are read and edited in one short file;
`rules` joins them.
"""

from __future__ import annotations

from rulebook.mechanics.citation import Rule

CITATIONS: tuple[Rule, ...] = (
    # ---- 1.1-1.3 checks ---------------------------------------------------------------------
    Rule(
        "check.formula",
        "fatum/01-bazovye-pravila/#mekhanika-proverki--5",
        "Если результат игрока равен или больше результата мастера — проверка пройдена.",
    ),
    Rule(
        "check.success_die",
        "fatum/01-bazovye-pravila/#poriadok-kuba-uspekha--1",
        "Куб успеха растёт с развитием Основной черты персонажа.",
    ),
    Rule(
        "check.professional",
        "fatum/02-sozdanie-personazha/#shag-3-professionalnye-navyki--1",
        "Их куб успеха немедленно повышается на один порядок",
    ),
    Rule(
        "check.difficulty_die",
        "fatum/01-bazovye-pravila/#kub-slozhnosti-i-modifikator--1",
        "Мастер выбирает куб сложности, руководствуясь примерной шкалой",
    ),
    Rule(
        "check.modifier",
        "fatum/01-bazovye-pravila/#kub-slozhnosti-i-modifikator--3",
        "Мастер может прибавить к броску куба сложности модификатор обстоятельств",
    ),
    Rule(
        "check.crit",
        "fatum/01-bazovye-pravila/#kriticheskii-uspekh-i-kriticheskii-proval--1",
        "Если на кубе успеха и кубе сложности выпало одинаковое значение, сравните размеры этих кубов.",
    ),
    Rule(
        "check.crit_success",
        "fatum/01-bazovye-pravila/#kriticheskii-uspekh-i-kriticheskii-proval--2",
        "Если порядок куба успеха больше куба сложности, персонаж получает Критический успех",
    ),
    Rule(
        "check.crit_failure",
        "fatum/01-bazovye-pravila/#kriticheskii-uspekh-i-kriticheskii-proval--3",
        "Если порядок куба сложности больше куба успеха, происходит Критический провал",
    ),
    Rule(
        "check.crit_equal",
        "fatum/01-bazovye-pravila/#kriticheskii-uspekh-i-kriticheskii-proval--4",
        "Если порядки кубов равны, одинаковые значения не создают критического результата.",
    ),
    Rule(
        "check.crit_dice_only",
        "fatum/01-bazovye-pravila/#kriticheskii-uspekh-i-kriticheskii-proval--5",
        "Критический результат определяется только при одинаковых значениях на самих кубах.",
    ),
    Rule(
        "check.edge",
        "fatum/01-bazovye-pravila/#uspekh-na-grani--1",
        "Если результат игрока меньше необходимого на 1, 2 или 3",
    ),
    Rule(
        "check.edge1",
        "fatum/01-bazovye-pravila/#uspekh-na-grani--3",
        "Лёгкое: небольшое неудобство, быстро проходит.",
    ),
    Rule(
        "check.edge2",
        "fatum/01-bazovye-pravila/#uspekh-na-grani--3",
        "Серьёзное: штраф -1 или -2 к связанным проверкам до конца сцены.",
    ),
    Rule(
        "check.edge3",
        "fatum/01-bazovye-pravila/#uspekh-na-grani--3",
        "Тяжёлое: долговременный штраф, порча снаряжения или нарративный эффект",
    ),
    Rule(
        "check.edge_choice",
        "fatum/01-bazovye-pravila/#uspekh-na-grani--4",
        "Решение об использовании «успеха на грани» принимает игрок.",
    ),
    Rule(
        "check.advantage",
        "fatum/01-bazovye-pravila/#obshchii-printsip--1",
        "Получив преимущество, игрок понижает порядок куба сложности на один шаг.",
    ),
    Rule(
        "check.advantage_d4",
        "fatum/01-bazovye-pravila/#obshchii-printsip--2",
        "Бросок 2к4, выбрать лучший",
    ),
    Rule(
        "check.hindrance_d12",
        "fatum/01-bazovye-pravila/#obshchii-printsip--2",
        "Бросок 2к12, выбрать худший",
    ),
    Rule(
        "check.helpers",
        "fatum/01-bazovye-pravila/#1-3-gruppovye-proverki--4",
        "Если помощь уместна, ведущий получает преимущество на проверку.",
    ),
    Rule(
        "check.helpers_bonus",
        "fatum/01-bazovye-pravila/#1-3-gruppovye-proverki--5",
        "общий бонус от помощников не может превышать +2",
    ),
    Rule(
        "check.group",
        "fatum/01-bazovye-pravila/#1-3-gruppovye-proverki--10",
        "Группа добивается успеха, если успешно прошла проверку хотя бы половина участников, округляя вверх.",
    ),
    Rule(
        "check.helpers_once",
        "fatum/05-masteru/#pomoshch--7",
        "Несколько помощников не создают несколько преимуществ.",
    ),
)
