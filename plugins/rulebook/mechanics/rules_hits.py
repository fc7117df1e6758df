"""The paragraphs the attack roll and a hit's steps cite (3.3, 3.7 attacks; 3.4 armour step by step).

Kept apart so the combat chapter's quotes are edited in one file; `rules` joins them.
"""

from __future__ import annotations

from rulebook.mechanics.citation import Rule

CITATIONS: tuple[Rule, ...] = (
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
        "attack.weapon_cover",
        "fatum/04-snariazhenie/#snaiperskie-vintovki--2",
        "Игнорирование МЗ укрытия складывается.",
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
    # ---- 3.11 melee: the opposed roll, the counter-strike, the block ----------------------------
    Rule(
        "melee.distance",
        "fatum/03-boi/#vstuplenie-i-vykhod-iz-blizhnego-boia--1",
        "Когда дистанция до противника составляет 10 футов или меньше",
    ),
    Rule(
        "melee.opposed",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--3",
        "Когда персонаж атакует в ближнем бою, атакующий и защитник совершают встречный бросок:",
    ),
    Rule(
        "melee.attacker_die",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--4",
        "атакующий бросает куб попадания своего оружия ближнего боя;",
    ),
    Rule(
        "melee.defender_die",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--5",
        "защитник бросает куб попадания своего оружия ближнего боя или профиль безоружного боя;",
    ),
    Rule(
        "melee.bonus",
        "fatum/03-boi/#profili-oruzhiia-blizhnego-boia--2",
        "Акробатику, Физическую силу или один из этих навыков на выбор.",
    ),
    Rule(
        "melee.no_threshold",
        "fatum/03-boi/#profili-oruzhiia-blizhnego-boia--2",
        "Оружие ближнего боя не использует пороги и уровни владения оружием.",
    ),
    Rule(
        "melee.no_marksmanship",
        "fatum/03-boi/#profili-oruzhiia-blizhnego-boia--3",
        "Бонус Меткости к атакам ближнего боя не прибавляется",
    ),
    Rule(
        "melee.hit",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--7",
        "Если результат атакующего выше, он наносит урон защитнику.",
    ),
    Rule(
        "melee.tie",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--8",
        "Если результаты равны, никто не наносит урон.",
    ),
    Rule(
        "melee.defender_wins",
        "fatum/03-boi/#ataka-v-blizhnem-boiu--9",
        "Если результат защитника выше, атакующий промахивается и открывается под Встречный удар.",
    ),
    Rule(
        "melee.counter",
        "fatum/03-boi/#vstrechnyi-udar--1",
        "он может немедленно нанести атакующему урон своим оружием ближнего боя без дополнительного броска",
    ),
    Rule("melee.counter_cost", "fatum/03-boi/#vstrechnyi-udar--2", "Встречный удар стоит 1 ОД."),
    Rule(
        "melee.counter_no_ap",
        "fatum/03-boi/#vstrechnyi-udar--4",
        "Если у защитника в ближайшем ходу не будет доступной 1 ОД, он не может совершить Встречный удар.",
    ),
    Rule(
        "melee.block",
        "fatum/03-boi/#blok--2",
        "Персонаж заявляет Блок и полностью игнорирует урон от одной следующей атаки ближнего боя",
    ),
    Rule(
        "melee.block_counter",
        "fatum/03-boi/#blok--3",
        "Блок может отменить урон от обычной атаки ближнего боя, Встречного удара или свободной атаки",
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
    # ---- 3.6 a blast's zones, the cover between, the dive: numbers of the damage (Шаг 1) -----------
    Rule(
        "blast.outer_zone",
        "fatum/03-boi/#zona-vzryva--3",
        "Цели во внешней зоне получают урон в половину меньше.",
    ),
    Rule(
        "blast.cover",
        "fatum/03-boi/#ukrytiia-i-vzryvy--1",
        "Если между целью и центром взрыва есть укрытие, оно снижает урон от взрыва:",
    ),
    Rule(
        "blast.dive",
        "fatum/03-boi/#reaktsiia-na-granatu--2",
        "Такой персонаж получает -1 урон от взрыва",
    ),
)
