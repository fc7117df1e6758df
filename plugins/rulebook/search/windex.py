"""The whoosh index: one per book, written at build time, read by the CLI and by the export.

Documents: one `book` document (title, pages, glossary, vocabulary of surface forms), one per
section (the stems of its heading with its English original and tag, and of its ancestors'
headings) and one per record (the stems of its block text), analysed by analysis.py.
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
    stem = _Tokens(stems=True)
    return fields.Schema(
        kind=fields.ID(stored=True),  # book | section | record
        order=fields.NUMERIC(stored=True, sortable=True),
        data=fields.STORED(),
        text_stems=fields.TEXT(analyzer=stem, phrase=False),
        head_stems=fields.TEXT(analyzer=stem, phrase=False),
        path_stems=fields.TEXT(analyzer=stem, phrase=False),
    )


def write(target: Path, book: BookIndex, stamp: str) -> None:
    """Write the book's index into `target` (replaced atomically)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        ix = index.create_in(str(tmp), schema())
        w = ix.writer()
        meta = {"slug": book.slug, "title": book.title, "pages": book.pages, "glossary": book.glossary}
        # The surface forms (the vocabulary that prefix and typo matching scan) are stored with the
        # book, not indexed per record: indexing them doubled the write time, and the engine finds
        # exact forms again in the few texts it re-ranks.
        meta["surfaces"] = book.vocab_order()
        w.add_document(kind="book", order=0, data=json.dumps(meta, ensure_ascii=False))
        for i, s in enumerate(book.sections):
            w.add_document(
                kind="section",
                order=i,
                data=json.dumps([s.page, s.parent, s.level, s.anchor, s.title, s.original, s.tag]),
                head_stems=s.head_text,
                path_stems=book.path_text(i),
            )
        for i, r in enumerate(book.records):
            w.add_document(
                kind="record",
                order=i,
                data=json.dumps([r.section, r.kind, r.anchor, r.text], ensure_ascii=False),
                text_stems=r.text,
            )
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
        meta: dict[str, Any] = {}
        sections: dict[int, SectionData] = {}
        records: dict[int, RecordData] = {}
        sec_of_doc: dict[int, int] = {}
        rec_of_doc: dict[int, int] = {}
        for docnum, stored in reader.iter_docs():
            data = json.loads(stored["data"])
            if stored["kind"] == "book":
                meta = data
            elif stored["kind"] == "section":
                sections[stored["order"]] = SectionData(*data)
                sec_of_doc[docnum] = stored["order"]
            else:
                records[stored["order"]] = RecordData(*data)
                rec_of_doc[docnum] = stored["order"]
        book = BookIndex(
            slug=meta["slug"],
            title=meta["title"],
            pages=[tuple(p) for p in meta["pages"]],  # type: ignore[misc]
            sections=[sections[i] for i in range(len(sections))],
            records=[records[i] for i in range(len(records))],
            glossary=[(src, tuple(dst)) for src, dst in meta["glossary"]],
        )
        book.set_vocab([(s, analysis.stem(s)) for s in meta["surfaces"]])

        if not postings:
            return book

        def read_postings(field: str, ids: dict[int, int]) -> dict[int, list[tuple[int, int]]]:
            out: dict[int, list[tuple[int, int]]] = {}
            for raw in reader.lexicon(field):
                term = raw.decode("utf-8")
                sid = book.stem_id.get(term)
                if sid is None:  # a stem no surface maps to cannot be queried
                    continue
                m = reader.postings(field, term)
                lst = []
                while m.is_active():
                    if m.id() in ids:
                        lst.append((ids[m.id()], int(m.weight())))
                    m.next()
                out[sid] = sorted(lst)
            return out

        book.text_post = read_postings("text_stems", rec_of_doc)
        book.head_post = read_postings("head_stems", sec_of_doc)
        book.path_post = read_postings("path_stems", sec_of_doc)
    book.finish()
    return book
