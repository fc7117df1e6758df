"""The attack roll's melee mode against FATUM 3.11 («Атака в ближнем бою», «Встречный удар»,
«Блок») and the melee profiles of 4.5; every expected number is worked out by hand in its test."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulebook.mechanics import InputError, run
from rulebook.mechanics.melee import MELEE_WEAPONS, opposed
from rulebook.mechanics.rules import url
from rulebook.mechanics.weapon_traits import counter_cost, melee_traits, stun_penalty


def melee(weapon: str, **more):
    return run("attack", {"mode": "melee", "weapon": weapon, **more})


def odds(r) -> tuple[Fraction, Fraction, Fraction]:
    return Fraction(r["p_hit"]), Fraction(r["p_tie"]), Fraction(r["p_counter"])


def test_two_medium_weapons_win_tie_and_lose_as_two_d6_compare():
    """4.5 «Среднее оружие»: 1к6. 3.11: «Если результат атакующего выше, он наносит урон
    защитнику. Если результаты равны, никто не наносит урон. Если результат защитника выше,
    атакующий промахивается и открывается под Встречный удар.» Both bonuses 0: of 36 pairs 6
    are equal and the other 30 split evenly, 15/36 = 5/12 each; tie 6/36 = 1/6."""
    r = melee("medium_melee", defender_weapon="medium_melee")
    assert odds(r) == (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
    rules = {o["key"]: o["rule"] for o in r["outcomes"]}
    assert rules == {"hit": url("melee.hit"), "tie": url("melee.tie"), "counter": url("melee.defender_wins")}
    counter = next(o for o in r["outcomes"] if o["key"] == "counter")
    assert "Встречный удар (урон 2, 1 ОД)" in counter["label"]
    assert r["counter_strike"] is True


def test_a_heavy_weapon_against_an_unarmed_guard():
    """4.5 «Тяжёлое оружие»: 1к8, бонус Физ. сила (2); «Безоружный бой»: 1к4, Физическая сила
    (1). 1к8+2 against 1к4+1, the guard's result 2..5: for 2 all 8 faces win, for 3 the faces
    2–8 (7), for 4 3–8 (6), for 5 4–8 (5): 26/32 = 13/16. Equal: 3 (face 1), 4 (2), 5 (3): 3/32.
    The guard wins the other 3/32."""
    r = melee("heavy_melee", strength=2, defender_strength=1)  # the defender is unarmed by default
    assert odds(r) == (Fraction(13, 16), Fraction(3, 32), Fraction(3, 32))
    assert (r["hit_modifier"], r["defender_modifier"]) == (2, 1)
    assert r["mz"] is None


def test_either_skill_takes_the_better_and_unarmed_takes_only_strength():
    """3.11: «прибавляет указанный в нём бонус: Акробатику, Физическую силу или один из этих
    навыков на выбор». A medium weapon (either) with Акробатика 3, Физ. сила 1 adds 3; the unarmed
    defender's Акробатика 5 does not count (its bonus is Физическая сила, 0). 1к6+3 (4..9)
    against 1к4 (1..4): equal only 4 = 4 (1 pair of 24), never lower: 23/24, 1/24, 0."""
    r = melee("medium_melee", attacker_acrobatics=3, strength=1, acrobatics=5)
    assert odds(r) == (Fraction(23, 24), Fraction(1, 24), Fraction(0))
    assert any("берётся больший: +3" in s["text"] and s["rule"] == url("melee.bonus") for s in r["steps"])


def test_a_light_weapon_is_quick_only_when_defending():
    """4.5 «Лёгкое оружие» (1к6, Акробатика): «Быстрое: +1 к встречному броску, если персонаж
    защищается». Medium 1к6+1 (Акробатика 1) attacks a light weapon 1к6+1+1: the attacker wins
    when his face is 2 more (a−d = 2,3,4,5: 4+3+2+1 = 10/36 = 5/18), ties when 1 more (5/36), the
    rest 21/36 = 7/12. Attacking with it the +1 is not taken: 1к6+1 against 1к6+1, 5/12 each way."""
    r = melee("medium_melee", attacker_acrobatics=1, acrobatics=1, defender_weapon="light_melee")
    assert odds(r) == (Fraction(5, 18), Fraction(5, 36), Fraction(7, 12))
    step = next(s for s in r["steps"] if s["text"].startswith("Защитник, Лёгкое оружие: +1"))
    assert step["rule"] == url("preset.light_melee")
    r = melee("light_melee", attacker_acrobatics=1, acrobatics=1, defender_weapon="medium_melee")
    assert odds(r) == (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))


def test_a_polearm_holds_off_an_attacker_who_charged_this_turn():
    """4.5 «Древковое оружие»: «Удержание дистанции: +1 к встречному броску против цели, которая
    в этот ход применяла Натиск». Medium 1к6 against a polearm 1к6, bonuses 0: after a Натиск the
    polearm rolls +1 (5/18, 5/36, 7/12 as above), without one 5/12, 1/6, 5/12."""
    charged = melee("medium_melee", defender_weapon="polearm", charged=True)
    assert odds(charged) == (Fraction(5, 18), Fraction(5, 36), Fraction(7, 12))
    still = melee("medium_melee", defender_weapon="polearm")
    assert odds(still) == (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
    assert any("условие не выполнено" in s["text"] and s["rule"] is None for s in still["steps"])


def test_a_stunned_attacker_rolls_1_less():
    """4.5 «Дробящее оружие»: «Оглушение: … чтобы цель получила -1 к следующему встречному броску
    ближнего боя». Medium 1к6−1 against medium 1к6: 5/18, 5/36, 7/12."""
    r = melee("medium_melee", defender_weapon="medium_melee", stunned=True)
    assert odds(r) == (Fraction(5, 18), Fraction(5, 36), Fraction(7, 12))
    assert any(s["rule"] == url("preset.blunt_melee") for s in r["steps"])


def test_advantage_keeps_the_better_of_two_hit_dice():
    """1.2: «бросьте куб попадания оружия дважды и выберите лучший». The better of 2к6 is k with
    (2k−1)/36; it beats 1к6 with (k−1)/6: Σ (2k−1)(k−1) = 3+10+21+36+55 = 125 of 216; ties
    Σ (2k−1) = 36 of 216 = 1/6; the defender wins 55/216."""
    r = melee("medium_melee", defender_weapon="medium_melee", advantage=True)
    assert odds(r) == (Fraction(125, 216), Fraction(1, 6), Fraction(55, 216))


def test_a_two_handed_weapons_counter_strike_needs_2_ap():
    """4.5 «Тяжёлое двуручное оружие»: «Громоздкое: Встречный удар этим оружием стоит 2 ОД вместо
    1 ОД»; 3.11: «Если у защитника в ближайшем ходу не будет доступной 1 ОД, он не может совершить
    Встречный удар» (and ОД never go below 0). With 1 ОД: no counter-strike; with 2: one, damage 4."""
    short = melee("medium_melee", defender_weapon="two_handed_melee", defender_ap=1)
    assert short["counter_strike"] is False
    label = next(o["label"] for o in short["outcomes"] if o["key"] == "counter")
    assert "нет 2 ОД" in label
    assert any(s["rule"] == url("melee.counter_no_ap") for s in short["steps"])
    assert any(s["rule"] == url("preset.two_handed_melee") and "2 ОД" in s["text"] for s in short["steps"])
    enough = melee("medium_melee", defender_weapon="two_handed_melee", defender_ap=2)
    assert enough["counter_strike"] is True
    assert odds(enough) == odds(short)
    assert melee("medium_melee", defender_ap=1)["counter_strike"] is True  # unarmed: 1 ОД is enough


def test_a_block_cancels_the_damage_not_the_roll():
    """3.11 «Блок»: «полностью игнорирует урон от одной следующей атаки ближнего боя»; «Блок может
    отменить урон от обычной атаки ближнего боя, Встречного удара». The odds stay 5/12, 1/6, 5/12;
    the defender's Block cancels the hit's damage, the attacker's the counter-strike's."""
    plain = melee("medium_melee", defender_weapon="medium_melee")
    blocked = melee("medium_melee", defender_weapon="medium_melee", defender_block=True)
    assert odds(blocked) == odds(plain)
    hit = next(o for o in blocked["outcomes"] if o["key"] == "hit")
    assert "отменён Блоком защитника" in hit["label"]
    assert any(s["rule"] == url("melee.block") for s in blocked["steps"])
    guarded = melee("medium_melee", defender_weapon="medium_melee", attacker_block=True)
    assert guarded["counter_strike"] is False
    assert any(s["rule"] == url("melee.block_counter") for s in guarded["steps"])


@pytest.mark.parametrize(
    ("inputs", "field"),
    [
        ({"marksmanship": 2}, "marksmanship"),  # «Бонус Меткости к атакам ближнего боя не прибавляется»
        ({"proficiency": 2}, "proficiency"),  # «не использует пороги и уровни владения»
        ({"threshold": 2}, "threshold"),
        ({"cover": "half"}, "cover"),
        ({"aimed_shot": True}, "aimed_shot"),
        ({"distance": 15}, "distance"),  # «10 футов или меньше»
        ({"hit_die": 8}, "hit_die"),  # the medium profile's die is 1к6
        ({"weapon": "army_carbine"}, "weapon"),
        ({"weapon": ""}, "weapon"),
    ],
)
def test_what_the_book_forbids_in_melee_is_refused_naming_the_field(inputs, field):
    with pytest.raises(InputError) as err:
        run("attack", {"mode": "melee", "weapon": "medium_melee", **inputs})
    assert err.value.field == field and "\n" not in str(err.value)


def test_melee_at_10_feet_is_allowed_and_melee_inputs_are_refused_in_a_ranged_roll():
    assert melee("medium_melee", distance=10, hit_die=6, defender_weapon="medium_melee")["p_hit"] == "5/12"
    with pytest.raises(InputError) as err:
        run("attack", {"weapon": "heavy_melee"})
    assert err.value.field == "weapon"
    with pytest.raises(InputError) as err:
        run("attack", {"defender_block": True})
    assert err.value.field == "defender_block"


def test_every_melee_row_that_changes_the_roll_is_read():
    """4.5: Быстрое and Удержание дистанции change their holder's roll, Оглушение the target's next
    one, Громоздкое the counter-strike's cost; no other row speaks of the roll."""
    read = {
        k: (
            [(t.value, t.conditions) for t in melee_traits(w.properties)],
            stun_penalty(w.properties),
            counter_cost(w.properties),
        )
        for k, w in MELEE_WEAPONS.items()
    }
    assert read.pop("light_melee") == ([(1, ("defending",))], None, None)
    assert read.pop("polearm") == ([(1, ("opponent_charged",))], None, None)
    assert read.pop("blunt_melee") == ([], -1, None)
    assert read.pop("two_handed_melee") == ([], None, 2)
    assert all(v == ([], None, None) for v in read.values()), read


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([4, 6, 8, 10]),
    st.integers(-3, 5),
    st.sampled_from([4, 6, 8]),
    st.integers(-3, 5),
    st.booleans(),
    st.booleans(),
)
def test_opposed_matches_enumeration(die_a, mod_a, die_d, mod_d, adv, hin):
    rolls = list(itertools.product(range(1, die_a + 1), repeat=2 if adv != hin else 1))
    kept = [(max(r) if adv else min(r)) if len(r) == 2 else r[0] for r in rolls]
    pairs = [(k + mod_a, f + mod_d) for k in kept for f in range(1, die_d + 1)]
    n = len(pairs)
    expected = (
        Fraction(sum(a > d for a, d in pairs), n),
        Fraction(sum(a == d for a, d in pairs), n),
        Fraction(sum(a < d for a, d in pairs), n),
    )
    assert opposed(die_a, mod_a, die_d, mod_d, adv, hin) == expected
