"""The whoosh index of one book: written at build time, read back to export the browser's index.

Documents are the book's blocks, in reading order: for each section, its heading document (k =
0: the heading's text, the heading path and the English original / tag as fields; for the
untitled top of a page only the fields, no text) and then one document per block (k = 1, 2, ...)
with its text (a table row's with its first column's heading, which says what the row's first
cell is: «Ранение» for the row «Серьёзное · …») and the term it defines, if any. Every text is
analysed by analysis.py (the same analysis the query engines use): `text` holds surface forms
(no positions), `stems` their Snowball stems (whose document frequencies are the rarity the
ranking uses), `heading`, `original`, `tag` and `path` the surface forms of the section's
heading and of its ancestors', `initials` the abbreviations readers make of a heading of several
words («Очки Геройства» -> «ог»; of its English original, «Multiple Attack Penalty» -> «map»;
English ones with their small words' letters, «Pay the Price» -> «ptp») when the book does not
use that word itself.

`read` turns the index back into postings by surface form, numbered by (section, k) within the
book: what export.py merges across books. Whoosh keeps field lengths as a lossy byte, so exact
lengths are counted from the postings (each token of a field is one occurrence of one term).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulebook.search import analysis, folders
from rulebook.search.library import Block, Book
from whoosh import fields, index
from whoosh.analysis import Token, Tokenizer

STAMP = "content.sha1"
TEXT_FIELDS = ("text",)
SECTION_FIELDS = ("heading", "original", "tag", "path")


class _Tokens(Tokenizer):
    """Feeds whoosh the tokens analysis.py makes: surfaces, or their stems."""

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
        stem = analysis.stem
        for i, surface in enumerate(analysis.surfaces(value)):
            t.text = stem(surface) if self.stems else surface
            t.boost = 1.0
            t.stopped = False
            if positions:
                t.pos = start_pos + i
            yield t


def schema() -> fields.Schema:
    surfaces = _Tokens(stems=False)
    return fields.Schema(
        key=fields.STORED(),  # (section, k)
        text=fields.TEXT(analyzer=surfaces, phrase=False),
        stems=fields.TEXT(analyzer=_Tokens(stems=True), phrase=False),
        heading=fields.TEXT(analyzer=surfaces, phrase=False),
        original=fields.TEXT(analyzer=surfaces, phrase=False),
        tag=fields.TEXT(analyzer=surfaces, phrase=False),
        path=fields.TEXT(analyzer=surfaces, phrase=False),
        defines=fields.TEXT(analyzer=surfaces, phrase=False),
        initials=fields.TEXT(analyzer=surfaces, phrase=False),
    )


def definition(block: Block) -> tuple[str, bool]:
    """The term a block defines and whether the block says «X — это …» (else it is a definition
    list's term, a term before a dash or a short bold run-in); ("", False) for none."""
    found = analysis.definition(block.text)
    if found:
        return found
    if block.lead:
        said = analysis.surfaces(block.lead)
        words = [w for w in said if not analysis.is_optional(w)]
        # a run-in that opens with «При», «Если», «When» names a situation, not a term: «При 0
        # ПЗ:» is what happens at 0 hit points, no definition of «ПЗ»
        if said and said[0] in analysis.CONDITION:
            return "", False
        if 0 < len(words) <= int(analysis.SPEC["definitions"]["max_words"]):
            return block.lead, False
    return "", False


def defines(block: Block) -> str:
    """The term a block defines, or ""."""
    return definition(block)[0]


def write(target: Path, book: Book, stamp: str) -> None:
    """Write the book's index into `target`, replaced atomically."""
    with folders.replacing(target) as tmp:
        ix = index.create_in(str(tmp), schema())
        w = ix.writer()
        used = {u for sec in book.sections for b in sec.blocks for u in analysis.surfaces(b.text)}
        used |= {u for sec in book.sections for u in analysis.surfaces(sec.head_text)}
        for si, sec in enumerate(book.sections):
            doc: dict[str, Any] = {"key": (si, 0), "heading": sec.subject, "path": book.path_text(si)}
            if sec.original:
                doc["original"] = sec.original
            if sec.tag:
                doc["tag"] = sec.tag
            if sec.titled:
                doc["text"] = doc["stems"] = sec.title
                abbrs = [a for a in analysis.heading_initials(sec.title, sec.original) if a not in used]
                if abbrs:
                    doc["initials"] = " ".join(abbrs)
            w.add_document(**doc)
            for k, b in enumerate(sec.blocks, 1):
                term = defines(b)
                words = f"{b.text} {b.context}" if b.context else b.text
                w.add_document(key=(si, k), text=words, stems=words, **({"defines": term} if term else {}))
        w.commit()
        (tmp / STAMP).write_text(stamp, encoding="utf-8")


def stamp_of(target: Path) -> str | None:
    p = target / STAMP
    return p.read_text(encoding="utf-8") if p.exists() else None


Postings = dict[str, list[int]]  # surface -> flat ints (see `read`)


def read(target: Path) -> dict[str, Any]:
    """The book's postings, from whoosh's reader:

    - `text`: surface -> [section, k, tf, ...]
    - `heading`, `original`, `tag`, `path`: surface -> [section, tf, ...]
    - `defines`: surface -> [section, k, ...]
    - `stem_df`: stem -> documents whose text holds it
    - `text_len`: {"section k": tokens}, `head_len`/`path_len`: per section (tokens of the
      heading with original and tag / of the heading path)
    """
    ix = index.open_dir(str(target))
    with ix.reader() as reader:
        keys: list[tuple[int, int]] = [tuple(f["key"]) for f in reader.all_stored_fields()]  # type: ignore[misc]
        out: dict[str, Any] = {"keys": len(keys)}
        text: Postings = {}
        text_len: dict[int, int] = {}
        for raw in reader.lexicon("text"):
            term = raw.decode("utf-8")
            m = reader.postings("text", raw)
            flat: list[int] = []
            while m.is_active():
                doc = m.id()
                tf = int(m.weight())
                s, k = keys[doc]
                flat += [s, k, tf]
                text_len[doc] = text_len.get(doc, 0) + tf
                m.next()
            text[term] = flat
        out["text"] = text
        out["text_len"] = {f"{keys[d][0]} {keys[d][1]}": n for d, n in sorted(text_len.items())}
        lengths: dict[str, dict[int, int]] = {"head": {}, "path": {}}
        for fieldname in (*SECTION_FIELDS, "defines", "initials"):
            post: Postings = {}
            for raw in reader.lexicon(fieldname):
                term = raw.decode("utf-8")
                m = reader.postings(fieldname, raw)
                flat = []
                while m.is_active():
                    s, k = keys[m.id()]
                    tf = int(m.weight())
                    if fieldname == "defines":
                        flat += [s, k]
                    elif fieldname == "initials":
                        flat += [s, tf]
                    else:
                        flat += [s, tf]
                        which = "path" if fieldname == "path" else "head"
                        lengths[which][s] = lengths[which].get(s, 0) + tf
                    m.next()
                post[term] = flat
            out[fieldname] = post
        out["head_len"] = lengths["head"]
        out["path_len"] = lengths["path"]
        out["stem_df"] = {
            raw.decode("utf-8"): reader.doc_frequency("stems", raw) for raw in reader.lexicon("stems")
        }
    return out
