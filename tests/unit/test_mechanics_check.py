"""The check resolver against FATUM 1.1–1.3 and against a brute-force enumeration written here,
independently of the engine: every raw face of every die rolled is listed and judged by the
book's words."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulebook.mechanics import InputError, run
from rulebook.mechanics.check import CALCULATOR, OUTCOMES, group_success

LADDER = [4, 6, 8, 10, 12]


def brute_force(success_die, difficulty_die, bonus=0, modifier=0, advantage=False, hindrance=False):
    """Every face combination, judged by the book (with the issue's readings)."""
    adv = advantage and not hindrance
    hin = hindrance and not advantage
    i = LADDER.index(difficulty_die)
    if adv and difficulty_die == 4:
        dice, keep = [4, 4], min  # «2к4, выбрать лучший» for the player: the lower difficulty
    elif hin and difficulty_die == 12:
        dice, keep = [12, 12], max  # «2к12, выбрать худший» for the player: the higher
    elif adv:
        dice, keep = [LADDER[i - 1]], min
    elif hin:
        dice, keep = [LADDER[i + 1]], min
    else:
        dice, keep = [difficulty_die], min
    crit_size = dice[0]
    counts = dict.fromkeys(OUTCOMES, 0)
    total = 0
    for s in range(1, success_die + 1):
        for faces in itertools.product(*(range(1, n + 1) for n in dice)):
            d = keep(faces)
            total += 1
            if s == d and success_die > crit_size:
                counts["crit_success"] += 1
            elif s == d and success_die < crit_size:
                counts["crit_failure"] += 1
            elif s + bonus >= d + modifier:
                counts["success"] += 1
            elif d + modifier - (s + bonus) <= 3:
                counts[f"edge{d + modifier - (s + bonus)}"] += 1
            else:
                counts["failure"] += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


def probs(**inputs):
    return {k: Fraction(v) for k, v in run("check", inputs)["probabilities"].items()}


# ---- the hints and the JSON contract ------------------------------------------------------
def test_1k8_plus_1_against_1k6_succeeds_with_probability_19_24():
    out = run(
        "check",
        {
            "success_die": 8,
            "bonus": 1,
            "difficulty_die": 6,
            "modifier": 0,
            "advantage": False,
            "hindrance": False,
            "helpers": 0,
        },
    )
    assert out["probabilities"]["crit_success"] == "1/8"
    assert out["probabilities"]["success"] == "2/3"
    assert out["p_success"] == "19/24"
    assert set(out["probabilities"]) == set(OUTCOMES)


def test_1k4_against_1k6_succeeds_with_probability_1_4():
    p = probs(success_die=4, difficulty_die=6)
    assert p["crit_success"] + p["success"] == Fraction(1, 4)
    assert p["crit_failure"] == Fraction(4, 24)  # every equal face: the difficulty die is larger


def test_a_rolled_check_names_its_outcome():
    out = run(
        "check",
        {"success_die": 8, "bonus": 1, "difficulty_die": 6, "rolled": {"success": 5, "difficulty": 5}},
    )
    assert out["outcome"] == "crit_success"
    out = run("check", {"success_die": 6, "difficulty_die": 8, "rolled": {"success": 3, "difficulty": 5}})
    assert out["outcome"] == "edge2"


# ---- 1.1 «Проверки» ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "die"), [(0, 4), (1, 6), (2, 6), (3, 8), (4, 8), (5, 10), (6, 10)])
def test_the_success_die_follows_the_trait_level_table(level, die):
    assert run("check", {"trait_level": level})["effective"]["success_die"] == die


def test_a_professional_skill_is_one_step_higher_so_1k12_is_reachable():
    assert run("check", {"trait_level": 0, "professional": True})["effective"]["success_die"] == 6
    assert run("check", {"trait_level": 6, "professional": True})["effective"]["success_die"] == 12


def test_equal_totals_go_to_the_player():
    out = run(
        "check",
        {"success_die": 6, "bonus": 1, "difficulty_die": 8, "rolled": {"success": 4, "difficulty": 5}},
    )
    assert out["outcome"] == "success"


def test_equal_faces_on_dice_of_equal_size_are_not_critical():
    out = run("check", {"success_die": 6, "difficulty_die": 6, "rolled": {"success": 4, "difficulty": 4}})
    assert out["outcome"] == "success"
    p = probs(success_die=6, difficulty_die=6)
    assert p["crit_success"] == p["crit_failure"] == 0


def test_bonuses_neither_create_nor_cancel_a_critical():
    # equal faces, larger difficulty die: a critical failure although the total wins by far
    out = run(
        "check",
        {"success_die": 6, "bonus": 10, "difficulty_die": 8, "rolled": {"success": 2, "difficulty": 2}},
    )
    assert out["outcome"] == "crit_failure"
    # different faces: a bonus that makes the totals equal is an ordinary success
    out = run(
        "check",
        {"success_die": 8, "bonus": 1, "difficulty_die": 6, "rolled": {"success": 4, "difficulty": 5}},
    )
    assert out["outcome"] == "success"


@pytest.mark.parametrize(
    ("difficulty", "outcome"), [(5, "edge1"), (6, "edge2"), (7, "edge3"), (8, "failure")]
)
def test_missing_by_one_two_or_three_allows_success_at_a_cost(difficulty, outcome):
    out = run(
        "check", {"success_die": 6, "difficulty_die": 8, "rolled": {"success": 4, "difficulty": difficulty}}
    )
    assert out["outcome"] == outcome


def test_the_circumstance_modifier_is_added_to_the_difficulty_die():
    out = run(
        "check",
        {"success_die": 8, "difficulty_die": 6, "modifier": 2, "rolled": {"success": 6, "difficulty": 5}},
    )
    assert out["outcome"] == "edge1"


# ---- 1.2 «Преимущества и помехи» ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("die", "advantage", "hindrance"),
    [
        (12, "1к10", "2к12, оставить больший"),
        (10, "1к8", "1к12"),
        (8, "1к6", "1к10"),
        (6, "1к4", "1к8"),
        (4, "2к4, оставить меньший", "1к6"),
    ],
)
def test_advantage_and_hindrance_follow_the_table(die, advantage, hindrance):
    assert (
        run("check", {"difficulty_die": die, "advantage": True})["effective"]["difficulty_label"] == advantage
    )
    assert (
        run("check", {"difficulty_die": die, "hindrance": True})["effective"]["difficulty_label"] == hindrance
    )


def test_advantage_and_hindrance_together_cancel():
    out = run("check", {"difficulty_die": 8, "advantage": True, "hindrance": True})
    assert out["effective"]["difficulty_label"] == "1к8"
    assert probs(difficulty_die=8, advantage=True, hindrance=True) == probs(difficulty_die=8)


def test_two_difficulty_dice_keep_the_players_better_and_stay_the_same_size_for_criticals():
    out = run(
        "check",
        {
            "success_die": 6,
            "difficulty_die": 4,
            "advantage": True,
            "rolled": {"success": 3, "difficulty": 3, "difficulty2": 1},
        },
    )
    assert out["outcome"] == "success"  # kept 1, not a critical (faces 3 and 1)
    out = run(
        "check",
        {
            "success_die": 6,
            "difficulty_die": 4,
            "advantage": True,
            "rolled": {"success": 2, "difficulty": 4, "difficulty2": 2},
        },
    )
    assert out["outcome"] == "crit_success"  # kept 2 = success face; 1к6 larger than 1к4
    out = run(
        "check",
        {
            "success_die": 12,
            "difficulty_die": 12,
            "hindrance": True,
            "rolled": {"success": 9, "difficulty": 9, "difficulty2": 3},
        },
    )
    assert out["outcome"] == "success"  # equal sizes: no critical from equal faces


def test_two_difficulty_dice_need_both_faces():
    with pytest.raises(InputError) as err:
        run("check", {"difficulty_die": 4, "advantage": True, "rolled": {"success": 2, "difficulty": 2}})
    assert err.value.field == "rolled.difficulty2"


# ---- 1.3 «Групповые проверки» -------------------------------------------------------------------------
def test_a_helper_gives_advantage_as_the_mechanic_with_a_torch():
    """1.3: the ally holds the torch: the Mechanics check is made with advantage."""
    out = run("check", {"success_die": 6, "difficulty_die": 8, "helpers": 1})
    assert out["effective"]["advantage"] is True
    assert out["effective"]["difficulty_label"] == "1к6"
    assert out["effective"]["bonus"] == 0


def test_a_second_helper_adds_one_and_helpers_add_at_most_two():
    assert run("check", {"helpers": 2})["effective"]["bonus"] == 1
    assert run("check", {"helpers": 3})["effective"]["bonus"] == 2
    assert run("check", {"helpers": 9})["effective"]["bonus"] == 2


def test_helpers_and_advantage_do_not_stack():
    assert probs(difficulty_die=8, helpers=1, advantage=True) == probs(difficulty_die=8, advantage=True)


def test_a_group_of_four_needs_two_successes():
    """1.3: «Если в группе четыре персонажа, нужно минимум два успеха»."""
    out = run("check", {"success_die": 6, "difficulty_die": 6, "group_size": 4})
    p = Fraction(out["p_success"])
    assert out["group"]["needed"] == 2
    brute = sum(
        Fraction(1) * p ** sum(outcome) * (1 - p) ** (4 - sum(outcome))
        for outcome in itertools.product((0, 1), repeat=4)
        if sum(outcome) >= 2
    )
    assert Fraction(out["group"]["p_success"]) == brute


def test_a_group_check_also_counts_near_miss_successes_each_player_may_take():
    """1.1 «Успех на грани»: a miss by 1–3 may still be a success, with a consequence, at the
    player's choice; the group's chance is given with those successes too."""
    out = run("check", {"success_die": 6, "difficulty_die": 6, "group_size": 4})
    g = out["group"]
    assert g["p_success_or_edge"] == str(group_success(Fraction(out["p_success_or_edge"]), 4, 2))
    assert Fraction(g["p_success_or_edge"]) > Fraction(g["p_success"])
    assert "4 участника" in out["steps"][-1]["text"] and "успех на грани" in out["steps"][-1]["text"]


def test_helping_the_leader_and_a_group_check_are_two_options_not_one():
    """1.3: «Мастер выбирает один из двух вариантов: помощь ведущему персонажу или общую
    групповую проверку»: both at once is an input error that names the group's field."""
    with pytest.raises(InputError, match=r"^group_size: .*выберите один"):
        run("check", {"helpers": 3, "group_size": 4})
    assert run("check", {"helpers": 0, "group_size": 4})["group"]["needed"] == 2


# ---- exactness against brute force ---------------------------------------------------------------------
@pytest.mark.parametrize("success_die", LADDER)
@pytest.mark.parametrize("difficulty_die", LADDER)
def test_every_pair_of_dice_matches_brute_force(success_die, difficulty_die):
    assert probs(success_die=success_die, difficulty_die=difficulty_die, bonus=1) == brute_force(
        success_die, difficulty_die, bonus=1
    )


check_inputs = st.fixed_dictionaries(
    {
        "success_die": st.sampled_from(LADDER),
        "difficulty_die": st.sampled_from(LADDER),
        "bonus": st.integers(-6, 8),
        "modifier": st.integers(0, 12),
        "advantage": st.booleans(),
        "hindrance": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None)
@given(check_inputs)
def test_probabilities_match_brute_force_and_sum_to_one(inputs):
    p = probs(**inputs)
    assert sum(p.values()) == 1
    assert p == brute_force(**inputs)


@st.composite
def success_die_not_smaller(draw):
    inputs = draw(check_inputs)
    inputs["difficulty_die"] = draw(st.sampled_from([d for d in LADDER if d <= inputs["success_die"]]))
    return inputs


def p_success(**inputs):
    p = probs(**inputs)
    return p["crit_success"] + p["success"]


@settings(max_examples=80, deadline=None)
@given(success_die_not_smaller())
def test_advantage_never_lowers_and_hindrance_never_raises_the_chance_of_success(inputs):
    """Holds whenever the success die is not smaller than the difficulty die; see the next test
    for why it cannot hold everywhere."""
    base = dict(inputs, advantage=False, hindrance=False)
    plain = p_success(**base)
    assert p_success(**dict(base, advantage=True)) >= plain
    assert p_success(**dict(base, hindrance=True)) <= plain


def test_with_a_smaller_success_die_and_a_large_bonus_advantage_can_lower_the_chance():
    """The book's critical rule makes the odds of a critical failure 1 / (difficulty die) when
    the difficulty die is larger: stepping 1к8 down to 1к6 raises them from 1/8 to 1/6, and with
    +6 the player hardly fails otherwise. 1к4+6 vs 1к8: 27/32; with advantage: 5/6."""
    assert p_success(success_die=4, bonus=6, difficulty_die=8) == Fraction(27, 32)
    assert p_success(success_die=4, bonus=6, difficulty_die=8, advantage=True) == Fraction(5, 6)
    # the mirror image: hindrance on 1к6 (→ 1к8) helps the same character
    assert p_success(success_die=4, bonus=6, difficulty_die=6, hindrance=True) > p_success(
        success_die=4, bonus=6, difficulty_die=6
    )


@pytest.mark.parametrize(
    ("inputs", "field"),
    [
        ({"bonus": "много"}, "bonus"),
        ({"modifier": 13}, "modifier"),
        ({"modifier": -1}, "modifier"),
        ({"difficulty_die": 7}, "difficulty_die"),
        ({"trait_level": 7}, "trait_level"),
        ({"trait_level": 3, "success_die": 8}, "success_die"),
        ({"success_die": 8, "professional": True}, "professional"),
        ({"helpers": -1}, "helpers"),
        ({"advantage": "да"}, "advantage"),
        ({"rolled": {"success": 9, "difficulty": 1}}, "rolled.success"),
        ({"bonsu": 1}, "bonsu"),
    ],
)
def test_invalid_input_raises_a_value_error_naming_the_field(inputs, field):
    with pytest.raises(ValueError) as err:
        CALCULATOR.compute(inputs)
    assert isinstance(err.value, InputError)
    assert err.value.field == field
    assert str(err.value).startswith(f"{field}: ")


@pytest.mark.parametrize("helped", [{"helpers": 3}, {"group_size": 3}])
def test_every_step_and_outcome_cites_a_paragraph(helped):
    out = run(
        "check",
        {"trait_level": 3, "professional": True, **helped, "rolled": {"success": 1, "difficulty": 1}},
    )
    for item in out["steps"] + out["outcomes"] + out["roll_steps"]:
        assert item["rule"].startswith("fatum/") and "#" in item["rule"]


@pytest.mark.parametrize("minus", ["-", "\u2212", "\u2013", "\u2014", "\u2012", "\ufe63", "\uff0d"])
def test_a_minus_typed_as_a_dash_is_a_minus(minus):
    """A phone's keyboard offers the en and em dash on its «-» key, and text copied from the book
    has the typographic minus: «–3» is minus three, not «нужно целое число, получено '–3'»."""
    assert run("check", {"bonus": f"{minus}3"}) == run("check", {"bonus": -3})
    with pytest.raises(InputError, match="нужно целое число"):
        run("check", {"bonus": f"3{minus}1"})
