"""In Chromium: the home page shows a card for every registered book, and a chapter of a new book shows which
book it belongs to (with the translator's credit from the source's footer)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from rulebook.books import load_registry

ROOT = Path(__file__).resolve().parents[2]
TITLES = [b.title for b in load_registry(ROOT / "sources" / "books.toml", ROOT / "docs")]

pytestmark = [pytest.mark.e2e]


@pytest.fixture(scope="module")
def base_url(server: str) -> str:
    """The session's built site (tests/conftest.py), with a trailing slash."""
    return server + "/"


@pytest.fixture(scope="module")
def page(base_url: str, browser):
    # the session's Chromium (tests/e2e/conftest.py); one page for both tests, as before
    context = browser.new_context(service_workers="block")  # as conftest.open_context: no offline copy
    yield context.new_page()
    context.close()


def test_home_page_lists_every_registered_book(page, base_url):
    page.goto(base_url)
    cards = page.locator(".rb-books .rb-book")
    assert cards.count() == len(TITLES)
    assert all(cards.nth(i).is_visible() for i in range(len(TITLES)))
    assert cards.locator("strong").all_inner_texts() == TITLES


def test_a_chapter_shows_its_book_and_credit(page, base_url):
    page.goto(base_url)
    page.locator(".rb-books").get_by_role("link", name="Star Wars d20: Бой").click()
    page.locator("article").get_by_role("link", name="Глава 8. Бой").click()
    # the book's own index page has a badge too: wait for the chapter, not for any badge
    expect(page.locator("h1").first).to_have_text(re.compile(r"^Глава 8\. Бой"))
    badge = page.locator(".rb-book-badge")
    expect(badge).to_contain_text("Star Wars d20: Бой")
    expect(badge).to_contain_text("Авторский перевод: Ганул Артем aka Rocker")
