"""The pages of an HTML or Markdown source as text: the file, a folder's files in `order`, or an
e-book's pages, each read in its own encoding (a saved page's <meta> charset) and a forum post
turned into HTML, before the markup importer reads any of them."""

from __future__ import annotations

import codecs
from pathlib import Path

from bs4.dammit import EncodingDetector

from rulebook.ingest import bbcode, ebooks, pagefiles
from rulebook.ingest.config import BookConfig
from rulebook.ingest.model import Report
from rulebook.ingest.reader import read_text, tidy


def _files(book: BookConfig) -> list[Path]:
    """The pages of a markup source: the file, or the folder's pages (at any depth) in `order`
    (default: by their path in the folder)."""
    src = book.source
    if not src.exists():
        raise book.fail(f"source {src.name!r} not found in sources/", "source")
    if src.is_file():
        return [src]
    suffixes = {"html": (".html", ".htm", ".xhtml"), "markdown": (".md", ".markdown")}[book.kind]
    found = {pagefiles.name(src, p): p for p in pagefiles.find(src, suffixes)}
    if not book.order:
        return list(found.values())
    missing = [n for n in book.order if n not in found]
    if missing:
        raise book.fail(f"order: {missing[0]!r} is not a page of the folder {src.name}/", "order")
    left = sorted(set(found) - set(book.order))
    if left:
        raise book.fail(
            f"order: the folder {src.name}/ also holds {', '.join(left)}: "
            "list every page (nothing is skipped)",
            "order",
        )
    return [found[n] for n in book.order]


def _page_encoding(book: BookConfig, path: Path) -> str:
    """The encoding to read a page in: the entry's, except that a saved web page that is not UTF-8
    under the default is read in the charset its own <meta> declares (a browser saves a
    Windows-1251 site as Windows-1251 and says so in the page, as it reads it)."""
    if book.kind != "html" or book.encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
        return book.encoding
    data = path.read_bytes() if path.is_file() else b""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"  # a byte order mark outweighs the <meta>, as in browsers (Word's «Unicode» page)
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        declared = EncodingDetector.find_declared_encoding(data, is_html=True)
        if declared:
            try:
                name = codecs.lookup(declared).name
            except LookupError:
                pass
            else:
                # as browsers read them (the WHATWG encoding standard): a page that says Latin-1
                # or ASCII is Windows-1252, whose «…» and curly quotes Latin-1 has as controls
                return "cp1252" if name in ("latin-1", "iso8859-1", "ascii") else name
    return book.encoding


def read(book: BookConfig, report: Report) -> tuple[list[tuple[str, Path, str]], bool]:
    """The source's pages: (name, the file errors name, its text), and whether a page without an
    H1 goes on from the page before it. An e-book's pages are made from it (see ebooks), each
    named by its path in the book and told by the book's file."""
    if ebooks.kind(book.source.name) and not book.source.is_dir():
        _files(book)  # the file is there (the same error as any source's)
        made = ebooks.read(book.source, book.slug)
        report.notes.extend(made.notes)
        return [(name, book.source, tidy(text)) for name, text in made.pages], made.flowing
    out = []
    for path in _files(book):
        name = pagefiles.name(book.source, path)
        if book.source.is_dir() and not path.read_bytes().strip():
            # a folder's empty page (a site's placeholder, a vault's note made by a link before it
            # had text) has nothing to lose: left out, told, and the other pages read
            report.notes.append(f"{name}: an empty page: left out")
            continue
        text = read_text(path, _page_encoding(book, path), book.slug)
        if book.kind == "html" and path.suffix.lower() == ".txt":  # a forum post (see pipeline)
            text = bbcode.to_html(text, path, book.slug)
        out.append((name, path, text))
    return out, False
