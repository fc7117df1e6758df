"""The built site has the character sheet: a page whose form is in the HTML before any script runs,
with a labelled control for every field of the document, reached from Приложение З, the home page
and the navigation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from rulebook.mechanics.base import Field
from rulebook.mechanics.records import Record, Rows
from rulebook.mechanics.sheet_schema import CHARACTER, FORMAT, VERSION

pytestmark = pytest.mark.build


def page(site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path / "index.html").read_text(encoding="utf-8"), "lxml")


def leaf_paths(node: Record | Rows, prefix: str = "") -> list[str]:
    """Every field's data-path in the form (`weapons[].name` inside a row)."""
    out: list[str] = []
    fields = node.item.fields if isinstance(node, Rows) else node.fields
    base = f"{prefix}{node.name}[]." if isinstance(node, Rows) else prefix
    for f in fields:
        if isinstance(f, Field):
            out.append(base + f.name)
        else:
            out.extend(leaf_paths(f, base if isinstance(f, Rows) else f"{base}{f.name}."))
    return out


def test_every_field_of_the_document_has_a_labelled_control(site: Path) -> None:
    soup = page(site, "sheet")
    root = soup.select_one(".rb-sheet")
    assert root is not None and "rb-skip" in root["class"]
    paths = {p for p in leaf_paths(CHARACTER) if p != "id"}  # the id is kept by the script
    found: dict[str, Tag] = {}
    for el in root.find_all(attrs={"data-path": True}):  # rows too: CSS selectors skip <template>s
        found[str(el["data-path"])] = el
    assert paths == set(found), sorted(paths ^ set(found))
    for path, el in found.items():
        if el.get("data-type") == "slots":
            boxes = el.select("input[type=checkbox]")
            assert boxes and all(root.find("label", attrs={"for": b["id"]}) for b in boxes), path
            continue
        label = root.find("label", attrs={"for": el["id"]})
        assert label is not None and label.decode_contents().strip(), path  # get_text skips <template>s


def test_the_form_and_its_data_are_in_the_html(site: Path) -> None:
    root = page(site, "sheet").select_one(".rb-sheet")
    assert root.select_one("[data-path='traits.och.vigilant'][type=number][min='0'][max='6']") is not None
    assert root.select_one("[data-derived='skills.marksmanship.die_label']").get_text() == "—"
    assert {t["data-row"] for t in root.select("template[data-row]")} == {
        "weapons",
        "abilities",
        "specialisations",
        "character_traits",
        "doctrines",
        "languages",
    }
    data = json.loads(root.select_one("template.rb-sheet__data").get_text())
    assert (data["format"], data["version"]) == (FORMAT, VERSION)
    assert data["schema"] == json.loads(json.dumps(CHARACTER.describe()))
    assert any(w["key"] == "army_carbine" and w["row"]["threshold"] == 2 for w in data["presets"]["weapons"])
    # rule links work without scripts: page-relative, to blocks of the book
    links = root.select("a[data-rb-rule]")
    assert links and all(a["href"].startswith("../fatum/") and "#" in a["href"] for a in links)
    for fieldset in root.select("fieldset"):
        assert fieldset.find("legend", recursive=False) is not None
    # the species whose rules the sheet counts are offered as the player types «Вид»
    species = root.select_one("[data-path='identity.species']")
    offered = {o["value"] for o in root.select(f"datalist#{species['list']} option")}
    assert {"Человек", "Паллид", "Волколак"} <= offered


def test_the_sheet_is_reached_from_the_appendix_the_home_page_and_the_navigation(site: Path) -> None:
    appendix = page(site, "fatum/06-prilozheniia")
    link = appendix.select_one(".rb-sheet-link a")
    assert link is not None and link["href"] == "../../sheet/"
    heading = link.find_previous(["h2"])
    assert heading is not None and heading.get_text().startswith("Приложение З")
    home = page(site, "")
    assert home.select_one(".md-content a[href='sheet/']") is not None
    assert any(a.get_text(strip=True) == "Лист персонажа FATUM" for a in home.select(".md-nav__link"))
    assert (site / "assets" / "rulebook" / "sheet.js").exists()
    assert (site / "assets" / "rulebook" / "sheet-schema.js").exists()
