"""Small ElementTree builders shared by the widgets that render forms at build time."""

from __future__ import annotations

import xml.etree.ElementTree as etree
from collections.abc import Callable
from typing import Any

from markdown.util import AtomicString


def text_el(
    parent: etree.Element, tag: str, text: str, attrib: dict[str, str] | None = None
) -> etree.Element:
    """A child element holding text that Markdown must not process further."""
    el = etree.SubElement(parent, tag, attrib or {})
    el.text = AtomicString(text)
    return el


def preset_options(
    sel: etree.Element,
    items: list[dict[str, Any]],
    grouped: bool,
    attrs: Callable[[dict[str, Any]], dict[str, str]] = lambda item: {"value": item["key"]},
) -> None:
    """One <option> per chapter-4 preset, in <optgroup>s by the preset's group when asked."""
    groups: dict[str, etree.Element] = {}
    for item in items:
        target = sel
        if grouped:
            g = item["group"]
            if g not in groups:
                groups[g] = etree.SubElement(sel, "optgroup", {"label": g})
            target = groups[g]
        text_el(target, "option", item["name"], attrs(item))
