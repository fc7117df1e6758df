"""Chromium via Playwright: Debian's /usr/bin/chromium, never a downloaded browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.support.browser import ARGS, CHROMIUM

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "e2e"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (make test does)")
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    yield b
    b.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ru-RU")
    yield ctx
    ctx.close()


class ForeignRequests(list[str]):
    """URLs the page asked for outside the site's own origin."""


@pytest.fixture
def page(context: BrowserContext, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    p = context.new_page()
    foreign = ForeignRequests()
    own = (server, "data:", "blob:")
    if "fresh_server" in request.fixturenames:  # the same site on another port
        own = (*own, request.getfixturevalue("fresh_server"))
    p.on("request", lambda r: foreign.append(r.url) if not r.url.startswith(own) else None)
    p.foreign_requests = foreign  # type: ignore[attr-defined]
    yield p
    assert not foreign, f"requests outside the site: {foreign}"


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Path:
    """Folder for this test's screenshots."""
    d = OUTPUT / request.node.name
    d.mkdir(parents=True, exist_ok=True)
    return d
