"""The attack roll against FATUM 3.3 (cover, close range, cover durability) and 3.7 (hit
modifier), with hit probabilities checked by enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulebook.mechanics import run
from rulebook.mechanics.attack import base_difficulty, cover_mz, hit_modifier, hits_to_destroy, target_mz


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


def test_explicit_bonuses_come_after_the_comparison_with_cover():
    assert (
        run("attack", {"acrobatics": 6, "cover": "quarter", "cover_material": "light", "explicit_mz": 2})[
            "mz"
        ]
        == 12
    )


def test_a_natural_mz_replaces_4_plus_acrobatics_and_is_halved_up_close():
    assert run("attack", {"natural_mz": 9, "acrobatics": 5, "close_range": True})["mz"] == 5


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
    out = run(
        "attack",
        {
            "hit_die": die,
            "proficiency": prof,
            "marksmanship": mark,
            "threshold": thr,
            "acrobatics": acro,
            "advantage": adv,
            "hindrance": hin,
        },
    )
    expected = enumerate_hit(die, hit_modifier(prof, mark, thr), 4 + acro, adv, hin)
    assert Fraction(out["p_hit"]) == expected
    assert sum(Fraction(o["probability"]) for o in out["outcomes"]) == 1


@pytest.mark.parametrize("field", ["hit_die", "proficiency", "cover"])
def test_invalid_input_names_the_field(field):
    bad = {"hit_die": 7, "proficiency": 9, "cover": "wall"}[field]
    with pytest.raises(ValueError, match=f"^{field}: "):
        run("attack", {field: bad})
