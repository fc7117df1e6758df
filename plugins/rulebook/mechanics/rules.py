"""Every paragraph the calculators cite, in one place.

A citation is a key (what the engine decides), the site URL of the paragraph that decides it
(`fatum/<page>/#<block-id>`) and a short verbatim quote from that paragraph. Block ids count
blocks under their heading, so an edit to a section (a table that becomes a real table) can shift
them: `scripts/update_rule_ids.py` rewrites every URL from its quote against a built site, and an
integration test fails when a cited block no longer contains its quote. Edit keys and quotes by
hand; let the script maintain the URLs.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    key: str
    url: str
    quote: str


_RULES = (
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
    # ---- 3.3, 3.7 attacks ---------------------------------------------------------------------
    Rule(
        "attack.base_difficulty",
        "fatum/03-boi/#bazovaia-slozhnost-popadaniia--1",
        "Базовая сложность попадания по открытой цели равна 4 + бонус Акробатики цели.",
    ),
    Rule(
        "attack.close_range",
        "fatum/03-boi/#strelba-s-korotkoi-distantsii--1",
        "уменьшите базовую сложность попадания цели вдвое, округляя вверх",
    ),
    Rule(
        "attack.close_range_base_only",
        "fatum/03-boi/#strelba-s-korotkoi-distantsii--2",
        "Это правило уменьшает только базовую сложность попадания или природный МЗ цели.",
    ),
    Rule(
        "attack.cover_compare",
        "fatum/03-boi/#strelba-s-korotkoi-distantsii--3",
        "Используйте большее значение.",
    ),
    Rule(
        "attack.cover_formula",
        "fatum/03-boi/#strelba-s-korotkoi-distantsii--5",
        "МЗ укрытия = 5 (базовый) + бонус за размер + бонус за материал",
    ),
    Rule(
        "attack.cover_size",
        "fatum/03-boi/#strelba-s-korotkoi-distantsii--6",
        "Бонус за размер укрытия:",
    ),
    Rule(
        "attack.cover_material",
        "fatum/03-boi/#strelba-s-korotkoi-distantsii--8",
        "Бонус за материал:",
    ),
    Rule(
        "attack.explicit_after",
        "fatum/03-boi/#zona-obstrela--2",
        "Явные защитные модификаторы добавляются после этого.",
    ),
    Rule(
        "attack.cover_target",
        "fatum/03-boi/#povrezhdenie-ukrytii--2",
        "Если результат броска попадания равен или выше МЗ, укрытие получает урон, равный урону оружия.",
    ),
    Rule(
        "attack.cover_durability",
        "fatum/03-boi/#povrezhdenie-ukrytii--5",
        "Когда накопленный урон по укрытию достигает его Прочности, укрытие разрушается",
    ),
    Rule(
        "attack.heavy_cover",
        "fatum/03-boi/#tiazheloe-oruzhie-granatomety-pulemety-anaksionnye-pushki--8",
        "тяжёлое оружие наносит двойной урон укрытиям и технике.",
    ),
    Rule(
        "attack.melee_hindrance",
        "fatum/03-boi/#blok--5",
        "Дальнобойные атаки по персонажу, находящемуся в ближнем бою, проходят с помехой",
    ),
    Rule(
        "attack.melee_mz",
        "fatum/03-boi/#blok--6",
        "МЗ цели в таком случае всегда равен 8 + половина бонуса Акробатики (округляя вниз).",
    ),
    Rule(
        "attack.melee_miss",
        "fatum/03-boi/#blok--7",
        "При промахе урон получает другой участник ближнего боя",
    ),
    Rule(
        "attack.aimed_rifle",
        "fatum/03-boi/#vyverennyi-vystrel--8",
        "если его уровень владения винтовками не ниже порога владения используемого профиля",
    ),
    Rule(
        "attack.aimed_bonus",
        "fatum/03-boi/#vyverennyi-vystrel--4",
        "добавьте +1к4 к броску попадания;",
    ),
    Rule(
        "attack.aimed_cover",
        "fatum/03-boi/#vyverennyi-vystrel--6",
        "Игнорирование МЗ уменьшает только МЗ самого укрытия и применяется до сравнения",
    ),
    Rule(
        "attack.zeroing_2",
        "fatum/03-boi/#pristrelka-pozitsii--3",
        "Все дальнобойные атаки против стрелка игнорируют 2 МЗ укрытия",
    ),
    Rule(
        "attack.zeroing_3",
        "fatum/03-boi/#pristrelka-pozitsii--4",
        "Дальнобойные атаки против стрелка полностью игнорируют МЗ укрытия",
    ),
    Rule(
        "attack.heavy_moved",
        "fatum/03-boi/#tiazheloe-oruzhie-granatomety-pulemety-anaksionnye-pushki--7",
        "если персонаж двигался в этот ход, атака тяжёлым оружием получает помеху;",
    ),
    Rule(
        "attack.modifier",
        "fatum/03-boi/#porog-vladeniia--5",
        "Модификатор = уровень владения оружием + половина Меткости − порог владения оружия",
    ),
    Rule(
        "attack.half_marksmanship",
        "fatum/03-boi/#porog-vladeniia--6",
        "Половина Меткости округляется вниз.",
    ),
    Rule(
        "attack.below_threshold",
        "fatum/03-boi/#porog-vladeniia--3",
        "Если уровень владения персонажа соответствующей категорией оружия ниже порога",
    ),
    Rule(
        "attack.advantage",
        "fatum/01-bazovye-pravila/#preimushchestvo-i-pomekha-v-boiu--2",
        "Преимущество при атаке: бросьте куб попадания оружия дважды и выберите лучший результат.",
    ),
    Rule(
        "attack.hindrance",
        "fatum/01-bazovye-pravila/#preimushchestvo-i-pomekha-v-boiu--3",
        "Помеха при атаке: бросьте куб попадания оружия дважды и выберите худший результат.",
    ),
    # ---- 3.4 armour, step by step -------------------------------------------------------------
    Rule(
        "armor.profile_rules",
        "fatum/03-boi/#3-4-bronia--7",
        "Если особое свойство профиля прямо изменяет обычные правила брони",
    ),
    Rule(
        "armor.profile_while_bz",
        "fatum/03-boi/#3-4-bronia--6",
        "Пока текущее БЗ выше 0, броня предоставляет защиту своего класса и свойства своего профиля.",
    ),
    Rule(
        "hit.numeric",
        "fatum/03-boi/#shag-1-opredelite-uron-ataki--2",
        "Если способность или предмет прямо уменьшает числовое значение урона, примените этот эффект сейчас.",
    ),
    Rule(
        "hit.no_armor_subtraction",
        "fatum/03-boi/#shag-1-opredelite-uron-ataki--3",
        "Обычная защита брони на этом этапе не применяется: БЗ не вычитается из урона.",
    ),
    Rule(
        "hit.wounds_none",
        "fatum/03-boi/#shag-2-perevedite-uron-v-raneniia--2",
        "Ранений нет",
    ),
    Rule(
        "hit.wounds_1",
        "fatum/03-boi/#shag-2-perevedite-uron-v-raneniia--2",
        "Лёгкое ранение",
    ),
    Rule(
        "hit.wounds_2",
        "fatum/03-boi/#shag-2-perevedite-uron-v-raneniia--2",
        "Среднее ранение",
    ),
    Rule(
        "hit.wounds_3",
        "fatum/03-boi/#shag-2-perevedite-uron-v-raneniia--2",
        "Среднее и Лёгкое ранения",
    ),
    Rule(
        "hit.wounds_4",
        "fatum/03-boi/#shag-2-perevedite-uron-v-raneniia--2",
        "Серьёзное ранение",
    ),
    Rule(
        "hit.wounds_5",
        "fatum/03-boi/#shag-2-perevedite-uron-v-raneniia--2",
        "Критическое ранение",
    ),
    Rule(
        "hit.armor_state",
        "fatum/03-boi/#shag-3-proverte-sostoianie-broni--1",
        "Броня может защитить персонажа только в том случае, если её текущее БЗ выше 0.",
    ),
    Rule(
        "hit.armor_broken",
        "fatum/03-boi/#shag-3-proverte-sostoianie-broni--2",
        "Если БЗ брони уже равно 0, она считается повреждённой и не снижает тяжесть ранений до ремонта.",
    ),
    Rule(
        "hit.covers_light",
        "fatum/03-boi/#shag-4-opredelite-zashchishchaet-li-bronia-ot-etoi-ataki--2",
        "Лёгкая броня защищает от лёгкого оружия, осколков и слабых атак.",
    ),
    Rule(
        "hit.covers_medium",
        "fatum/03-boi/#shag-4-opredelite-zashchishchaet-li-bronia-ot-etoi-ataki--3",
        "Средняя броня защищает от лёгкого и среднего оружия.",
    ),
    Rule(
        "hit.covers_heavy",
        "fatum/03-boi/#shag-4-opredelite-zashchishchaet-li-bronia-ot-etoi-ataki--4",
        "Тяжёлая броня защищает от лёгкого, среднего, тяжёлого и взрывного оружия.",
    ),
    Rule(
        "hit.not_covered",
        "fatum/03-boi/#shag-4-opredelite-zashchishchaet-li-bronia-ot-etoi-ataki--5",
        "Если класс брони не защищает от этой атаки, броня не изменяет полученные ранения и не теряет БЗ.",
    ),
    Rule(
        "hit.special_attacks",
        "fatum/03-boi/#shag-4-opredelite-zashchishchaet-li-bronia-ot-etoi-ataki--6",
        "От анаксионных и иных особых атак броня защищает только тогда",
    ),
    Rule(
        "hit.steps_light",
        "fatum/03-boi/#shag-5-opredelite-silu-zashchity--2",
        "На 1 ступень против лёгкого оружия, осколков и слабых атак",
    ),
    Rule(
        "hit.steps_medium",
        "fatum/03-boi/#shag-5-opredelite-silu-zashchity--2",
        "На 1 ступень против лёгкого и среднего оружия",
    ),
    Rule(
        "hit.steps_heavy",
        "fatum/03-boi/#shag-5-opredelite-silu-zashchity--2",
        "На 2 ступени против лёгкого и среднего оружия; на 1 ступень против тяжёлого и взрывного оружия",
    ),
    Rule(
        "hit.armor_piercing",
        "fatum/03-boi/#shag-5-opredelite-silu-zashchity--4",
        "уменьшите предоставляемое бронёй снижение на 1 ступень, минимум до 0",
    ),
    Rule(
        "hit.reduce_each",
        "fatum/03-boi/#shag-6-snizte-tiazhest-kazhdogo-raneniia--1",
        "Примените защиту брони отдельно к каждому ранению, созданному одним попаданием.",
    ),
    Rule(
        "hit.light_cancelled",
        "fatum/03-boi/#shag-6-snizte-tiazhest-kazhdogo-raneniia--6",
        "Лёгкое ранение, сниженное хотя бы на 1 ступень, полностью отменяется.",
    ),
    Rule(
        "hit.bz_loss",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--1",
        "Если броня снизила тяжесть хотя бы одного ранения, уменьшите её текущее БЗ",
    ),
    Rule(
        "hit.bz_loss_1",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--2",
        "на 1 после обычной атаки;",
    ),
    Rule(
        "hit.bz_loss_2",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--3",
        "на 2 после тяжёлой, взрывной, бронебойной или анаксионной атаки.",
    ),
    Rule(
        "hit.bz_once",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--4",
        "Броня теряет БЗ только один раз за каждое попадание",
    ),
    Rule(
        "hit.bz_no_reduction",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--6",
        "не снизила ни одного ранения, её БЗ не уменьшается",
    ),
    Rule(
        "hit.bz_floor",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--7",
        "БЗ не может опуститься ниже 0.",
    ),
    Rule(
        "hit.bz_zero_still_protects",
        "fatum/03-boi/#shag-7-umenshite-bz-broni--8",
        "броня всё ещё полностью защищает от текущей атаки",
    ),
    Rule(
        "hit.place",
        "fatum/03-boi/#shag-8-razmestite-ostavshiesia-raneniia--1",
        "После применения брони разместите оставшиеся ранения в соответствующих слотах персонажа.",
    ),
    Rule(
        "hit.escalate",
        "fatum/03-boi/#shag-8-razmestite-ostavshiesia-raneniia--2",
        "Если свободного слота нужной тяжести нет, ранение повышается на одну ступень.",
    ),
    Rule(
        "hit.cancelled_not_placed",
        "fatum/03-boi/#shag-8-razmestite-ostavshiesia-raneniia--3",
        "Полностью отменённые бронёй ранения в слоты не записываются.",
    ),
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
    # ---- chapter 4 armour properties ----------------------------------------------------------
    Rule(
        "armor.blast_reduction",
        "fatum/04-snariazhenie/#4-2-bronia--1",
        "Числовой урон от взрывной атаки уменьшается на 1 до перевода урона в ранения, минимум до 0.",
    ),
    Rule(
        "armor.anaxion_rated",
        "fatum/04-snariazhenie/#4-2-bronia--1",
        "Броня также применима против анаксионных атак и снижает созданные ими ранения на 1 ступень.",
    ),
    # ---- chapter 4 profiles (the presets) ------------------------------------------------------
    Rule("preset.pocket_pistol", "fatum/04-snariazhenie/#4-1-1-pistolety--2", "Карманный пистолет"),
    Rule("preset.medium_pistol", "fatum/04-snariazhenie/#4-1-1-pistolety--2", "Средний пистолет"),
    Rule("preset.heavy_pistol", "fatum/04-snariazhenie/#4-1-1-pistolety--2", "Тяжёлый пистолет"),
    Rule("preset.revolver", "fatum/04-snariazhenie/#4-1-1-pistolety--2", "Револьвер"),
    Rule("preset.heavy_revolver", "fatum/04-snariazhenie/#4-1-1-pistolety--2", "Тяжёлый револьвер"),
    Rule("preset.anaxion_pistol", "fatum/04-snariazhenie/#4-1-1-pistolety--2", "Анаксионный пистолет"),
    Rule("preset.light_carbine", "fatum/04-snariazhenie/#4-1-2-karabiny--2", "Лёгкий карабин"),
    Rule("preset.army_carbine", "fatum/04-snariazhenie/#4-1-2-karabiny--2", "Армейский карабин"),
    Rule("preset.assault_carbine", "fatum/04-snariazhenie/#4-1-2-karabiny--2", "Штурмовой карабин"),
    Rule("preset.automatic_carbine", "fatum/04-snariazhenie/#4-1-2-karabiny--2", "Автоматический карабин"),
    Rule("preset.precise_carbine", "fatum/04-snariazhenie/#4-1-2-karabiny--2", "Точный карабин"),
    Rule(
        "preset.hunting_rifle", "fatum/04-snariazhenie/#4-1-3-snaiperskie-vintovki--4", "Охотничья винтовка"
    ),
    Rule(
        "preset.service_rifle", "fatum/04-snariazhenie/#4-1-3-snaiperskie-vintovki--4", "Служебная винтовка"
    ),
    Rule(
        "preset.sniper_rifle", "fatum/04-snariazhenie/#4-1-3-snaiperskie-vintovki--4", "Снайперская винтовка"
    ),
    Rule(
        "preset.anaxion_rifle", "fatum/04-snariazhenie/#4-1-3-snaiperskie-vintovki--4", "Анакисонная винтовка"
    ),
    Rule("preset.sawn_off", "fatum/04-snariazhenie/#konusnaia-ataka--10", "Обрез"),
    Rule("preset.standard_shotgun", "fatum/04-snariazhenie/#konusnaia-ataka--10", "Стандартный дробовик"),
    Rule("preset.combat_shotgun", "fatum/04-snariazhenie/#konusnaia-ataka--10", "Боевой дробовик"),
    Rule(
        "preset.anaxion_shotgun",
        "fatum/04-snariazhenie/#konusnaia-ataka--10",
        "Не использует конус. Атака только по одной цели.",
    ),
    Rule("preset.flamethrower", "fatum/04-snariazhenie/#konusnaia-ataka--10", "Огнемётный"),
    Rule(
        "preset.light_grenade_launcher",
        "fatum/04-snariazhenie/#4-1-5-tiazheloe-oruzhie--2",
        "Лёгкий гранатомёт",
    ),
    Rule(
        "preset.heavy_grenade_launcher",
        "fatum/04-snariazhenie/#4-1-5-tiazheloe-oruzhie--2",
        "Тяжёлый гранатомёт",
    ),
    Rule("preset.heavy_machine_gun", "fatum/04-snariazhenie/#4-1-5-tiazheloe-oruzhie--2", "Тяжёлый пулемёт"),
    Rule(
        "preset.anaxion_emitter",
        "fatum/04-snariazhenie/#4-1-5-tiazheloe-oruzhie--2",
        "Анаксионный излучатель",
    ),
    Rule("preset.small_melee", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Малое оружие"),
    Rule("preset.light_melee", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Лёгкое оружие"),
    Rule("preset.medium_melee", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Среднее оружие"),
    Rule("preset.heavy_melee", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Тяжёлое оружие"),
    Rule("preset.blunt_melee", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Дробящее оружие"),
    Rule("preset.polearm", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Древковое оружие"),
    Rule(
        "preset.two_handed_melee",
        "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1",
        "Тяжёлое двуручное оружие",
    ),
    Rule(
        "preset.anaxion_melee",
        "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1",
        "Анаксионное оружие ближнего боя",
    ),
    Rule("preset.unarmed", "fatum/04-snariazhenie/#4-5-oruzhie-blizhnego-boia--1", "Безоружный бой"),
    Rule("preset.sturmblitz", "fatum/04-snariazhenie/#4-3-granaty--1", "Sturmblitz"),
    Rule("preset.panzersturm", "fatum/04-snariazhenie/#4-3-granaty--1", "Panzersturm"),
    Rule("preset.vektron_12", "fatum/04-snariazhenie/#4-3-granaty--1", "Vektron-12"),
    Rule("preset.gpd", "fatum/04-snariazhenie/#4-3-granaty--1", "ГПД"),
    Rule("preset.expansor_6", "fatum/04-snariazhenie/#4-3-granaty--1", "Экспансор-6"),
    Rule("preset.entropy_7", "fatum/04-snariazhenie/#4-3-granaty--1", "Энтропия-7"),
    Rule("preset.short_bow", "fatum/04-snariazhenie/#4-6-osoboe-oruzhie--1", "Короткий лук"),
    Rule("preset.long_bow", "fatum/04-snariazhenie/#4-6-osoboe-oruzhie--1", "Длинный лук"),
    Rule("preset.hunting_bow", "fatum/04-snariazhenie/#4-6-osoboe-oruzhie--1", "Охотничий лук"),
    Rule("preset.light_crossbow", "fatum/04-snariazhenie/#4-6-osoboe-oruzhie--1", "Лёгкий арбалет"),
    Rule("preset.heavy_crossbow", "fatum/04-snariazhenie/#4-6-osoboe-oruzhie--1", "Тяжёлый арбалет"),
    Rule("preset.concealed_armor", "fatum/04-snariazhenie/#4-2-bronia--1", "Скрытая броня"),
    Rule("preset.field_vest", "fatum/04-snariazhenie/#4-2-bronia--1", "Полевой бронежилет"),
    Rule("preset.army_vest", "fatum/04-snariazhenie/#4-2-bronia--1", "Армейский бронежилет"),
    Rule(
        "preset.fragmentation_suit", "fatum/04-snariazhenie/#4-2-bronia--1", "Противоосколочный бронекомплект"
    ),
    Rule("preset.reinforced_suit", "fatum/04-snariazhenie/#4-2-bronia--1", "Усиленный бронекомплект"),
    Rule("preset.stabilising_armor", "fatum/04-snariazhenie/#4-2-bronia--1", "Стабилизирующая тяжёлая броня"),
    Rule(
        "preset.anaxion_insulated", "fatum/04-snariazhenie/#4-2-bronia--1", "Анаксионно-изолированная броня"
    ),
    Rule(
        "armor.gas",
        "fatum/04-snariazhenie/#4-4-raskhodnye-materialy--1",
        "Блокирует урон наносимый газовыми гранатами и иным оружием, наносящим урон газами.",
    ),
    Rule("preset.heavy_exoskeleton", "fatum/04-snariazhenie/#4-2-bronia--1", "Тяжёлый экзоскелет"),
    Rule("preset.adaptive_exoskeleton", "fatum/04-snariazhenie/#4-2-bronia--1", "Адаптивный экзоскелет"),
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

RULES: dict[str, Rule] = {r.key: r for r in _RULES}
assert len(RULES) == len(_RULES), "duplicate rule key"


def url(key: str) -> str:
    """The site URL of the paragraph that decides `key` (KeyError for an unknown key)."""
    return RULES[key].url
