"""The built site with five books: the home page lists them, each is its own navigation section,
every page says which book it belongs to (and the translator's credit where the source has one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from mkdocs.commands.build import build
from mkdocs.config import load_config

ROOT = Path(__file__).resolve().parents[2]
BOOKS = {
    "fatum": "FATUM",
    "sf2e": "Starfinder 2e: Ведение игры",
    "dnd35": "D&D 3.5: Бой",
    "dnd2024": "D&D 2024: Глоссарий правил",
    "swd20": "Star Wars d20: Бой",
}

pytestmark = pytest.mark.build


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    cfg = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(out), strict=True)
    build(cfg)
    return out


def soup(site: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_home_page_lists_five_books(site):
    books = soup(site, ".").select(".rb-books .rb-book")
    assert [b["data-book"] for b in books] == list(BOOKS)
    assert [b.find("strong").get_text() for b in books] == list(BOOKS.values())
    meta = {b["data-book"]: b.select_one(".rb-book-meta").get_text() for b in books}
    assert meta["dnd2024"] == "Dungeons & Dragons (2024) · 1 глава"
    assert meta["fatum"].endswith("7 глав")


def test_each_book_is_a_navigation_section(site):
    nav = soup(site, "sf2e/vedenie-igry").select("nav.md-nav--primary > ul > li.md-nav__item--section")
    titles = [li.find(["label", "a"]).get_text(" ", strip=True) for li in nav]
    assert [t for t in titles if t in BOOKS.values()] == list(BOOKS.values())


@pytest.mark.parametrize(
    ("page", "slug"),
    [
        ("fatum/03-boi", "fatum"),
        ("sf2e/vedenie-igry", "sf2e"),
        ("dnd35/08-boi", "dnd35"),
        ("dnd2024/glossarii-pravil", "dnd2024"),
        ("swd20/08-boi", "swd20"),
    ],
)
def test_every_page_shows_its_book(site, page, slug):
    badge = soup(site, page).select_one(".rb-book-badge")
    assert badge is not None and badge["data-book"] == slug
    assert badge.find("a").get_text() == BOOKS[slug] and badge.find("a")["href"] == "../"


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
