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


def _with_sheet_rows(page: Page) -> None:
    """The sheet with a row of every kind and the engine's answers on the page."""
    for rows in ("weapons", "abilities", "specialisations", "character_traits", "doctrines", "languages"):
        page.locator(f"[data-add-row='{rows}']").click()
    page.locator("[data-path='traits.och.vigilant']").fill("7")  # an error message next to a field
    page.wait_for_function(
        "document.querySelector('.rb-sheet').dataset.engine === 'ready' && "
        "document.querySelector('.rb-sheet').dataset.computed",
        timeout=90_000,
    )
    page.locator(".rb-sheet__why").evaluate("d => d.open = true")
    expect(page.locator("#rb-sheet-traits-och-vigilant-error")).to_be_visible()


PAGES: list[tuple[str, str, Callable[[Page], None] | None]] = [
    ("/", "home", None),
    ("/fatum/03-boi/", "chapter", None),
    ("/gm-screen/", "gm-screen", None),
    ("/fatum/03-boi/", "chapter-with-pins-panel", _with_pins_panel),
    ("/gm-screen/", "gm-screen-with-offline-dialog", _with_offline_dialog),
    ("/sheet/", "sheet", None),
    ("/sheet/", "sheet-with-rows-and-derived-values", _with_sheet_rows),
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
