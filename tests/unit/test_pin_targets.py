"""The build's list of pin targets: every heading and block id of a page, stored compactly."""

from __future__ import annotations

import json
from pathlib import Path

from bs4 import BeautifulSoup
from rulebook.html import blockids, tree
from rulebook.html.targets import FILE, Targets

PAGE = """\
<p>До первого заголовка.</p>
<h2 id="3-2-deistviia">3.2. Действия</h2>
<p>Один <span id="otkhod--2">(якорь)</span>.</p><ul><li>Два</li><li>Три</li></ul>
<p id="ruchnoi">Свой id.</p>
<h3 id="blok">Блок</h3>
<h3 id="otkhod">Отход</h3>
<p>Четыре.</p>
<p>Пять.</p>
"""


def build() -> tuple[Targets, BeautifulSoup]:
    """The targets of PAGE, and the page as the build writes it (read back with BeautifulSoup)."""
    root = tree.parse(PAGE)
    t = Targets({"fatum": "FATUM"})
    pairs = blockids.assign(root, "03-boi")
    t.add("fatum/03-boi/", "Глава 3. Бой", "fatum", [(str(el.tag), el.get("id", "")) for el, _ in pairs])
    return t, BeautifulSoup(tree.serialize(root), "html.parser")


def expand(entry: dict) -> set[str]:
    """Every id the browser would accept for this page entry (the rule pins.js applies)."""
    ids = set(entry["h"]) | set(entry.get("x", []))
    for section, n in entry["s"].items():
        ids |= {f"{section}--{i}" for i in (range(1, n + 1) if isinstance(n, int) else n)}
    return ids


def test_the_list_names_exactly_the_pinnable_ids_of_the_page() -> None:
    t, soup = build()
    data = json.loads(t.as_json())
    entry = data["pages"]["fatum/03-boi/"]
    pinnable = {el["id"] for el in soup.find_all(True) if el.has_attr("data-rb-block")}
    pinnable |= {h["id"] for h in soup.find_all(["h2", "h3"])}
    assert expand(entry) == pinnable
    assert entry["t"] == "Глава 3. Бой" and entry["b"] == "fatum"
    assert data["books"] == {"fatum": "FATUM"}


def test_contiguous_sections_are_stored_as_counts_and_gaps_as_lists() -> None:
    t, _ = build()
    entry = json.loads(t.as_json())["pages"]["fatum/03-boi/"]
    assert entry["s"]["3-2-deistviia"] == 3  # p, li, li (the hand-written id is kept apart)
    assert entry["x"] == ["ruchnoi"]
    assert entry["s"]["otkhod"] == [1, 3]  # «otkhod--2» was taken by a hand-written anchor
    assert "blok" in entry["h"] and "blok" not in entry["s"]


def test_written_into_the_site(tmp_path: Path) -> None:
    t, _ = build()
    out = t.write(tmp_path)
    assert out == tmp_path / FILE
    assert json.loads(out.read_text(encoding="utf-8"))["v"] == 1
