"""The paragraphs chapter 4 (equipment) is cited by: armour properties and every preset's profile.

Kept apart so the presets' citations sit together; `rules` joins them.
"""

from __future__ import annotations

from rulebook.mechanics.citation import Rule

CITATIONS: tuple[Rule, ...] = (
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
    # ---- 4.6 bows and crossbows: their own hit bonus ---------------------------------------------
    Rule(
        "attack.bow_bonus",
        "fatum/04-snariazhenie/#luki-i-arbalety-besshumnoe-oruzhie--5",
        "Бонус попадания из лука равен бонусу Физической силы + половине бонуса Меткости",
    ),
    Rule(
        "attack.bow_strength",
        "fatum/04-snariazhenie/#luki-i-arbalety-besshumnoe-oruzhie--5",
        "Если это требование не выполнено, бросок попадания совершается с помехой.",
    ),
    Rule(
        "attack.crossbow_bonus",
        "fatum/04-snariazhenie/#luki-i-arbalety-besshumnoe-oruzhie--6",
        "Бонус попадания из арбалета равен полному бонусу Меткости.",
    ),
    # ---- 4.8 the distances a weapon's row speaks of; ignoring cover together ----------------------
    Rule(
        "attack.distance_bands",
        "fatum/04-snariazhenie/#distantsii-dlia-modifikatsii--1",
        "Позиционная стрельба; ограничена максимальной дальностью оружия",
    ),
    Rule(
        "attack.ignore_cap",
        "fatum/04-snariazhenie/#snaiperskie-vintovki--2",
        "могут суммарно игнорировать до 3 МЗ укрытия",
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
)
