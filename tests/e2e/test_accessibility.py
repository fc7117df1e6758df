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


# the offline dialog as it is while the service worker makes the offline copy
OFFLINE = pytest.mark.service_worker
PAGES = [
    pytest.param("/", "home", None, id="home"),
    pytest.param("/fatum/03-boi/", "chapter", None, id="chapter"),
    pytest.param("/gm-screen/", "gm-screen", None, id="gm-screen"),
    pytest.param("/fatum/03-boi/", "chapter-with-pins-panel", _with_pins_panel, id="chapter-with-pins-panel"),
    pytest.param(
        "/gm-screen/",
        "gm-screen-with-offline-dialog",
        _with_offline_dialog,
        id="gm-screen-with-offline-dialog",
        marks=OFFLINE,
    ),
    pytest.param("/sheet/", "sheet", None, id="sheet"),
    pytest.param(
        "/sheet/",
        "sheet-with-rows-and-derived-values",
        _with_sheet_rows,
        id="sheet-with-rows-and-derived-values",
    ),
]


@pytest.mark.parametrize(("path", "label", "setup"), PAGES)
def test_no_serious_or_critical_axe_violations(
    page: Page, server: str, shot: Path, path: str, label: str, setup: Callable[[Page], None] | None
) -> None:
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    if setup:
        setup(page)
    page.screenshot(path=str(shot / f"{label}.png"))
    assert_accessible(page, label)


def test_a_heading_is_named_by_its_own_words_not_its_permalink_or_pin_button(page: Page, server: str) -> None:
    """A screen reader lists a page's headings by their names: each is the words the reader sees,
    not «… ¶ Закрепить раздел «…»» (the permalink and the pin button inside are named on their own)."""
    page.goto(server + "/sf2e/vedenie-igry/")
    heading = page.locator("#priniatie-reshenii")
    heading.hover()  # the pin buttons are added around the screen
    expect(heading.locator(".rb-pin")).to_have_count(1)
    expect(page.get_by_role("heading", name="Принятие решений Making Choices", exact=True)).to_have_count(1)
    pin = "Закрепить раздел «Принятие решений Making Choices»"
    expect(heading.get_by_role("button", name=pin)).to_have_count(1)
    expect(heading.get_by_role("link", name="¶")).to_have_count(1)
