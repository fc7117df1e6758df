"""The engine package as other tools use it: the CLI contract, the registry, the presets, and the
standard-library-only rule that lets the same files run in Pyodide."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest
import rulebook.mechanics as mechanics
from rulebook.cli import main
from rulebook.mechanics import CALCULATORS, declaration, presets
from rulebook.mechanics.damage_tables import ATTACK_NAMES, SOURCE_NAMES
from rulebook.mechanics.rules import RULES

PACKAGE = Path(mechanics.__file__).parent


def test_the_engine_imports_only_the_standard_library_and_itself():
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                ok = (
                    top in sys.stdlib_module_names
                    or top == "__future__"
                    or name.startswith("rulebook.mechanics")
                )
                assert ok, f"{path.name} imports {name}"


def test_calc_prints_fractions_as_strings(capsys):
    assert main(["calc", "check", "--input", '{"success_die": 8, "bonus": 1, "difficulty_die": 6}']) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["probabilities"]["crit_success"] == "1/8"
    assert out["probabilities"]["success"] == "2/3"


def test_calc_damage_follows_the_contract(capsys):
    inputs = {
        "character": {"healthy": 0, "armor": "medium", "bz": 3, "bz_max": 3, "armor_vs_anaxion": False},
        "actions": [
            {
                "type": "hit",
                "damage": 3,
                "attack_class": "medium",
                "armor_piercing": False,
                "anaxion": False,
                "source": "firearm",
            }
        ],
    }
    assert main(["calc", "damage", "--input", json.dumps(inputs)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["state"]["wounds"] == {"light": 1, "medium": 0, "serious": 0, "critical": 0}
    assert out["state"]["limits"] == {"light": 2, "medium": 1, "serious": 1, "critical": 1}
    assert (out["state"]["bz"], out["state"]["bleeding"], out["state"]["dead"]) == (2, False, False)
    assert all("rule" in s for s in out["steps"])


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["calc", "check", "--input", '{"modifier": 13}'], "modifier: "),
        (["calc", "check", "--input", "{not json"], "input: not valid JSON"),
        (
            ["calc", "damage", "--input", '{"actions": [{"type": "hit", "damage": 2, "source": "laser"}]}'],
            "actions[0].source: ",
        ),
        (["calc", "nosuch"], "unknown calculator"),
    ],
)
def test_invalid_input_exits_2_with_one_line_naming_the_field(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err


def test_calc_list_names_every_calculator(capsys):
    assert main(["calc", "--list"]) == 0
    assert capsys.readouterr().out.split()[::2][:1] == ["check"]
    assert set(CALCULATORS) == {"check", "attack", "damage", "sheet"}


def test_every_declared_default_is_valid_for_its_field():
    for name in CALCULATORS:
        for group in declaration(name)["groups"]:
            for f in group["fields"]:
                if f["default"] is not None:
                    calc_group = next(g for g in CALCULATORS[name].groups if g.name == group["name"])
                    assert calc_group.field(f["name"]).parse(f["default"]) == f["default"]


def test_every_citation_key_used_by_the_presets_exists_and_every_preset_is_valid():
    for w in presets.WEAPONS:
        assert w.rule in RULES
        assert w.attack_class in ATTACK_NAMES and w.source in SOURCE_NAMES
        if w.threshold is None:  # no «Тег» in the book: the preset must say what it assumes
            assert w.assumed, w.name
    for a in presets.ARMORS:
        assert a.rule in RULES and a.armor in ("light", "medium", "heavy")


def test_rule_urls_point_at_blocks_of_book_pages():
    for r in RULES.values():
        page, _, block = r.url.partition("#")
        assert page.startswith("fatum/") and page.endswith("/") and "--" in block, r.key
        assert r.quote.strip() == r.quote and len(r.quote) >= 3
