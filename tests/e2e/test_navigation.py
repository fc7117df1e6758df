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
