"""What every calculator shares: declared inputs, their validation, steps that cite a rule, and
JSON conversion.

A calculator declares its inputs once (name, Russian label, type, range or choices, default);
the same declaration validates `compute()` input, renders the form at build time and tells the
browser what to send. Standard library only: these files also run in Pyodide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rulebook.mechanics.rules import url

Value = int | bool | str


class InputError(ValueError):
    """Invalid input; `field` names it (dotted for nested input: `actions[0].damage`), so the
    CLI can print one line and the page can show the message next to the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Choice:
    value: Value
    label: str


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    type: str  # "int" | "bool" | "choice" | "str" (`maximum` = its length limit)
    default: Value | None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    help: str = ""

    def parse(self, raw: object, path: str | None = None) -> Value:
        """The validated value of `raw`; raises InputError naming the field."""
        where = path or self.name
        if self.type == "bool":
            return parse_bool(raw, where)
        if self.type == "int":
            return parse_int(raw, where, self.minimum, self.maximum)
        if self.type == "str":
            return parse_str(raw, where, self.maximum)
        if self.type == "choice":
            for c in self.choices:
                if raw == c.value or (isinstance(c.value, int) and _int_or_none(raw) == c.value):
                    return c.value
            values = [str(c.value) for c in self.choices]
            allowed = ", ".join(values)
            if len(allowed) > 2 * _LONGEST:  # a long list (the weapons of chapter 4): its start, one line
                allowed = ", ".join(values[:4]) + f"… (всего {len(values)})"
            raise InputError(where, f"допустимые значения: {allowed}; получено {shown(raw)}")
        raise TypeError(f"unknown field type {self.type}")

    def describe(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "label": self.label, "type": self.type}
        d["default"] = self.default
        if self.minimum is not None:
            d["min"] = self.minimum
        if self.maximum is not None:
            d["max"] = self.maximum
        if self.choices:
            d["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.help:
            d["help"] = self.help
        return d


class Named:
    """Something made of named parts (a Group's fields, a Record's nodes), found by name."""

    fields: tuple[Any, ...]

    def field(self, name: str) -> Any:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


@dataclass(frozen=True)
class Group(Named):
    """A fieldset of the form (the check's dice, the character, the hit)."""

    name: str
    label: str
    fields: tuple[Field, ...]


@dataclass(frozen=True)
class Reading:
    """How the engine reads the book where the text is ambiguous; shown in the page."""

    text: str
    rule: str  # rule key

    def describe(self) -> dict[str, str]:
        return {"text": self.text, "rule": url(self.rule)}


@dataclass
class Steps:
    """The numbered explanation the calculators return; every entry that applies a rule cites its
    paragraph. A step that changes nothing because the rule's condition is absent («Кровотечения
    нет — останавливать нечего») applies no rule: it cites none (`rule` None), since a link would
    say that paragraph decided it."""

    items: list[dict[str, Any]] = field(default_factory=list)

    def add(self, rule: str | None, text: str, **extra: Any) -> None:
        self.items.append({"text": text, "rule": url(rule) if rule is not None else None, **extra})


@dataclass(frozen=True)
class Calculator:
    """A rules calculator: its declared inputs (the form's fieldsets), the readings it states, and
    `compute(inputs) -> result` (JSON in, JSON-ready out)."""

    name: str
    title: str
    groups: tuple[Group, ...]
    readings: tuple[Reading, ...]
    compute: Callable[[Mapping[str, Any]], dict[str, Any]]
    uses_presets: bool = False  # its form offers chapter 4's weapons and armours (presets.describe())
    block: str = "calculator"  # the Markdown block that puts it in a page (`/// calculator | name`)


def describe(calc: Calculator) -> dict[str, Any]:
    """The declaration the page needs to render the form and the readings."""
    return {
        "name": calc.name,
        "title": calc.title,
        "groups": [
            {"name": g.name, "label": g.label, "fields": [f.describe() for f in g.fields]}
            for g in calc.groups
        ],
        "readings": [r.describe() for r in calc.readings],
    }


# ---- scalar parsing ------------------------------------------------------------------------
_LONGEST = 60  # characters of a value a message quotes; longer ones are cut (one line per error)


def shown(raw: object) -> str:
    """A value the reader gave, as an error message quotes it: whole when short, else its start
    and its length, so that a message stays one readable line."""
    try:
        text = repr(raw)
    except ValueError:  # an integer too long for Python to print
        return "число длиннее 4300 цифр"
    if len(text) <= _LONGEST:
        return text
    return f"{text[: _LONGEST // 2]}… ({plural(len(text), 'знак', 'знака', 'знаков')})"


def plural(n: int, one: str, few: str, many: str) -> str:
    """`n` with the Russian noun form its number takes: 1 знак, 3 знака, 5 знаков, 21 знак."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {one}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {few}"
    return f"{n} {many}"


# what a reader's keyboard gives for a minus: the typographic minus, and the dashes a phone's
# keyboard offers on the «-» key (figure dash, en dash, em dash), small and full-width hyphen-minus
MINUS_SIGNS = "\u2212\u2012\u2013\u2014\ufe63\uff0d"
_MINUS = str.maketrans(dict.fromkeys(MINUS_SIGNS, "-"))


def _int_or_none(raw: object) -> int | float | None:
    """An integer from JSON or from text (ASCII digits, an optional sign, written as «-» or as any
    of MINUS_SIGNS); an integer too long to convert is returned as ±infinity, which every range
    refuses."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    if isinstance(raw, str):
        s = raw.strip().translate(_MINUS)
        digits = s[1:] if s[:1] in ("+", "-") else s
        if digits.isascii() and digits.isdigit():
            if len(digits) > 1000:
                return float("-inf") if s[:1] == "-" else float("inf")
            return int(s)
    return None


def parse_int(raw: object, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    value = _int_or_none(raw)
    if value is None:
        raise InputError(where, f"нужно целое число, получено {shown(raw)}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        lo = "" if minimum is None else f"от {minimum} "
        hi = "" if maximum is None else f"до {maximum}"
        raise InputError(where, f"число должно быть {lo}{hi}".rstrip() + f", получено {shown(raw)}")
    return int(value)


def parse_bool(raw: object, where: str) -> bool:
    if isinstance(raw, bool):
        return raw
    if raw in (0, 1):
        return bool(raw)
    if isinstance(raw, str) and raw.strip().lower() in ("true", "false"):
        return raw.strip().lower() == "true"
    raise InputError(where, f"нужно true или false, получено {shown(raw)}")


def parse_str(raw: object, where: str, maximum: int | None = None) -> str:
    if not isinstance(raw, str):
        raise InputError(where, f"нужна строка, получено {shown(raw)}")
    if maximum is not None and len(raw) > maximum:
        raise InputError(where, f"не длиннее {maximum} символов, получено {len(raw)}")
    return raw


def parse_object(raw: object, where: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise InputError(where, "нужен объект JSON")
    return raw


def parse_fields(
    group: Group, raw: Mapping[str, Any], prefix: str = "", *, use_defaults: bool = True
) -> dict[str, Value]:
    """Every field of the group, validated; absent fields take their default."""
    out: dict[str, Value] = {}
    for f in group.fields:
        path = f"{prefix}{f.name}"
        if f.name in raw and raw[f.name] is not None:
            out[f.name] = f.parse(raw[f.name], path)
        elif use_defaults and f.default is not None:
            out[f.name] = f.default
    return out


def reject_unknown(raw: Mapping[str, Any], known: set[str], prefix: str = "") -> None:
    """A misspelt key is an error, not a silently ignored input."""
    for key in raw:
        if key not in known:
            raise InputError(f"{prefix}{key_shown(key)}", "неизвестное поле")


def key_shown(key: object) -> str:
    """A key the reader gave, as a field path in a message: itself when it is a short printable
    name, else quoted and cut like any value."""
    text = str(key)
    return text if len(text) <= _LONGEST and text.isprintable() else shown(key)


# ---- output ---------------------------------------------------------------------------------
def jsonable(obj: Any) -> Any:
    """Fractions become strings ("19/24"), the form the CLI and the browser exchange."""
    # concrete types first: ABC checks are slow, and this runs on every recompute in the page
    if isinstance(obj, str | int | float | bool) or obj is None:
        return obj
    if isinstance(obj, Fraction):
        return str(obj)
    if isinstance(obj, dict | Mapping):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [jsonable(v) for v in obj]
    return obj


def percent(p: Fraction, digits: int = 1) -> str:
    """A probability as a Russian percentage, rounded half up: «79,2 %»."""
    scaled = p * 100 * 10**digits
    n = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    whole, frac = divmod(n, 10**digits)
    text = f"{whole},{frac:0{digits}d}" if digits else str(whole)
    return f"{text} %"
