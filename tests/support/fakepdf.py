"""A PDF laid out by hand, as pdftotext reads it: a stand-in `pdftotext` on the PATH writes the
text (`-raw`) and the words' boxes (`-raw -bbox`) of printed lines placed on pages, so a test
sets each word where a book would print it without drawing a PDF."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Printed:
    cells: list[tuple[str, float]]  # (words, left edge) of each run of words on the line
    y: float  # the line's foot, from the page's top
    size: float = 10.0
    sideways: bool = False  # set on its side: each word's box as tall as the word is long


def line(text: str, y: float, x: float = 50.0, size: float = 10.0) -> Printed:
    return Printed([(text, x)], y, size)


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pages: list[list[Printed]]) -> bytes:
    """Put the stand-in pdftotext for these pages on the PATH; the PDF's bytes to name `.pdf`."""
    texts, boxes = [], []
    for printed in pages:
        texts.append("\n".join(" ".join(t for t, _ in p.cells) for p in printed) + "\n")
        boxes.append('<page width="612" height="792">')
        for p in printed:
            for text, x in p.cells:
                for w in text.split():
                    length = 0.5 * p.size * len(w)
                    width, height = (p.size, length) if p.sideways else (length, p.size)
                    boxes.append(
                        f'<word xMin="{x:.3f}" yMin="{p.y - height:.3f}" xMax="{x + width:.3f}" '
                        f'yMax="{p.y:.3f}">{w}</word>'
                    )
                    x += width + 0.25 * p.size
        boxes.append("</page>")
    stand_in(tmp_path, monkeypatch, "\f".join(texts), "<doc>" + "\n".join(boxes) + "</doc>")
    return PDF


PDF = b"%PDF-1.4\n%%EOF\n"  # a file the importer takes for a PDF: the stand-in reads no file


def stand_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raw: str, bbox: str) -> None:
    """A pdftotext on the PATH that writes `raw` (its -raw text), and `bbox` with -bbox."""
    exe = tmp_path / "fakebin" / "pdftotext"
    exe.parent.mkdir(exist_ok=True)
    exe.write_text(
        "#!/usr/bin/env python3\nimport sys\n"
        f"sys.stdout.buffer.write(({bbox!r} if '-bbox' in sys.argv else {raw!r}).encode())\n",
        encoding="utf-8",
    )
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", f"{exe.parent}{os.pathsep}{os.environ['PATH']}")
