"""`rulebook ingest`: sources/books.toml + source texts -> docs/<book>/*.md.

Deterministic (same input, byte-identical output) and all-or-nothing: pages are written to a
temporary folder first and swapped in only when every book of the run parsed cleanly.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from rulebook.ingest import (
    bbcode,
    contents,
    coverage,
    footnotes,
    freshness,
    markdown,
    markup,
    mdtext,
    outline,
    pagelinks,
    pages,
    schema,
    sidebyside,
)
from rulebook.ingest.config import BookConfig, load_books
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Document, FileLine, Heading, Page, Report, Table, Widget, at, by_place, walk
from rulebook.ingest.parser import Parser
from rulebook.ingest.prepare import strip_chrome
from rulebook.ingest.reader import read_source
from rulebook.ingest.tables.spec import load_specs
from rulebook.ingest.xrefs import HeadingIndex, check_aliases, link_page
from rulebook.search import glossary

# What the ingest writes into docs/ and removes from it under: under `mkdocs serve`, a pause of
# the watcher of docs/ (ingest.live), so that the rebuild that reads the pages is their only one.
Writing = Callable[[], AbstractContextManager[object]]


def parse_book(book: BookConfig) -> Document:
    if book.kind != "text":
        return _parse_markup(book)
    if not book.source.is_file():
        what = "is a folder, not a text file" if book.source.is_dir() else "not found"
        raise IngestError(
            f"source file {book.source} {what} (key 'source' of this book)",
            path=book.config_file,
            line=book.where("source"),
            book=book.slug,
        )
    lines = read_source(book.source, book.encoding, book.slug)
    sidebyside.check(lines, book.source, book.slug)
    post = bbcode.evidence(lines)
    if post is not None:  # a forum post's BBCode («[b]…[/b]», «[list][*]»): read as its HTML
        note = f"line {post.no}: «{post.text.strip()[:60]}» is BBCode: the text is read as a forum post"
        return _parse_text_as(book, "html", "a forum post", note)
    evidence = mdtext.markdown_evidence(lines)
    if evidence is not None:  # a .txt that is Markdown («# Бой», «## Атака»): read as Markdown
        note = (
            f"line {evidence.no}: «{evidence.text.strip()[:60]}» is a Markdown heading, with others "
            "at another level: the text is read as Markdown"
        )
        return _parse_text_as(book, "markdown", "Markdown", note)
    prepared = strip_chrome(book, lines)
    report = Report(dropped=prepared.dropped, notes=list(prepared.notes))
    specs = load_specs(book.tables.hints, book.slug) if book.tables.hints else {}
    blocks = Parser(book, specs, report, prepared.sized, prepared.tables).parse(prepared.lines)
    # a text with no heading at all has no title line either: the entry's title is its H1
    if not book.title_in_text or not any(isinstance(b, Heading) for b in walk(blocks)):
        blocks.insert(0, Heading(level=1, text=book.title_line or book.title, line=0, structural=True))
    _check_specs_used(book, specs, blocks)
    book_pages = pages.paginate(book, blocks)
    for p in book_pages:
        pages.assign_anchors(p)
        footnotes.resolve(p)
        p.meta.update(prepared.meta)
    index = HeadingIndex(book_pages)
    check_aliases(book, index)
    for p in book_pages:
        link_page(book, p, index, report)
    _place_widgets(book, book_pages)
    return Document(book.slug, book_pages, report, prepared.lines)


def _parse_text_as(book: BookConfig, kind: str, read_as: str, note: str) -> Document:
    """A .txt read as a markup `kind` (its evidence told first in the report's notes), with a
    warning per key of the entry that only a copied text reads."""
    doc = _parse_markup(dataclasses.replace(book, kind=kind))
    doc.report.notes.insert(0, note)
    _warn_unread_keys(book, kind, read_as, doc.report)
    return doc


def _warn_unread_keys(book: BookConfig, kind: str, read_as: str, report: Report) -> None:
    """A .txt read as another kind does not read the keys only a copied text reads
    (chrome.junk, headings.mode, tables.hints…): each one the entry declares is a warning at its
    line of books.toml, so a key that seems to work but does nothing is seen."""
    if book.locate is None:
        return
    entry = ("books", book.slug)
    declared = [k[2:] for k in book.locate.lines if k[:2] == entry and len(k) > 2]
    for key in schema.unread_keys(declared, kind):
        line = FileLine(book.where(*key.split(".")) or 0, book.config_file.name)
        report.warnings.append(
            (
                line,
                f"{key} is read only from a copied text, and this text is read as {read_as}: "
                "it is not applied",
            )
        )


def _parse_markup(book: BookConfig) -> Document:
    """An HTML or Markdown source: its structure comes from the markup (see markup)."""
    mb = markup.parse(book)
    book_pages = pages.paginate(book, mb.blocks)
    for p in book_pages:
        pages.assign_anchors(p)
    pagelinks.resolve(mb, book_pages, mb.report)
    contents.warn(book_pages, mb.report)
    index = HeadingIndex(book_pages)
    check_aliases(book, index)
    for p in book_pages:
        link_page(book, p, index, mb.report)
    _place_widgets(book, book_pages)
    return Document(book.slug, book_pages, mb.report, [], source_words=mb.words)


def _check_specs_used(book: BookConfig, specs: dict[str, list], blocks: list) -> None:
    """A hint that matched no table is a stale hint (or a header typo): say so, at the hint's
    own line (its `line` key is a line of the text, not of the hints file)."""
    headers = {
        " ".join(c.inlines[0].text for c in b.header[0] if c.inlines)
        for b in walk(blocks)
        if isinstance(b, Table) and b.header
    }
    for header, lst in specs.items():
        if " ".join(header.split()) not in headers:
            hint = lst[0].line_hint
            near = f" (expected near line {hint} of {book.source.name})" if hint else ""
            raise IngestError(
                f"table hint for «{header}» matched no table in the text{near}: "
                "its header must be the table's first line, as in the text",
                path=book.tables.hints,
                line=lst[0].declared or None,
                book=book.slug,
            )


def _place_widgets(book: BookConfig, book_pages: list[Page]) -> None:
    """Insert the widgets the config places at the end of a heading's section (on each page, the
    first heading that matches). A placement whose heading is in no page is an error: a renamed
    heading would otherwise drop its calculator from the site without a word."""
    for n, pl in enumerate(book.placements):
        problem = _widget_problem(pl.widget)
        if problem:  # else only the site's build would say so, naming the generated page
            raise book.fail(f"placements[{n + 1}].widget: {problem}", "placements", n, "widget")
    placed: set[int] = set()
    for page in book_pages:
        for n, pl in enumerate(book.placements):
            for i, b in enumerate(page.blocks):
                if isinstance(b, Heading) and pl.after.search(b.text):
                    end = next(
                        (
                            j
                            for j in range(i + 1, len(page.blocks))
                            if isinstance(page.blocks[j], Heading) and page.blocks[j].level <= b.level
                        ),
                        len(page.blocks),
                    )
                    page.blocks.insert(end, Widget(pl.widget, b.line))
                    placed.add(n)
                    break
    for n, pl in enumerate(book.placements):
        if n not in placed:
            raise book.fail(
                f"placements[{n + 1}].after {pl.after.pattern!r} matches no heading of the book "
                "(`rulebook ingest --outline` lists them)",
                "placements",
                n,
                "after",
            )


def _widget_problem(widget: str) -> str | None:
    """What is wrong with a placement's block, `calculator | NAME` or `sheet-link`; None if nothing."""
    from rulebook.mechanics import PLACED

    kind, _, arg = (w.strip() for w in widget.partition("|"))
    if kind == "sheet-link" and not arg:
        return None
    if kind == "calculator":
        return None if arg in PLACED else f"unknown calculator {arg!r} (known: {', '.join(PLACED)})"
    return f"unknown block {widget.strip()!r}: `calculator | NAME` or `sheet-link`"


def render_book(book: BookConfig, doc: Document) -> dict[str, str]:
    """File name -> Markdown text, index page included."""
    files: dict[str, str] = {}
    for p in doc.pages:
        front = {"title": p.title, "book": book.slug}
        front.update(p.meta)
        files[p.file] = markdown.page(p, front)
    files["index.md"] = _index_page(book, doc)
    return files


def _index_page(book: BookConfig, doc: Document) -> str:
    lines = [
        "---",
        f"title: {json.dumps(book.title, ensure_ascii=False)}",
        f"book: {book.slug}",
        "search:",  # Material's own convention: a contents page is no search result
        "  exclude: true",
        "---",
        "",
        "<!-- Generated by `rulebook ingest` from sources/books.toml. -->",
        "",
        f"# {markdown.escape(book.title, False)}",
        "",
    ]
    if book.description:
        lines += [markdown.escape(book.description), ""]
    lines += [f"Система: **{markdown.escape(book.system, False)}**.", "", "## Содержание", ""]
    for p in doc.pages:
        lines.append(f"- [{markdown.escape(p.title, False)}]({p.file})")
    return "\n".join(lines) + "\n"


@dataclass
class BookResult:
    book: BookConfig
    doc: Document
    files: dict[str, str]


def run(root: Path, slugs: list[str] | None = None, check: bool = False) -> list[BookResult]:
    """Ingest the selected books (all by default). With check=True nothing is written; the
    results say which files differ."""
    selected = _select(root, slugs)
    if check:
        return [_read(book) for book in selected]
    return _ingest(root, selected, [freshness.inputs(b) for b in selected])


def _read(book: BookConfig) -> BookResult:
    doc = parse_book(book)
    return BookResult(book, doc, render_book(book, doc))


def _ingest(
    root: Path,
    books: list[BookConfig],
    read_from: list[str],
    gone: Sequence[Gone] = (),
    writing: Writing = nullcontext,
) -> list[BookResult]:
    """Read `books` and write their pages, each recorded as written from its digest in
    `read_from` (taken before the reading, so that an edit meanwhile shows next time), and take
    off the pages of the books `gone`. Nothing is written or removed unless every book read
    cleanly, and then inside `writing()` (entered only when there is something to write or
    remove: under serve each pause costs the watcher a new look at docs/)."""
    results = [_read(book) for book in books]
    with writing() if results or any(g.pages for g in gone) else nullcontext():
        if results:
            write(root / "docs", results)
        for book, key in zip(books, read_from, strict=True):
            freshness.remember(root, book.slug, key)
        remove(root, gone)
    return results


def check(root: Path, slugs: list[str] | None = None) -> tuple[int, list[str]]:
    """How many books were checked, and the pages of docs/ that differ from what ingest would
    write (stale_files). A book whose inputs and pages are those of its last ingest or check is
    not read again (freshness)."""
    selected = _select(root, slugs)
    stale: list[str] = []
    if not slugs:  # the books the registry no longer lists, whose pages a full ingest removes
        for g in gone(root, {b.slug for b in selected}):
            stale += [f"{g.slug}/{name} (its book is no longer in sources/books.toml)" for name in g.pages]
    for book in selected:
        key = freshness.inputs(book)  # before reading: an edit meanwhile shows next time
        if freshness.is_fresh(root, book.slug, key):
            continue
        differ = stale_files(root / "docs", [_read(book)])
        if not differ:
            freshness.remember(root, book.slug, key)
        stale += differ
    return len(selected), stale


@dataclass(frozen=True)
class Refreshed:
    ingested: list[str]  # the slugs of the books read again
    removed: list[Gone]  # the books taken off the site


def refresh(root: Path, writing: Writing = nullcontext) -> Refreshed:
    """Under `mkdocs serve`: ingest again the books whose inputs (source, entry, the importer)
    changed since their pages were written, so that a source's edit shows on the site as a
    page's edit does, and take off the pages of the books the registry no longer lists, so that
    a book removed from it leaves the site as it came (`gone`). A book whose source is absent is
    left (a project of pages only), and so is a page edited by hand (`rulebook ingest --check`
    tells of it, as ever). The digests that found a book changed are the ones its record keeps:
    its inputs (a folder of pages, a large PDF) are hashed once. A mistake (an entry's, a
    source's) raises IngestError before anything is written or removed; what is written and
    removed is, inside `writing()`."""
    selected = _select(root, None, glossaries=False)
    now = {b.slug: freshness.inputs(b) for b in selected if b.source.exists()}
    changed = [b for b in selected if b.slug in now and freshness.read_from(root, b.slug) != now[b.slug]]
    left = gone(root, {b.slug for b in selected})
    if changed:
        check_glossaries(_common(root), changed)  # those of the books it reads, as run() does
    _ingest(root, changed, [now[b.slug] for b in changed], left, writing)
    return Refreshed([b.slug for b in changed], [g for g in left if g.pages or g.kept])


@dataclass(frozen=True)
class Gone:
    """A book the registry no longer lists whose pages an ingest wrote here (its record names
    them, each with its digest): the files of docs/<slug>/ as the ingest wrote them, which go,
    and the others there (a page edited or added by hand, a picture), which stay."""

    slug: str
    pages: tuple[str, ...]
    kept: tuple[str, ...]

    def told(self) -> str:
        """The one line that tells of the removal (the log's under serve, the command's)."""
        line = f"removed: {self.slug} (no longer in sources/books.toml)"
        kept = ", ".join(f"docs/{self.slug}/{n}" for n in self.kept)
        return f"{line}; kept, edited or added by hand: {kept}" if kept else line


def gone(root: Path, known: set[str]) -> list[Gone]:
    """The books with a record (freshness) that are not among `known`, the registry's slugs.
    A folder with no record (a fresh clone, a cleared cache) is no book's here: nothing proves
    its pages the ingest's, so nothing of it goes."""
    out = []
    for slug in freshness.recorded(root):
        if slug in known:
            continue
        folder = root / "docs" / slug
        written = freshness.written(root, slug)
        names = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        ours = [n for n in names if _as_written(folder / n, written)]
        out.append(Gone(slug, tuple(ours), tuple(n for n in names if n not in ours)))
    return out


def _as_written(path: Path, written: dict[str, str]) -> bool:
    return path.name in written and path.is_file() and freshness.digest(path) == written[path.name]


def remove(root: Path, books: Sequence[Gone]) -> None:
    """Take off docs/ the pages of the books `gone` found, each only if it is still as written
    (an edit since is the user's), and their folder once empty; forget their records."""
    for g in books:
        folder = root / "docs" / g.slug
        written = freshness.written(root, g.slug)
        for name in g.pages:
            if _as_written(folder / name, written):
                (folder / name).unlink()
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
        freshness.forget(root, g.slug)


def prune(root: Path) -> list[Gone]:
    """`rulebook ingest` of every book: take off docs/ the pages of the books the registry no
    longer lists (`gone`), as `mkdocs serve` does at once; those it took."""
    books = load_books(root / "sources" / "books.toml")
    left = gone(root, {b.slug for b in books})
    remove(root, left)
    return [g for g in left if g.pages or g.kept]


def _common(root: Path) -> Path:
    return root / "sources" / glossary.COMMON_GLOSSARY


def _select(root: Path, slugs: list[str] | None, glossaries: bool = True) -> list[BookConfig]:
    """The registry's books named by `slugs` (all by default), their glossaries checked."""
    books = load_books(root / "sources" / "books.toml")
    known = {b.slug for b in books}
    for s in slugs or []:
        if s not in known:
            raise IngestError(
                f"unknown book {s!r} (known: {', '.join(sorted(known))})",
                path=root / "sources" / "books.toml",
            )
    selected = [b for b in books if not slugs or b.slug in slugs]
    if glossaries:
        check_glossaries(_common(root), selected)
    return selected


def check_glossaries(common: Path, books: list[BookConfig]) -> None:
    """The search glossaries (the shared one, the books'), read as the build reads them: a
    mistake stops the ingest at its file and line, not the site's build later."""
    named = [(b.glossary, b.slug) for b in books if b.glossary]
    for path, slug in ([(common, None)] if common.exists() else []) + named:
        try:
            glossary.load(path)
        except glossary.GlossaryError as err:
            raise IngestError(str(err), book=slug) from None


def stale_files(docs: Path, results: list[BookResult]) -> list[str]:
    out: list[str] = []
    for r in results:
        folder = docs / r.book.slug
        existing = {p.name for p in folder.glob("*.md")} if folder.exists() else set()
        for name, text in r.files.items():
            path = folder / name
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                out.append(f"{r.book.slug}/{name}")
        out.extend(f"{r.book.slug}/{n} (not produced by ingest)" for n in sorted(existing - set(r.files)))
    return out


def write(docs: Path, results: list[BookResult]) -> None:
    """All books into a temporary folder, then swap each book folder in."""
    docs.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=docs.parent, prefix=".ingest-") as tmp:
        staged = Path(tmp)
        for r in results:
            folder = staged / r.book.slug
            folder.mkdir()
            for name, text in r.files.items():
                (folder / name).write_text(text, encoding="utf-8", newline="\n")
        for r in results:
            dest = docs / r.book.slug
            old = staged / f".old-{r.book.slug}"
            if dest.exists():
                dest.rename(old)
            shutil.move(str(staged / r.book.slug), dest)


EXTERNAL_SHOWN = 10  # references out of the source listed in the report; the outline lists all


def summary(r: BookResult) -> list[str]:
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    heads = [b for b in blocks if isinstance(b, Heading)]
    levels: dict[int, int] = {}
    for h in heads:
        levels[h.level] = levels.get(h.level, 0) + 1
    tables = [b for b in blocks if isinstance(b, Table)]
    rep = r.doc.report
    lines = [
        f"{r.book.slug}: {len(r.doc.pages)} pages, {len(heads)} headings "
        f"({', '.join(f'H{k}: {v}' for k, v in sorted(levels.items()))}), "
        f"{len(tables)} tables ({sum(t.hinted for t in tables)} with hints), "
        f"{rep.resolved} cross-references linked, {len(rep.unresolved)} unresolved, "
        f"{len(rep.external)} pointing outside this source, {len(rep.dropped)} chrome lines dropped",
    ]
    cov = coverage.measure(r.doc)
    lines.append(f"  word coverage {cov}")
    for word, n in cov.missing.most_common(20):
        lines.append(f"  missing word «{word}» ×{n}")
    for line, text in rep.unresolved:
        lines.append(f"  unresolved reference at {at(line)}: «{text}»")
    for line, text in rep.external[:EXTERNAL_SHOWN]:
        lines.append(f"  reference whose target is not in this source, {at(line)}: «{text}» (kept as text)")
    if len(rep.external) > EXTERNAL_SHOWN:  # a saved page links to the rest of its site
        more = len(rep.external) - EXTERNAL_SHOWN
        lines.append(f"  … {more} more such references (`rulebook ingest --outline {r.book.slug}` lists all)")
    for line, text in rep.missing_tables:
        lines.append(f"  table missing in the source at {at(line)}: «{text}»")
    for note in rep.notes:
        lines.append(f"  note: {note}")
    for line, text in sorted(
        [*rep.warnings, *outline.empty_sections(r.doc, markup=r.book.kind != "text")],
        key=lambda w: (by_place(w[0]), w[1]),
    ):
        lines.append(f"  warning: {at(line)}: {text}")
    return lines
