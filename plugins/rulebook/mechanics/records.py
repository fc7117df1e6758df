"""Nested inputs: a record of fields and sub-records, and a list of records (rows).

A calculator's flat `Group` describes a form; the character sheet is a document: named records
(traits, armour), rows (weapons, doctrines) and fields at any depth. The same declaration parses
JSON (unknown keys refused, absent keys take their default, every error names its dotted path,
`weapons[2].threshold`) and describes itself as JSON for the page, whose validator
(`assets/sheet-schema.js`) walks the same description: an imported file is judged by the same
rules with or without Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union

from rulebook.mechanics.base import Field, InputError, Named, key_shown, parse_object

Node = Union[Field, "Record", "Rows"]


@dataclass(frozen=True)
class Record(Named):
    name: str
    label: str
    fields: tuple[Node, ...]

    def parse(self, raw: object, path: str) -> dict[str, Any]:
        obj = parse_object(raw, path or "input")
        known = {f.name for f in self.fields}
        for key in obj:
            if key not in known:
                raise InputError(_join(path, key_shown(key)), "неизвестное поле")
        return {f.name: parse_node(f, obj.get(f.name), _join(path, f.name)) for f in self.fields}

    def default(self) -> dict[str, Any]:
        return {f.name: default(f) for f in self.fields}

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "record",
            "name": self.name,
            "label": self.label,
            "fields": [describe(f) for f in self.fields],
        }


@dataclass(frozen=True)
class Rows:
    name: str
    label: str
    item: Record
    maximum: int

    def parse(self, raw: object, path: str) -> list[dict[str, Any]]:
        if not isinstance(raw, list):
            raise InputError(path, "нужен список")
        if len(raw) > self.maximum:
            raise InputError(path, f"не больше {self.maximum} строк, получено {len(raw)}")
        return [self.item.parse(r, f"{path}[{i}]") for i, r in enumerate(raw)]

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "rows",
            "name": self.name,
            "label": self.label,
            "max": self.maximum,
            "item": self.item.describe(),
        }


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def parse_node(node: Node, raw: object, path: str) -> Any:
    """The validated value; an absent (or null) value takes the node's default."""
    if raw is None:
        return default(node)
    if isinstance(node, Field):
        return node.parse(raw, path)
    return node.parse(raw, path)


def default(node: Node) -> Any:
    if isinstance(node, Field):
        return node.default
    if isinstance(node, Rows):
        return []
    return node.default()


def describe(node: Node) -> dict[str, Any]:
    if isinstance(node, Field):
        d = node.describe()
        d["kind"] = "field"
        return d
    return node.describe()


def get(value: Mapping[str, Any], dotted: str) -> Any:
    """`get(character, "traits.och.strong")`."""
    cur: Any = value
    for part in dotted.split("."):
        cur = cur[part]
    return cur
