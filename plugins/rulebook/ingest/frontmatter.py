"""Front matter at the top of a Markdown page (Jekyll's and Obsidian's YAML between «---» lines,
Hugo's TOML between «+++» lines; most SRD repositories write one): the page's metadata, not its
text.

Left in, Python-Markdown read its closing «---» as a heading's underline and published
«title: …» as a page of its own. The lines are blanked (so that reports keep naming the file's
own lines), and the page's `title`, where the page has no heading of the first level, becomes
one, on the line that gave it.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

import yaml

from rulebook.ingest import fences

_H1 = re.compile(r"^#[ \t]+\S|^=+[ \t]*$")


def _meta(kind: str, body: str) -> dict[str, Any] | None:
    try:
        meta = yaml.safe_load(body) if kind == "---" else tomllib.loads(body)
    except (yaml.YAMLError, tomllib.TOMLDecodeError):
        return None  # no metadata after all: a rule line and text, left as written
    return meta if isinstance(meta, dict) else None


def _has_h1(lines: list[str]) -> bool:
    """A heading of the first level outside code blocks (a shell's «# comment» is none)."""
    code, _ = fences.code_lines(lines)
    return any(not c and _H1.match(line) for line, c in zip(lines, code, strict=True))


def strip(text: str) -> tuple[str, int]:
    """The page without its front matter, and how many lines the front matter took (0: none)."""
    lines = text.split("\n")
    kind = lines[0].lstrip("\ufeff").rstrip() if lines else ""
    if kind not in ("---", "+++"):
        return text, 0
    end = next(
        (i for i in range(1, len(lines)) if lines[i].rstrip() in (kind, "..." if kind == "---" else kind)),
        None,
    )
    if end is None:
        return text, 0
    meta = _meta(kind, "\n".join(lines[1:end]))
    if meta is None:
        return text, 0
    rest = lines[end + 1 :]
    title = meta.get("title")
    blank = [""] * (end + 1)
    if isinstance(title, str) and title.strip() and not _has_h1(rest):
        at = next((i for i in range(1, end) if re.match(r"title\s*[:=]", lines[i])), 1)
        blank[at] = "# " + " ".join(title.split())
    return "\n".join([*blank, *rest]), end + 1
