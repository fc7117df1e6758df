"""A book the project has never seen, added by the README's recipe (a source in sources/, an entry
in books.toml, `rulebook ingest`, a build), appears everywhere without a code change: on the home
page, as a navigation section, with its badge on every page, every word on the site, and its
contents page kept out of search. The book is generated, so no test knows its text in advance;
it is built on the smallest project that shows it (the registry holds the new book alone)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from rulebook.books import load_registry
from rulebook.ingest import coverage, pipeline

from tests.support import site as support

pytestmark = pytest.mark.build

WORDS = ["атака", "урон", "броня", "щит", "ход", "раунд", "бросок", "куб", "кость", "лук", "меч"]
WORDS += ["маг", "яд", "огонь", "лёд", "тень", "свет", "путь", "цель"]


def generated_book(seed: int) -> tuple[str, str]:
    """(slug, text): chapters with numbered sections, isolated sub-headings, paragraphs, a bullet
    list and a TAB table, as a copied rules text has them."""
    rnd = random.Random(seed)
    slug = f"gen{seed}"

    def sentence() -> str:
        return " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(6, 14))).capitalize() + "."

    out: list[str] = []
    for ch in range(1, 3):
        out.append(f"Глава {ch}. {rnd.choice(WORDS).capitalize()} и {rnd.choice(WORDS)}")
        for sec in range(1, 3):
            out.append(f"{ch}.{sec}. {rnd.choice(WORDS).capitalize()} {rnd.choice(WORDS)}")
            out.append(sentence() + " " + sentence())
            out.append(f"{rnd.choice(WORDS).capitalize()} {rnd.choice(WORDS)} {ch}{sec}")
            out.append(sentence())
            out.append("\n".join(f"• {sentence()}" for _ in range(3)))
            rows = [f"{rnd.choice(WORDS)}\t{rnd.randint(1, 20)}" for _ in range(3)]
            out.append("Название\tЗначение\n" + "\n".join(rows))
    return slug, "\n\n".join(out)


@pytest.fixture(scope="module")
def new_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str, str]:
    base = tmp_path_factory.mktemp("newbook")
    slug, text = generated_book(6)
    src = base / "sources"
    src.mkdir()
    (src / f"{slug}.txt").write_text(text, encoding="utf-8")
    entry = (
        f'[books.{slug}]\ntitle = "Шестая книга"\nsystem = "Сгенерированная система"\n'
        f'source = "{slug}.txt"\n\n[books.{slug}.headings]\nmode = "numbered"\n\n'
        f"[[books.{slug}.headings.rules]]\npattern = '^Глава (?P<num>\\d+)\\. '\nlevel = 1\n"
        'kind = "chapter"\n\n'
        f"[[books.{slug}.headings.rules]]\npattern = '^(?P<num>\\d+\\.\\d+)\\. '\nlevel = \"depth\"\n"
    )
    (src / "books.toml").write_text(entry, encoding="utf-8")
    docs = base / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Книги\n\n/// books\n///\n", encoding="utf-8")
    (result,) = pipeline.run(base, [slug])
    assert coverage.measure(result.doc).ratio == 1.0
    assert pipeline.stale_files(docs, pipeline.run(base, [slug], check=True)) == []
    cfg = support.write_config(base, docs, src / "books.toml", base / "cache")
    text_cfg = cfg.read_text(encoding="utf-8").replace(
        "      books:", "      calculators: false\n      books:", 1
    )
    cfg.write_text(text_cfg, encoding="utf-8")
    site = base / "site"
    support.build(cfg, site)
    return base, site, slug, text


def soup(site: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_the_new_book_is_on_the_home_page_and_in_the_navigation(new_book):
    base, site, slug, _ = new_book
    (info,) = load_registry(base / "sources" / "books.toml", base / "docs")
    cards = soup(site, ".").select(".rb-books .rb-book")
    assert [c["data-book"] for c in cards] == [slug]
    assert cards[0].find("strong").get_text() == info.title
    for name in info.pages:
        page = soup(site, f"{slug}/{name[:-3]}")
        badge = page.select_one(".rb-book-badge")
        assert badge is not None and badge["data-book"] == slug
        nav = [
            li.find(["label", "a"]).get_text(" ", strip=True)
            for li in page.select("li.md-nav__item--section")
        ]
        assert info.title in nav


def test_every_word_of_the_new_book_is_on_the_site(new_book):
    _, site, slug, text = new_book
    got = coverage.words("")
    for html in sorted((site / slug).rglob("index.html")):
        article = BeautifulSoup(html.read_text(encoding="utf-8"), "lxml").select_one(
            "article.md-content__inner"
        )
        got += coverage.html_words(article)
    cov = coverage.compare(coverage.words(text), got)
    assert cov.total > 200 and not cov.missing


def test_the_contents_page_of_the_new_book_is_not_searchable(new_book):
    _, site, slug, _ = new_book
    indexes = [p.read_text(encoding="utf-8") for p in (site / "search").rglob("*.json")]
    assert any(f'"{slug}/00-' in t for t in indexes), "the book's pages are indexed"
    assert not any(json.dumps(f"{slug}/") in t for t in indexes), "its contents page is not"
