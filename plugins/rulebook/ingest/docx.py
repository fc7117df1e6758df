"""A Word document (.docx) -> one HTML page, which the markup importer reads as a saved page.

A group's house rules and a translation in progress live in Word files more often than anywhere
else, and saving one as a web page first loses nothing the site needs but costs its editor a step
they may not know. The conversion is mammoth's, a well-kept converter that maps Word's styles to
the elements they mean rather than to their looks: a «Heading 2» paragraph (whatever the Word's
language calls it in its menus) is an `<h2>`, lists are lists, tables keep their merged cells,
bold and italics stay, and footnotes become linked notes. The style map adds what its default
leaves as a paragraph: the document's Title is its H1. Pictures keep their alt text only (an
embedded picture would be published as data inside the page). A document whose top headings
are «Heading 2» has them raised to H1, as an EPUB's are, so its chapters are still its pages.

A document that uses no heading style at all sets its titles by hand: a plain paragraph all in
bold, short, ending no sentence, with text after it; bold lines in a row are titles only where
each is set smaller than the one above (a chapter's title over its first section's), else a list
(«Меч 1к8», «Топор 1к10»). Such a paragraph is read
as a heading, its level by its type size among those titles' sizes (the largest H1), so a
house-rules file typed without styles still gets its sections and pages; where any heading style
is used, the styles alone decide.

A file that is not a Word document (no `word/document.xml`, a password-protected file, an old
binary .doc renamed) or whose XML is broken is refused in one line naming the file; styles
mammoth does not know are told in the report, as paragraphs they became.
"""

from __future__ import annotations

import html
import io
import itertools
import re
import xml.parsers.expat
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import mammoth
from lxml import etree
from mammoth import documents, transforms

from rulebook.ingest import ebooks
from rulebook.ingest.ebooks import MAX_BYTES, Pages, raise_levels
from rulebook.ingest.errors import IngestError

_STYLE_MAP = "\n".join(
    [
        "p[style-name='Title'] => h1:fresh",
        "p[style-name='Название'] => h1:fresh",
        "p[style-name='Заголовок'] => h1:fresh",
        *(f"p[style-name='Заголовок {n}'] => h{n}:fresh" for n in range(1, 7)),
        "p[style-name='Subtitle'] => p:fresh",
        "p[style-name='Подзаголовок'] => p:fresh",
    ]
)
# a 1,000-page book's text is some 30 MB of Word's XML; the converter holds it whole, some 10 times over
_TEXT_BYTES = 64 * 2**20
_HEADING_STYLE = re.compile(r"^(?:heading|заголовок) [1-6]$", re.I)
_BODY_STYLES = {None, "Normal", "Обычный", "Body Text", "Основной текст"}
_TITLE_MAX = 80  # a title set by hand is a short line
_SENTENCE_END = ".;,:!…"
_UNKNOWN_STYLE = re.compile(r"^Unrecognised (paragraph|run) style: (?P<name>.+?) \(Style ID: .*\)$")
# a closing block tag: each block then starts a line of its own, so a warning's line means a block
_BLOCK_END = re.compile(r"(</(?:p|h[1-6]|li|tr|table|ul|ol|blockquote)>)")


def read(path: Path, book: str | None = None) -> Pages:
    """The document as one HTML page (named by its file), and what the report says of it."""

    def fail(message: str) -> IngestError:
        return IngestError(message, path=path, book=book)

    if not path.is_file():
        raise fail("source file not found")
    try:
        with zipfile.ZipFile(path) as z:  # read once: checked, then copied with the skipped words
            _check_parts({i.filename: i.file_size for i in z.infolist()}, fail)
            unwrapped = _unwrap_fields(z)
        result = mammoth.convert_to_html(
            unwrapped,
            style_map=_STYLE_MAP,
            convert_image=mammoth.images.img_element(_alt),
            transform_document=_bold_titles,
        )
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError) as err:
        raise fail(
            f"not a readable Word document (a .docx is a zip archive: {err}); a password-protected "
            "file or an old .doc renamed is not one: save it from Word as a .docx or a web page"
        ) from None
    except (xml.parsers.expat.ExpatError, etree.XMLSyntaxError) as err:
        raise fail(f"not a readable Word document: its XML is broken ({err})") from None
    except KeyError as err:  # an element without an attribute Word always writes
        raise fail(
            f"not a readable Word document: a part of it lacks {err} (save it again from Word)"
        ) from None
    except ValueError as err:
        raise fail(f"not a readable Word document: {err}") from None
    body = _BLOCK_END.sub(r"\1\n", result.value)
    page = (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{html.escape(path.stem)}</title></head><body>\n{body}</body></html>\n"
    )
    return Pages(raise_levels([(path.name, page)]), _notes(result.messages))


_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
_TEXT_PARTS = ("word/document.xml", "word/footnotes.xml", "word/endnotes.xml")
# elements the converter skips with the words in them: a simple field's result (a cross-reference's
# «Таблица 3»), a run of another direction, ruby's base text; their runs are read as plain runs
_WRAPPERS = [f"{{{_W}}}{name}" for name in ("fldSimple", "dir", "bdo", "ruby", "rubyBase")]


def _check_parts(sizes: dict[str, int], fail: Callable[[str], IngestError]) -> None:
    """A Word document's parts as the converter needs them: its text there, no part too large."""
    if "word/document.xml" not in sizes:
        raise fail("not a Word document: it has no word/document.xml (save it from Word as a .docx)")
    big = next((n for n, size in sizes.items() if size > MAX_BYTES), None)
    if big is not None:
        raise fail(f"{big}: larger than {MAX_BYTES // 2**20} MB unpacked, refused")
    if sizes["word/document.xml"] > _TEXT_BYTES:
        raise fail(
            f"its text (word/document.xml) is over {_TEXT_BYTES // 2**20} MB unpacked, more than a book of "
            "rules holds: save it as a web page, or split it"
        )


def _unwrap_fields(z: zipfile.ZipFile) -> io.BytesIO:
    """The document with the words the converter would skip as plain runs: those of the elements
    in _WRAPPERS, and an equation's (OMML) text as one run, «Сила+Ловкость»."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
        for item in z.infolist():
            data = z.read(item.filename)
            copy.writestr(item, _plain_runs(data) if item.filename in _TEXT_PARTS else data)
    out.seek(0)
    return out


def _plain_runs(data: bytes) -> bytes:
    root = etree.fromstring(data, ebooks.parser())
    for el in list(root.iter(*_WRAPPERS, f"{{{_W}}}rt")):
        if el.tag == f"{{{_W}}}rt":  # ruby's reading, after its base: «漢字 (かんじ)»
            el.tag = f"{{{_W}}}r"
            el[:] = [_run(" (" + "".join(el.itertext()) + ")")[0]]
        else:
            _unwrap(el)
    for el in list(root.iter(f"{{{_M}}}oMathPara", f"{{{_M}}}oMath")):
        if el.getparent() is not None and el.getparent().tag != f"{{{_M}}}oMathPara":
            text = "".join(t.text or "" for t in el.iter(f"{{{_M}}}t"))
            el.getparent().replace(el, _run(text))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _run(text: str) -> etree._Element:
    run = etree.Element(f"{{{_W}}}r")
    t = etree.SubElement(run, f"{{{_W}}}t")
    t.text = text
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    return run


def _unwrap(el: etree._Element) -> None:
    """The element replaced by its children, in place."""
    parent = el.getparent()
    if parent is None:
        return
    at = parent.index(el)
    for k, child in enumerate(list(el)):
        parent.insert(at + k, child)
    parent.remove(el)


def _bold_titles(document: documents.Document) -> documents.Document:
    """The document with each title set by hand (see the module's docstring) styled as a heading
    of its level; unchanged where any paragraph has a heading style."""
    paragraphs = transforms.get_descendants_of_type(document, documents.Paragraph)
    if any(_HEADING_STYLE.match(p.style_name or "") for p in paragraphs):
        return document
    kids = document.children
    found = {i: size for i, kid in enumerate(kids) if (size := _title_size(kid)) is not None}
    texts = [
        i
        for i, kid in enumerate(kids)
        if i in found or not isinstance(kid, documents.Paragraph) or _text(kid).strip()
    ]
    sizes: dict[int, float] = {}  # index among the body's children -> the title's type size
    run: list[int] = []  # candidates in a row
    for i in texts:
        if i in found:
            run.append(i)
            continue
        # a run of bold lines over text: titles where each is set smaller than the one above (a
        # chapter's over its first section's), a list where they share a size («Меч 1к8», …)
        if run and all(found[a] > found[b] for a, b in itertools.pairwise(run)):
            sizes.update((a, found[a]) for a in run)
        run = []
    level = {s: min(n, 6) for n, s in enumerate(sorted(set(sizes.values()), reverse=True), start=1)}
    return document.copy(
        children=[
            kid.copy(style_id=None, style_name=f"Heading {level[sizes[i]]}") if i in sizes else kid
            for i, kid in enumerate(kids)
        ]
    )


def _title_size(kid: object) -> float | None:
    """The type size of a plain paragraph that is a title set by hand (0 where the runs do not
    say), None when it is none: some run not bold, a list item, a styled paragraph, a sentence."""
    if not isinstance(kid, documents.Paragraph) or kid.numbering or kid.style_name not in _BODY_STYLES:
        return None
    runs = [r for r in transforms.get_descendants_of_type(kid, documents.Run) if _text(r).strip()]
    text = _text(kid).strip()
    if not runs or not all(r.is_bold for r in runs) or not 0 < len(text) <= _TITLE_MAX:
        return None
    if text[-1] in _SENTENCE_END:
        return None
    return max(r.font_size or 0 for r in runs)


def _text(element: object) -> str:
    return "".join(t.value for t in transforms.get_descendants_of_type(element, documents.Text))


def _alt(image: mammoth.documents.Image) -> dict[str, str]:
    """A picture's attributes: its alt text alone (see the module's docstring)."""
    return {"alt": image.alt_text} if image.alt_text else {}


def _notes(messages: list[mammoth.results.Message]) -> list[str]:
    """One note for the styles read as plain paragraphs or runs, one per other message."""
    unknown: dict[str, None] = {}
    notes: list[str] = []
    for m in messages:
        found = _UNKNOWN_STYLE.match(m.message)
        if found:
            unknown[found.group("name")] = None
        else:
            notes.append(f"Word document: {m.message}")
    if unknown:
        names = ", ".join(f"«{n}»" for n in unknown)
        notes.insert(0, f"Word styles read as plain text (no heading, list or box): {names}")
    return notes
