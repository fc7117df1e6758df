"""`/// calculator | NAME`: a rules calculator in the page.

The form is rendered at build time from the calculator's declared inputs, so it is readable and
usable before any script runs (labels, ranges, defaults, the readings with links to the rules);
`assets/calc.js` then runs the engine in a Pyodide worker. Rule links are written as
`data-rb-rule="fatum/<page>/#<block>"` (site-root URLs, as the engine returns them) and turned
into page-relative hrefs by `resolve_rule_links` once the page's URL is known.
"""

from __future__ import annotations

import json
import posixpath
import xml.etree.ElementTree as etree
from collections.abc import Callable
from typing import Any, ClassVar

from lxml.html import HtmlElement

from rulebook.mechanics import CALCULATORS, PLACED, attack, declaration, melee
from rulebook.mechanics.base import Field, Group
from rulebook.widgets.elements import preset_options, text_el
from rulebook.widgets.strict import StrictBlock, boolean

ROOT_CLASS = "rb-calc"
# The head's status line holds one line until the answer replaces it: on a narrow screen the head
# is sticky, and a longer text there either left a band as tall as itself above the one-line
# answer or, given back, moved the form. What the engine is goes under the form, where the result
# will be.
INTRO = "Расчёт запустится при первом изменении."
PLACEHOLDER = (
    "Результат появится здесь. Движок правил (Python в WebAssembly) загружается один раз, "
    "дальше всё считается мгновенно и без сети."
)


_text = text_el


def _rule_link(parent: etree.Element, rule_url: str, text: str = "§ правило") -> etree.Element:
    a = _text(parent, "a", text, {"class": "rb-calc__rule", "data-rb-rule": rule_url, "href": "#"})
    return a


def _value_type(f: Field) -> str:
    if f.type == "choice":
        return "int" if all(isinstance(c.value, int) for c in f.choices) else "str"
    return f.type


def _field(parent: etree.Element, uid: str, group: Group, f: Field) -> None:
    fid = f"{uid}-{group.name}-{f.name}"
    wrap = etree.SubElement(
        parent, "div", {"class": f"rb-calc__field rb-calc__field--{f.type}", "data-field": f.name}
    )
    common = {
        "id": fid,
        "name": f.name,
        "data-group": group.name,
        "data-type": _value_type(f),
        "aria-describedby": f"{fid}-error",
    }
    if f.type == "bool":
        label = etree.SubElement(wrap, "label", {"for": fid})
        box = etree.SubElement(label, "input", dict(common, type="checkbox"))
        if f.default:
            box.set("checked", "checked")
        span = _text(label, "span", f.label)
        span.tail = None
    else:
        _text(wrap, "label", f.label, {"for": fid})
        if f.type == "choice":
            sel = etree.SubElement(wrap, "select", common)
            if f.default is None:
                _text(sel, "option", "—", {"value": ""})
            for c in f.choices:
                opt = _text(sel, "option", c.label, {"value": str(c.value)})
                if c.value == f.default:
                    opt.set("selected", "selected")
        else:
            attrs = dict(common, type="text", autocomplete="off", size="4")
            if f.minimum is not None and f.minimum >= 0:
                # a phone's digits keypad: an iPhone's has no minus, so a field that takes one
                # keeps the keyboard that has it
                attrs["inputmode"] = "numeric"
            if f.default is not None:
                attrs["value"] = str(f.default)
            else:
                attrs["placeholder"] = "—"
            if f.minimum is not None and f.maximum is not None:
                attrs["title"] = f"целое число от {f.minimum} до {f.maximum}"
                attrs["data-min"], attrs["data-max"] = str(f.minimum), str(f.maximum)
            etree.SubElement(wrap, "input", attrs)
    hint = f.help
    if f.type == "int" and f.minimum is not None and f.maximum is not None:
        hint = f"{f.minimum}…{f.maximum}" + (f"; {hint}" if hint else "")
    if hint:
        _text(wrap, "p", hint, {"class": "rb-calc__hint"})
    err = _text(wrap, "p", "", {"class": "rb-calc__error", "id": f"{fid}-error", "role": "alert"})
    err.set("hidden", "hidden")


def _fieldset(
    form: etree.Element,
    uid: str,
    group: Group,
    preset: tuple[str, str, list[dict[str, Any]], bool] | None = None,
    preset_field: str | None = None,
    first: tuple[str, ...] = (),
) -> etree.Element:
    """A group's fieldset; `preset_field` names the group's field the preset select is (the
    attack's `weapon`: the engine reads the chosen row), which is then not drawn twice; the
    fields named in `first` come before that select (the attack's mode, which the weapon follows)."""
    fs = etree.SubElement(form, "fieldset", {"class": "rb-calc__group", "data-group": group.name})
    _text(fs, "legend", group.label)
    for f in group.fields:
        if f.name in first:
            _field(fs, uid, group, f)
    if preset:
        _preset_select(fs, uid, *preset, field=(preset_field, group.name) if preset_field else None)
    for f in group.fields:
        if f.name != preset_field and f.name not in first:
            _field(fs, uid, group, f)
    return fs


def _preset_select(
    parent: etree.Element,
    uid: str,
    kind: str,
    label: str,
    items: list[dict[str, Any]],
    grouped: bool,
    field: tuple[str, str] | None = None,
) -> None:
    """The select of chapter 4's profiles; when it is also a field (`field`: its name and group)
    its value goes to the engine, and an error about it shows under it."""
    fid = f"{uid}-preset-{kind}"
    wrap = etree.SubElement(parent, "div", {"class": "rb-calc__field rb-calc__preset", "data-preset": kind})
    _text(wrap, "label", label, {"for": fid})
    attrs = {"id": fid, "data-preset": kind}
    if field:
        attrs |= {
            "name": field[0],
            "data-group": field[1],
            "data-type": "str",
            "aria-describedby": f"{fid}-error",
        }
    sel = etree.SubElement(wrap, "select", attrs)
    _text(sel, "option", "— вручную —", {"value": ""})
    preset_options(
        sel,
        items,
        grouped,
        lambda item: {"value": item["key"], "data-preset-values": json.dumps(item, ensure_ascii=False)},
    )
    if field:
        err = _text(wrap, "p", "", {"class": "rb-calc__error", "id": f"{fid}-error", "role": "alert"})
        err.set("hidden", "hidden")
    note = etree.SubElement(wrap, "p", {"class": "rb-calc__preset-note", "aria-live": "polite"})
    note.set("hidden", "hidden")


def _button(parent: etree.Element, action: str, text: str, kind: str = "") -> None:
    cls = "md-button" + (" md-button--primary" if kind == "primary" else "")
    _text(parent, "button", text, {"type": "button", "class": cls, "data-action": action})


def _readings(root: etree.Element, decl: dict[str, Any]) -> None:
    det = etree.SubElement(root, "details", {"class": "rb-calc__readings"})
    _text(det, "summary", "Как калькулятор читает правила")
    ul = etree.SubElement(det, "ul")
    for r in decl["readings"]:
        li = _text(ul, "li", r["text"] + " ")
        _rule_link(li, r["rule"])


def render(parent: etree.Element, name: str, uid: str, compact: bool = False) -> etree.Element:
    """The widget's static HTML: header with status, form, empty output, readings. A compact
    widget (the GM screen) has the same form and output in less space."""
    calc = CALCULATORS[name]
    decl = declaration(name)
    css = f"{ROOT_CLASS} rb-skip" + (f" {ROOT_CLASS}--compact" if compact else "")
    root = etree.SubElement(
        parent,
        "div",
        {"class": css, "id": uid, "data-rb-calc": name, "data-rb-state-key": uid},
    )
    head = etree.SubElement(root, "div", {"class": "rb-calc__head"})
    _text(head, "p", f"Калькулятор: {calc.title}", {"class": "rb-calc__title"})
    status = _text(head, "p", INTRO, {"class": "rb-calc__status", "role": "status", "aria-live": "polite"})
    status.set("data-state", "idle")
    prog = etree.SubElement(head, "progress", {"class": "rb-calc__progress", "max": "4", "value": "0"})
    prog.set("hidden", "hidden")

    form = etree.SubElement(root, "form", {"class": "rb-calc__form", "novalidate": "novalidate"})
    _LAYOUTS.get(name, _groups_form)(form, uid, calc.groups, decl)
    out = etree.SubElement(root, "div", {"class": "rb-calc__output", "aria-live": "polite"})
    _text(out, "p", PLACEHOLDER, {"class": "rb-calc__placeholder"})
    _readings(root, decl)
    return root


def _groups_form(form: etree.Element, uid: str, groups: tuple[Group, ...], decl: dict[str, Any]) -> None:
    """One fieldset per declared group (the check resolver)."""
    for g in groups:
        _fieldset(form, uid, g)


def _attack_form(form: etree.Element, uid: str, groups: tuple[Group, ...], decl: dict[str, Any]) -> None:
    """The attacker's fieldset starts with the mode (a ranged roll or melee's opposed roll, 3.11)
    and the chapter 4 weapons whose hit the roll computes: those with a Порог владения (3.7), bows
    and crossbows, whose own hit bonus (4.6) the form's «Модификатор попадания» selects, and the
    melee profiles (4.5). Grenades are not offered. A field that only one mode reads says which
    (`data-mode`): the page hides and disables it in the other, as the engine refuses it there."""
    rolled = {c["value"] for f in decl["groups"][0]["fields"] if f["name"] == "weapon" for c in f["choices"]}
    weapons = [w for w in decl["presets"]["weapons"] if w["key"] in rolled]
    fieldsets = [
        _fieldset(
            form,
            uid,
            groups[0],
            ("weapon", "Оружие из главы 4", weapons, True),
            preset_field="weapon",
            first=("mode",),
        )
    ]
    fieldsets += [_fieldset(form, uid, g) for g in groups[1:]]
    for fs in fieldsets:
        if fs.get("data-group") == melee.DEFENDER.name:
            fs.set("data-mode", "melee")
            continue
        for wrap in fs.iter("div"):
            name = wrap.get("data-field")
            if name is None or name in attack.SHARED:
                continue
            wrap.set("data-mode", "melee" if name in melee.MELEE_ONLY else "ranged")


def _damage_form(form: etree.Element, uid: str, groups: tuple[Group, ...], decl: dict[str, Any]) -> None:
    """The stepper: the character (with armour presets), the hit (with weapon presets) and the
    actions of a fight as buttons."""
    character, hit, care = groups
    fs = _fieldset(form, uid, character, ("armor", "Броня из главы 4", decl["presets"]["armors"], False))
    _text(
        fs,
        "p",
        "Изменение персонажа пересчитывает весь записанный бой заново.",
        {"class": "rb-calc__hint"},
    )
    fs = _fieldset(form, uid, hit, ("weapon", "Оружие из главы 4", decl["presets"]["weapons"], True))
    bar = etree.SubElement(fs, "div", {"class": "rb-calc__actions"})
    _button(bar, "hit", "Попадание", "primary")
    fs = _fieldset(form, uid, care)
    bar = etree.SubElement(fs, "div", {"class": "rb-calc__actions"})
    _button(bar, "stabilise", "Стабилизировать")
    _button(bar, "stop_bleeding", "Остановить Кровотечение")
    _button(bar, "kit_light", "Комплект: снять Лёгкое")
    fs = etree.SubElement(form, "fieldset", {"class": "rb-calc__group", "data-group": "turn"})
    _text(fs, "legend", "Ход и отдых")
    bar = etree.SubElement(fs, "div", {"class": "rb-calc__actions"})
    _button(bar, "end_turn", "Конец хода")
    _button(bar, "end_combat", "Конец боя")
    _button(bar, "start_combat", "Новый бой")
    _button(bar, "short_rest", "Короткий отдых")
    _button(bar, "long_rest", "Длительный привал")
    _button(bar, "reset", "Начать заново")
    _button(bar, "undo", "↶ Отменить")
    _button(bar, "redo", "↷ Вернуть")


Layout = Callable[[etree.Element, str, tuple[Group, ...], dict[str, Any]], None]
# forms that are more than one fieldset per group; any other calculator gets `_groups_form`
_LAYOUTS: dict[str, Layout] = {"attack": _attack_form, "damage": _damage_form}


class CalculatorBlock(StrictBlock):
    """`/// calculator | check`: the check resolver; `damage`, `attack` likewise."""

    NAME = "calculator"
    ARGUMENT = True
    ARGUMENT_HELP = f"a calculator's name ({', '.join(PLACED)})"
    OPTIONS: ClassVar[dict[str, tuple[Any, Callable[[Any], Any]]]] = {"compact": (False, boolean)}

    def check(self, arg: Any, options: dict[str, Any]) -> str | None:
        name = str(arg).strip()
        calc = CALCULATORS.get(name)
        if calc is None:
            return f"unknown calculator {name!r} (known: {', '.join(PLACED)})"
        if calc.block != self.NAME:
            return f"«{calc.title}» has a block of its own: /// {calc.block}"
        return None

    def create(self, parent: etree.Element) -> etree.Element:
        name = str(self.argument).strip()
        # numbered per calculator and page (one Markdown instance per page): the id keys the
        # stepper's saved fight, so adding another kind of calculator does not lose it
        counts: dict[str, int] = self.md.__dict__.setdefault("_rb_calc_counts", {})
        counts[name] = counts.get(name, 0) + 1
        return render(parent, name, f"rb-calc-{name}-{counts[name]}", bool(self.options["compact"]))


def resolve_rule_links(root: HtmlElement, page_url: str) -> None:
    """Site-root rule URLs -> hrefs relative to the page (`../03-boi/#shag-7--2`)."""
    base = page_url if page_url.endswith("/") or not page_url else posixpath.dirname(page_url) + "/"
    here = base.rstrip("/") or "."
    for a in root.iter("a"):
        target = a.get("data-rb-rule")
        if target is None:
            continue
        path, _, frag = target.partition("#")
        rel = posixpath.relpath(path or ".", here)
        rel = "" if rel == "." else rel.rstrip("/") + "/"
        a.set("href", f"{rel}#{frag}" if frag else rel or "./")
