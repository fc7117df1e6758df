"""What a reader sees: home page -> a chapter -> a paragraph URL scrolled to and highlighted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect


def test_home_links_to_chapter_three_and_a_paragraph_url_is_scrolled_to_and_highlighted(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/")
    expect(page.locator("h1").first).to_contain_text("Справочник правил")
    page.locator(".rb-books a", has_text="FATUM").first.click()
    page.wait_for_url(re.compile(r"/fatum/$"))
    page.get_by_role("link", name=re.compile(r"Глава 3\. Бой")).first.click()
    page.wait_for_url(re.compile(r"/fatum/03-boi/$"))
    expect(page.locator("h1")).to_have_text(re.compile("Глава 3. Бой"))
    page.screenshot(path=str(shot / "chapter-3.png"))

    # a paragraph deep in the page that mentions «Кровотечение»
    target = page.locator("[data-rb-block]", has_text="Кровотечение").nth(3)
    block_id = target.get_attribute("id")
    assert block_id and "--" in block_id
    page.goto(f"{server}/fatum/03-boi/#{block_id}")
    block = page.locator(f"[id='{block_id}']")
    expect(block).to_have_class(re.compile(r"\brb-target\b"))
    expect(block).to_be_in_viewport()
    # scrolled so that the block sits near the top, below the sticky header
    page.wait_for_function(
        "id => { const r = document.getElementById(id)?.getBoundingClientRect();"
        " return !!r && r.top >= 0 && r.top < 400; }",
        arg=block_id,
    )
    outline = block.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"
    page.screenshot(path=str(shot / "paragraph.png"))


@pytest.mark.service_worker  # what its worker fetches counts too
def test_the_site_requests_nothing_from_other_hosts(page: Page, server: str) -> None:
    for path in ("/", "/fatum/", "/fatum/01-bazovye-pravila/"):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
    assert page.foreign_requests == []  # type: ignore[attr-defined]


@pytest.mark.devices("desktop", "phone")
def test_a_table_landed_on_keeps_its_look(page: Page, server: str, shot: Path) -> None:
    """Material draws only the tables that have no class (padding, rules, header): a table named
    by the URL is highlighted and still looks as the others do, landed on by a link from another
    page or from within its own."""
    table = "4-1-5-tiazheloe-oruzhie--2"  # 4.1.5, the heavy weapons' table
    look = """(id) => { const cell = document.getElementById(id).querySelector('td');
        const s = getComputedStyle(cell); return [s.paddingLeft, s.borderTopWidth, s.fontSize]; }"""
    page.goto(server + "/fatum/04-snariazhenie/")
    expected = page.evaluate(look, table)
    assert expected[0] != "0px"
    for start in ("/fatum/03-boi/", "/fatum/04-snariazhenie/"):  # from another page, from its own
        page.goto(server + start)
        page.goto(f"{server}/fatum/04-snariazhenie/#{table}")
        landed = page.locator(f"[id='{table}']")
        expect(landed).to_be_in_viewport()
        expect(landed).to_have_css("outline-style", "solid")  # highlighted
        assert page.evaluate(look, table) == expected
    page.screenshot(path=str(shot / "table.png"))


@pytest.mark.devices("desktop", "phone")
def test_a_table_landed_on_shows_its_whole_frame(page: Page, server: str, shot: Path) -> None:
    """The highlight's frame of a table lies inside the box that scrolls the table sideways
    (Material's wrapper), which clips what passes it: drawn outside the table, it had no top."""
    table = "klassy-broni--1"  # 3.4, the armour classes: the first block of its section
    page.goto(f"{server}/fatum/03-boi/#{table}")
    landed = page.locator(f"[id='{table}']")
    expect(landed).to_be_in_viewport()
    expect(landed).to_have_css("outline-style", "solid")
    frame = page.evaluate(
        """(id) => { const t = document.getElementById(id), s = getComputedStyle(t);
        const out = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth), r = t.getBoundingClientRect();
        const w = t.closest('.md-typeset__scrollwrap').getBoundingClientRect();
        return [r.top - out - w.top, w.bottom - r.bottom - out,
                r.left - out - w.left, w.right - r.right - out]; }""",
        table,
    )
    assert all(side >= -0.5 for side in frame), frame  # top, bottom, left, right inside the wrapper
    page.screenshot(path=str(shot / "frame.png"))
