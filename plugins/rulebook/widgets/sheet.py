"""`/// sheet`: FATUM's character sheet as a form, rendered at build time from its declaration.

Every field comes from `sheet_schema.CHARACTER` (label, type, range), laid out in the order of
Приложение Г; the places where derived values appear carry `data-derived="<path>"` and show «—»
until the engine (the `sheet` calculator, run by `assets/calc.js`'s worker) answers. The page is
readable and can be filled in before any script runs; `assets/sheet.js` keeps the characters in
localStorage, moves them in and out of JSON files and asks the engine for the derived values.
Rows (weapons, Doctrines, …) are `<template>`s the script clones.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as etree
from collections.abc import Callable
from typing import Any, ClassVar

from markdown.util import AtomicString

from rulebook.mechanics import creation, derivation, sheet
from rulebook.mechanics.base import Field
from rulebook.mechanics.records import Record, Rows
from rulebook.mechanics.rules import url
from rulebook.mechanics.sheet_schema import CHARACTER, FORMAT, VERSION, sheet_presets
from rulebook.widgets.elements import preset_options, text_el
from rulebook.widgets.strict import StrictBlock

ROOT_CLASS = "rb-sheet"
INTRO = (
    "Лист можно заполнять сразу. Производные значения (кубы успеха, модификаторы попадания, слоты "
    "ранений) считает движок правил — Python в WebAssembly; он загружается один раз и дальше "
    "работает без сети."
)
SKILL_GROUPS = [(t, [s for s in creation.SKILLS if s.trait == t.key]) for t in creation.OCH]


_text = text_el


def _rule_link(parent: etree.Element, key: str, text: str = "§") -> etree.Element:
    return _text(
        parent,
        "a",
        text,
        {"class": "rb-sheet__rule", "data-rb-rule": url(key), "href": "#", "title": "Правило в книге"},
    )


def _node(path: str) -> Field | Record | Rows:
    node: Field | Record | Rows = CHARACTER
    for part in path.split("."):
        assert isinstance(node, Record), path
        node = node.field(part)
    return node


def _fid(path: str) -> str:
    return "rb-sheet-" + path.replace(".", "-").replace("[]", "-N")


class Form:
    """Writes the sheet's markup; `path` is a field's dotted place in the character document."""

    def __init__(self, root: etree.Element) -> None:
        self.root = root

    # ---- fields -------------------------------------------------------------------------------
    def field(
        self,
        parent: etree.Element,
        path: str,
        *,
        f: Field | None = None,
        label: str | None = None,
        hidden_label: bool = False,
        datalist: str | None = None,
        css: str = "",
        multiline: bool = False,
    ) -> etree.Element:
        """A labelled input for the field at `path` (`weapons[].name` inside a row template)."""
        if f is None:
            node = _node(path)
            assert isinstance(node, Field), path
            f = node
        fid = _fid(path)
        wrap = etree.SubElement(
            parent,
            "div",
            {"class": f"rb-sheet__field rb-sheet__field--{f.type} {css}".strip(), "data-field": f.name},
        )
        common = {"id": fid, "data-path": path, "data-type": f.type}
        text = label or f.label
        if f.type == "bool":
            lab = etree.SubElement(wrap, "label", {"for": fid})
            box = etree.SubElement(lab, "input", dict(common, type="checkbox"))
            if f.default:
                box.set("checked", "checked")
            span = _text(lab, "span", text, {"class": "rb-sheet__sr"} if hidden_label else None)
            span.tail = None
            return wrap
        common["aria-describedby"] = f"{fid}-error"
        _text(
            wrap, "label", text, {"for": fid, "class": "rb-sheet__sr" if hidden_label else "rb-sheet__label"}
        )
        if f.type == "choice":
            sel = etree.SubElement(wrap, "select", common)
            for c in f.choices:
                opt = _text(sel, "option", c.label, {"value": str(c.value)})
                if c.value == f.default:
                    opt.set("selected", "selected")
        elif f.type == "int":
            attrs = dict(common, type="number", step="1")
            if f.minimum is not None and f.minimum >= 0:
                attrs["inputmode"] = "numeric"  # digits only: an iPhone's keypad has no minus
            if f.minimum is not None:
                attrs["min"] = str(f.minimum)
            if f.maximum is not None:
                attrs["max"] = str(f.maximum)
            if f.default is not None:
                attrs["value"] = str(f.default)
                attrs["data-default"] = str(f.default)
            else:
                attrs["placeholder"] = "—"
            etree.SubElement(wrap, "input", attrs)
        elif multiline:
            area = _text(wrap, "textarea", "", dict(common, rows="4", maxlength=str(f.maximum or 8000)))
            area.text = AtomicString(str(f.default or ""))
        else:
            attrs = dict(common, type="text", maxlength=str(f.maximum or 200), autocomplete="off")
            if f.default:
                attrs["value"] = str(f.default)
            if datalist:
                attrs["list"] = datalist
            etree.SubElement(wrap, "input", attrs)
        err = _text(wrap, "p", "", {"class": "rb-sheet__error", "id": f"{fid}-error", "role": "alert"})
        err.set("hidden", "hidden")
        return wrap

    def derived(self, parent: etree.Element, path: str, tag: str = "span", css: str = "") -> etree.Element:
        return _text(parent, tag, "—", {"class": f"rb-sheet__out {css}".strip(), "data-derived": path})

    def hint(self, parent: etree.Element, text: str, path: str, rule: str) -> etree.Element:
        """«text <derived value> §»: a line under a section, the value computed by the engine."""
        p = _text(parent, "p", text, {"class": "rb-sheet__hint"})
        self.derived(p, path)
        p[-1].tail = " "
        _rule_link(p, rule)
        return p

    def stat(self, dl: etree.Element, label: str, path: str, rule: str, hint: str = "") -> None:
        """A derived value in a definition list: name, value, § link."""
        tile = etree.SubElement(dl, "div", {"class": "rb-sheet__stat"})
        _text(tile, "dt", label)
        dd = etree.SubElement(tile, "dd")
        self.derived(dd, path, "strong")
        if hint:
            _text(dd, "span", " " + hint, {"class": "rb-sheet__hint"})
        dd[-1].tail = " "
        _rule_link(dd, rule)

    def section(self, n: int | None, key: str, title: str, rule: str | None = None) -> etree.Element:
        fs = etree.SubElement(self.root, "fieldset", {"class": "rb-sheet__section", "data-section": key})
        legend = _text(fs, "legend", f"{n}. {title}" if n else title)
        if rule:
            legend.text = AtomicString(legend.text + " ")
            _rule_link(legend, rule)
        return fs

    def rows(
        self,
        parent: etree.Element,
        name: str,
        add: str,
        build: Callable[[etree.Element, str], None],
        legend: str,
    ) -> None:
        """A list of rows: the container, a template for one row and an «add» button."""
        node = _node(name)
        assert isinstance(node, Rows)
        etree.SubElement(
            parent, "div", {"class": "rb-sheet__rows", "data-rows": name, "data-max": str(node.maximum)}
        )
        tpl = etree.SubElement(parent, "template", {"data-row": name})
        row = etree.SubElement(tpl, "fieldset", {"class": "rb-sheet__row", "data-row-of": name})
        lg = _text(row, "legend", legend + " ")
        _text(lg, "span", "", {"class": "rb-sheet__n"})
        build(row, f"{name}[]")
        _text(
            row,
            "button",
            "Удалить строку",
            {"type": "button", "class": "rb-sheet__remove md-button", "data-remove-row": ""},
        )
        _text(
            parent,
            "button",
            add,
            {"type": "button", "class": "rb-sheet__add md-button", "data-add-row": name},
        )

    def row_field(self, row: etree.Element, prefix: str, name: str, **kw: Any) -> etree.Element:
        node = _node(prefix.removesuffix("[]"))
        assert isinstance(node, Rows)
        f = node.item.field(name)
        assert isinstance(f, Field)
        return self.field(row, f"{prefix}.{name}", f=f, **kw)


# ---- the sections -------------------------------------------------------------------------------------
def _toolbar(form: Form, root: etree.Element) -> None:
    bar = etree.SubElement(root, "div", {"class": "rb-sheet__bar"})
    pick = etree.SubElement(bar, "div", {"class": "rb-sheet__pick"})
    _text(pick, "label", "Персонаж", {"for": "rb-sheet-character"})
    sel = etree.SubElement(pick, "select", {"id": "rb-sheet-character", "class": "rb-sheet__characters"})
    _text(sel, "option", "Новый персонаж", {"value": ""})
    buttons = etree.SubElement(bar, "div", {"class": "rb-sheet__buttons"})
    for action, text in (
        ("new", "Новый персонаж"),
        ("delete", "Удалить персонажа"),
        ("export", "Сохранить в файл"),
        ("export-all", "Сохранить всех в файл"),
        ("import", "Загрузить из файла…"),
        ("print", "Печать"),
    ):
        _text(buttons, "button", text, {"type": "button", "class": "md-button", "data-sheet-action": action})
    file_input = etree.SubElement(
        bar,
        "input",
        {
            "type": "file",
            "accept": ".json,application/json",
            "class": "rb-sheet__file",
            "id": "rb-sheet-file",
            "tabindex": "-1",
            "aria-hidden": "true",
        },
    )
    file_input.set("hidden", "hidden")
    status = _text(bar, "p", INTRO, {"class": "rb-sheet__status", "role": "status", "aria-live": "polite"})
    status.set("data-state", "idle")
    prog = etree.SubElement(bar, "progress", {"class": "rb-sheet__progress", "max": "4", "value": "0"})
    prog.set("hidden", "hidden")
    prog.set("aria-label", "Загрузка движка правил")
    summary = etree.SubElement(bar, "p", {"class": "rb-sheet__summary"})
    _text(summary, "a", "Проверка листа", {"href": "#rb-sheet-checks"})
    summary.set("hidden", "hidden")
    msg = _text(bar, "p", "", {"class": "rb-sheet__message", "role": "alert"})
    msg.set("hidden", "hidden")


def _identity(form: Form) -> None:
    fs = form.section(1, "identity", "Имя, нация и происхождение", "sheet.sheet_fields")
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "identity.name", css="rb-sheet__field--wide")
    form.field(grid, "identity.player")
    form.field(grid, "identity.species", datalist="rb-sheet-species")
    form.field(grid, "identity.nation", datalist="rb-sheet-nations")
    form.field(grid, "identity.origin", datalist="rb-sheet-origins")
    form.field(grid, "identity.social_trace", css="rb-sheet__field--full")
    # the species chapter 2 gives rules for (their cost and nature are counted, mechanics.sheet)
    species = etree.SubElement(fs, "datalist", {"id": "rb-sheet-species"})
    for name in ("Человек", *derivation.SPECIES_NAMES.values()):
        etree.SubElement(species, "option", {"value": name})
    nations = etree.SubElement(fs, "datalist", {"id": "rb-sheet-nations"})
    for n in creation.NATIONS:
        etree.SubElement(nations, "option", {"value": n})
    origins = etree.SubElement(fs, "datalist", {"id": "rb-sheet-origins"})
    seen: set[str] = set()
    for paths in creation.NATIONS.values():
        for name, skills in paths:
            if name not in seen:
                seen.add(name)
                _text(origins, "option", f"+1 {skills[0]}, +1 {skills[1]}", {"value": name})
    form.hint(fs, "Бонусы Пути: ", "origin.text", "sheet.origin")


def _progress(form: Form) -> None:
    fs = form.section(2, "progress", "Уровень и опыт", "sheet.progression")
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "progress.level")
    form.field(grid, "progress.xp")
    dl = etree.SubElement(fs, "dl", {"class": "rb-sheet__stats"})
    form.stat(dl, "Следующий уровень при опыте", "progress.xp_next", "sheet.progression")
    form.stat(dl, "Предел одной Основной черты", "progress.och_cap", "sheet.och_cap_table")
    form.stat(dl, "Кредиты при создании", "progress.credits_start", "sheet.credits")


def _skills(form: Form) -> None:
    fs = form.section(3, "skills", "Характеристики и навыки", "sheet.skills")
    _text(
        fs,
        "p",
        "Итог = Путь происхождения + «+1 к проверкам» от Основной черты + прочие бонусы. "
        "Профессиональный навык бросает куб на порядок выше.",
        {"class": "rb-sheet__hint"},
    )
    wrap = etree.SubElement(fs, "div", {"class": "rb-sheet__scroll"})
    table = etree.SubElement(wrap, "table", {"class": "rb-sheet__skills"})
    _text(table, "caption", "Навыки", {"class": "rb-sheet__sr"})
    head = etree.SubElement(etree.SubElement(table, "thead"), "tr")
    for col in ("Навык", "Проф.", "Путь", "Черта", "Прочее", "Итог", "Куб"):
        _text(head, "th", col, {"scope": "col"})
    body = etree.SubElement(table, "tbody")
    for trait, skills in SKILL_GROUPS:
        tr = etree.SubElement(body, "tr", {"class": "rb-sheet__skill-group"})
        th = _text(
            tr, "th", f"{trait.characteristic} · {trait.name}, куб ", {"colspan": "7", "scope": "colgroup"}
        )
        form.derived(th, f"traits.{trait.key}.die", "span", "rb-sheet__die")
        for s in skills:
            tr = etree.SubElement(body, "tr", {"data-skill": s.key})
            _text(tr, "th", s.name, {"scope": "row"})
            td = etree.SubElement(tr, "td")
            form.field(
                td, f"skills.{s.key}.professional", label=f"{s.name}: профессиональный", hidden_label=True
            )
            for col in ("origin", "trait"):
                form.derived(etree.SubElement(tr, "td", {"class": "rb-sheet__num"}), f"skills.{s.key}.{col}")
            td = etree.SubElement(tr, "td")
            form.field(td, f"skills.{s.key}.extra", label=f"{s.name}: прочие бонусы", hidden_label=True)
            form.derived(
                etree.SubElement(tr, "td", {"class": "rb-sheet__num"}),
                f"skills.{s.key}.total_label",
                "strong",
            )
            form.derived(
                etree.SubElement(tr, "td", {"class": "rb-sheet__num"}), f"skills.{s.key}.die_label", "strong"
            )
    form.hint(fs, "Профессиональных навыков: ", "points.professional.text", "sheet.professional_count")


def _traits(form: Form) -> None:
    fs = form.section(4, "traits", "Черты", "sheet.points")
    groups = etree.SubElement(fs, "div", {"class": "rb-sheet__traits"})
    traits = _node("traits")
    assert isinstance(traits, Record)
    for group in traits.fields:  # the schema's groups (НЧ, ОЧ, БЧ), each with its traits
        kind = group.name
        sub = etree.SubElement(groups, "fieldset", {"class": "rb-sheet__subsection", "data-group": kind})
        _text(sub, "legend", group.label)
        for t in group.fields:
            row = etree.SubElement(sub, "div", {"class": "rb-sheet__trait"})
            form.field(row, f"traits.{kind}.{t.name}")
            if kind == "och":
                out = _text(row, "span", "куб ", {"class": "rb-sheet__die-box"})
                form.derived(out, f"traits.{t.name}.die", "strong")
        p = _text(sub, "p", "Очки: ", {"class": "rb-sheet__hint"})
        form.derived(p, f"points.{kind}.text")


def _abilities(form: Form) -> None:
    fs = form.section(5, "abilities", "Способности", "ability.right_of_strength")
    _text(fs, "p", "От уровней черт (по таблицам главы 2):", {"class": "rb-sheet__hint"})
    ul = etree.SubElement(fs, "ul", {"class": "rb-sheet__list", "data-derived-list": "abilities"})
    _text(ul, "li", "—", {"class": "rb-sheet__placeholder"})

    def build(row: etree.Element, prefix: str) -> None:
        form.row_field(row, prefix, "name")
        form.row_field(row, prefix, "text", css="rb-sheet__field--full", multiline=True)

    form.rows(fs, "abilities", "Добавить способность", build, "Способность")


def _combat(form: Form) -> None:
    fs = form.section(6, "combat", "Боевые показатели")
    dl = etree.SubElement(fs, "dl", {"class": "rb-sheet__stats rb-sheet__stats--big"})
    form.stat(dl, "ОД за раунд", "combat.ap", "sheet.ap")
    form.stat(dl, "Скорость, фт", "combat.speed", "sheet.speed")
    form.stat(dl, "Скорость сейчас, фт", "combat.speed_now", "sheet.serious_effects")
    form.stat(dl, "ОБ, максимум", "combat.ammo_max", "sheet.ammo")
    form.stat(dl, "Мораль, максимум", "combat.morale_max", "sheet.morale")
    form.stat(dl, "Инициатива", "combat.initiative", "sheet.initiative")
    form.stat(dl, "Сложность попадания по вам", "combat.defence", "attack.base_difficulty", "(без укрытия)")
    form.stat(dl, "Дальность броска, фт", "combat.throw_range", "sheet.throw_range")
    form.stat(dl, "Пороги морали (Модуль I)", "combat.thresholds", "sheet.morale_thresholds")
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    for name in ("morale", "ammo", "speed_extra", "morale_extra", "initiative_extra"):
        form.field(grid, f"combat.{name}")
    sub = etree.SubElement(fs, "fieldset", {"class": "rb-sheet__subsection", "data-group": "proficiency"})
    lg = _text(sub, "legend", "Владение оружием (0–6) ")
    _rule_link(lg, "sheet.proficiency")
    grid = etree.SubElement(sub, "div", {"class": "rb-sheet__grid"})
    for key, _label in creation.PROFICIENCY:
        form.field(grid, f"proficiency.{key}")
    p = _text(sub, "p", "Повышений владения от черт: ", {"class": "rb-sheet__hint"})
    form.derived(p, "points.proficiency.text")


def _wounds(form: Form) -> None:
    fs = form.section(7, "wounds", "Ранения и здоровье", "wounds.limits")
    slots = etree.SubElement(fs, "div", {"class": "rb-sheet__slots"})
    for key, label in (
        ("light", "Лёгкие"),
        ("medium", "Средние"),
        ("serious", "Серьёзные"),
        ("critical", "Критическое"),
    ):
        node = _node(f"wounds.{key}")
        assert isinstance(node, Field) and node.maximum is not None
        sub = etree.SubElement(slots, "fieldset", {"class": "rb-sheet__slot-group", "data-slot-group": key})
        lg = _text(sub, "legend", label + " ")
        _text(lg, "span", "", {"class": "rb-sheet__slot-count", "data-slot-count": key})
        boxes = etree.SubElement(
            sub, "div", {"class": "rb-sheet__boxes", "data-path": f"wounds.{key}", "data-type": "slots"}
        )
        for i in range(node.maximum):
            fid = f"rb-sheet-wound-{key}-{i + 1}"
            lab = etree.SubElement(
                boxes, "label", {"class": "rb-sheet__box", "for": fid, "data-index": str(i)}
            )
            etree.SubElement(lab, "input", {"type": "checkbox", "id": fid, "data-slot": key})
            _text(lab, "span", f"{label}: слот {i + 1}", {"class": "rb-sheet__sr"})
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "wounds.bleeding")
    form.field(grid, "wounds.countdown")
    form.field(grid, "wounds.recovering", css="rb-sheet__field--wide")
    form.hint(fs, "Отсчёт до смерти длится раундов: ", "wounds.countdown_max", "wounds.countdown_death")
    form.field(fs, "wounds.traumas", css="rb-sheet__field--full", multiline=True)
    _text(etree.SubElement(fs, "p", {"class": "rb-sheet__subtitle"}), "strong", "Состояние и штрафы")
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "condition.hunger")
    form.field(grid, "condition.sleep")
    ul = etree.SubElement(fs, "ul", {"class": "rb-sheet__list", "data-derived-list": "effects"})
    _text(ul, "li", "—", {"class": "rb-sheet__placeholder"})


def _preset_select(parent: etree.Element, fid: str, kind: str, label: str, grouped: bool) -> None:
    wrap = etree.SubElement(parent, "div", {"class": "rb-sheet__field rb-sheet__preset"})
    _text(wrap, "label", label, {"for": fid, "class": "rb-sheet__label"})
    sel = etree.SubElement(wrap, "select", {"id": fid, "data-preset": kind})
    _text(sel, "option", "— выбрать из главы 4 —", {"value": ""})
    preset_options(sel, sheet_presets()["weapons" if kind == "weapon" else "armors"], grouped)


def _armor(form: Form) -> None:
    fs = form.section(8, "armor", "Броня", "hit.armor_state")
    _preset_select(fs, "rb-sheet-armor-preset", "armor", "Профиль из главы 4", False)
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    for name in ("model", "profile", "armor", "bz_max", "bz", "speed"):
        form.field(grid, f"armor.{name}")
    form.field(fs, "armor.properties", css="rb-sheet__field--full")
    p = etree.SubElement(fs, "p", {"class": "rb-sheet__derived-text"})
    form.derived(p, "armor.protects")
    p = etree.SubElement(fs, "p", {"class": "rb-sheet__derived-text"})
    form.derived(p, "armor.state")


def _weapons(form: Form) -> None:
    fs = form.section(9, "weapons", "Оружие", "attack.modifier")

    def build(row: etree.Element, prefix: str) -> None:
        _preset_select(row, _fid(prefix + ".preset"), "weapon", "Профиль из главы 4", True)
        grid = etree.SubElement(row, "div", {"class": "rb-sheet__grid"})
        for name in ("name", "category", "hit_die", "threshold", "damage", "ap", "skill", "bonus"):
            form.row_field(grid, prefix, name, css="rb-sheet__field--wide" if name == "name" else "")
        form.row_field(row, prefix, "properties", css="rb-sheet__field--full")
        p = _text(row, "p", "Модификатор попадания: ", {"class": "rb-sheet__hit"})
        form.derived(p, f"{prefix}.hit_label", "strong")
        p[-1].tail = " "
        form.derived(p, f"{prefix}.note", "span", "rb-sheet__hint")

    form.rows(fs, "weapons", "Добавить оружие", build, "Оружие")


def _inventory(form: Form) -> None:
    fs = form.section(10, "inventory", "Инвентарь", "sheet.supplies")
    form.field(fs, "inventory.items", css="rb-sheet__field--full", multiline=True)
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "inventory.supplies")
    form.field(grid, "inventory.credits")


def _languages(form: Form) -> None:
    fs = form.section(11, "languages", "Языки и прочее", "sheet.languages")
    p = _text(fs, "p", "Языков при создании: ", {"class": "rb-sheet__hint"})
    form.derived(p, "languages.text")

    def build(row: etree.Element, prefix: str) -> None:
        form.row_field(row, prefix, "name")

    form.rows(fs, "languages", "Добавить язык", build, "Язык")
    form.field(fs, "notes", css="rb-sheet__field--full", multiline=True)


def _roles(form: Form) -> None:
    fs = form.section(12, "roles", "Специализации, Черты характера, Доктрины", "sheet.specialisations")
    for name, values in (
        ("rb-sheet-specialisations", creation.SPECIALISATIONS),
        ("rb-sheet-character-traits", creation.CHARACTER_TRAITS),
        ("rb-sheet-doctrines", creation.DOCTRINES),
    ):
        dl = etree.SubElement(fs, "datalist", {"id": name})
        for v in values:
            etree.SubElement(dl, "option", {"value": v})

    def spec(row: etree.Element, prefix: str) -> None:
        grid = etree.SubElement(row, "div", {"class": "rb-sheet__grid"})
        form.row_field(grid, prefix, "name", datalist="rb-sheet-specialisations", css="rb-sheet__field--wide")
        form.row_field(grid, prefix, "frequency")
        form.row_field(grid, prefix, "used")
        form.row_field(row, prefix, "note", css="rb-sheet__field--full")
        p = _text(row, "p", "Частота: ", {"class": "rb-sheet__hint"})
        form.derived(p, f"{prefix}.frequency_label")

    def trait(row: etree.Element, prefix: str) -> None:
        form.row_field(row, prefix, "name", datalist="rb-sheet-character-traits")
        form.row_field(row, prefix, "note", css="rb-sheet__field--full")

    def doctrine(row: etree.Element, prefix: str) -> None:
        grid = etree.SubElement(row, "div", {"class": "rb-sheet__grid"})
        form.row_field(grid, prefix, "name", datalist="rb-sheet-doctrines", css="rb-sheet__field--wide")
        form.row_field(grid, prefix, "core")
        form.row_field(grid, prefix, "frequency")
        form.row_field(grid, prefix, "used")
        form.row_field(row, prefix, "note", css="rb-sheet__field--full")
        p = _text(row, "p", "", {"class": "rb-sheet__hint"})
        form.derived(p, f"{prefix}.text")

    for key, title, rule, build, add, legend in (
        (
            "specialisations",
            "Специализации",
            "sheet.specialisations",
            spec,
            "Добавить Специализацию",
            "Специализация",
        ),
        (
            "character_traits",
            "Черты характера",
            "sheet.character_traits",
            trait,
            "Добавить Черту характера",
            "Черта",
        ),
        ("doctrines", "Доктрины", "sheet.doctrines", doctrine, "Добавить Доктрину", "Доктрина"),
    ):
        sub = etree.SubElement(fs, "fieldset", {"class": "rb-sheet__subsection", "data-group": key})
        lg = _text(sub, "legend", title + " ")
        _rule_link(lg, rule)
        form.rows(sub, key, add, build, legend)


def _resources(form: Form) -> None:
    fs = form.section(13, "resources", "Сцена: Фортуна, монеты, Аберрантность", "sheet.fortune")
    bar = etree.SubElement(fs, "div", {"class": "rb-sheet__actions"})
    for action, text in (("new_scene", "Новая сцена"), ("new_fight", "Новый бой")):
        _text(bar, "button", text, {"type": "button", "class": "md-button", "data-engine-action": action})
    _text(
        fs,
        "p",
        "«Новая сцена» возвращает Фортуну, Опору и Срыв, снимает отметки «использована» и снижает "
        "Напряжение на 1; «Новый бой» снимает отметки у способностей «1 раз за бой».",
        {"class": "rb-sheet__hint"},
    )
    grid = etree.SubElement(fs, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "resources.fortune")
    form.field(grid, "resources.coins")
    form.field(grid, "resources.studied_target", css="rb-sheet__field--wide")
    form.field(grid, "resources.support_used", css="rb-sheet__field--wide")
    form.field(grid, "resources.breakdown")
    dl = etree.SubElement(fs, "dl", {"class": "rb-sheet__stats"})
    form.stat(dl, "Фортуна в начале сцены", "resources.fortune_max", "sheet.fortune")
    sub = etree.SubElement(fs, "fieldset", {"class": "rb-sheet__subsection", "data-group": "aberrancy"})
    lg = _text(sub, "legend", "Аберрантность (по желанию) ")
    _rule_link(lg, "sheet.gift_ranks")
    grid = etree.SubElement(sub, "div", {"class": "rb-sheet__grid"})
    form.field(grid, "aberrancy.gift", css="rb-sheet__field--wide")
    form.field(grid, "aberrancy.rank")
    form.field(grid, "aberrancy.strain")
    form.field(sub, "aberrancy.note", css="rb-sheet__field--full")
    p = etree.SubElement(sub, "p", {"class": "rb-sheet__derived-text"})
    form.derived(p, "resources.strain_check")


def _checks(form: Form) -> None:
    fs = form.section(None, "checks", "Проверка листа")
    fs.set("id", "rb-sheet-checks")
    ul = etree.SubElement(
        fs, "ul", {"class": "rb-sheet__list rb-sheet__warnings", "data-derived-list": "warnings"}
    )
    _text(ul, "li", "Замечания появятся, когда движок правил загрузится.", {"class": "rb-sheet__placeholder"})
    det = etree.SubElement(fs, "details", {"class": "rb-sheet__why"})
    _text(det, "summary", "Как считалось")
    ol = etree.SubElement(det, "ol", {"class": "rb-sheet__steps", "data-derived-list": "steps"})
    _text(ol, "li", "—", {"class": "rb-sheet__placeholder"})
    det = etree.SubElement(fs, "details", {"class": "rb-sheet__readings"})
    _text(det, "summary", "Как лист читает правила")
    ul = etree.SubElement(det, "ul")
    for r in sheet.READINGS:
        li = _text(ul, "li", r.text + " ")
        _rule_link(li, r.rule)


def render(parent: etree.Element) -> etree.Element:
    root = etree.SubElement(
        parent, "div", {"class": f"{ROOT_CLASS} rb-skip", "id": "rb-sheet", "data-rb-sheet": "fatum"}
    )
    form = Form(root)
    _toolbar(form, root)
    for make in (_identity, _progress, _skills, _traits, _abilities, _combat, _wounds, _armor, _weapons,
                 _inventory, _languages, _roles, _resources, _checks):  # fmt: skip
        make(form)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "schema": CHARACTER.describe(),
        "presets": sheet_presets(),
        "nations": {n: [[p, list(s)] for p, s in paths] for n, paths in creation.NATIONS.items()},
    }
    # a <template>, not a JSON <script>: Material's instant navigation re-runs every inline
    # script of a new page as JavaScript, whatever its type
    holder = etree.SubElement(root, "template", {"class": "rb-sheet__data"})
    holder.text = AtomicString(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return root


class SheetBlock(StrictBlock):
    """`/// sheet`: the character sheet (one per page)."""

    NAME = "sheet"
    ARGUMENT = False
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def create(self, parent: etree.Element) -> etree.Element:
        return render(parent)


class SheetLinkBlock(StrictBlock):
    """`/// sheet-link`: a pointer from the book's appendix to the interactive sheet (placed by
    books.toml, so the generated page stays generated). The link is written site-root-relative
    and made page-relative with the rule links."""

    NAME = "sheet-link"
    ARGUMENT = False
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def create(self, parent: etree.Element) -> etree.Element:
        box = etree.SubElement(parent, "div", {"class": "admonition tip rb-sheet-link"})
        _text(box, "p", "Интерактивный лист персонажа", {"class": "admonition-title"})
        p = _text(
            box,
            "p",
            "Лист по Приложению Г можно заполнить прямо на сайте: кубы успеха, модификаторы попадания "
            "и слоты ранений считаются сами, персонажи сохраняются в браузере и в файл, лист печатается. ",
        )
        _text(p, "a", "Открыть лист персонажа", {"data-rb-rule": SHEET_URL, "href": "#"})
        return box


SHEET_URL = "sheet/"
