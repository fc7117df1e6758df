"""The browser's copy of a book's index, derived from the whoosh index.

One file per book, `search/<slug>.<hash>.json` (a content hash in the name, so it can be cached
for good), plus `search/manifest.json` listing them with the analysis definition and the
statistics over all books that ranking needs (record and section counts, summed field lengths,
and how many records hold each stem that several books share; a stem of one book only counts
its records there), so that a book's results score the same whether or not the other books
have been loaded yet.

What a file holds: pages, sections (heading, English original, tag, parent), records (block
text, which is also what snippets are cut from), the glossary, and the vocabulary's stem table.
It holds no postings: the browser counts stems per record while it reads the text, since a
compact postings list would cost about a third of the gzip size of the text again and counting
takes a few tens of milliseconds (the benchmark reports both). Field lengths are counted the same
way. The stem table gives, for each distinct surface form in order of first occurrence, how many
characters the stem drops from its end ("~" and an entry in `stem_x` where a stem is not a
prefix), so the browser stems no indexed word itself.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from rulebook.search import analysis
from rulebook.search.model import BookIndex

FORMAT = 1
_CUT = "0123456789abcdefghijklmnopqrstuvwxyz"


def book_payload(book: BookIndex) -> dict[str, Any]:
    cuts: list[str] = []
    exceptions: list[str] = []
    order = book.vocab_order()
    for w in order:
        st = book.stems[book.surface_stem[w]]
        cut = len(w) - len(st)
        if w.startswith(st) and cut < len(_CUT):
            cuts.append(_CUT[cut])
        else:
            cuts.append("~")
            exceptions.append(st)
    records: list[list[Any]] = []
    for r in book.records:
        anchor: Any = r.anchor
        sec = book.sections[r.section].anchor
        if r.kind == "h" and r.anchor == sec:
            anchor = 0
        elif r.anchor.startswith(sec + "--") and r.anchor[len(sec) + 2 :].isdigit():
            anchor = int(r.anchor[len(sec) + 2 :])
        records.append([r.section, r.kind, anchor, r.text])
    return {
        "format": FORMAT,
        "analysis": analysis.SPEC["version"],
        "book": book.slug,
        "title": book.title,
        "pages": [list(p) for p in book.pages],
        "sections": [
            [s.page, s.parent, s.level, s.anchor, s.title, s.original, s.tag] for s in book.sections
        ],
        "records": records,
        "glossary": [[src, list(dst)] for src, dst in book.glossary],
        "vocab": len(order),
        "stems": "".join(cuts),
        "stem_x": exceptions,
    }


def book_stats(book: BookIndex) -> dict[str, Any]:
    """What one book adds to the statistics over all books (see `corpus`)."""
    if not book.rec_len:
        book.build_postings_from_text()
        book.finish()
    return {
        "records": len(book.records),
        "text_len": sum(book.rec_len),
        "sections": len(book.sections),
        "head_len": sum(book.head_len),
        "path_len": sum(book.path_len),
        "df": {book.stems[sid]: len(post) for sid, post in book.text_post.items() if post},
        "stems": sorted(book.stems),
    }


def corpus(stats: list[dict[str, Any]]) -> dict[str, Any]:
    """The statistics over all books (engine.Corpus), from each book's `book_stats`."""
    books_of: dict[str, int] = {}
    df: dict[str, int] = {}
    for st in stats:
        for stem in st["stems"]:
            books_of[stem] = books_of.get(stem, 0) + 1
        for stem, n in st["df"].items():
            df[stem] = df.get(stem, 0) + n
    return {
        "records": sum(st["records"] for st in stats),
        "text_len": sum(st["text_len"] for st in stats),
        "sections": sum(st["sections"] for st in stats),
        "head_len": sum(st["head_len"] for st in stats),
        "path_len": sum(st["path_len"] for st in stats),
        "df": {stem: df[stem] for stem in sorted(df) if books_of.get(stem, 0) > 1},
    }


def dumps(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_book(site_search: Path, book: BookIndex) -> dict[str, Any]:
    data = dumps(book_payload(book))
    digest = hashlib.sha1(data).hexdigest()[:10]
    name = f"{book.slug}.{digest}.json"
    site_search.mkdir(parents=True, exist_ok=True)
    (site_search / name).write_bytes(data)
    return {"slug": book.slug, "title": book.title, "file": name, "bytes": len(data)}


def write_manifest(site_search: Path, books: list[dict[str, Any]], stats: list[dict[str, Any]]) -> None:
    manifest = {"format": FORMAT, "analysis": analysis.SPEC, "corpus": corpus(stats), "books": books}
    (site_search / "manifest.json").write_bytes(dumps(manifest))
