"""`/// card | <reference> [<reference>...]`: a GM-screen card whose text comes from the book.

A reference names a rendered heading or block the way a Markdown link would, relative to the
page holding the card: `fatum/03-boi.md#3-2-deistviia-v-boiu` (a heading: its section) or
`fatum/03-boi.md#3-2-deistviia-v-boiu--3` (one block). At Markdown time the block only leaves a
placeholder with its references and options; `transclude.fill` puts the text in once every page
of the build is rendered, so a card always shows the current source and never a hand copy.

Options (indented YAML under the header, as for any pymdownx block):
  title     card title (default: the first reference's heading)
  sections  include the subsections of a referenced heading (default true)
  examples  keep «Пример» boxes (default false: a GM screen has no room for them)
  exclude   ids on the same pages to leave out (a heading drops its whole subsection)
  wide      the card spans two grid columns
  slot      a named place kept for a widget added later (no reference needed)
The block's own Markdown body, if any, is shown under the transcluded text.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as etree
from dataclasses import asdict, dataclass, field
from typing import Any

from pymdownx.blocks.block import type_string

from rulebook.widgets.strict import StrictBlock, boolean

ATTR = "data-rb-card"


def _type_words(value: Any) -> list[str]:
    """A list in YAML (`[a, b]`) or a space-separated string."""
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [w for v in value for w in v.split()]
    raise ValueError(f"expected a list of ids, got {value!r}")


def _type_slot(value: Any) -> str:
    s = type_string(value)
    if s and not s.replace("-", "").isalnum():
        raise ValueError(f"slot names are letters, digits and '-', got {s!r}")
    return s


@dataclass(frozen=True)
class CardSpec:
    refs: list[str] = field(default_factory=list)
    title: str = ""
    sections: bool = True
    examples: bool = False
    exclude: list[str] = field(default_factory=list)
    wide: bool = False
    slot: str = ""

    def dump(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def load(cls, raw: str) -> CardSpec:
        return cls(**json.loads(raw))

    @property
    def label(self) -> str:
        """How a message names the card: its title, else its first reference."""
        return self.title or (self.refs[0] if self.refs else self.slot or "?")


class CardBlock(StrictBlock):
    NAME = "card"
    ARGUMENT = None
    OPTIONS = {  # noqa: RUF012 (pymdownx's declared shape)
        "title": ("", type_string),
        "sections": (True, boolean),
        "examples": (False, boolean),
        "exclude": ([], _type_words),
        "wide": (False, boolean),
        "slot": ("", _type_slot),
    }

    def check(self, arg: Any, options: dict[str, Any]) -> str | None:
        # a card that can never be filled fails where it is written
        if not (arg or "").split() and not options.get("slot"):
            return "give a reference after '|' (page.md#id) or a 'slot' option"
        return None

    def create(self, parent: etree.Element) -> etree.Element:
        spec = CardSpec(
            refs=(self.argument or "").split(),
            title=self.options["title"],
            sections=self.options["sections"],
            examples=self.options["examples"],
            exclude=self.options["exclude"],
            wide=self.options["wide"],
            slot=self.options["slot"],
        )
        return etree.SubElement(parent, "div", {"class": "rb-card", ATTR: spec.dump()})
