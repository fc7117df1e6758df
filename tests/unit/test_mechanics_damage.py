"""The damage stepper against FATUM 3.4 (the five armour examples and the step-by-step example,
exactly as written) and 3.9 (escalation, bleeding, the death countdown), the issue's readings,
and invariants checked by hypothesis."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulebook.mechanics import InputError, run
from rulebook.mechanics.damage import ACTIONS
from rulebook.mechanics.damage_tables import ATTACK_NAMES, SOURCE_NAMES
from rulebook.mechanics.rules import url

SEV = ("light", "medium", "serious", "critical")


def step(actions, character=None, state=None):
    inputs = {"actions": list(actions)}
    if state is not None:
        inputs["state"] = state
    else:
        inputs["character"] = character or {}
    return run("damage", inputs)


def hit(damage, attack_class="medium", **kw):
    return {"type": "hit", "damage": damage, "attack_class": attack_class, **kw}


def wounds(out):
    return tuple(out["state"]["wounds"][k] for k in SEV)


def armored(armor, bz=3):
    return {"armor": armor, "bz": bz, "bz_max": bz}


# ---- 3.4 «Примеры», exactly as written ---------------------------------------------------------------------
def test_light_armour_against_a_pistol():
    """Pistol: light weapon, 2 damage → Среднее; light armour: one step → Лёгкое; БЗ −1."""
    out = step([hit(2, "light", source="firearm")], armored("light"))
    assert wounds(out) == (1, 0, 0, 0)
    assert out["state"]["bz"] == 2


def test_light_armour_against_a_carbine():
    """Carbine: medium weapon, 3 damage → Среднее и Лёгкое; light armour does not cover it: both
    wounds, БЗ unchanged."""
    out = step([hit(3, "medium", source="firearm")], armored("light"))
    assert wounds(out) == (1, 1, 0, 0)
    assert out["state"]["bz"] == 3


def test_medium_armour_against_a_carbine():
    """Each wound one step down: Среднее → Лёгкое, Лёгкое cancelled; one Лёгкое, БЗ −1."""
    out = step([hit(3, "medium", source="firearm")], armored("medium"))
    assert wounds(out) == (1, 0, 0, 0)
    assert out["state"]["bz"] == 2


@pytest.mark.parametrize("attack_class", ["explosive", "heavy"])
def test_heavy_armour_against_a_grenade_launcher(attack_class):
    """4 damage → Серьёзное; heavy armour: one step against heavy and explosive → Среднее;
    the attack is heavy and explosive: БЗ −2."""
    out = step([hit(4, attack_class, source="fragments")], armored("heavy", 8))
    assert wounds(out) == (0, 1, 0, 0)
    assert out["state"]["bz"] == 6
    assert out["state"]["bleeding"] is False


def test_heavy_armour_against_an_armour_piercing_carbine():
    """Two steps less one for «бронебойное»: Среднее → Лёгкое, Лёгкое cancelled; БЗ −2."""
    out = step([hit(3, "medium", armor_piercing=True, source="firearm")], armored("heavy", 8))
    assert wounds(out) == (1, 0, 0, 0)
    assert out["state"]["bz"] == 6


def test_the_step_by_step_example_and_its_full_light_slots():
    """3.4 «Пример»: medium armour, carbine, 3 damage: one Лёгкое, БЗ −1; with no free Лёгкое
    slot the Лёгкое becomes Среднее."""
    out = step([hit(3)], armored("medium"))
    assert wounds(out) == (1, 0, 0, 0) and out["state"]["bz"] == 2
    texts = [s["text"] for s in out["steps"]]
    assert [t[:6] for t in texts if t.startswith("Шаг")] == [f"Шаг {n}." for n in range(1, 9)]
    two_light = step([hit(1), hit(1)], armored("none"))["state"]
    full = step([hit(3)], state=dict(two_light, armor="medium", bz=3, bz_max=3))
    assert wounds(full) == (2, 1, 0, 0)  # the carbine's Лёгкое rose to Среднее


# ---- 3.9 -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (-1, (0, 0, 0, 0)),
        (0, (0, 0, 0, 0)),
        (1, (1, 0, 0, 0)),
        (2, (0, 1, 0, 0)),
        (3, (1, 1, 0, 0)),
        (4, (0, 0, 1, 0)),
        (5, (0, 0, 0, 1)),
        (9, (0, 0, 0, 1)),
    ],
)
def test_damage_becomes_wounds_by_the_table(damage, expected):
    assert wounds(step([hit(damage, source="blunt")])) == expected


def test_a_third_light_wound_rises_to_medium():
    """3.9 «Пример»: two Лёгких already, 1 more damage → Среднее."""
    out = step([hit(1), hit(1), hit(1)])
    assert wounds(out) == (2, 1, 0, 0)


def test_the_bleeding_example_of_3_9():
    """A rifle shot: Серьёзное, armour does not change it → Bleeding; end of turn: one Лёгкое;
    a failed Medicine check: it goes on, one more Лёгкое; a dressing kit stops it, wounds stay."""
    out = step(
        [
            hit(4, "medium", source="firearm"),
            {"type": "end_turn"},
            {"type": "stop_bleeding", "outcome": "failure"},
            {"type": "end_turn"},
            {"type": "stop_bleeding", "kit": True},
        ],
        armored("light"),
    )
    assert wounds(out) == (2, 0, 1, 0)
    assert out["state"]["bleeding"] is False
    assert out["state"]["bz"] == 3  # light armour never applied to the medium rifle


@pytest.mark.parametrize(
    ("level", "limits"), [(0, (2, 1, 1, 1)), (1, (3, 1, 1, 1)), (2, (3, 2, 1, 1)), (3, (4, 2, 1, 1))]
)
def test_healthy_adds_slots_cumulatively(level, limits):
    out = step([], {"healthy": level})
    assert tuple(out["state"]["limits"][k] for k in SEV) == limits


def test_light_wounds_heal_on_a_short_rest():
    out = step([hit(3), hit(1), {"type": "short_rest"}])
    assert wounds(out) == (0, 1, 0, 0)


def test_a_short_rest_taken_during_a_fight_ends_it_and_stops_the_countdown():
    """An hour's rest («не менее 1 часа») is no part of a fight: before, the rest healed the Light
    wounds and the next turns still ran the countdown and the bleeding as if the fight went on."""
    out = step([hit(4), hit(1), hit(5), {"type": "short_rest"}, *[{"type": "end_turn"}] * 3])
    assert out["state"]["in_combat"] is False and not out["state"]["dead"]
    assert wounds(out) == (0, 0, 1, 1) and out["state"]["countdown"] == 0


# ---- the readings of the issue ---------------------------------------------------------------------
def test_a_new_wound_after_a_critical_kills_but_a_fully_cancelled_hit_does_not():
    critical = step([hit(5)])
    assert critical["state"]["wounds"]["critical"] == 1 and not critical["state"]["dead"]
    in_armour = dict(critical["state"], armor="heavy", bz=9, bz_max=9)
    cancelled = step([hit(1, "light")], state=in_armour)  # two steps: the Лёгкое is cancelled
    assert not cancelled["state"]["dead"]
    assert any("не новое ранение" in s["text"] for s in cancelled["steps"])
    fatal = step([hit(3, "heavy")], state=in_armour)  # one step: Среднее → Лёгкое remains
    assert fatal["state"]["dead"]
    assert fatal["state"]["wounds"]["light"] == 0  # the fatal wound is not written down


def test_a_hit_that_needs_the_critical_slot_twice_kills():
    full = step([hit(1), hit(1), hit(2), hit(4, source="blunt")])["state"]
    assert wounds({"state": full}) == (2, 1, 1, 0)
    out = step([hit(3)], state=full)
    assert out["state"]["dead"]


def test_one_wound_escalating_to_critical_does_not_make_the_other_fatal():
    state = step([hit(2), hit(4, source="blunt")])["state"]  # Среднее and Серьёзное slots full
    out = step([hit(3, source="blunt")], state=state)  # Среднее → Серьёзное → Критическое; Лёгкое placed
    assert not out["state"]["dead"]
    assert wounds(out) == (1, 1, 1, 1)


def test_a_serious_wound_placed_by_escalation_from_a_bleeding_source_starts_bleeding():
    state = step([hit(2)])["state"]  # the Среднее slot is full
    out = step([hit(2, source="firearm")], state=state)
    assert wounds(out) == (0, 1, 1, 0)
    assert out["state"]["bleeding"] is True


def test_armour_that_reduces_a_serious_wound_prevents_bleeding():
    out = step([hit(4, source="firearm")], armored("medium"))
    assert wounds(out) == (0, 1, 0, 0)
    assert out["state"]["bleeding"] is False


@pytest.mark.parametrize("source", sorted(SOURCE_NAMES))
def test_only_the_listed_sources_cause_bleeding(source):
    out = step([hit(4, source=source)])
    assert out["state"]["bleeding"] is (
        source in {"firearm", "cutting", "projectile", "fragments", "natural"}
    )


def test_a_second_bleeding_wound_adds_a_light_wound_instead():
    state = step([hit(4, source="cutting")])["state"]
    state["wounds"]["serious"] = 0  # treated by medicine, still bleeding
    again = step([hit(4, source="cutting")], state=state)
    assert again["state"]["bleeding"] is True
    assert wounds(again) == (1, 0, 1, 0)


def test_armour_at_zero_still_protects_against_the_hit_that_broke_it():
    out = step([hit(3, "heavy")], armored("heavy", 1))
    assert out["state"]["bz"] == 0
    assert wounds(out) == (1, 0, 0, 0)  # Среднее → Лёгкое, Лёгкое cancelled
    broken = step([hit(3, "heavy")], state=out["state"])
    assert wounds(broken) == (2, 1, 0, 0)


def test_anaxion_attacks_pass_armour_unless_it_is_rated_for_them():
    plain = step([hit(2, "medium", anaxion=True, source="anaxion")], armored("heavy", 8))
    assert wounds(plain) == (0, 1, 0, 0) and plain["state"]["bz"] == 8
    rated = step(
        [hit(2, "medium", anaxion=True, source="anaxion")],
        dict(armored("heavy", 8), armor_vs_anaxion=True),
    )
    assert wounds(rated) == (1, 0, 0, 0) and rated["state"]["bz"] == 6


def test_armour_piercing_that_leaves_no_protection_costs_no_bz():
    out = step([hit(2, "light", armor_piercing=True)], armored("light"))
    assert wounds(out) == (0, 1, 0, 0)
    assert out["state"]["bz"] == 3


def test_a_blast_reducing_profile_lowers_explosive_damage_before_wounds():
    out = step(
        [hit(4, "explosive", source="fragments")], dict(armored("medium", 4), armor_blast_reduction=True)
    )
    # 4 − 1 = 3 → Среднее и Лёгкое; medium armour does not cover explosive attacks
    assert wounds(out) == (1, 1, 0, 0) and out["state"]["bz"] == 4


def test_gas_is_a_special_attack_armour_does_not_stop():
    out = step([hit(3, "explosive", special=True, source="poison")], armored("heavy", 8))
    assert wounds(out) == (1, 1, 0, 0) and out["state"]["bz"] == 8


def test_gas_ticked_alone_is_still_a_special_attack():
    # the «Газ» box without «Иная особая атака» (a gas grenade entered by hand, as Fogmire-5 must
    # be) is the same attack: heavy armour neither reduces its wounds nor loses БЗ
    out = step([hit(3, "explosive", source="poison", gas=True)], armored("heavy", 8))
    assert wounds(out) == (1, 1, 0, 0) and out["state"]["bz"] == 8
    blast = dict(armored("heavy", 8), armor_blast_reduction=True)
    assert wounds(step([hit(3, "explosive", source="poison", gas=True)], blast)) == (1, 1, 0, 0)


def test_a_gas_mask_or_a_heavy_exoskeleton_stops_a_gas_grenades_damage():
    """4.4 «Противогаз»: «Блокирует урон наносимый газовыми гранатами»; 4.2 «Тяжёлый экзоскелет»:
    «Игнорирует урон, получаемый от газовых гранат». The presets carry both; other attacks are
    not stopped, and without protection the gas wounds through any armour."""
    from rulebook.mechanics.presets import ARMORS, WEAPONS

    vektron = next(w for w in WEAPONS if w.key == "vektron_12").describe()
    exo = next(a for a in ARMORS if a.key == "heavy_exoskeleton").describe()
    assert vektron["gas"] and exo["gas_immune"]
    gas = hit(3, "explosive", special=True, source="poison", gas=True)
    worn = {"armor": "heavy", "bz_max": 9, "armor_vs_anaxion": True, "gas_immune": True}
    assert wounds(step([gas], worn)) == (0, 0, 0, 0)
    assert wounds(step([gas], {"gas_immune": True})) == (0, 0, 0, 0)  # a gas mask alone
    assert wounds(step([gas], dict(worn, gas_immune=False))) == (1, 1, 0, 0)
    assert wounds(step([hit(3, "explosive", source="fragments")], worn)) == (1, 0, 0, 0)


def test_fragments_and_weak_attacks_count_as_light_weapons_for_heavier_armour():
    for attack in ("fragment", "weak"):
        assert wounds(step([hit(2, attack)], armored("medium"))) == (1, 0, 0, 0)
        assert wounds(step([hit(4, attack)], armored("heavy", 8))) == (1, 0, 0, 0)  # two steps


# ---- criticals, countdown, care ---------------------------------------------------------------------------
def test_the_death_countdown_ends_after_the_third_round():
    out = step([hit(5), {"type": "end_turn"}, {"type": "end_turn"}])
    assert out["state"]["countdown"] == 2 and not out["state"]["dead"]
    out = step([{"type": "end_turn"}], state=out["state"])
    assert out["state"]["dead"]


def test_bleeding_is_paused_by_a_critical_wound():
    out = step([hit(4, source="firearm"), hit(5), {"type": "end_turn"}])
    # the second hit found the Критическое slot: Bleeding adds no wound while it lasts
    assert out["state"]["bleeding"] is True
    assert wounds(out) == (0, 0, 1, 1)
    assert not out["state"]["dead"]


def test_a_successful_stabilisation_removes_the_critical_and_stops_bleeding():
    out = step([hit(4, source="firearm"), hit(5), {"type": "stabilise", "outcome": "success"}])
    s = out["state"]
    assert s["wounds"]["critical"] == 0 and s["countdown"] is None
    assert s["bleeding"] is False and s["recovering"] is True
    assert s["wounds"]["serious"] == 1  # other wounds stay


def test_a_failed_stabilisation_lets_the_countdown_run_and_a_critical_failure_kills():
    out = step([hit(5), {"type": "stabilise", "outcome": "failure"}, {"type": "end_turn"}])
    assert out["state"]["countdown"] == 1 and out["state"]["stabilise_failures"] == 1
    out = step([{"type": "stabilise", "outcome": "crit_failure"}], state=out["state"])
    assert out["state"]["dead"]


def test_when_every_ally_has_failed_to_stabilise_the_character_dies():
    """3.9 «Обычный провал»: «Если все доступные члены отряда совершили свои попытки и ни одна
    проверка не была успешной, критически раненый персонаж погибает» (after the fight too)."""
    fail = {"type": "stabilise", "outcome": "failure"}
    out = step([hit(5), fail, {"type": "end_turn"}], {"allies": 2})
    assert not out["state"]["dead"] and out["state"]["countdown"] == 1
    out = step([fail], state=out["state"])
    assert out["state"]["dead"] and out["state"]["countdown"] is None
    assert out["steps"][-1]["rule"].endswith("#obychnyi-proval--3")
    after_fight = step([hit(5), {"type": "end_combat"}, fail], {"allies": 1})
    assert after_fight["state"]["dead"]
    # a success in between starts the count again for the next Critical wound
    saved = step([hit(5), fail, {"type": "stabilise", "outcome": "success"}, hit(5), fail], {"allies": 2})
    assert not saved["state"]["dead"]


def test_without_a_number_of_allies_failures_are_only_counted():
    out = step([hit(5)] + [{"type": "stabilise", "outcome": "failure"}] * 5)
    assert not out["state"]["dead"] and out["state"]["stabilise_failures"] == 5


def test_a_tough_5_character_dies_after_the_fourth_round_not_the_third():
    """3.9: «Отдельные способности могут изменять длительность этого отсчёта»; «Крепкий» 5:
    «Отсчёт до смерти при Критическом ранении длится для персонажа 4 раунда вместо 3»."""
    turns = [{"type": "end_turn"}] * 3
    out = step([hit(5), *turns], {"countdown_rounds": 4})
    assert not out["state"]["dead"] and out["state"]["countdown"] == 3
    assert out["state"]["countdown_rounds"] == 4  # kept in the state the page hands back
    out = step([{"type": "end_turn"}], state=out["state"])
    assert out["state"]["dead"]
    assert step([hit(5), *turns])["state"]["dead"]  # the book's 3 by default


def test_a_long_rest_heals_medium_and_serious_wounds_and_ends_the_recovery():
    """3.9 «Лечение и восстановление»: «Средние и серьёзные: требуют … длительного отдыха»;
    after a stabilisation the −2 lasts «до ближайшего длительного привала»."""
    fight = [hit(2), hit(4, source="blunt"), hit(5), {"type": "stabilise", "outcome": "success"}]
    out = step([*fight, {"type": "end_combat"}])
    assert out["state"]["recovering"] is True and wounds(out) == (0, 1, 1, 0)
    out = step([{"type": "long_rest"}], state=out["state"])
    assert wounds(out) == (0, 0, 0, 0) and out["state"]["recovering"] is False


def test_a_long_rest_leaves_a_critical_wound_and_a_bleeding_and_ends_the_fight():
    out = step([hit(4), hit(5), {"type": "long_rest"}, *[{"type": "end_turn"}] * 3])
    assert wounds(out) == (0, 0, 0, 1) and out["state"]["bleeding"] is True
    assert out["state"]["in_combat"] is False and not out["state"]["dead"]  # the countdown stopped


def test_a_dressing_kit_removes_one_light_wound_instead_of_stopping_the_bleeding():
    """3.9 «Перевязочный комплект»: «может вместо этого снять одно Лёгкое ранение. При одном
    применении необходимо выбрать только один эффект» (4.4: «либо снимает одно Лёгкое ранение»)."""
    out = step([hit(4, source="firearm"), {"type": "end_turn"}, {"type": "end_turn"}, {"type": "kit_light"}])
    assert wounds(out) == (1, 0, 1, 0) and out["state"]["bleeding"] is True
    out = step([{"type": "kit_light"}, {"type": "kit_light"}], state=out["state"])
    assert wounds(out) == (0, 0, 1, 0)
    removed, nothing_left = (s for s in out["steps"] if s["action"] in (0, 1))
    assert removed["rule"].endswith("#pereviazochnyi-komplekt--6") and nothing_left["rule"] is None


def test_a_critical_failure_to_stop_bleeding_adds_a_light_wound():
    out = step([hit(4, source="firearm"), {"type": "stop_bleeding", "outcome": "crit_failure"}])
    assert wounds(out) == (1, 0, 1, 0) and out["state"]["bleeding"] is True


def test_failing_to_stop_bleeding_out_of_combat_costs_a_light_wound():
    out = step(
        [hit(4, source="firearm"), {"type": "stop_bleeding", "outcome": "failure", "out_of_combat": True}]
    )
    assert wounds(out) == (1, 0, 1, 0)


def test_failing_to_stop_bleeding_out_of_combat_under_a_critical_wound_costs_no_wound():
    """3.8 «Кровотечение и Критическое ранение»: a character with a Critical wound gets no more
    wounds from bleeding (a new one would kill): the failed attempt leaves the state as it was."""
    before = step([hit(4, source="firearm"), hit(5)])["state"]
    assert before["bleeding"] and before["wounds"]["critical"] == 1
    out = step([{"type": "stop_bleeding", "outcome": "failure", "out_of_combat": True}], state=before)
    assert not out["state"]["dead"]
    assert wounds(out) == (0, 0, 1, 1) and out["state"]["bleeding"] is True


def test_a_second_bleeding_from_the_hit_that_gave_a_critical_wound_adds_no_wound():
    """Already bleeding, a hit whose wounds overflow to Критическое and place a Серьёзное from a
    bleeding source: the extra Лёгкое of a second bleeding is a wound from bleeding, which a
    Critical wound suspends; the character lives, the countdown starts."""
    state = step([hit(4, source="firearm")])["state"]  # Серьёзное, bleeding
    state["wounds"] = {"light": 2, "medium": 1, "serious": 0, "critical": 0}
    out = step([hit(3, source="firearm")], state=state)
    assert out["state"]["wounds"]["critical"] == 1
    assert not out["state"]["dead"] and out["state"]["bleeding"] is True


def test_the_end_of_the_fight_stops_the_countdown_and_a_new_fight_resumes_it():
    """3.9 «Отсчёт до смерти»: «Если бой заканчивается раньше, отсчёт до смерти немедленно
    прекращается» — no turn after it kills; «Если до стабилизации начинается новый бой, отсчёт
    возобновляется с того значения, на котором был остановлен»."""
    out = step([hit(5), {"type": "end_turn"}, {"type": "end_combat"}])
    s = out["state"]
    assert s["countdown"] == 1 and s["in_combat"] is False and s["immobilised"]
    for _ in range(5):
        s = step([{"type": "end_turn"}], state=s)["state"]
    assert not s["dead"] and s["countdown"] == 1
    s = step([{"type": "start_combat"}, {"type": "end_turn"}], state=s)["state"]
    assert s["countdown"] == 2 and not s["dead"]
    s = step([{"type": "end_turn"}], state=s)["state"]
    assert s["dead"]


def test_bleeding_outlasts_the_fight_and_its_failed_attempt_then_takes_the_out_of_combat_rule():
    """3.8 «Кровотечение вне боя»: the end of the fight does not stop bleeding, turns do not
    wound out of a fight, a failed attempt costs a Лёгкое, and a new fight wounds again."""
    s = step([hit(4, source="firearm"), {"type": "end_combat"}, {"type": "end_turn"}])["state"]
    assert s["bleeding"] and wounds({"state": s}) == (0, 0, 1, 0)
    s = step([{"type": "stop_bleeding", "outcome": "failure"}], state=s)["state"]
    assert wounds({"state": s}) == (1, 0, 1, 0) and s["bleeding"]
    s = step([{"type": "start_combat"}, {"type": "end_turn"}], state=s)["state"]
    assert wounds({"state": s}) == (2, 0, 1, 0)


def test_a_state_saved_before_fights_had_an_end_is_read_as_in_a_fight():
    s = step([hit(5)])["state"]
    del s["in_combat"]
    assert step([{"type": "end_turn"}], state=s)["state"]["countdown"] == 1


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"type": "stabilise", "self": True, "outcome": "success"}, "actions[1].self"),
        ({"type": "stop_bleeding", "self": True, "outcome": "success"}, "actions[1].self"),
        ({"type": "stabilise", "kit": True}, "actions[1].kit"),
        ({"type": "stabilise"}, "actions[1].outcome"),
        ({"type": "stabilise", "outcome": "great"}, "actions[1].outcome"),
        ({"type": "jump"}, "actions[1].type"),
        ({"type": "hit", "damage": "три"}, "actions[1].damage"),
        ({"type": "hit", "damage": 2, "attack_class": "laser"}, "actions[1].attack_class"),
        ({"type": "hit", "damage": 2, "colour": "red"}, "actions[1].colour"),
    ],
)
def test_invalid_actions_name_the_field(action, field):
    with pytest.raises(InputError) as err:
        step([hit(5), action])
    assert err.value.field == field


@pytest.mark.parametrize(
    ("inputs", "field"),
    [
        ({"character": {"armor": "plate"}}, "character.armor"),
        ({"character": {"bz": 5, "bz_max": 3}}, "character.bz"),
        ({"state": {"wounds": {"light": 3}}}, "state.wounds.light"),
        ({"state": {"countdown": 7}}, "state.countdown"),
        ({"state": [], "actions": []}, "state"),
        ({"actions": {}}, "actions"),
    ],
)
def test_invalid_characters_and_states_name_the_field(inputs, field):
    with pytest.raises(InputError) as err:
        run("damage", inputs)
    assert err.value.field == field


OUT_OF_COMBAT = {"type": "end_combat"}


@pytest.mark.parametrize(
    ("actions", "said"),
    [
        ([{"type": "stop_bleeding", "outcome": "success"}], "Кровотечения нет"),
        ([{"type": "stop_bleeding", "kit": True}], "Кровотечения нет"),
        ([{"type": "stabilise", "outcome": "success"}], "Критического ранения нет"),
        ([{"type": "kit_light"}], "Лёгких ранений нет"),
        ([hit(2), {"type": "end_turn"}], "ни Кровотечения, ни Критического"),
        ([OUT_OF_COMBAT, {"type": "end_turn"}], "Вне боя ходов нет"),
        ([OUT_OF_COMBAT, OUT_OF_COMBAT], "Боя и так нет"),
        ([{"type": "start_combat"}], "Бой уже идёт"),
    ],
)
def test_an_action_whose_rule_has_nothing_to_act_on_cites_no_paragraph(actions, said):
    """«Кровотечения нет — останавливать нечего» cited «При успешной проверке состояние
    Кровотечения немедленно снимается»: a rule whose condition is not met does not decide the
    step, so a link to it misled; such a step cites nothing."""
    before = step(actions[:-1]) if actions[:-1] else None
    out = step(actions)
    last = out["steps"][-1]
    assert said in last["text"] and last["rule"] is None
    if before is not None:
        assert out["state"] == before["state"]


def test_the_end_of_a_turn_out_of_a_fight_cites_what_stopped_the_countdown_or_the_bleeding():
    """Out of a fight a turn changes nothing, and why is a rule only when there is something
    that would go on in one: the countdown (stopped by the fight's end) or the bleeding."""
    critical = step([hit(5), OUT_OF_COMBAT, {"type": "end_turn"}])
    assert critical["steps"][-1]["rule"] == url("wounds.combat_end")
    bleeding = step([hit(4, source="firearm"), OUT_OF_COMBAT, {"type": "end_turn"}])
    assert bleeding["steps"][-1]["rule"] == url("bleeding.combat_again")


def test_every_step_cites_a_paragraph_and_says_which_action_it_belongs_to():
    out = step(
        [hit(4, source="firearm"), {"type": "end_turn"}, hit(5), {"type": "stabilise", "outcome": "edge2"}],
        armored("light"),
    )
    assert {s["action"] for s in out["steps"]} == {0, 1, 2, 3}
    for s in out["steps"]:
        assert s["rule"].startswith("fatum/") and "#" in s["rule"]


# ---- invariants ------------------------------------------------------------------------------------------
characters = st.fixed_dictionaries(
    {
        "healthy": st.integers(0, 3),
        "armor": st.sampled_from(["none", "light", "medium", "heavy"]),
        "bz_max": st.integers(0, 10),
        "armor_vs_anaxion": st.booleans(),
        "armor_blast_reduction": st.booleans(),
    }
)
hits = st.fixed_dictionaries(
    {
        "type": st.just("hit"),
        "damage": st.integers(-1, 6),
        "attack_class": st.sampled_from(sorted(ATTACK_NAMES)),
        "armor_piercing": st.booleans(),
        "anaxion": st.booleans(),
        "special": st.booleans(),
        "source": st.sampled_from(sorted(SOURCE_NAMES)),
    }
)
care = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["stabilise", "stop_bleeding"]),
        "outcome": st.sampled_from(["crit_success", "success", "edge1", "failure", "crit_failure"]),
    }
)
plain = st.sampled_from([{"type": t} for t in ACTIONS if t not in ("hit", "stabilise", "stop_bleeding")])
actions = st.lists(st.one_of(hits, hits, care, plain), max_size=12)


@settings(max_examples=150, deadline=None)
@given(characters, actions)
def test_bz_stays_within_bounds_and_slots_never_overflow(character, acts):
    out = step(acts, character)
    s = out["state"]
    assert 0 <= s["bz"] <= s["bz_max"]
    for k in SEV:
        assert 0 <= s["wounds"][k] <= s["limits"][k]  # escalation goes to Критическое, never past a limit
    assert s["wounds"]["critical"] <= 1
    # and the state round-trips: the same actions one by one give the same state
    state = run("damage", {"character": character, "actions": []})["state"]
    for a in acts:
        state = run("damage", {"state": state, "actions": [a]})["state"]
    assert state == s


WEIGHT = {"light": 1, "medium": 2, "serious": 3, "critical": 4}


def burden(state):
    return 100 if state["dead"] else sum(WEIGHT[k] * state["wounds"][k] for k in SEV)


@settings(max_examples=150, deadline=None)
@given(characters, st.lists(hits, max_size=4), hits)
def test_armour_never_makes_a_hit_worse(character, before, last):
    """The same hit on the same wounds, with and without the armour: never more or heavier
    wounds with it. (Severity steps only: a profile's numeric blast reduction is another matter,
    see the next test.)"""
    character = dict(character, armor_blast_reduction=False)
    start = step(before, dict(character, armor="none"))["state"]
    bare = step([last], state=start)["state"]
    worn = dict(start, armor=character["armor"], bz=character["bz_max"], bz_max=character["bz_max"])
    protected = step([last], state=worn)["state"]
    assert burden(protected) - burden(start) <= burden(bare) - burden(start)
    # (Bleeding is not compared: armour that turns a Критическое, which never bleeds, into a
    # Серьёзное from a cutting weapon starts Bleeding, as the book says.)


def test_a_numeric_blast_reduction_can_make_a_hit_worse_when_light_slots_are_full():
    """The book's damage table is not monotone once slots are full: 4 damage is one Серьёзное,
    3 is Среднее + Лёгкое, and with both Лёгкое slots taken the Лёгкое escalates. So the
    «Противоосколочный» property (explosive damage −1 before wounds) turns a Серьёзное into a
    Среднее and a Серьёзное here. The engine applies the book as written."""
    two_light = step([hit(1), hit(1)])["state"]
    grenade = hit(4, "explosive", source="fragments")
    bare = step([grenade], state=two_light)
    suit = step([grenade], state=dict(two_light, armor="medium", bz=4, bz_max=4, armor_blast_reduction=True))
    assert wounds(bare) == (2, 0, 1, 0)
    assert wounds(suit) == (2, 1, 1, 0)
    assert bare["state"]["bleeding"] and suit["state"]["bleeding"]  # a Серьёзное was placed in both


def test_armour_never_raises_any_wounds_severity_exhaustively():
    """Every armour class × attack × flags × damage, on a character with room for every wound:
    each wound after armour is at most as severe as without it."""
    roomy = {"healthy": 3}
    for armor, attack, ap, anax, dmg in itertools.product(
        ["light", "medium", "heavy"], sorted(ATTACK_NAMES), [False, True], [False, True], range(0, 6)
    ):
        h = hit(dmg, attack, armor_piercing=ap, anaxion=anax, source="blunt")
        bare = wounds(step([h], roomy))
        worn = wounds(step([h], dict(roomy, armor=armor, bz=5, bz_max=5, armor_vs_anaxion=True)))
        severities = lambda w: sorted((i for i, n in enumerate(w) for _ in range(n)), reverse=True)  # noqa: E731
        b, w = severities(bare), severities(worn)
        assert len(w) <= len(b)
        assert all(x <= y for x, y in zip(w, b, strict=False)), (armor, attack, ap, anax, dmg)


def test_a_pallid_has_one_light_wound_slot_more():
    """2.x «Паллид», «Базовое состояние»: «Паллид получает один дополнительный слот Лёгкого
    ранения»: the third Light wound of a pallid takes its slot instead of rising to Среднее, and
    with «Здоровый» 3 the sixth is the first to rise; the slot stays in the state handed back."""
    hits = [{"type": "hit", "damage": 1, "attack_class": "light"} for _ in range(3)]
    pallid = run("damage", {"character": {"pallid": True}, "actions": hits})["state"]
    assert pallid["limits"]["light"] == pallid["wounds"]["light"] == 3
    assert pallid["wounds"]["medium"] == 0
    human = run("damage", {"character": {}, "actions": hits})["state"]
    assert human["wounds"]["light"] == 2 and human["wounds"]["medium"] == 1
    healthy = run("damage", {"character": {"pallid": True, "healthy": 3}, "actions": hits * 2})["state"]
    assert healthy["wounds"]["light"] == 5 and healthy["wounds"]["medium"] == 1
    again = run("damage", {"state": pallid, "actions": [{"type": "reset"}]})["state"]
    assert again["pallid"] and again["limits"]["light"] == 3


def test_an_action_after_death_cites_the_rule_the_character_died_by():
    # a critical failure of the stabilisation kills (3.9), not the countdown: the actions after
    # it cite that rule, also from a state kept and sent back
    out = step([{"type": "stabilise", "outcome": "crit_failure"}], state={"wounds": {"critical": 1}})
    assert out["state"]["dead"] and out["state"]["death_rule"] == "stabilise.crit_failure"
    again = step([hit(1)], state=out["state"])
    assert again["steps"][-1]["rule"] == url("stabilise.crit_failure") != url("wounds.countdown_death")
    # a stored state cannot name a rule that does not exist
    forged = step([{"type": "end_turn"}], state={**out["state"], "death_rule": "no.such.rule"})
    assert forged["state"]["death_rule"] is None


# ---- 3.6 «Зона взрыва», «Укрытия и взрывы», «Реакция на гранату» ------------------------------------------
def grenade(**kw):
    return hit(4, "explosive", source="fragments", **kw)


def test_a_grenade_in_the_outer_zone_does_half_its_damage():
    """3.6: «радиус 20 футов и урон 4 … цели на расстоянии от 10 до 20 футов получают 2 урона»:
    a Среднее wound, not the Серьёзное (and its bleeding) of the inner zone."""
    inner, outer = step([grenade()]), step([grenade(blast_zone="outer")])
    assert (wounds(inner), inner["state"]["bleeding"]) == ((0, 0, 1, 0), True)
    assert (wounds(outer), outer["state"]["bleeding"]) == ((0, 1, 0, 0), False)
    assert any(s["rule"] == url("blast.outer_zone") and "4 → 2" in s["text"] for s in outer["steps"])
    # the heavy grenade launcher's 5: half of it, rounded down
    assert wounds(step([hit(5, "explosive", blast_zone="outer")])) == (0, 1, 0, 0)


def test_a_cover_between_the_target_and_the_blast_and_a_dive_take_damage_off_before_the_wounds():
    """«Крепкое укрытие -2 урона», and a dive «-1 урон от взрыва»: 4 → 2 → 1, one Лёгкое; the
    fragmentation suit's −1 comes after, not below 0."""
    out = step([grenade(blast_cover="strong", dove=True)])
    assert wounds(out) == (1, 0, 0, 0)
    rules = [s["rule"] for s in out["steps"] if s["kind"] == "damage"]
    assert rules[-2:] == [url("blast.cover"), url("blast.dive")]
    suit = {**armored("medium", 4), "armor_blast_reduction": True}
    assert wounds(step([grenade(blast_zone="outer", blast_cover="full")], suit)) == (0, 0, 0, 0)


def test_heavy_armour_in_the_outer_zone_of_a_grenade_still_loses_2_bz():
    out = step([grenade(blast_zone="outer")], armored("heavy", 8))
    assert wounds(out) == (1, 0, 0, 0) and out["state"]["bz"] == 6


def test_a_blasts_zone_cover_and_dive_are_refused_for_another_attack():
    for field, value in (("blast_zone", "outer"), ("blast_cover", "light"), ("dove", True)):
        with pytest.raises(InputError) as err:
            step([hit(3, "medium", **{field: value})])
        assert err.value.field == f"actions[0].{field}"
