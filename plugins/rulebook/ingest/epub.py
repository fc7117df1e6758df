"""An EPUB book -> its pages in reading order, which the markup importer reads as saved pages.

An EPUB is a zip of XHTML pages with a package document (the OPF) that lists them in reading
order (its spine); `META-INF/container.xml` names the OPF. Its pages are web pages, so they are
read as a folder of saved pages is: each spine page by its path in the zip (links between the
book's files are then links between its pages, as in a saved site), its images' alt text kept,
its style sheets never read. The navigation document (`properties="nav"`) and the NCX are the
reader's table of contents, not text of the book: the site makes its own, so neither is read.

The zip and the OPF are read with the standard library and lxml (no entity expansion, no DTD,
no network), and each page is checked to be well-formed XML as an EPUB's pages are required to
be, so that a broken book is refused at the file and line the parser names rather than read
half; an HTML entity (`&nbsp;`), which the XHTML DTD of an EPUB 2 book declares, is no fault:
it is checked as its character, so the page is checked to its end. An entity the page's own
DOCTYPE declares is not expanded, so such a page is refused rather than published with `&name;`.

A page is read as a continuation of the page before it when it has no `<h1>` (a chapter split in
several files, a cover of one picture): pages are cut at level-1 headings, as in a one-file book.
A book whose pages head their chapters with `<h2>` and use no `<h1>` anywhere has its heading
levels raised until its top level is `<h1>`, so its chapters are still its pages (a tag-level
rewrite, which leaves the page's lines where they are for the line numbers of warnings).
"""

from __future__ import annotations

import codecs
import html.entities
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

from rulebook.ingest.ebooks import MAX_BYTES, Pages, declared_entity, parser, raise_levels
from rulebook.ingest.ebooks import name as _name
from rulebook.ingest.errors import IngestError

_PAGE_TYPES = ("application/xhtml+xml", "text/html")
_DECLARED = re.compile(rb"""^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_HTML_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_OWN = {"amp", "lt", "gt", "quot", "apos"}  # XML's own entities, which the parser knows


def read(path: Path, book: str | None = None) -> Pages:
    """The spine's pages, (name in the zip, text), in reading order, and what the report says;
    a page without an `<h1>` goes on from the one before it."""
    if not path.is_file():
        raise IngestError("source file not found", path=path, book=book)
    try:
        with zipfile.ZipFile(path) as z:
            return _read(z, path, book)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError) as err:
        raise IngestError(f"not a readable EPUB (a zip archive): {err}", path=path, book=book) from None


def _read(z: zipfile.ZipFile, path: Path, book: str | None) -> Pages:
    def fail(message: str) -> IngestError:
        return IngestError(message, path=path, book=book)

    def data(name: str) -> bytes:
        try:
            info = z.getinfo(name)
        except KeyError:
            raise fail(f"the book names {name}, which is not in it") from None
        if info.file_size > MAX_BYTES:
            raise fail(f"{name} unpacks to {info.file_size} bytes: too large to read")
        return z.read(info)

    def xml(name: str) -> etree._Element:
        try:
            return etree.fromstring(data(name), parser())
        except etree.XMLSyntaxError as err:
            raise fail(f"{name}, line {err.lineno}: not well-formed XML: {err.msg}") from None

    container = xml("META-INF/container.xml")
    opf_name = next(
        (
            str(el.get("full-path"))
            for el in container.iter()
            if _name(el) == "rootfile"
            and el.get("full-path")
            and el.get("media-type", "application/oebps-package+xml") == "application/oebps-package+xml"
        ),
        None,
    )
    if opf_name is None:
        raise fail("META-INF/container.xml names no package document (<rootfile full-path=…>)")
    opf = xml(opf_name)
    folder = posixpath.dirname(opf_name)
    items: dict[str, tuple[str, str, set[str]]] = {}  # id -> (name in the zip, media type, properties)
    for el in opf.iter():
        if _name(el) == "item" and el.get("id") and el.get("href"):
            name = posixpath.normpath(posixpath.join(folder, unquote(str(el.get("href")))))
            items[str(el.get("id"))] = (
                name,
                str(el.get("media-type", "")),
                set(str(el.get("properties", "")).split()),
            )
    spine = [str(el.get("idref")) for el in opf.iter() if _name(el) == "itemref" and el.get("idref")]
    if not spine:
        raise fail(f"{opf_name}: the spine lists no pages")
    notes: list[str] = []
    title = next((" ".join("".join(el.itertext()).split()) for el in opf.iter() if _name(el) == "title"), "")
    if title:
        notes.append(f"{path.name}: the book calls itself «{title}» (its metadata, not text)")
    pages: list[tuple[str, str]] = []
    skipped: list[str] = []
    repeated: list[str] = []
    for idref in spine:
        if idref not in items:
            raise fail(f"{opf_name}: the spine names the item {idref!r}, which the manifest does not list")
        name, media, props = items[idref]
        if any(name == done for done, _ in pages):  # a converter's slip: one text, not two pages
            repeated.append(name)
            continue
        if "nav" in props:
            skipped.append(name)
            continue
        if media not in _PAGE_TYPES:
            skipped.append(name)
            continue
        pages.append((name, _checked(_decode(data(name), name, fail), name, fail)))
    navs = [name for name, _, props in items.values() if "nav" in props]
    ncx = [name for name, media, _ in items.values() if media == "application/x-dtbncx+xml"]
    if navs or ncx or skipped:
        left = sorted(set(navs + ncx + skipped))
        notes.append(
            f"{path.name}: the book's table of contents and non-page items are not text: {', '.join(left)}"
        )
    if repeated:
        notes.append(f"{path.name}: the spine lists a page again, read once: {', '.join(repeated)}")
    if not pages:
        raise fail(f"{opf_name}: the spine holds no XHTML pages")
    return Pages(raise_levels(pages), notes, flowing=True)


def _checked(text: str, name: str, fail: Callable[[str], IngestError]) -> str:
    """`text`, once the page is found well-formed to its end. HTML's named entities (`&nbsp;`),
    which the XHTML DTD declares and the parser, reading no DTD, would stop at, are checked as the
    characters they stand for; an entity HTML does not name is a fault like a tag left open."""
    as_xml = _HTML_ENTITY.sub(_as_number, text)
    try:
        root = etree.fromstring(as_xml.encode("utf-8"), parser("utf-8"))
    except etree.XMLSyntaxError as err:
        raise fail(f"{name}, line {err.lineno}: not well-formed XHTML: {err.msg}") from None
    if found := declared_entity(root):
        entity, line = found
        raise fail(
            f"{name}, line {line or 1}: its DOCTYPE declares the entity &{entity};, which is not "
            "expanded: write its text in its place"
        )
    return text


def _as_number(m: re.Match[str]) -> str:
    code = html.entities.name2codepoint.get(m.group(1))
    return f"&#{code};" if code is not None and m.group(1) not in _XML_OWN else m.group(0)


def _decode(raw: bytes, name: str, fail: Callable[[str], IngestError]) -> str:
    """A page's text: in the encoding its byte order mark or XML prolog says, else UTF-8."""
    enc = "utf-8"
    if raw.startswith(codecs.BOM_UTF8):
        enc = "utf-8-sig"
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        enc = "utf-16"
    elif m := _DECLARED.match(raw):
        enc = m.group(1).decode("ascii")
    try:
        return raw.decode(enc)
    except (UnicodeDecodeError, LookupError) as err:
        line = raw.count(b"\n", 0, err.start) + 1 if isinstance(err, UnicodeDecodeError) else "?"
        raise fail(f"{name}, line {line}: not valid {enc}") from None
