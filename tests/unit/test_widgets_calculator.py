"""`/// calculator | NAME` renders a usable form from the declared inputs, and the runtime copy
refuses a missing or altered Pyodide."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup
from mkdocs.exceptions import PluginError
from rulebook.html import tree
from rulebook.widgets import runtime
from rulebook.widgets.blocks import RulebookBlocksExtension
from rulebook.widgets.calculator import resolve_rule_links

ROOT = Path(__file__).resolve().parents[2]


def render(text: str) -> BeautifulSoup:
    md = markdown.Markdown(extensions=[RulebookBlocksExtension(registry=[])])
    return BeautifulSoup(md.convert(text), "html.parser")


def test_the_check_block_renders_every_declared_field_with_its_default():
    soup = render("/// calculator | check\n///\n")
    root = soup.select_one("div.rb-calc.rb-skip[data-rb-calc=check]")
    assert root["id"] == "rb-calc-check-1"
    assert root.select_one("input[name=bonus]")["value"] == "0"
    assert root.select_one("input[name=modifier]")["data-max"] == "12"
    assert root.select_one("input[name=advantage][type=checkbox]") is not None
    assert [o["value"] for o in root.select("select[name=difficulty_die] option")] == [
        "4",
        "6",
        "8",
        "10",
        "12",
    ]
    for field in root.select("[name]"):
        assert root.select_one(f"#{field['id']}-error") is not None  # a place for its message
    assert root.select_one(".rb-calc__status").get_text().startswith("Расчёт запустится")


def test_two_steppers_on_a_page_get_their_own_ids():
    soup = render("/// calculator | damage\n///\n\ntext\n\n/// calculator | damage\n///\n")
    assert [d["id"] for d in soup.select(".rb-calc")] == ["rb-calc-damage-1", "rb-calc-damage-2"]


def test_presets_say_what_they_assume():
    soup = render("/// calculator | damage\n///\n")
    opt = soup.select_one("select[data-preset=weapon] option[value=heavy_melee]")
    values = json.loads(opt["data-preset-values"])
    assert values["attack_class"] == "medium" and "не указан" in values["assumed"]


def test_the_attack_roll_offers_weapons_with_a_threshold_bows_and_crossbows_by_their_kind_and_melee():
    # 3.7: the hit modifier is proficiency + half Меткость − threshold; bows and crossbows (4.6)
    # have their own, which their preset selects (the hunting bow and the heavy crossbow also
    # ignore 1 МЗ of cover); melee profiles (4.5) are offered for the melee mode's opposed roll
    # (3.11); grenades (thrown, no hit die) are not
    soup = render("/// calculator | attack\n///\n")
    options = soup.select("select[data-preset=weapon] option[data-preset-values]")
    values = {o["value"]: json.loads(o["data-preset-values"]) for o in options}
    assert {"army_carbine", "heavy_grenade_launcher", "hunting_bow", "heavy_crossbow"} <= values.keys()
    assert {"small_melee", "unarmed", "two_handed_melee"} <= values.keys()
    assert "sturmblitz" not in values
    ranged = {k: v for k, v in values.items() if v["group"] != "Оружие ближнего боя"}
    assert all(v["threshold"] is not None for v in ranged.values() if v["weapon_kind"] == "threshold")
    kinds = {k: (v["weapon_kind"], v["cover_ignored"]) for k, v in ranged.items() if v["threshold"] is None}
    assert kinds == {
        "short_bow": ("bow", 0),
        "long_bow": ("bow", 0),
        "hunting_bow": ("bow", 1),
        "light_crossbow": ("crossbow", 0),
        "heavy_crossbow": ("crossbow", 1),
    }


def test_the_attack_roll_marks_the_fields_only_one_mode_reads():
    # the page hides and does not send the other mode's fields: the engine refuses them there
    soup = render("/// calculator | attack\n///\n")
    form = soup.select_one(".rb-calc__form")
    first = form.select_one("[data-group=attacker] [data-field]")
    assert first["data-field"] == "mode"
    assert form.select_one("fieldset[data-group=defender]")["data-mode"] == "melee"
    assert form.select_one("[data-field=marksmanship]")["data-mode"] == "ranged"
    assert form.select_one("[data-field=cover]")["data-mode"] == "ranged"
    assert form.select_one("[data-field=attacker_acrobatics]")["data-mode"] == "melee"
    assert not form.select_one("[data-field=strength]").has_attr("data-mode")
    assert not form.select_one("[data-field=acrobatics]").has_attr("data-mode")


def test_an_unknown_calculator_leaves_a_problem_instead_of_a_form():
    soup = render("/// calculator | dice\n///\n")
    assert soup.select(".rb-calc") == []
    assert "unknown calculator 'dice'" in soup.select_one("[data-rb-block-problem]")["data-rb-block-problem"]


@pytest.mark.parametrize(
    ("page_url", "rule", "href"),
    [
        ("fatum/03-boi/", "fatum/03-boi/#shag-7--2", "#shag-7--2"),
        ("fatum/01-bazovye-pravila/", "fatum/03-boi/#shag-7--2", "../03-boi/#shag-7--2"),
        ("", "fatum/03-boi/#x--1", "fatum/03-boi/#x--1"),
    ],
)
def test_rule_links_become_relative_to_the_page(page_url, rule, href):
    root = tree.parse(f'<a data-rb-rule="{rule}" href="#">§</a>')
    resolve_rule_links(root, page_url)
    assert root[0].get("href") == href


def test_a_missing_pyodide_package_names_npm_ci(tmp_path):
    with pytest.raises(PluginError, match="npm ci"):
        runtime.pyodide_source(tmp_path, "node_modules/pyodide")


def test_an_altered_runtime_file_is_refused(tmp_path):
    src = tmp_path / "node_modules" / "pyodide"
    src.mkdir(parents=True)
    (src / "package.json").write_text(json.dumps({"version": runtime.PYODIDE_VERSION}))
    for name in runtime.PYODIDE_FILES:
        (src / name).write_bytes(b"not the pinned file")
    found = runtime.pyodide_source(tmp_path, "node_modules/pyodide")
    with pytest.raises(PluginError, match="SHA-256"):
        runtime.copy_pyodide(found, tmp_path / "site")


def test_a_different_pyodide_version_is_refused(tmp_path):
    src = tmp_path / "pyodide"
    src.mkdir()
    (src / "package.json").write_text(json.dumps({"version": "0.0.1"}))
    with pytest.raises(PluginError, match="pinned"):
        runtime.pyodide_source(tmp_path, "pyodide")


def _load_script():
    spec = importlib.util.spec_from_file_location("update_rule_ids", ROOT / "scripts" / "update_rule_ids.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_update_rule_ids_rewrites_only_the_url_literals():
    mod = _load_script()
    source = (
        'X = (\n    Rule("a.b", "fatum/p/#s--1", "«Цитата» одна"),\n'
        '    Rule(\n        "c.d",\n        "fatum/p/#s--2",\n        "другая",\n    ),\n)\n'
    )
    cites = mod.citations(source)
    assert [(k, n.value, q) for k, n, q in cites] == [
        ("a.b", "fatum/p/#s--1", "«Цитата» одна"),
        ("c.d", "fatum/p/#s--2", "другая"),
    ]
    out = mod.rewrite(source, {1: "fatum/p/#s--5"}, [n for _, n, _ in cites])
    assert out == source.replace("#s--2", "#s--5")


def test_a_runtime_file_is_linked_into_the_site_not_copied(tmp_path):
    src = tmp_path / "big.bin"
    src.write_bytes(b"x" * 1000)
    target = tmp_path / "site" / "big.bin"
    target.parent.mkdir()
    target.write_bytes(b"old")  # a stale copy from an earlier build is replaced
    runtime.place(src, target)
    assert target.read_bytes() == src.read_bytes()
    assert target.stat().st_ino == src.stat().st_ino


@pytest.mark.parametrize("name", ["check", "damage", "attack"])
def test_a_field_that_takes_a_negative_number_keeps_a_keyboard_with_a_minus(name):
    # a phone's digits keypad (inputmode=numeric) has no minus on an iPhone: «Бонусы игрока»
    # (−3 is a rule's value) could not be typed there
    soup = render(f"/// calculator | {name}\n///\n")
    fields = soup.select("input[type=text]")
    assert fields
    for field in fields:
        negative = "data-min" not in field.attrs or int(field["data-min"]) < 0
        assert (field.get("inputmode") == "numeric") is not negative, field.get("name")


def test_the_sheets_number_fields_that_take_a_minus_keep_a_keyboard_with_one():
    from xml.etree import ElementTree

    from rulebook.widgets import sheet

    root = sheet.render(ElementTree.Element("div"))
    fields = root.findall(".//input[@type='number']")
    assert fields
    for field in fields:
        negative = field.get("min") is None or int(field.get("min")) < 0
        assert (field.get("inputmode") == "numeric") is not negative, field.get("name")
    assert any(f.get("inputmode") is None for f in fields)  # «прочее» bonuses take a minus
