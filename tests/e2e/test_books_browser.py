"""In Chromium: the home page shows five book cards, and a chapter of a new book shows which
book it belongs to (with the translator's credit from the source's footer)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.support.browser import ARGS, CHROMIUM

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.e2e]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("site")
    build(load_config(str(ROOT / "mkdocs.yml"), site_dir=str(out), strict=True))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="module")
def page(base_url: str, playwright):
    # one Playwright driver per test process (the session fixture in conftest.py): a second
    # sync_playwright() in the same process fails whenever xdist puts two browser modules together
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    yield browser.new_page()
    browser.close()


def test_home_page_lists_five_books(page, base_url):
    page.goto(base_url)
    cards = page.locator(".rb-books .rb-book")
    assert cards.count() == 5
    assert all(cards.nth(i).is_visible() for i in range(5))
    assert cards.locator("strong").all_inner_texts() == [
        "FATUM",
        "Starfinder 2e: Ведение игры",
        "D&D 3.5: Бой",
        "D&D 2024: Глоссарий правил",
        "Star Wars d20: Бой",
    ]


def test_a_chapter_shows_its_book_and_credit(page, base_url):
    page.goto(base_url)
    page.locator(".rb-books").get_by_role("link", name="Star Wars d20: Бой").click()
    page.locator("article").get_by_role("link", name="Глава 8. Бой").click()
    badge = page.locator(".rb-book-badge")
    badge.wait_for()
    assert "Star Wars d20: Бой" in badge.inner_text()
    assert "Авторский перевод: Ганул Артем aka Rocker" in badge.inner_text()
    assert page.locator("h1").first.inner_text().startswith("Глава 8. Бой")
