"""A PDF's text, as `pdftotext -raw` gives it: the text importer reads it as it reads a `.txt`.

Rules come as PDFs more than as anything else, and the text the importer was made for is the one
`pdftotext -raw` (poppler's, Debian's `poppler-utils`) writes: each column in reading order, a
line-end hyphen kept for the importer to judge, a form feed at each page break, so page numbers
and running headers are found and a paragraph cut by a page break is joined again (see
pagechrome, unwrap). Asking editors to run it first was one more step, and one they got wrong
(plain pdftotext interleaves two columns, `-layout` sets them side by side), so the importer runs
it, the same way each time. Poppler is the well-kept reader here: no Python library gives text
in that reading order as faithfully.

A warning's line is a line of that text: `pdftotext -raw book.pdf book.txt` writes it to look
at. A PDF without pdftotext on the machine, a damaged or password-protected one, or a scan with
no text in it is refused in one line naming the file and what to do.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rulebook.ingest import pdfgeometry
from rulebook.ingest.errors import IngestError

_TIMEOUT = 300  # seconds: a thousand-page book takes a few
_HYPHENS = re.compile("(?=[-\u00ad\u2010\u2011]*[\u00ad\u2010\u2011])[-\u00ad\u2010\u2011]{2,}")
_GLYPH_SPACE = re.compile(rb"(?: |\xc2\xa0)*[\t\r](?:[ \t\r]|\xc2\xa0)*")


def is_pdf(path: Path) -> bool:
    return path.suffix.lower() == ".pdf"


@dataclass(frozen=True)
class PdfText:
    text: bytes  # UTF-8, as `pdftotext -raw` writes it
    geometry: pdfgeometry.Geometry | None  # where its lines stand (None: not asked, or unknown)


def read(path: Path, book: str | None = None, sizes: bool = True) -> PdfText:
    """The PDF's text, and (`sizes`) where its lines stand: each one's type size (a title is set
    larger than the text, and the size is all a PDF's text keeps of it, see typesizes) and
    whether it stopped short of its column's edge (a paragraph's end)."""

    def fail(message: str) -> IngestError:
        return IngestError(message, path=path, book=book)

    own = f"`pdftotext -raw {path.name} {path.with_suffix('.txt').name}`"
    exe = shutil.which("pdftotext")
    if exe is None:
        raise fail(
            "reading a PDF needs pdftotext (Debian's poppler-utils: `apt-get install poppler-utils`); "
            f"or bring its text, {own}, and name the .txt in `source`"
        )
    with path.open("rb") as f:
        head = f.read(1024)
    if b"%PDF-" not in head:
        shown = head[:40].decode("utf-8", "replace").split("\n")[0].strip()
        raise fail(f"not a PDF: it starts with «{shown}», not «%PDF-»; if it is a PDF's text, name it .txt")
    try:
        done = subprocess.run(
            [exe, "-raw", "-enc", "UTF-8", str(path), "-"],
            capture_output=True,
            timeout=_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise fail(f"pdftotext did not finish in {_TIMEOUT} s: bring its text, {own}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        errors = [ln for ln in said if "Error" in ln]  # poppler's «Syntax Warning» lines come first
        why = (errors or said or [f"exit code {done.returncode}"])[0]
        if done.returncode == 3 or "password" in why.lower():
            why = "it is password-protected (permissions); save an unprotected copy"
        raise fail(f"not a readable PDF: {why}")
    if not done.stdout.replace(b"\f", b"").strip():
        raise fail(
            "the PDF has no text to read (a scan, or pages of pictures): run it through OCR "
            "(e.g. `ocrmypdf`) and bring that PDF, or its text"
        )
    # pdftotext ends its lines with LF: a CR or a tab inside one is the PDF's own glyph between
    # two words (a Word export draws each space as «\t\r \xa0»), one space, not a line break
    # that would set every word on a line of its own
    text = _GLYPH_SPACE.sub(b" ", done.stdout)
    shape = _geometry(exe, path, text) if sizes else None
    # one hyphen the PDF drew as several glyphs over each other («8th-‐‑level»): one
    # (after the geometry, which counts the letters as drawn)
    return PdfText(_HYPHENS.sub("-", text.decode("utf-8", "replace")).encode(), shape)


def _geometry(exe: str, path: Path, text: bytes) -> pdfgeometry.Geometry | None:
    """The lines' sizes and ends (pdfgeometry), from `pdftotext -raw -bbox`; None where it
    fails or its words are not the text's: the text is then read by its shapes alone."""
    try:
        done = subprocess.run(
            [exe, "-raw", "-bbox", "-enc", "UTF-8", str(path), "-"],
            capture_output=True,
            timeout=_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    return pdfgeometry.measure(text.decode("utf-8", "replace"), done.stdout.decode("utf-8", "replace"))
