"""Readable wide tables: columns of long prose get a minimum width, short columns stay compact.

Chapter 4's weapon tables have ten short columns and one long «Особенность»; with automatic
layout the browser squeezes the prose into a tall narrow column. Marking prose cells lets the
stylesheet give them room (the table then scrolls sideways, as Material tables do).
"""

from __future__ import annotations

from rulebook.html import tree
from rulebook.html.tree import Element

PROSE = 60  # characters: a column whose longest cell is at least this long holds prose


def mark_prose_columns(root: Element) -> None:
    for table in root.iter("table"):
        rows = [[c for c in tr.iterchildren("td", "th")] for tr in table.iter("tr")]
        if any(c.get("rowspan") or c.get("colspan") for r in rows for c in r):
            continue  # positions are not columns when cells span; leave the layout alone
        widths: dict[int, int] = {}
        for r in rows:
            for i, c in enumerate(r):
                widths[i] = max(widths.get(i, 0), len(tree.text(c)))
        prose = {i for i, w in widths.items() if w >= PROSE}
        if not prose or len(widths) < 3:
            continue
        for r in rows:
            for i, c in enumerate(r):
                if i in prose:
                    tree.add_class(c, "rb-prose")
