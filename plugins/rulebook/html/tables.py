"""Readable wide tables: columns of long prose get a minimum width, short columns stay compact.

Chapter 4's weapon tables have ten short columns and one long «Особенность»; with automatic
layout the browser squeezes the prose into a tall narrow column. Marking prose cells lets the
stylesheet give them room (the table then scrolls sideways, as Material tables do).
"""

from __future__ import annotations

from bs4 import BeautifulSoup

PROSE = 60  # characters: a column whose longest cell is at least this long holds prose


def mark_prose_columns(soup: BeautifulSoup) -> None:
    for table in soup.find_all("table"):
        rows = table.find_all("tr")
        if any(c.get("rowspan") or c.get("colspan") for r in rows for c in r.find_all(["td", "th"])):
            continue  # positions are not columns when cells span; leave the layout alone
        widths: dict[int, int] = {}
        for r in rows:
            for i, c in enumerate(r.find_all(["td", "th"], recursive=False)):
                widths[i] = max(widths.get(i, 0), len(c.get_text(" ", strip=True)))
        prose = {i for i, w in widths.items() if w >= PROSE}
        if not prose or len(widths) < 3:
            continue
        for r in rows:
            for i, c in enumerate(r.find_all(["td", "th"], recursive=False)):
                if i in prose:
                    c["class"] = [*c.get("class", []), "rb-prose"]
