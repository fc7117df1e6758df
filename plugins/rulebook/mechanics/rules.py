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
        "wounds.countdown",
        "fatum/03-boi/#otschet-do-smerti--1",
        "В конце каждого следующего хода критически раненого персонажа отмечается один прошедший раунд.",
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
    Rule("preset.heavy_exoskeleton", "fatum/04-snariazhenie/#4-2-bronia--1", "Тяжёлый экзоскелет"),
    Rule("preset.adaptive_exoskeleton", "fatum/04-snariazhenie/#4-2-bronia--1", "Адаптивный экзоскелет"),
)

RULES: dict[str, Rule] = {r.key: r for r in _RULES}
assert len(RULES) == len(_RULES), "duplicate rule key"


def url(key: str) -> str:
    """The site URL of the paragraph that decides `key` (KeyError for an unknown key)."""
    return RULES[key].url
