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

import shutil
import subprocess
from pathlib import Path

from rulebook.ingest.errors import IngestError

_TIMEOUT = 300  # seconds: a thousand-page book takes a few


def is_pdf(path: Path) -> bool:
    return path.suffix.lower() == ".pdf"


def extract(path: Path, book: str | None = None) -> bytes:
    """The PDF's text, UTF-8 encoded, as `pdftotext -raw` writes it."""

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
    return done.stdout
