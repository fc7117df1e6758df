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
