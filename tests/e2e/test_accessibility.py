"""No serious or critical axe-core violations on the pages people use at the table.

Add a page by appending to PAGES (path, label, optional setup run before the check).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import assert_accessible


def _with_pins_panel(page: Page) -> None:
    page.locator("[data-rb-block]", has_text="Укрытие — это любой объект").first.hover()
    page.locator("[data-rb-block]", has_text="Укрытие — это любой объект").first.locator(".rb-pin").click()
    page.locator("#rb-pins-toggle").click()
    expect(page.locator("#rb-pins")).to_be_visible()


def _with_offline_dialog(page: Page) -> None:
    page.locator("#rb-offline-toggle").click()
    expect(page.locator("#rb-offline")).to_be_visible()


PAGES: list[tuple[str, str, Callable[[Page], None] | None]] = [
    ("/", "home", None),
    ("/fatum/03-boi/", "chapter", None),
    ("/gm-screen/", "gm-screen", None),
    ("/fatum/03-boi/", "chapter-with-pins-panel", _with_pins_panel),
    ("/gm-screen/", "gm-screen-with-offline-dialog", _with_offline_dialog),
]


@pytest.mark.parametrize(("path", "label", "setup"), PAGES, ids=[p[1] for p in PAGES])
def test_no_serious_or_critical_axe_violations(
    page: Page, server: str, shot: Path, path: str, label: str, setup: Callable[[Page], None] | None
) -> None:
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    if setup:
        setup(page)
    page.screenshot(path=str(shot / f"{label}.png"))
    assert_accessible(page, label)
