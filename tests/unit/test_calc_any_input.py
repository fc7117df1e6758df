"""Whatever a user writes, a calculator answers or refuses with an InputError naming the field, in
one line of reasonable length: never another exception (the CLI and the page would show a
traceback), never a message that repeats a megabyte of input. Inputs are generated from each
calculator's own declaration, with values chosen to break parsers."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulebook.mechanics import CALCULATORS, InputError, run
from rulebook.mechanics.base import Field
from rulebook.mechanics.damage import ACTIONS as DAMAGE_ACTIONS
from rulebook.mechanics.records import Record, Rows
from rulebook.mechanics.sheet_schema import ACTIONS as SHEET_ACTIONS
from rulebook.mechanics.sheet_schema import CHARACTER

NASTY = st.sampled_from(
    [
        None, True, False, 0, -1, 1, 7, 10**50, -(10**50), 10**4000, 2.5, -0.0, 1e300,
        float("inf"), float("-inf"), float("nan"),
        "", " ", "1", " 7 ", "-3", "−3", "+2", "1e3", "0x10", "²", "١٢", "٣", "9" * 5000, "true",
        "false", "да", "x" * 10_000, "\x00", "None", "[]", "{}",
        [], [1], {}, {"a": 1},
    ]
)  # fmt: skip
SCALAR = NASTY | st.integers() | st.text(max_size=8) | st.floats()


def value_for(node: Any) -> st.SearchStrategy[Any]:
    """Values for a declared field, record or list of rows: its own kind of value, or anything."""
    if isinstance(node, Field):
        good = st.sampled_from([c.value for c in node.choices]) if node.choices else SCALAR
        return good | NASTY
    if isinstance(node, Rows):
        return st.lists(value_for(node.item), max_size=3) | NASTY
    if isinstance(node, Record):
        return record(node.fields) | NASTY
    return NASTY


def record(fields: tuple[Any, ...], extra: dict[str, st.SearchStrategy[Any]] | None = None) -> Any:
    """Objects with some of `fields` (and sometimes an unknown key)."""
    options = {f.name: value_for(f) for f in fields} | (extra or {})
    keys = st.lists(st.sampled_from(sorted(options)), unique=True, max_size=len(options))
    return keys.flatmap(lambda ks: st.fixed_dictionaries({k: options[k] for k in ks})) | st.dictionaries(
        st.text(max_size=6), SCALAR, max_size=2
    )


def inputs(name: str) -> st.SearchStrategy[Any]:
    calc = CALCULATORS[name]
    fields = tuple(f for g in calc.groups for f in g.fields)
    if name == "damage":
        action = record(fields, {"type": st.sampled_from(DAMAGE_ACTIONS) | NASTY})
        character = record(calc.groups[0].fields)
        return record((), {"character": character, "actions": st.lists(action, max_size=4) | NASTY}) | NASTY
    if name == "sheet":
        character = value_for(CHARACTER)
        return record((), {"character": character, "action": st.sampled_from(SHEET_ACTIONS) | NASTY}) | NASTY
    return record(fields, {"rolled": record(fields) | NASTY}) | NASTY


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(CALCULATORS)).flatmap(lambda n: st.tuples(st.just(n), inputs(n))))
def test_any_input_is_answered_or_refused_in_one_short_line(case: tuple[str, Any]) -> None:
    name, raw = case
    try:
        run(name, raw)
    except InputError as err:
        text = str(err)
        assert "\n" not in text and len(text) < 300, text[:400]
