"""The built site shows every book of the registry, whatever they are: the home page lists them in
registry order, each is its own navigation section, every page says which book it belongs to (and
the translator's credit where the source has one). Nothing here names or counts the books, so a
book added by the README's recipe is checked too."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from rulebook.books import BookInfo, load_registry

ROOT = Path(__file__).resolve().parents[2]
REGISTRY = load_registry(ROOT / "sources" / "books.toml", ROOT / "docs")

pytestmark = pytest.mark.build


def soup(site: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")


def chapters(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} глава"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} главы"
    return f"{n} глав"


def test_home_page_lists_every_registered_book_in_order(site):
    cards = soup(site, ".").select(".rb-books .rb-book")
    assert [c["data-book"] for c in cards] == [b.slug for b in REGISTRY]
    assert [c.find("strong").get_text() for c in cards] == [b.title for b in REGISTRY]
    meta = {c["data-book"]: c.select_one(".rb-book-meta").get_text() for c in cards}
    assert meta == {b.slug: f"{b.system} · {chapters(len(b.pages))}" for b in REGISTRY}


def test_each_book_is_a_navigation_section_in_registry_order(site):
    first = REGISTRY[0]
    nav = soup(site, f"{first.slug}/{first.pages[0][:-3]}").select(
        "nav.md-nav--primary > ul > li.md-nav__item--section"
    )
    titles = [li.find(["label", "a"]).get_text(" ", strip=True) for li in nav]
    wanted = [b.title for b in REGISTRY]
    assert [t for t in titles if t in wanted] == wanted


@pytest.mark.parametrize("book", REGISTRY, ids=[b.slug for b in REGISTRY])
def test_every_page_shows_its_book(site, book: BookInfo):
    for name in book.pages:
        badge = soup(site, f"{book.slug}/{name[:-3]}").select_one(".rb-book-badge")
        assert badge is not None and badge["data-book"] == book.slug, name
        assert badge.find("a").get_text() == book.title and badge.find("a")["href"] == "../"


def test_translator_credit_is_shown_on_the_page(site):
    credit = soup(site, "swd20/08-boi").select_one(".rb-book-badge .rb-credit")
    assert credit is not None and credit.get_text() == "Авторский перевод: Ганул Артем aka Rocker"
    assert soup(site, "sf2e/vedenie-igry").select_one(".rb-credit") is None


def test_new_book_pages_carry_their_metadata_into_html(site):
    page = soup(site, "sf2e/vedenie-igry")
    h = page.find(id="shtraf-mnozhestvennoi-ataki")
    assert h["data-original"] == "Multiple Attack Penalty"
    assert h.select_one("small.rb-original").get_text() == "Multiple Attack Penalty"
    glossary = soup(site, "dnd2024/glossarii-pravil")
    assert glossary.find(id="zasada")["data-tag"] == "Действие"
    titles = [t.get_text() for t in glossary.select(".admonition.warning > .admonition-title")]
    assert titles.count("Таблица отсутствует в источнике") == 9
    assert titles.count("Список отсутствует в источнике") == 4
    table = soup(site, "dnd35/08-boi").select_one("#table-8-2 + table")
    assert len(table.select("tbody tr.rb-subhead")) == 4 and len(table.select("tbody tr.rb-group")) == 1
    assert table.select_one("thead sup a")["href"] == "#table-8-2-fn-1"
