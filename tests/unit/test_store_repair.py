"""What the browser reads back from storage is repaired item by item (assets/repair.js for pins,
recent searches and the damage stepper's fight; assets/sheet-schema.js parseStore for the
characters), run here in node: a bad entry costs that entry and never the list, every list is cut
to its limit on load, and a value already repaired reads back unchanged (so it is rewritten, and
announced, once)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rulebook.mechanics.sheet_schema import CHARACTER

ASSETS = Path(__file__).resolve().parents[2] / "plugins" / "rulebook" / "assets"
NODE = shutil.which("node")

RUNNER = """
const repair = require(process.argv[1] + "/repair.js");
const schema = require(process.argv[1] + "/sheet-schema.js");
const calls = JSON.parse(require("fs").readFileSync(0, "utf8"));
let n = 0;
const newId = () => "new" + (++n);
const out = calls.map(([fn, args]) => {
  if (fn === "parseStore") return schema.parseStore(args[0], args[1], { version: 1, max: args[2], newId });
  return repair[fn](...args);
});
process.stdout.write(JSON.stringify(out));
"""

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (npm ci needs it anyway)")


def run(*calls: tuple[str, list[Any]]) -> list[Any]:
    proc = subprocess.run(
        [str(NODE), "-e", RUNNER, str(ASSETS)],
        input=json.dumps(list(calls), ensure_ascii=False),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout)


def pin(i: int, **extra: Any) -> dict[str, Any]:
    return {
        "path": "fatum/03-boi/",
        "id": f"b--{i}",
        "title": f"Закреп {i}",
        "excerpt": "текст",
        "book": "fatum",
        "page": "Глава 3",
        "t": 1000 + i,
        **extra,
    }


def pins_store(*pins: Any, scenes: list[Any] | None = None) -> dict[str, Any]:
    return {"v": 1, "current": "s1", "scenes": scenes or [{"id": "s1", "name": "Общие", "pins": list(pins)}]}


# ---- recent searches -----------------------------------------------------------------------------
def test_recent_searches_are_cut_to_their_limit_on_load_however_many_were_stored() -> None:
    [got] = run(("recent", [[f"запрос {i}" for i in range(100_000)], 8]))
    assert got["list"] == [f"запрос {i}" for i in range(8)] and got["changed"]


def test_recent_searches_keep_strings_only_once_each_and_a_clean_list_is_left_alone() -> None:
    bad, clean = run(
        ("recent", [[{"q": 1}, " ранение ", "ранение", None, 5, "x" * 500, "урон"], 8]),
        ("recent", [["ранение", "урон"], 8]),
    )
    assert bad["list"] == ["ранение", "x" * 200, "урон"] and bad["changed"]
    assert clean == {"list": ["ранение", "урон"], "changed": False}


# ---- pins ----------------------------------------------------------------------------------------
def test_one_bad_pin_is_dropped_and_the_others_stay() -> None:
    [got] = run(("pins", [pins_store(pin(1), {"path": 5, "id": "x"}, "мусор", pin(2))]))
    assert [p["id"] for p in got["data"]["scenes"][0]["pins"]] == ["b--1", "b--2"]
    assert got["dropped"] == [{"path": 5, "id": "x"}, "мусор"]
    assert got["changed"] and got["problem"] is None


def test_pin_fields_of_the_wrong_type_become_empty_never_object_text() -> None:
    [got] = run(("pins", [pins_store(pin(1, title={"a": 1}, excerpt=["x"], book=7, t="вчера"))]))
    kept = got["data"]["scenes"][0]["pins"][0]
    assert kept["title"] == "" and kept["excerpt"] == "" and kept["book"] == "" and kept["t"] == 0
    assert got["dropped"] == []


def test_a_repaired_pin_list_reads_back_unchanged() -> None:
    [first] = run(("pins", [pins_store(pin(1, title={"a": 1}), pin(1), {"id": 3})]))
    [again] = run(("pins", [first["data"]]))
    assert again["changed"] is False and again["data"] == first["data"]


def test_pins_beyond_the_limit_lose_the_oldest_first() -> None:
    many = [pin(i) for i in range(14_500)]
    many[3]["t"] = 10**9  # pinned last, although early in the list
    [got] = run(("pins", [pins_store(*many), {"maxPins": 500}]))
    kept = got["data"]["scenes"][0]["pins"]
    assert len(kept) == 500 and len(got["trimmed"]) == 14_000
    assert kept[0]["id"] == "b--3" and kept[-1]["id"] == "b--14499"


def test_a_pins_value_of_another_shape_is_refused_whole() -> None:
    a, b = run(("pins", [[1, 2]]), ("pins", [{"v": 7, "scenes": []}]))
    assert a["problem"] and b["problem"]
    assert a["data"]["scenes"][0]["pins"] == []


def test_scenes_are_repaired_one_by_one() -> None:
    scenes = [
        {"id": "s1", "name": "Бой", "pins": [pin(1)]},
        {"id": "s1", "name": "", "pins": [pin(2)]},  # the same id again, no name
        {"id": "s3", "name": "Погоня", "pins": "не список"},
        None,
    ]
    [got] = run(("pins", [{"v": 1, "current": "нет такой", "scenes": scenes}]))
    data = got["data"]
    assert [s["id"] for s in data["scenes"]] == ["s1", "s2", "s3"]
    assert data["scenes"][1]["name"] == "Сцена 2" and data["scenes"][2]["pins"] == []
    assert data["current"] == "s1"
    assert got["dropped"] == ["не список", None]


# ---- the damage stepper's fight ---------------------------------------------------------------------
def test_a_fight_keeps_the_actions_before_the_first_broken_one() -> None:
    actions = [{"type": "hit", "damage": 3}, {"type": "end_turn"}, {"damage": 2}, {"type": "short_rest"}]
    [got] = run(("fight", [{"v": 1, "character": {"healthy": 1}, "actions": actions, "cursor": 4}]))
    assert got["fight"]["actions"] == actions[:2] and got["fight"]["cursor"] == 2
    assert got["aside"] == actions[2:] and got["changed"]


def test_a_long_fight_is_folded_down_to_its_limit() -> None:
    actions = [{"type": "end_turn"}] * 30_000
    folded, undone = run(
        ("fight", [{"v": 1, "character": {}, "actions": actions, "cursor": 30_000}, {"maxActions": 100}]),
        ("fight", [{"v": 1, "character": {}, "actions": actions, "cursor": 10}, {"maxActions": 100}]),
    )
    assert folded["fold"] == 29_900 and len(folded["fight"]["actions"]) == 30_000  # the engine folds
    # undone actions beyond the limit are cut from the far end; nothing applied is lost
    assert undone["fold"] == 0 and len(undone["fight"]["actions"]) == 100 and undone["fight"]["cursor"] == 10


def test_a_fight_of_another_shape_is_refused_whole_and_fields_of_the_character_one_by_one() -> None:
    shape, base, fields = run(
        ("fight", ["{not json"]),
        ("fight", [{"v": 2, "base": [1], "actions": [], "cursor": 0}]),
        ("fight", [{"v": 1, "character": {"healthy": 2, "armor": {"x": 1}}, "actions": [], "cursor": 9}]),
    )
    assert shape["problem"] and base["problem"]
    assert fields["fight"]["character"] == {"healthy": 2} and fields["fight"]["cursor"] == 0


# ---- the sheet's characters ---------------------------------------------------------------------------
SCHEMA = CHARACTER.describe()


def character(cid: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"id": cid, "identity": {"name": name}, **fields}


def test_one_invalid_character_is_set_aside_and_the_valid_ones_stay() -> None:
    bad = character("b", "Плохой", traits={"och": {"vigilant": 9}})
    store = {"v": 1, "current": "b", "characters": [character("a", "Первый"), bad, character("c", "Третий")]}
    [got] = run(("parseStore", [SCHEMA, store, 50]))
    assert [c["identity"]["name"] for c in got["store"]["characters"]] == ["Первый", "Третий"]
    assert got["store"]["current"] == "a"  # the one set aside was being edited
    [aside] = got["aside"]
    assert (
        aside["name"] == "Плохой"
        and aside["field"] == "traits.och.vigilant"
        and "от 0 до" in aside["message"]
    )
    assert got["store"]["aside"][0]["character"] == bad and got["changed"]


def test_a_character_set_aside_is_kept_once_however_often_it_is_loaded() -> None:
    bad = character("b", "Плохой", progress={"level": "три"})
    store = {"v": 1, "current": "a", "characters": [character("a", "Первый"), bad]}
    [first] = run(("parseStore", [SCHEMA, store, 50]))
    # an older build put the same damaged character back next to the one set aside
    again = dict(first["store"], characters=[*first["store"]["characters"], bad])
    second, third = run(("parseStore", [SCHEMA, again, 50]), ("parseStore", [SCHEMA, first["store"], 50]))
    assert len(second["store"]["aside"]) == 1
    assert third["changed"] is False and third["aside"] == []


def test_characters_beyond_the_limit_are_set_aside_oldest_first_never_the_current_one() -> None:
    chars = [character(f"c{i}", f"Персонаж {i}") for i in range(5)]
    [got] = run(("parseStore", [SCHEMA, {"v": 1, "current": "c0", "characters": chars}, 3]))
    assert [c["id"] for c in got["store"]["characters"]] == ["c0", "c3", "c4"]
    assert [a["character"]["id"] for a in got["aside"]] == ["c1", "c2"]
    assert all("больше 3" in a["message"] for a in got["aside"])


def test_a_store_that_is_not_a_list_of_characters_is_refused_whole() -> None:
    got = run(
        ("parseStore", [SCHEMA, [1], 50]),
        ("parseStore", [SCHEMA, {"v": 2, "characters": []}, 50]),
        ("parseStore", [SCHEMA, {"v": 1, "characters": {}}, 50]),
    )
    assert [g["problem"] for g in got] == [
        "это не объект JSON",
        "сохранены более новой версией сайта",
        "нет списка персонажей",
    ]


def test_duplicate_or_missing_ids_get_new_ones() -> None:
    chars = [character("a", "Один"), character("a", "Два"), {"identity": {"name": "Три"}}]
    [got] = run(("parseStore", [SCHEMA, {"v": 1, "current": "a", "characters": chars}, 50]))
    ids = [c["id"] for c in got["store"]["characters"]]
    assert ids[0] == "a" and len(set(ids)) == 3 and got["changed"]
