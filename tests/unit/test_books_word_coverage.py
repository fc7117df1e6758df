"""Every word of every book's source (chrome removed) reaches the model and the rendered page, as
often as it occurs: no rule may swallow text (a footnote marker cut from a cell, a label turned
into markup, an escaped character that hides a word)."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import markdown as md
import pytest
from bs4 import BeautifulSoup
from rulebook.ingest import coverage
from rulebook.ingest.config import load_books
from rulebook.ingest.model import Document
from rulebook.ingest.pipeline import parse_book, render_book

ROOT = Path(__file__).resolve().parents[2]
BOOKS = [b.slug for b in load_books(ROOT / "sources" / "books.toml")]
EXTENSIONS = [
    "attr_list",
    "md_in_html",
    "def_list",
    "tables",
    "admonition",
    "pymdownx.details",
    "pymdownx.superfences",
]


@cache
def parsed(slug: str) -> tuple[object, Document]:
    book = next(b for b in load_books(ROOT / "sources" / "books.toml") if b.slug == slug)
    return book, parse_book(book)


def html_words(markdown_text: str) -> Counter[str]:
    body = re.sub(r"\A---\n.*?\n---\n", "", markdown_text, flags=re.DOTALL)
    soup = BeautifulSoup(md.markdown(body, extensions=EXTENSIONS), "html.parser")
    words = coverage.words(soup.get_text(" "))
    for ol in soup.find_all("ol"):  # the numbers of an ordered list are shown, though not as text
        start = int(ol.get("start", 1))
        words.update(str(start + i) for i in range(len(ol.find_all("li", recursive=False))))
    return words


@pytest.mark.parametrize("slug", BOOKS)
def test_model_keeps_every_source_word(slug):
    _, doc = parsed(slug)
    cov = coverage.measure(doc)
    assert cov.total > 0
    assert not cov.missing, f"{slug}: {cov.missing.most_common(10)}"


@pytest.mark.parametrize("slug", BOOKS)
def test_rendered_pages_keep_every_source_word(slug):
    book, doc = parsed(slug)
    files = render_book(book, doc)
    got: Counter[str] = Counter()
    for page in doc.pages:
        got.update(html_words(files[page.file]))
    src = coverage.source_counter(doc)
    missing = {w: n - got[w] for w, n in src.items() if got[w] < n}
    assert missing == {}


def test_chrome_words_are_the_only_words_left_out():
    _, doc = parsed("swd20")
    text = "\n".join(ln.text for ln in doc.source)
    assert "Загрузка" not in text and "SDA" not in text
    assert coverage.source_counter(doc)["Tldr"] == 0
    _, sf = parsed("sf2e")
    assert coverage.source_counter(sf)["Tldr"] == 0  # the formula box label is reported as dropped
