"""A FictionBook 2 book (`.fb2`, or `.fb2.zip` holding one) -> one HTML page the markup importer reads.

FictionBook is the e-book format Russian readers keep their books in: XML whose `<body>` holds
nested `<section>`s, each with a `<title>`, paragraphs, poems, quotes, tables and links to notes
kept in a second body (`<body name="notes">`). Its structure is as explicit as a web page's, so
it is written out as one: the rest of the ingest (headings and their ids, pages, links, word
coverage, writing the Markdown) then works as for any saved page, and the book gains no reading
path of its own to keep in step. lxml reads the XML, honouring the encoding its prolog declares
(Windows-1251 is common) and neither loading a DTD nor expanding entities; a malformed file is
refused at the line the parser names, and so is one whose DOCTYPE declares an entity (its text
would otherwise be published as `&name;`). The conversion is a walk over the tree, not XSLT: the
depth of a section, the notes and the line bookkeeping are easier to say in Python.

How the elements map, and why:

- a `<section>` with a `<title>` is a heading at its depth among titled sections (a top-level
  one is H1, one page per chapter); the title's lines are one heading, joined as a sentence
  (text outside a `<p>` of the title is a line too); a section without a title adds no level;
- a `<subtitle>` is a heading one level below its section's: in a rulebook it names the rule
  or the example that follows it, which search should rank as a title and a link should reach.
  A subtitle without letters or digits («* * *», a scene break) stays a paragraph;
- the body's own `<title>` (author and title lines) opens the book as bold lines before the
  first chapter, where the printed title page stands: the entry's title names the site's book;
- `<epigraph>`, `<cite>`, `<poem>` and a section's `<annotation>` are quotes; a stanza's lines
  one paragraph with a line break between them. Every child of these is read, the ones the
  schema does not place there too (a `<text-author>` in a stanza is a line of its own): no
  word of the book's text is left behind, which the tests check against the book's own XML;
- `<a type="note">` is a superscript marker linking to its note; the notes body becomes the
  last page, one list item per note, which the marker leads to;
- an `<image>` keeps its `alt` (else its `title`) as the text of the picture; the pictures
  themselves (`<binary>`) are not carried over, and the report says how many.

Each block of the page is written at the line it starts at in the book, so a warning about the
page names the line of the `.fb2`.
"""

from __future__ import annotations

import html
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from rulebook.ingest.ebooks import MAX_BYTES, declared_entity, parser
from rulebook.ingest.ebooks import name as _name
from rulebook.ingest.errors import IngestError
from rulebook.ingest.lineshapes import SENTENCE_ENDS

NS = "http://www.gribuser.ru/xml/fictionbook/2.0"
NOTES_BODIES = ("notes", "comments")  # the bodies that hold what `type="note"` links point to
_WS = re.compile(r"\s+")
_WORD = re.compile(r"\w")
_ENDS_SENTENCE = re.compile(f"[{SENTENCE_ENDS}]$")
_INLINE_TAGS = {"strong": "strong", "emphasis": "em", "strikethrough": "s", "sub": "sub", "sup": "sup"}
_INLINE_TAGS |= {"code": "code", "style": "span"}


@dataclass
class Book:
    """The book as one HTML page, and what the report says about it."""

    page: str
    notes: list[str] = field(default_factory=list)


def read(path: Path, book: str | None = None) -> Book:
    """The `.fb2` (or the one `.fb2` inside a `.fb2.zip`) at `path`."""
    data, inner = _bytes(path, book)
    where = f"{inner}, " if inner else ""
    try:
        root = etree.fromstring(data, parser())
    except etree.XMLSyntaxError as err:
        line = err.lineno if not inner else None
        at = f"{where}line {err.lineno}: " if inner else where
        raise IngestError(
            f"not a well-formed FictionBook: {at}{err.msg}", path=path, line=line, book=book
        ) from None
    except (ValueError, LookupError) as err:  # an encoding the prolog names that lxml does not know
        raise IngestError(f"not a readable FictionBook: {where}{err}", path=path, book=book) from None
    if found := declared_entity(root):
        entity, line = found
        at = f"{where}line {line}: " if inner and line else where
        raise IngestError(
            f"not a FictionBook to read: {at}its DOCTYPE declares the entity &{entity};, which is not "
            "expanded: write its text in its place",
            path=path,
            line=line if not inner else None,
            book=book,
        )
    if _name(root) != "FictionBook":
        raise IngestError(
            f"not a FictionBook: {where}its root element is <{_name(root)}>, not <FictionBook>",
            path=path,
            line=root.sourceline if not inner else None,
            book=book,
        )
    if not any(_name(el) == "body" and el.get("name") not in NOTES_BODIES for el in root):
        raise IngestError(  # a description alone, or the notes alone, is no book to publish
            f"no text in this FictionBook: {where}it has no <body> (the element that holds a "
            "FictionBook's text; a body of notes is not one)",
            path=path,
            line=root.sourceline if not inner else None,
            book=book,
        )
    return _Writer(inner or path.name).book(root)


def _bytes(path: Path, book: str | None) -> tuple[bytes, str]:
    """The book's bytes, and the name of the `.fb2` inside when it came zipped ("" when not)."""
    if not path.is_file():
        raise IngestError("source file not found", path=path, book=book)
    if not path.name.lower().endswith(".zip"):
        return path.read_bytes(), ""
    try:
        with zipfile.ZipFile(path) as z:
            inside = [i for i in z.infolist() if i.filename.lower().endswith(".fb2") and not _mac_extra(i)]
            if len(inside) != 1:
                found = ", ".join(i.filename for i in inside) or "none"
                raise IngestError(f"a .fb2.zip holds one .fb2 book (found: {found})", path=path, book=book)
            info = inside[0]
            if info.file_size > MAX_BYTES:
                raise IngestError(
                    f"{info.filename} unpacks to {info.file_size} bytes: too large to read",
                    path=path,
                    book=book,
                )
            return z.read(info), info.filename
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, OSError, EOFError) as err:
        raise IngestError(f"not a readable zip archive: {err}", path=path, book=book) from None


def _mac_extra(info: zipfile.ZipInfo) -> bool:
    """A folder, or what macOS's archiver adds beside each file (`__MACOSX/._book.fb2`, its
    resource fork and attributes): not a second book in the zip."""
    base = info.filename.rsplit("/", 1)[-1]
    return info.is_dir() or info.filename.startswith("__MACOSX/") or base.startswith("._")


def _href(el: etree._Element) -> str:
    """`l:href` (xlink), whatever prefix the book binds the namespace to."""
    for key, value in el.attrib.items():
        if etree.QName(key).localname == "href":
            return str(value)
    return ""


def _attr(name: str, value: str) -> str:
    return f' {name}="{html.escape(value, quote=True)}"'


class _Writer:
    """Writes the HTML page, each block at the line of the book it starts at."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.out: list[str] = []
        self.line = 1
        self.images_dropped = 0

    # ---- output ----------------------------------------------------------------------------
    def at(self, el: etree._Element) -> None:
        """Pad the page with line ends up to the line `el` starts at in the book."""
        line = el.sourceline or 0
        if line > self.line:
            self.out.append("\n" * (line - self.line))
            self.line = line

    def put(self, text: str) -> None:
        self.out.append(text)

    def text(self, s: str | None) -> None:
        if s:
            self.out.append(html.escape(s.replace("\r", " ").replace("\n", " "), quote=False))

    # ---- the book --------------------------------------------------------------------------
    def book(self, root: etree._Element) -> Book:
        notes: list[str] = []
        info = next((el for el in root.iter() if _name(el) == "title-info"), None)
        if info is not None:
            notes.append(self.title_info(info))
        self.put("<html><body>")
        bodies = [el for el in root if _name(el) == "body"]
        for body in bodies:
            if body.get("name") not in NOTES_BODIES:
                self.body(body)
        for body in bodies:
            if body.get("name") in NOTES_BODIES:
                self.notes_body(body)
        self.put("</body></html>\n")
        binaries = sum(1 for el in root if _name(el) == "binary")
        if binaries or self.images_dropped:
            notes.append(
                f"{self.name}: {binaries} pictures (<binary>) are not carried over; a picture's alt "
                f"text stays in its place ({self.images_dropped} had none)"
            )
        return Book("".join(self.out), notes)

    def title_info(self, info: etree._Element) -> str:
        """The book's own title and author, for the report: the entry's title names the book."""
        title = next((_plain(el) for el in info if _name(el) == "book-title"), "")
        authors = []
        for a in (el for el in info if _name(el) == "author"):
            parts = [
                _plain(el) for el in a if _name(el) in ("first-name", "middle-name", "last-name", "nickname")
            ]
            authors.append(" ".join(p for p in parts if p))
        by = f" by {', '.join(a for a in authors if a)}" if any(authors) else ""
        return f"{self.name}: the book calls itself «{title}»{by} (its title-info is metadata, not text)"

    def body(self, body: etree._Element) -> None:
        for el in body:
            if _name(el) == "section":
                self.section(el, 1)
            else:
                self.block(el, 1, quoted=False)

    def section(self, sec: etree._Element, level: int) -> None:
        title = next((el for el in sec if _name(el) == "title"), None)
        ident = sec.get("id")
        inner = level
        if title is not None and (text := self.heading_text(title)):
            self.at(title)
            h = min(level, 6)
            self.put(f"<h{h}{_attr('id', ident) if ident else ''}>{text}</h{h}>")
            inner = level + 1
        elif ident:
            self.at(sec)
            self.put(f"<div{_attr('id', ident)}></div>")  # an empty anchor leads to the block after it
        for el in sec:
            if el is title:
                continue
            if _name(el) == "section":
                self.section(el, inner)
            else:
                self.block(el, inner, quoted=False)

    def heading_text(self, title: etree._Element) -> str:
        """A title's lines as one heading: «Глава 1» and «Бой» read «Глава 1. Бой»."""
        out = ""
        for line in self.title_lines(title):
            if out:
                out += " " if _ENDS_SENTENCE.search(_shown(out)) else ". "
            out += line
        return out

    def title_lines(self, title: etree._Element) -> list[str]:
        """A title's lines: each `<p>`, and text outside one (`<title>Глава первая</title>`, as
        some converters write it) a line of its own, so no title's words are lost."""
        lines: list[str] = []
        saved, self.out = self.out, []  # the text outside the `<p>`s gathers here

        def end_line() -> None:
            lines.append("".join(self.out).strip())
            self.out = []

        self.text(title.text)
        for el in title:
            if _name(el) in ("p", "empty-line"):
                end_line()
                if _name(el) == "p":
                    lines.append(self.inline_html(el).strip())
            else:
                self.inline(el, in_sup=False)
            self.text(el.tail)
        end_line()
        self.out = saved
        return [line for line in lines if line]

    # ---- blocks ----------------------------------------------------------------------------
    def block(self, el: etree._Element, level: int, quoted: bool) -> None:
        """One block of a section (or of a quote: `quoted`, where a heading would leave the box)."""
        n = _name(el)
        if n in ("p", "text-author", "date", "v"):
            self.at(el)
            body = self.inline_html(el)
            if n == "text-author":
                body = f"<em>{body}</em>"
            self.put(f"<p{self.id_of(el)}>{body}</p>")
        elif n == "subtitle":
            self.at(el)
            body = self.inline_html(el)
            if not _WORD.search(_shown(body)):
                self.put(f"<p{self.id_of(el)}>{body}</p>")  # «* * *»: a break, not a title
            elif quoted:
                self.put(f"<p{self.id_of(el)}><strong>{body}</strong></p>")
            else:
                h = min(level, 6)
                self.put(f"<h{h}{self.id_of(el)}>{body}</h{h}>")
        elif n in ("epigraph", "cite", "annotation", "poem"):
            self.at(el)
            self.put(f"<blockquote{self.id_of(el)}>")
            for child in el:
                self.block(child, level, quoted=True)
            self.put("</blockquote>")
        elif n == "stanza":
            self.stanza(el)
        elif n == "table":
            self.table(el)
        elif n == "image":
            self.at(el)
            alt = self.image_alt(el)
            if alt:
                self.put(f"<p><img{_attr('alt', alt)}></p>")
        elif n == "section":  # a section inside a quote (not in the schema, but books have them)
            for child in el:
                self.block(child, level, quoted=True)
        elif n == "title":  # the body's, a quote's or a poem's title: bold lines
            self.at(el)
            for line in self.title_lines(el):
                self.put(f"<p><strong>{line}</strong></p>")
        # empty-line: paragraphs are apart already; anything else (a stray element) has no text
        # the schema lets a block hold, and is read for its text all the same
        elif n != "empty-line" and (el.text or len(el)):
            self.at(el)
            self.put(f"<p>{self.inline_html(el)}</p>")

    def stanza(self, stanza: etree._Element) -> None:
        """The verses one paragraph, a line break between them; anything else in the stanza (its
        title, a `<text-author>` books put there) a block of its own where it stands."""
        lines: list[str] = []
        for el in stanza:
            if _name(el) == "v":
                if not lines:
                    self.at(el)
                lines.append(self.inline_html(el))
                continue
            if lines:
                self.put("<p>" + "<br>".join(lines) + "</p>")
                lines = []
            self.block(el, 6, quoted=True)
        if lines:
            self.put("<p>" + "<br>".join(lines) + "</p>")

    def table(self, table: etree._Element) -> None:
        self.at(table)
        self.put(f"<table{self.id_of(table)}>")
        for tr in table:
            if _name(tr) != "tr":
                continue
            self.at(tr)
            self.put("<tr>")
            for cell in tr:
                tag = _name(cell)
                if tag not in ("th", "td"):
                    continue
                spans = "".join(_attr(a, str(cell.get(a))) for a in ("colspan", "rowspan") if cell.get(a))
                self.put(f"<{tag}{spans}>{self.inline_html(cell)}</{tag}>")
            self.put("</tr>")
        self.put("</table>")

    def notes_body(self, body: etree._Element) -> None:
        """The notes as the book's last page: its title (else «Примечания»), one item per note."""
        title = next((el for el in body if _name(el) == "title"), None)
        heading = self.heading_text(title) if title is not None else ""
        if title is not None:
            self.at(title)
        self.put(f"<h1>{heading or 'Примечания'}</h1>")
        for el in body:  # text of the notes body outside a note (an epigraph, a line) opens it
            if el is not title and _name(el) != "section":
                self.block(el, 2, quoted=False)
        notes = [el for el in body if _name(el) == "section"]
        marks = []
        for note in notes:
            t = next((el for el in note if _name(el) == "title"), None)
            marks.append(_plain(t) if t is not None else "")
        numbered = [m.strip("[]() ") for m in marks] == [str(i) for i in range(1, len(notes) + 1)]
        self.put("<ol>" if numbered else "<ul>")
        for note, mark in zip(notes, marks, strict=True):
            self.at(note)
            self.put(f"<li{self.id_of(note)}>")
            if mark and not numbered:
                self.put(f"<strong>{html.escape(mark, quote=False)}</strong> ")
            for el in note:
                if _name(el) == "title":
                    continue
                if _name(el) == "section":  # a note in parts: each part's text
                    for child in el:
                        self.block(child, 6, quoted=True)
                else:
                    self.block(el, 6, quoted=True)
            self.put("</li>")
        self.put("</ol>" if numbered else "</ul>")

    # ---- inline ----------------------------------------------------------------------------
    def id_of(self, el: etree._Element) -> str:
        ident = el.get("id")
        return _attr("id", ident) if ident else ""

    def image_alt(self, el: etree._Element) -> str:
        alt = _WS.sub(" ", el.get("alt") or el.get("title") or "").strip()
        if not alt:
            self.images_dropped += 1
        return alt

    def inline_html(self, el: etree._Element) -> str:
        """The inline content of `el` as HTML (written to a buffer of its own)."""
        saved, self.out = self.out, []
        self.inline_children(el, in_sup=False)
        text, self.out = "".join(self.out), saved
        return text

    def inline_children(self, el: etree._Element, in_sup: bool) -> None:
        self.text(el.text)
        for child in el:
            self.inline(child, in_sup)
            self.text(child.tail)

    def inline(self, el: etree._Element, in_sup: bool) -> None:
        n = _name(el)
        if n == "a":
            href = _href(el)
            note = el.get("type") == "note"
            if not href:
                self.inline_children(el, in_sup)
                return
            if note and not in_sup:
                self.put("<sup>")
            self.put(f"<a{_attr('href', href)}>")
            self.inline_children(el, in_sup)
            self.put("</a>")
            if note and not in_sup:
                self.put("</sup>")
            return
        if n == "image":
            alt = self.image_alt(el)
            if alt:
                self.put(f"<img{_attr('alt', alt)}>")
            return
        tag = _INLINE_TAGS.get(n)
        if tag is None:  # an element the schema does not put in a line: its text, as it reads
            self.inline_children(el, in_sup)
            return
        self.put(f"<{tag}>")
        self.inline_children(el, in_sup or n == "sup")
        self.put(f"</{tag}>")


def _shown(markup: str) -> str:
    """The text of a piece of the HTML written here (its tags are the writer's own)."""
    return html.unescape(re.sub(r"<[^>]*>", "", markup)).strip()


def _plain(el: etree._Element) -> str:
    return _WS.sub(" ", "".join(el.itertext())).strip()
