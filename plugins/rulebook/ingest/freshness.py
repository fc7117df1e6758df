"""Whether a book's pages are what ingest would write, without reading the book again.

`make build` and `make serve` ask it on every run (`rulebook ingest --check`). Reading a book is
the importer's whole work: a second a book for a text, seconds for a PDF of a few hundred pages
(two pdftotext runs and its layout), so a library of dozens of books, or one large PDF, made every
build wait though nothing had changed. A record of what a book's pages were written from answers
instead: the same inputs and the same pages on disk are fresh. It names each page with its
digest, which is also what marks a page as the ingest's own: a book taken out of the registry
takes off the site the pages the ingest wrote that nobody changed since, and leaves a page edited
or added by hand (pipeline.gone); the comment the ingest puts atop a page stays through a hand
edit, so it cannot tell the two apart.

The inputs are everything the reading depends on: the book's entry in the registry (its table as
parsed, not the file: a book's pages take nothing from the other entries, nor from the books'
order or the entry's place, as the home page's list of books, the navigation and the search read
the registry at every build; so another entry's edit or a new book reads no other book), the
book's source (each file of a folder source, by its path and bytes), its table hints, the
importer's code, Python's and the installed packages' versions and, for a PDF, pdftotext's. The
search glossaries (the book's, the shared one) are not: the reading only checks them, and every
build reads them, so a synonym added reads no book again. A record sits under `.cache/` (not
committed: it names this machine's packages); no record, any input changed, or a page edited or
added by hand, and the book is read as before. The check takes the shortcut, and so does `mkdocs
serve`, which reads again the books whose inputs changed (pipeline.refresh); `rulebook ingest`
always reads its books.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from rulebook.ingest.config import BookConfig

RECORDS = Path(".cache") / "ingest"  # under the project's root
SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")  # as the registry allows (config.load_books)


def inputs(book: BookConfig) -> str:
    """A digest of everything `book`'s pages are read from."""
    h = hashlib.sha256()
    h.update(_code().encode())
    h.update(_packages().encode())
    _add(h, book.slug.encode(), book.entry.encode())
    for path in [book.source, book.tables.hints]:
        _add_path(h, path)
    if any(p.suffix.lower() == ".pdf" for p in _files(book.source)):
        h.update(_pdftotext().encode())
    return h.hexdigest()


def pages(docs: Path, slug: str) -> dict[str, str]:
    """The book's pages as they are on disk: every `.md` of its folder by name, with a digest
    of its bytes (one a page, so that a page can be told apart from the pages edited by hand)."""
    folder = docs / slug
    return {p.name: digest(p) for p in sorted(folder.glob("*.md"))} if folder.is_dir() else {}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def is_fresh(root: Path, slug: str, inputs_now: str) -> bool:
    """The book's pages were written (or checked) from these inputs and are unchanged since."""
    record = _read(root, slug)
    return record.get("inputs") == inputs_now and record.get("pages") == pages(root / "docs", slug)


def read_from(root: Path, slug: str) -> str | None:
    """The inputs the book's pages were last written or checked from (None: no record)."""
    return _read(root, slug).get("inputs")


def written(root: Path, slug: str) -> dict[str, str]:
    """The pages the ingest last wrote (or found as it would write them) into docs/<slug>/, by
    name, with their digests: a file there with another digest, or none, was edited or added by
    hand. Empty where there is no record."""
    found = _read(root, slug).get("pages")
    return {k: v for k, v in found.items() if isinstance(v, str)} if isinstance(found, dict) else {}


def recorded(root: Path) -> list[str]:
    """The slugs that have a record: the books whose pages an ingest wrote or checked here, the
    registry's or not any more."""
    folder = root / RECORDS
    names = sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []
    return [n for n in names if SLUG.fullmatch(n)]  # a stray file never names docs/ itself


def forget(root: Path, slug: str) -> None:
    """Drop the book's record (its book left the registry and its pages the site)."""
    with contextlib.suppress(OSError):  # a read-only checkout: the next refresh finds it again
        _record(root, slug).unlink(missing_ok=True)


def _read(root: Path, slug: str) -> dict:
    """The book's record; empty where there is none or it cannot be read."""
    try:
        record = json.loads(_record(root, slug).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def remember(root: Path, slug: str, read_from: str) -> None:
    """Record that the book's pages on disk are what `read_from` gives. A record that cannot be
    written (a read-only checkout) costs only the next check's time."""
    record = {"inputs": read_from, "pages": pages(root / "docs", slug)}
    path = _record(root, slug)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    except OSError:
        pass


def _record(root: Path, slug: str) -> Path:
    return root / RECORDS / f"{slug}.json"


def _add(h: hashlib._Hash, name: bytes, data: bytes) -> None:
    """Each part by its length first, so that no two lists of parts give the same stream."""
    for part in (name, data):
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)


def _files(path: Path | None) -> list[Path]:
    if path is None:
        return []
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file())
    return [path]


def _add_path(h: hashlib._Hash, path: Path | None) -> None:
    if path is None:
        _add(h, b"-", b"")
        return
    if not path.exists():
        _add(h, str(path).encode(), b"\x00missing")
        return
    for p in _files(path):
        _add(h, str(p.relative_to(path) if path.is_dir() else p.name).encode(), p.read_bytes())


@functools.cache
def _code() -> str:
    """The importer's code: every module of the package (the reading calls the search's
    glossary and the slugs too), so a change of any rule reads every book again."""
    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for p in sorted(package.rglob("*.py")):
        _add(h, str(p.relative_to(package)).encode(), p.read_bytes())
    return h.hexdigest()


@functools.cache
def _packages() -> str:
    """Python's version and the installed packages': the readers of HTML, Word, e-books and
    Markdown are libraries, and a new version may read a source differently."""
    seen = sorted({f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions()})
    return "\n".join([sys.version, *seen])  # Python's own: its Unicode tables read the letters


@functools.cache
def _pdftotext() -> str:
    exe = shutil.which("pdftotext")
    if exe is None:
        return "no pdftotext"
    try:
        done = subprocess.run([exe, "-v"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "pdftotext: no version"
    return (done.stdout + done.stderr).decode("utf-8", "replace")
