"""Nothing is lost: every word occurrence of every source (minus its chrome) is on the site."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from rulebook.ingest.config import BookConfig, load_books
from rulebook.ingest.coverage import compare, html_words, source_counter
from rulebook.ingest.pipeline import parse_book

ROOT = Path(__file__).resolve().parents[2]
BOOKS = load_books(ROOT / "sources" / "books.toml")


def site_words(site: Path, slug: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for html in sorted((site / slug).rglob("index.html")):
        article = BeautifulSoup(html.read_text(encoding="utf-8"), "lxml").select_one(
            "article.md-content__inner"
        )
        assert article is not None, f"{html}: no article"
        out += html_words(article)
    return out


@pytest.mark.parametrize("book", BOOKS, ids=[b.slug for b in BOOKS])
def test_every_source_word_reaches_the_rendered_site(book: BookConfig, site: Path) -> None:
    cov = compare(source_counter(parse_book(book)), site_words(site, book.slug))
    print(f"{book.slug}: word coverage {cov}")
    assert not cov.missing, f"{book.slug}: {cov}; missing: {cov.missing.most_common(30)}"
    assert cov.ratio == 1.0
