"""The whoosh index: one per book, written at build time, read by the CLI and by the export.

Documents: one `book` document (title, pages, glossary, vocabulary of surface forms), one per
section (the stems of its heading with its English original and tag) and one per record (the
stems of its block text), analysed by analysis.py.
Whoosh stores lengths rounded, so exact lengths are recomputed from the text by
model.BookIndex.finish in both runtimes.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulebook.search import analysis
from rulebook.search.model import BookIndex, RecordData, SectionData
from whoosh import fields, index
from whoosh.analysis import Token, Tokenizer

STAMP = "content.sha1"
FORMAT = 3  # of the stored book document


class StaleIndex(FileNotFoundError):
    """An index written by another version of this module: the site must be built again."""


class _Tokens(Tokenizer):
    """Feeds whoosh the tokens analysis.py makes: surfaces, or stems."""

    def __init__(self, stems: bool) -> None:
        self.stems = stems

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Tokens) and other.stems == self.stems

    def __hash__(self) -> int:
        return hash(("rulebook-tokens", self.stems))

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if chars:
            toks = [(tok.surface, tok.start, tok.end) for tok in analysis.tokens(value)]
        else:
            toks = [(s, 0, 0) for s in analysis.surfaces(value)]
        stem = analysis.stem
        for i, (surface, start, end) in enumerate(toks):
            t.text = stem(surface) if self.stems else surface
            t.boost = 1.0
            t.stopped = False
            if positions:
                t.pos = start_pos + i
            if chars:
                t.startchar, t.endchar = start, end
            yield t


def schema() -> fields.Schema:
    # Only the stems are indexed. What is read back (the book, its sections and records) is stored
    # once, in the first document: a stored value per document costs a pickle and a compression
    # each, a fifth of the write time. The heading path of a section is not indexed either: its
    # stems are those of the ancestors' headings (model.derive_paths).
    stem = _Tokens(stems=True)
    return fields.Schema(
        data=fields.STORED(),
        text_stems=fields.TEXT(analyzer=stem, phrase=False),
        head_stems=fields.TEXT(analyzer=stem, phrase=False),
    )


def write(target: Path, book: BookIndex, stamp: str) -> None:
    """Write the book's index into `target` (replaced atomically). Documents, in this order (one
    segment, so document numbers follow it): the book, each section, each record."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        ix = index.create_in(str(tmp), schema())
        w = ix.writer()
        meta = {
            "format": FORMAT,
            "slug": book.slug,
            "title": book.title,
            "pages": book.pages,
            "glossary": book.glossary,
            # The surface forms (the vocabulary that prefix and typo matching scan) are stored with
            # the book, not indexed per record: indexing them doubled the write time, and the
            # engine finds exact forms again in the few texts it re-ranks.
            "surfaces": book.vocab_order(),
            "sections": [
                [s.page, s.parent, s.level, s.anchor, s.title, s.original, s.tag] for s in book.sections
            ],
            "records": [[r.section, r.kind, r.anchor, r.text] for r in book.records],
        }
        w.add_document(data=json.dumps(meta, ensure_ascii=False))
        for s in book.sections:
            w.add_document(head_stems=s.head_text)
        for r in book.records:
            w.add_document(text_stems=r.text)
        w.commit()
        (tmp / STAMP).write_text(stamp, encoding="utf-8")
        old = target.with_name(target.name + ".old")
        if target.exists():
            shutil.rmtree(old, ignore_errors=True)
            target.rename(old)
        tmp.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def stamp_of(target: Path) -> str | None:
    p = target / STAMP
    return p.read_text(encoding="utf-8") if p.exists() else None


def read(target: Path, postings: bool = True) -> BookIndex:
    """Load one book for the query engine: stored fields and the stem postings from whoosh
    (the export needs only the stored fields and the vocabulary)."""
    ix = index.open_dir(str(target))
    with ix.searcher() as searcher:
        reader = searcher.reader()
        meta: dict[str, Any] = json.loads(reader.stored_fields(0).get("data") or "{}")
        if meta.get("format") != FORMAT:
            raise StaleIndex(f"{target}: a search index of another version: build the site again")
        n_sec, n_rec = len(meta["sections"]), len(meta["records"])
        if reader.doc_count_all() != 1 + n_sec + n_rec:
            raise ValueError(f"{target}: {reader.doc_count_all()} documents, expected {1 + n_sec + n_rec}")
        book = BookIndex(
            slug=meta["slug"],
            title=meta["title"],
            pages=[tuple(p) for p in meta["pages"]],  # type: ignore[misc]
            sections=[SectionData(*d) for d in meta["sections"]],
            records=[RecordData(*d) for d in meta["records"]],
            glossary=[(src, tuple(dst)) for src, dst in meta["glossary"]],
        )
        book.set_vocab([(s, analysis.stem(s)) for s in meta["surfaces"]])

        if not postings:
            return book

        def read_postings(field: str, first: int, n: int) -> dict[int, list[tuple[int, int]]]:
            """Postings of documents first .. first+n-1, numbered from 0."""
            out: dict[int, list[tuple[int, int]]] = {}
            for raw in reader.lexicon(field):
                term = raw.decode("utf-8")
                sid = book.stem_id.get(term)
                if sid is None:  # a stem no surface maps to cannot be queried
                    continue
                m = reader.postings(field, term)
                lst = []
                while m.is_active():
                    i = m.id() - first
                    if 0 <= i < n:
                        lst.append((i, int(m.weight())))
                    m.next()
                out[sid] = sorted(lst)
            return out

        book.text_post = read_postings("text_stems", 1 + n_sec, n_rec)
        book.head_post = read_postings("head_stems", 1, n_sec)
    book.derive_paths()
    book.finish()
    return book
