"""The attack roll against FATUM 3.3 (cover, close range, cover durability) and 3.7 (hit
modifier), with hit probabilities checked by enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulebook.mechanics import InputError, run
from rulebook.mechanics.attack import base_difficulty, cover_mz, hit_modifier, hits_to_destroy, target_mz
from rulebook.mechanics.rules import url


def shooter(die, prof, mark, thr, acro, **more):
    """The attack roll of a shooter (hit die, proficiency, Меткость, threshold) at a target of
    the given Акробатика, with any other inputs."""
    return run(
        "attack",
        {
            "hit_die": die,
            "proficiency": prof,
            "marksmanship": mark,
            "threshold": thr,
            "acrobatics": acro,
            **more,
        },
    )


# ---- 3.7 «Расчёт модификатора попадания» ------------------------------------------------------------
def test_carbine_proficiency_2_marksmanship_3_army_carbine_gives_plus_1():
    assert hit_modifier(2, 3, 2) == 1
    assert run("attack", {"proficiency": 2, "marksmanship": 3, "threshold": 2})["hit_modifier"] == 1


def test_pistol_proficiency_1_marksmanship_2_heavy_pistol_gives_0():
    assert hit_modifier(1, 2, 2) == 0


def test_below_the_threshold_the_modifier_is_a_penalty_and_says_so():
    out = run("attack", {"proficiency": 0, "marksmanship": 1, "threshold": 3})
    assert out["hit_modifier"] == -3
    assert any("ниже порога" in s["text"] for s in out["steps"])


# ---- 3.3 -------------------------------------------------------------------------------------------
def test_acrobatics_2_gives_6_and_3_within_15_feet_and_cover_7_is_not_halved():
    assert base_difficulty(2, close_range=False) == 6
    assert base_difficulty(2, close_range=True) == 3
    assert target_mz(base_difficulty(2, True), 7, 0) == 7
    # the same through the calculator: cover of half the body in light material is 5 + 2 + 1 = 8
    assert run("attack", {"acrobatics": 2, "close_range": True})["mz"] == 3
    assert (
        run("attack", {"acrobatics": 2, "close_range": True, "cover": "half", "cover_material": "light"})[
            "mz"
        ]
        == 8
    )


def test_a_concrete_barricade_covering_half_the_body_has_mz_9():
    assert cover_mz("half", "strong") == 9


def test_a_barricade_of_durability_6_falls_to_the_second_carbine_hit():
    assert hits_to_destroy(6, 0, 3) == 2
    out = run(
        "attack",
        {
            "target_is_cover": True,
            "cover": "half",
            "cover_material": "strong",
            "cover_durability": 6,
            "weapon_damage": 3,
        },
    )
    assert out["mz"] == 9 and out["hits_to_destroy"] == 2


def cover_hits(damage, durability, heavy):
    out = run(
        "attack",
        {
            "target_is_cover": True,
            "cover": "half",
            "cover_material": "strong",
            "cover_durability": durability,
            "weapon_damage": damage,
            "heavy_weapon": heavy,
        },
    )
    return out["hits_to_destroy"]


def test_a_heavy_weapon_does_double_damage_to_cover():
    """3.3 «Тяжёлое оружие»: «тяжёлое оружие наносит двойной урон укрытиям»: a grenade
    launcher's 4 takes a barricade of Прочность 6 down in one hit, a heavy machine gun's 3 one of
    Прочность 8 in two; the same damage from a rifle takes two and three."""
    assert cover_hits(4, 6, heavy=True) == 1 and cover_hits(4, 6, heavy=False) == 2
    assert cover_hits(3, 8, heavy=True) == 2 and cover_hits(3, 8, heavy=False) == 3


def test_the_heavy_weapons_table_presets_say_they_are_heavy_weapons():
    from rulebook.mechanics.presets import WEAPONS

    heavy = {w.key for w in WEAPONS if w.describe()["heavy_weapon"]}
    assert {"heavy_grenade_launcher", "heavy_machine_gun", "anaxion_emitter"} <= heavy
    # a heavy pistol or a heavy melee weapon is not of the heavy weapons' table
    assert not heavy & {"heavy_pistol", "heavy_melee", "two_handed_melee", "heavy_crossbow"}


def test_the_rows_that_say_their_attack_ignores_1_mz_of_cover_carry_it_in_their_presets():
    """4.6: the hunting bow «Атака игнорирует 1 МЗ укрытия», the heavy crossbow «Пробивает лёгкие
    укрытия: атака игнорирует 1 МЗ укрытия»; read off the rows' text, no other row says so."""
    from rulebook.mechanics.presets import WEAPONS

    ignoring = {w.key: w.describe()["cover_ignored"] for w in WEAPONS if w.describe()["cover_ignored"]}
    assert ignoring == {"hunting_bow": 1, "heavy_crossbow": 1}


def test_a_weapon_that_ignores_1_mz_of_cover_takes_it_off_before_the_comparison():
    """Acrobatics 2 (МЗ 6) behind a half-body concrete barricade (МЗ 9): a weapon that ignores
    1 МЗ of cover shoots against 8; with the aimed shot's 1 as well, against 7 (ignorings add
    up, 4.1); it never brings the cover below the base difficulty, the larger is taken."""
    plain = shooter(6, 0, 0, 0, 2, cover="half", cover_material="strong")
    ignoring = shooter(6, 0, 0, 0, 2, cover="half", cover_material="strong", cover_ignored=1)
    assert (plain["mz"], ignoring["mz"]) == (9, 8)
    assert any(s["rule"] == url("attack.weapon_cover") and "8" in s["text"] for s in ignoring["steps"])
    both = shooter(6, 3, 0, 3, 2, cover="half", cover_material="strong", cover_ignored=1, aimed_shot=True)
    assert both["mz"] == 7
    low = shooter(6, 0, 0, 0, 4, cover="quarter", cover_material="light", cover_ignored=3)
    assert low["mz"] == 8  # cover 7 − 3 = 4 is below the base difficulty 8: the base is used


def test_a_bow_hits_with_strength_and_half_marksmanship_and_with_hindrance_below_strength_2():
    """4.6: «Бонус попадания из лука равен бонусу Физической силы + половине бонуса Меткости,
    округляя вниз»; below Физическая сила 2 the shot has hindrance. No threshold counts."""
    out = run("attack", {"weapon_kind": "bow", "strength": 2, "marksmanship": 5, "threshold": 3})
    assert out["hit_modifier"] == 4
    assert out["steps"][0]["rule"] == url("attack.bow_bonus")
    weak = run("attack", {"weapon_kind": "bow", "strength": 1, "marksmanship": 5, "acrobatics": 4})
    # the same +3 from a carbine: with hindrance the same chance, without it a better one
    plus_3 = {"proficiency": 3, "threshold": 0, "acrobatics": 4}
    hindered, free = run("attack", {**plus_3, "hindrance": True}), run("attack", plus_3)
    assert weak["hit_modifier"] == 3 and weak["p_hit"] == hindered["p_hit"] != free["p_hit"]
    assert any(s["rule"] == url("attack.bow_strength") for s in weak["steps"])
    # a bow's other bonuses and its chances add to its own modifier, not 3.7's threshold formula
    bonused = run("attack", {"weapon_kind": "bow", "strength": 2, "bonus": 1})
    cited = {s["rule"] for s in bonused["steps"]} | {o["rule"] for o in bonused["outcomes"]}
    assert url("attack.modifier") not in cited


def test_a_crossbow_hits_with_the_whole_marksmanship_and_takes_no_aimed_shot():
    out = run("attack", {"weapon_kind": "crossbow", "strength": 4, "marksmanship": 5, "threshold": 3})
    assert out["hit_modifier"] == 5 and out["steps"][0]["rule"] == url("attack.crossbow_bonus")
    with pytest.raises(InputError) as err:
        run("attack", {"weapon_kind": "crossbow", "aimed_shot": True})
    assert err.value.field == "aimed_shot"


def test_the_heavy_crossbow_against_a_half_body_barricade_shoots_at_mz_8_not_9():
    """The heavy crossbow's preset: 1к10, «атака игнорирует 1 МЗ укрытия»; a target of
    Акробатика 2 (6) behind half-body concrete (9)."""
    from rulebook.mechanics.presets import WEAPONS

    crossbow = next(w for w in WEAPONS if w.key == "heavy_crossbow").describe()
    preset = {k: crossbow[k] for k in ("hit_die", "weapon_kind", "cover_ignored")}
    out = run("attack", {**preset, "acrobatics": 2, "cover": "half", "cover_material": "strong"})
    assert out["mz"] == 8


def test_a_cover_already_destroyed_is_no_target():
    out = run(
        "attack",
        {"target_is_cover": True, "cover": "half", "cover_durability": 6, "cover_damage_taken": 8},
    )
    assert out["hits_to_destroy"] == 0 and out["mz"] is None and "outcomes" not in out
    assert "разрушено" in out["steps"][-1]["text"]


def test_shooting_at_a_cover_that_is_not_there_cites_no_rule():
    """«Стрелять по укрытию нельзя: укрытие не выбрано» cited 3.3 «Повреждение укрытий», whose
    condition (a cover hit) is not met: the step applies no rule."""
    out = run("attack", {"target_is_cover": True, "cover": "none"})
    assert out["mz"] is None and out["steps"][-1]["rule"] is None
    assert "укрытие не выбрано" in out["steps"][-1]["text"]


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from([4, 6, 8, 10, 12]),
    st.integers(0, 6),
    st.integers(0, 20),
    st.integers(0, 4),
    st.integers(-5, 20),
    st.sampled_from(["none", "quarter", "half", "full"]),
)
def test_the_hit_step_names_only_faces_the_die_has(die, prof, mark, thr, acro, cover):
    """«на кубе N или больше» only for 2 ≤ N ≤ the die's faces; otherwise it says that any face
    hits, or that none can."""
    out = shooter(die, prof, mark, thr, acro, cover=cover)
    text = out["steps"][-1]["text"]
    need = out["mz"] - out["hit_modifier"]
    if 1 < need <= die:
        assert f"на кубе {need} или больше" in text
    elif need <= 1:
        assert "при любом результате" in text and Fraction(out["p_hit"]) == 1
    else:
        assert "попасть нельзя" in text and Fraction(out["p_hit"]) == 0


def test_explicit_bonuses_come_after_the_comparison_with_cover():
    assert (
        run("attack", {"acrobatics": 6, "cover": "quarter", "cover_material": "light", "explicit_mz": 2})[
            "mz"
        ]
        == 12
    )


def test_a_natural_mz_replaces_4_plus_acrobatics_and_is_halved_up_close():
    assert run("attack", {"natural_mz": 9, "acrobatics": 5, "close_range": True})["mz"] == 5


# ---- 3.6 «Выверенный выстрел» ----------------------------------------------------------------------
def test_an_aimed_shot_adds_1d4_to_the_hit_roll():
    # rifle 1к8, владение 2, Меткость 2, порог 2: +1 against МЗ 4 + 4 = 8
    plain = shooter(8, 2, 2, 2, 4)
    aimed = shooter(8, 2, 2, 2, 4, aimed_shot=True)
    assert Fraction(plain["p_hit"]) == Fraction(2, 8)
    pairs = [(a, b) for a in range(1, 9) for b in range(1, 5)]
    assert Fraction(aimed["p_hit"]) == Fraction(sum(1 for a, b in pairs if a + b + 1 >= 8), len(pairs))
    assert "1к8 + 1к4" in aimed["steps"][-1]["text"]


def test_an_aimed_shot_with_advantage_adds_1d4_to_the_better_die():
    out = shooter(6, 2, 0, 2, 4, aimed_shot=True, advantage=True)  # +0 against МЗ 8
    rolls = list(itertools.product(range(1, 7), range(1, 7), range(1, 5)))
    assert Fraction(out["p_hit"]) == Fraction(sum(1 for a, b, c in rolls if max(a, b) + c >= 8), len(rolls))


def test_an_aimed_shot_takes_1_from_the_cover_before_the_comparison():
    """«Игнорирование МЗ уменьшает только МЗ самого укрытия и применяется до сравнения МЗ
    укрытия с базовой или природной сложностью попадания цели»: a half-body concrete barricade
    (МЗ 9) counts 8, and a target whose own difficulty is 9 keeps 9."""
    barricade = {"cover": "half", "cover_material": "strong"}
    assert shooter(8, 2, 2, 2, 2, aimed_shot=True, **barricade)["mz"] == 8
    assert shooter(8, 2, 2, 2, 5, aimed_shot=True, **barricade)["mz"] == 9
    assert shooter(8, 2, 2, 2, 2, aimed_shot=True)["mz"] == 6  # no cover: nothing to ignore


def test_an_aimed_shot_needs_proficiency_at_the_threshold_and_a_target_beyond_30_feet():
    with pytest.raises(ValueError, match=r"^aimed_shot: .*порога"):
        shooter(8, 1, 2, 2, 2, aimed_shot=True)
    with pytest.raises(ValueError, match=r"^aimed_shot: .*30 футов"):
        shooter(8, 2, 2, 2, 2, aimed_shot=True, close_range=True)
    with pytest.raises(ValueError, match=r"^aimed_shot: .*30 футов"):  # its cover is as near
        shooter(8, 2, 2, 2, 2, aimed_shot=True, close_range=True, target_is_cover=True, cover="half")


def test_an_aimed_shot_is_a_rifles_and_not_a_heavy_weapons():
    """3.6 «Выверенный выстрел» is in the rifles' section: its cost is «обычной стоимости атаки
    винтовки +1 ОД» and it needs the «уровень владения винтовками»; a grenade launcher takes none."""
    with pytest.raises(ValueError, match=r"^aimed_shot: .*винтовки"):
        shooter(8, 4, 2, 3, 2, aimed_shot=True, heavy_weapon=True)
    assert shooter(8, 4, 2, 3, 2, heavy_weapon=True)["mz"] == 6


def test_a_shooter_who_moved_cannot_take_an_aimed_shot():
    """3.6: «Любое перемещение персонажа в этот ход лишает его возможности совершить Выверенный
    выстрел»."""
    with pytest.raises(ValueError, match=r"^aimed_shot: .*двигался"):
        shooter(8, 2, 2, 2, 2, aimed_shot=True, moved=True)


def test_a_heavy_weapon_fired_after_moving_has_hindrance():
    """3.6 «Тяжёлое оружие»: «если персонаж двигался в этот ход, атака тяжёлым оружием получает
    помеху»; moving with another weapon changes nothing."""
    moved = shooter(8, 3, 2, 3, 2, heavy_weapon=True, moved=True)  # +1 against МЗ 6
    assert Fraction(moved["p_hit"]) == enumerate_hit(8, 1, 6, advantage=False, hindrance=True)
    assert shooter(8, 3, 2, 3, 2, moved=True)["p_hit"] == shooter(8, 3, 2, 3, 2)["p_hit"] == "1/2"


# ---- 3.6 «Пристрелка позиции» -----------------------------------------------------------------------
def test_a_zeroed_position_takes_2_or_all_of_its_covers_mz():
    """Level 2: «игнорируют 2 МЗ укрытия»; level 3: «полностью игнорируют МЗ укрытия»; the target's
    own difficulty and explicit bonuses stay («касается только укрытия»)."""
    window = {"acrobatics": 1, "cover": "half", "cover_material": "strong"}  # 5 against МЗ 9
    assert run("attack", {**window, "zeroing": 1})["mz"] == 9
    assert run("attack", {**window, "zeroing": "2"})["mz"] == 7
    assert run("attack", {**window, "zeroing": "3"})["mz"] == 5
    assert run("attack", {**window, "zeroing": "3", "explicit_mz": 2})["mz"] == 7
    assert run("attack", {**window, "acrobatics": 6, "zeroing": "2"})["mz"] == 10


def test_an_aimed_shot_at_a_zeroed_position_ignores_both():
    window = {"cover": "half", "cover_material": "strong"}  # МЗ 9; the shooter's own base 4
    assert shooter(8, 2, 2, 2, 0, aimed_shot=True, zeroing=2, **window)["mz"] == 6
    assert shooter(8, 2, 2, 2, 0, aimed_shot=True, zeroing=3, **window)["mz"] == 4


# ---- 3.11 «Стрельба в ближнем бою» -------------------------------------------------------------------
@pytest.mark.parametrize(("acro", "mz"), [(0, 8), (3, 9), (4, 10), (-3, 6)])
def test_a_target_in_melee_has_mz_8_plus_half_its_acrobatics_rounded_down(acro, mz):
    assert run("attack", {"acrobatics": acro, "in_melee": True})["mz"] == mz


def test_a_target_in_melee_is_not_halved_up_close_nor_given_its_cover():
    """«Это специальное МЗ … не уменьшается правилом «Стрельба с короткой дистанции»»; it is
    «всегда» 8 + ½ Акробатики, so a cover (МЗ 12 here) is not compared with it."""
    out = run(
        "attack",
        {"acrobatics": 2, "in_melee": True, "close_range": True, "cover": "full", "cover_material": "strong"},
    )
    assert out["mz"] == 9


def test_explicit_bonuses_still_add_to_a_target_in_melee():
    assert run("attack", {"acrobatics": 2, "in_melee": True, "explicit_mz": 2})["mz"] == 11


def test_a_shot_at_a_target_in_melee_has_hindrance():
    out = shooter(8, 2, 2, 1, 0, in_melee=True)  # +2 against МЗ 8: needs 6+ on the worse of 2к8
    expected = enumerate_hit(8, 2, 8, advantage=False, hindrance=True)
    assert Fraction(out["p_hit"]) == expected == Fraction(9, 64)
    # an advantage of the shooter's own cancels it; a second hindrance does not stack
    assert Fraction(shooter(8, 2, 2, 1, 0, in_melee=True, advantage=True)["p_hit"]) == Fraction(3, 8)
    assert shooter(8, 2, 2, 1, 0, in_melee=True, hindrance=True)["p_hit"] == out["p_hit"]


# ---- probabilities ----------------------------------------------------------------------------------
def enumerate_hit(die, modifier, mz, advantage, hindrance):
    n = 2 if advantage != hindrance else 1
    keep = max if advantage and not hindrance else min
    rolls = list(itertools.product(range(1, die + 1), repeat=n))
    return Fraction(sum(1 for r in rolls if keep(r) + modifier >= mz), len(rolls))


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from([4, 6, 8, 10, 12]),
    st.integers(0, 6),
    st.integers(0, 8),
    st.integers(1, 4),
    st.integers(-3, 8),
    st.booleans(),
    st.booleans(),
)
def test_hit_probability_matches_enumeration(die, prof, mark, thr, acro, adv, hin):
    out = shooter(die, prof, mark, thr, acro, advantage=adv, hindrance=hin)
    expected = enumerate_hit(die, hit_modifier(prof, mark, thr), 4 + acro, adv, hin)
    assert Fraction(out["p_hit"]) == expected
    assert sum(Fraction(o["probability"]) for o in out["outcomes"]) == 1


@pytest.mark.parametrize("field", ["hit_die", "proficiency", "cover"])
def test_invalid_input_names_the_field(field):
    bad = {"hit_die": 7, "proficiency": 9, "cover": "wall"}[field]
    with pytest.raises(ValueError, match=f"^{field}: "):
        run("attack", {field: bad})


# ---- chapter 4: a weapon's own hit properties, its range ----------------------------------------------
def armed(key, **more):
    """The attack roll with a chapter 4 weapon chosen, its preset's fields filled in as the page
    fills them, and any other inputs."""
    from rulebook.mechanics.presets import WEAPONS

    w = next(w for w in WEAPONS if w.key == key).describe()
    preset = {"weapon": key, "hit_die": w["hit_die"], "weapon_kind": w["weapon_kind"]}
    preset |= {
        "threshold": w["threshold"],
        "cover_ignored": w["cover_ignored"],
        "heavy_weapon": w["heavy_weapon"],
    }
    return run("attack", {k: v for k, v in {**preset, **more}.items() if v is not None})


def test_a_long_bow_adds_its_bonus_to_the_attack_roll():
    """4.6 «Длинный лук»: «+1 к попаданию, если стрелок не двигался в прошлом ходу». Физическая
    сила 2 + ⌊Меткость 2 / 2⌋ = +3, and +1: 1к8 + 4 ≥ 7 on 3 or more."""
    still = armed("long_bow", strength=2, marksmanship=2, acrobatics=3)
    assert (still["hit_modifier"], still["p_hit"]) == (4, "3/4")
    assert any(s["rule"] == url("preset.long_bow") and "+1" in s["text"] for s in still["steps"])
    moved = armed("long_bow", strength=2, marksmanship=2, acrobatics=3, moved_last_turn=True)
    assert (moved["hit_modifier"], moved["p_hit"]) == (3, "5/8")
    # moving in this turn is not the condition
    assert armed("long_bow", strength=2, marksmanship=2, moved=True)["hit_modifier"] == 4


def test_a_revolver_gets_plus_1_only_against_a_target_without_cover():
    """4.1.1 «Револьвер»: «При атаке по цели без укрытия получает +1 к попаданию»."""
    open_ = armed("revolver", proficiency=2, marksmanship=2, acrobatics=3)
    assert (open_["hit_modifier"], open_["p_hit"]) == (2, "1/3")
    covered = armed("revolver", proficiency=2, marksmanship=2, acrobatics=3, cover="quarter")
    assert covered["hit_modifier"] == 1


def test_a_precise_carbine_gets_plus_1_when_the_shooter_did_not_move():
    assert armed("precise_carbine", proficiency=3, marksmanship=2)["hit_modifier"] == 2
    assert armed("precise_carbine", proficiency=3, marksmanship=2, moved=True)["hit_modifier"] == 1


def test_the_distance_decides_close_range_and_the_assault_carbines_0_to_10_feet():
    """4.1.2 «Штурмовой карабин»: «На дистанции 0–10 футов получает +1 к попаданию»; 3.3: within
    15 ft the base difficulty is halved. At 5 ft both (+2 against 4), at 12 ft only the halving,
    at 20 ft neither; without a distance the +1 is not guessed, and the step says so."""
    at = {
        d: armed("assault_carbine", proficiency=2, marksmanship=2, acrobatics=3, distance=d)
        for d in (5, 12, 20)
    }
    assert [(r["hit_modifier"], r["mz"]) for r in at.values()] == [(2, 4), (1, 4), (1, 7)]
    assert at[5]["p_hit"] == "5/6"
    unknown = armed("assault_carbine", proficiency=2, marksmanship=2, acrobatics=3, close_range=True)
    assert unknown["hit_modifier"] == 1
    assert any("дистанция не указана" in s["text"] and s["rule"] is None for s in unknown["steps"])
    with pytest.raises(InputError) as err:
        armed("assault_carbine", close_range=True, distance=40)
    assert err.value.field == "close_range"


def test_a_heavy_pistol_takes_minus_1_far_off_even_below_its_threshold():
    """4.1.1 «Тяжёлый пистолет»: «На дальней дистанции получает −1 к попаданию»; far is 31 ft and
    beyond (4.8's «Дальняя 31+ фт»). A drawback is the weapon's whoever holds it."""
    assert armed("heavy_pistol", proficiency=2, marksmanship=2, distance=30)["hit_modifier"] == 1
    far = armed("heavy_pistol", proficiency=2, marksmanship=2, distance=60)
    assert (far["hit_modifier"], far["p_hit"]) == (0, "1/4")
    assert armed("heavy_pistol", proficiency=0, marksmanship=2, distance=60)["hit_modifier"] == -2


def test_a_weapons_bonus_needs_proficiency_at_its_threshold():
    """3.7: below the threshold the character «не может использовать особые свойства оружия»."""
    below = armed("revolver", proficiency=1, marksmanship=2, acrobatics=3)
    assert below["hit_modifier"] == 0
    assert any(
        s["rule"] == url("attack.below_threshold") and "Револьвер" in s["text"] for s in below["steps"]
    )


def test_the_sniper_rifles_aimed_shot_far_off_takes_both_its_bonuses():
    """4.1.3 «Снайперская винтовка»: +1 far off when the shooter did not move, and its aimed shot
    «дополнительно получает +1 к попаданию»: 1к8 + 1к4 + 3 against half-body concrete less 1 (8)."""
    out = armed(
        "sniper_rifle",
        proficiency=3,
        marksmanship=2,
        acrobatics=3,
        cover="half",
        aimed_shot=True,
        distance=200,
    )
    assert (out["hit_modifier"], out["mz"], out["p_hit"]) == (3, 8, "13/16")
    assert armed("hunting_rifle", proficiency=1, aimed_shot=True)["hit_modifier"] == 1
    assert armed("hunting_rifle", proficiency=1)["hit_modifier"] == 0


def test_an_aimed_shot_is_a_rifles_not_a_carbines_and_needs_a_target_beyond_30_feet():
    with pytest.raises(ValueError, match=r"^aimed_shot: .*не винтовка"):
        armed("precise_carbine", proficiency=3, aimed_shot=True)
    with pytest.raises(ValueError, match=r"^aimed_shot: .*30 футов"):
        armed("sniper_rifle", proficiency=3, aimed_shot=True, distance=25)


def test_the_combat_shotgun_rolls_1d8_within_10_feet_and_1d6_beyond():
    """4.1.4 «Боевой дробовик»: «1к8 на дистанции 0–10 фт; 1к6 на дистанции 11+ фт»."""
    near = armed("combat_shotgun", proficiency=3, distance=10)
    far = armed("combat_shotgun", proficiency=3, distance=20)
    assert (near["p_hit"], far["p_hit"]) == ("7/8", "1/2")  # 1к8 against 2, 1к6 against 4


def test_a_target_beyond_the_weapons_range_cannot_be_shot():
    with pytest.raises(InputError) as err:
        armed("sawn_off", distance=40)
    assert err.value.field == "distance" and "30" in err.value.message
    assert armed("sawn_off", distance=30)["mz"] == 4


def test_every_presets_range_is_its_rows_dalnost():
    """The presets' «Дальность» against the book's rows (a row starts with the profile's name, as
    its citation quotes it)."""
    import re
    from pathlib import Path

    from rulebook.mechanics.presets import WEAPONS
    from rulebook.mechanics.rules import RULES

    text = (Path(__file__).parents[2] / "sources" / "fatum.txt").read_text(encoding="utf-8")
    ranged = [w for w in WEAPONS if w.range_ft is not None]
    assert len(ranged) == 29
    for w in ranged:
        rows = (
            re.search(rf"^{re.escape(n)} .*?(\d+) (?:фт|футов)", text, re.M)
            for n in (w.name, RULES[w.rule].quote)
        )
        row = next((r for r in rows if r), None)
        assert row and int(row.group(1)) == w.range_ft, w.key


def test_every_hit_property_of_a_chapter_4_row_is_read_with_its_conditions():
    """Each sentence of a row that changes its own hit roll («к попаданию») is read, with the
    condition its words name; the automatic carbine's −1 is its suppressed target's, not its own."""
    from rulebook.mechanics.presets import WEAPONS
    from rulebook.mechanics.weapon_traits import hit_traits

    read = {w.key: [(t.value, t.conditions) for t in hit_traits(w.properties)] for w in WEAPONS}
    assert {k: v for k, v in read.items() if v} == {
        "heavy_pistol": [(-1, ("far",))],
        "revolver": [(1, ("uncovered",))],
        "assault_carbine": [(1, ("near",))],
        "precise_carbine": [(1, ("still",))],
        "hunting_rifle": [(1, ("aimed",))],
        "service_rifle": [(1, ("aimed",))],
        "sniper_rifle": [(1, ("far", "still")), (1, ("aimed",))],
        "anaxion_rifle": [(1, ("aimed",))],
        "sawn_off": [(1, ("near",))],
        "long_bow": [(1, ("still_last_turn",))],
    }


def test_an_aimed_shot_and_the_weapons_own_ignoring_take_3_mz_of_cover_at_most():
    """4.8: «Выверенный выстрел, Сошки и Бронебойный ствол могут суммарно игнорировать до 3 МЗ
    укрытия». A full-body sandbag wall (МЗ 13) with bipod and armour-piercing barrel (2) and the aimed
    shot: 10; with 3 ignored by the weapon already, the aimed shot takes nothing more."""
    wall = {"cover": "full", "cover_material": "special", "aimed_shot": True}
    assert shooter(8, 3, 2, 3, 0, cover_ignored=2, **wall)["mz"] == 10
    capped = shooter(8, 3, 2, 3, 0, cover_ignored=3, **wall)
    assert capped["mz"] == 10
    assert any(s["rule"] == url("attack.ignore_cap") for s in capped["steps"])
