"""The site opened at an address a browser does not count as secure: plain http on a name other
than localhost, as a laptop serving the book to the table's phones over the room's network. The
browser gives such a page no service worker and no Cache API; everything the reader does still
works while there is a network, and the offline dialog says why the site cannot be kept offline
here, and where it can.

The browser is one launched for this module that resolves a made-up name to the session's server
(a test cannot count on the machine having an address other than loopback)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from tests.e2e.conftest import DEVICES
from tests.support.browser import ARGS, CHROMIUM

pytestmark = pytest.mark.devices("desktop", "phone")

NAME = "rulebook-table.test"


@pytest.fixture(scope="module")
def far_browser(playwright: Playwright) -> Iterator[Browser]:
    b = playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"]
    )
    yield b
    b.close()


@pytest.fixture
def insecure(server: str) -> str:
    """The session's site at a plain-http address that is not localhost."""
    return f"http://{NAME}:{urlsplit(server).port}"


@pytest.fixture
def far_page(far_browser: Browser, device: str, insecure: str) -> Iterator[Page]:
    ctx = far_browser.new_context(locale="ru-RU", **DEVICES[device])  # type: ignore[arg-type]
    page = ctx.new_page()
    foreign: list[str] = []
    page.on(
        "request",
        lambda r: foreign.append(r.url) if not r.url.startswith((insecure, "data:", "blob:")) else None,
    )
    yield page
    ctx.close()
    assert not foreign, f"requests outside the site: {foreign}"


def test_at_an_insecure_address_the_offline_dialog_names_the_address_as_the_reason_and_the_rest_works(
    far_page: Page, insecure: str, device: str, shot: Path
) -> None:
    page = far_page
    page.goto(insecure + "/fatum/01-bazovye-pravila/")
    assert page.evaluate("isSecureContext") is False
    assert page.evaluate("window.rulebook.offline.state") == "unsupported"

    button = page.locator("#rb-offline-toggle")
    expect(button).to_have_attribute("aria-label", re.compile("по этому адресу"))
    button.click()
    dialog = page.locator("#rb-offline")
    expect(dialog).to_contain_text(insecure)  # the address, not the browser, is why
    expect(dialog).to_contain_text("https://")
    expect(dialog).not_to_contain_text("Этот браузер")
    page.screenshot(path=str(shot / "offline-dialog.png"))
    page.keyboard.press("Escape")

    # search from the header's button lands on the paragraph
    search = page.locator(".rb-search-button")
    search.tap() if device == "phone" else search.click()
    page.keyboard.type("кравотечение")
    page.wait_for_function(
        "() => document.querySelector('.rb-palette').dataset.renderedQuery === 'кравотечение'"
    )
    page.locator(".rb-result").first.click()
    page.wait_for_url("**/fatum/03-boi/#krovotechenie")
    expect(page.locator("#krovotechenie")).to_have_class(re.compile(r"\brb-target\b"))

    # a pin is kept (localStorage) and shown on the GM screen's page
    block = page.locator("[id='krovotechenie--1']")
    block.tap() if device == "phone" else block.hover()
    block.locator(":scope > .rb-pin").click()
    page.goto(insecure + "/gm-screen/")
    expect(page.locator("section.rb-card").first).to_be_visible()
    expect(page.locator("#rb-pins-toggle .rb-pins-toggle__count")).to_have_text("1")
    page.screenshot(path=str(shot / "gm-screen.png"))
