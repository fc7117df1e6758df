"""A built site against the calculators: every rule citation's block still holds its quote, the
forms are in the HTML before any script runs, and the Pyodide runtime and the engine files are
in the site (and nowhere they are not needed)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from rulebook.html.citations import Site, stale
from rulebook.mechanics.rules import RULES
from rulebook.widgets.runtime import PYODIDE_FILES

pytestmark = pytest.mark.build


def html(site: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "lxml")


def test_every_rule_citation_points_at_a_block_containing_its_quote(site):
    problems = stale(Site(site), [(r.key, r.url, r.quote) for r in RULES.values()])
    assert not problems, "run scripts/update_rule_ids.py:\n" + "\n".join(problems)


def test_a_quote_is_found_again_after_its_block_moved(site):
    s = Site(site)
    rule = RULES["hit.bz_loss_2"]
    page, block = rule.url.split("#")
    section, n = block.rsplit("--", 1)
    moved = f"{page}#{section}--{int(n) + 3}"
    assert s.locate(moved, rule.quote) == rule.url


def test_the_forms_are_in_the_html_before_any_script_runs(site):
    ch1 = html(site, "fatum/01-bazovye-pravila")
    widget = ch1.select_one(".rb-calc[data-rb-calc=check]")
    assert widget is not None
    for name in (
        "success_die",
        "trait_level",
        "bonus",
        "difficulty_die",
        "modifier",
        "advantage",
        "hindrance",
        "helpers",
    ):
        assert widget.select_one(f"[name={name}]") is not None, name
    assert widget.select_one("select[name=success_die] option[selected]")["value"] == "6"
    # the readings are stated, with links that work without scripts (relative to the page)
    links = widget.select(".rb-calc__readings a[data-rb-rule]")
    assert links and all(a["href"] == "#" + a["data-rb-rule"].split("#")[1] for a in links)  # same page
    ch3_links = html(site, "fatum/03-boi").select(".rb-calc[data-rb-calc=attack] a[data-rb-rule^='fatum/01']")
    assert ch3_links and all(a["href"].startswith("../01-bazovye-pravila/#") for a in ch3_links)
    # the widget is not a numbered block: it shifts no paragraph id
    assert not widget.has_attr("data-rb-block")
    ch3 = html(site, "fatum/03-boi")
    damage = ch3.select_one(".rb-calc[data-rb-calc=damage]")
    assert damage.select_one("select[data-preset=weapon] option[value=army_carbine]") is not None
    assert damage.select_one("select[data-preset=armor] option[value=army_vest]") is not None
    assert {b["data-action"] for b in damage.select("button[data-action]")} >= {
        "hit",
        "end_turn",
        "stabilise",
        "stop_bleeding",
        "short_rest",
        "reset",
        "undo",
        "redo",
    }
    # placed at the end of 3.9, before 3.10
    following = damage.find_next(["h2"])
    assert following is not None and following.get_text().startswith("3.10")


def test_the_pyodide_runtime_and_the_engine_are_in_the_site(site):
    base = site / "assets" / "rulebook"
    for name, digest in PYODIDE_FILES.items():
        assert hashlib.sha256((base / "pyodide" / name).read_bytes()).hexdigest() == digest
    manifest = json.loads((base / "engine" / "manifest.json").read_text(encoding="utf-8"))
    for rel in manifest["files"]:
        assert (base / "engine" / rel).is_file()
    assert "rulebook/mechanics/check.py" in manifest["files"]
    if manifest["snapshot"]:
        assert (base / manifest["snapshot"]).stat().st_size > 1 << 20


def test_pages_without_a_calculator_reference_only_the_tiny_loader(site):
    text = (site / "fatum" / "02-sozdanie-personazha" / "index.html").read_text(encoding="utf-8")
    assert "calc-loader.js" in text
    assert "rb-calc" not in text and "calc.js" not in text and "pyodide" not in text
