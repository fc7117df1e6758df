"""At the table without a network: after one visit (and the calculators' runtime saved on
request), another page opens, Ctrl+K finds a rule and a calculator computes — all offline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.service_worker  # the offline copy is what these tests are about

READY = "window.rulebook && window.rulebook.offline && window.rulebook.offline.state === 'ready'"
CHECK = "#rb-calc-check-1"


def test_pages_search_and_calculators_work_with_the_network_cut(
    page: Page, context: BrowserContext, server: str, shot: Path
) -> None:
    page.goto(server + "/")
    page.wait_for_function(READY, timeout=60_000)
    page.locator("#rb-offline-toggle").click()
    runtime = page.locator("#rb-offline .rb-offline__runtime")
    runtime.get_by_role("button", name=re.compile("Скачать для работы без сети")).click()
    expect(runtime).to_contain_text("сохранена", timeout=120_000)
    page.keyboard.press("Escape")

    context.set_offline(True)
    try:
        # a page never opened before
        page.goto(server + "/fatum/01-bazovye-pravila/")
        expect(page.locator("h1")).to_have_text(re.compile("Глава 1"))

        # Ctrl+K: the index comes from the service worker's cache
        page.keyboard.press("Control+k")
        box = page.get_by_role("combobox", name="Поиск по правилам")
        box.fill("кравотечение")
        first = page.locator("#rb-palette-list").get_by_role("option").first
        expect(first).to_contain_text("ровотечени", timeout=15_000)
        page.screenshot(path=str(shot / "offline-search.png"))
        page.keyboard.press("Escape")

        # the check resolver boots Pyodide from the cache and computes 1к8+1 vs 1к6 exactly
        widget = page.locator(CHECK)
        widget.scroll_into_view_if_needed()
        widget.locator("select[name=success_die]").select_option("8")
        widget.locator("input[name=bonus]").fill("1")
        widget.locator("select[name=difficulty_die]").select_option("6")
        expect(widget.locator("[data-key=p_success]")).to_have_text("19/24", timeout=60_000)
        widget.screenshot(path=str(shot / "offline-calculator.png"))
    finally:
        context.set_offline(False)
