"""Rules as code: FATUM's check resolver, attack roll, damage stepper and character sheet.

Standard library only and exact (`fractions.Fraction`): the same files run in the CLI, the tests
and, copied into the site, in Pyodide. Every calculator declares its inputs and exposes
`compute(inputs: dict) -> dict`; `run(name, inputs)` returns the JSON-ready result (fractions as
strings like "19/24").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics import attack, check, damage, presets, sheet
from rulebook.mechanics.base import Calculator, InputError, describe, jsonable

CALCULATORS: dict[str, Calculator] = {
    c.name: c for c in (check.CALCULATOR, attack.CALCULATOR, damage.CALCULATOR, sheet.CALCULATOR)
}

# the calculators a page's `/// calculator | NAME` block places (the sheet has a block of its own)
PLACED = [name for name, calc in CALCULATORS.items() if calc.block == "calculator"]

__all__ = ["CALCULATORS", "PLACED", "InputError", "declaration", "run"]


def run(name: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Compute and convert to JSON-ready values; raises KeyError for an unknown calculator and
    InputError (a ValueError) for invalid input."""
    return jsonable(CALCULATORS[name].compute(inputs))


def declaration(name: str) -> dict[str, Any]:
    """What the page needs to render a calculator's form: its inputs, readings and presets."""
    calc = CALCULATORS[name]
    d = describe(calc)
    if calc.uses_presets:
        d["presets"] = presets.describe()
    return d
