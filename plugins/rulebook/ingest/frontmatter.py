"""YAML front matter at the top of a Markdown page (Jekyll, Hugo, Obsidian and most SRD
repositories write one): the page's metadata, not its text.

Left in, Python-Markdown read its closing «---» as a heading's underline and published
«title: …» as a page of its own. The lines are blanked (so that reports keep naming the file's
own lines), and the page's `title`, where the page has no heading of the first level, becomes
one, on the line that gave it.
"""

from __future__ import annotations

import re

import yaml

_FENCE = re.compile(r"^---[ \t]*$")
_H1 = re.compile(r"^#[ \t]+\S|^=+[ \t]*$", re.MULTILINE)


def strip(text: str) -> tuple[str, int]:
    """The page without its front matter, and how many lines the front matter took (0: none)."""
    lines = text.split("\n")
    if not lines or not _FENCE.match(lines[0].lstrip("\ufeff")):
        return text, 0
    end = next(
        (i for i in range(1, len(lines)) if _FENCE.match(lines[i]) or lines[i].rstrip() == "..."), None
    )
    if end is None:
        return text, 0
    try:
        meta = yaml.safe_load("\n".join(lines[1:end]))
    except yaml.YAMLError:
        return text, 0  # no metadata after all: a rule line and text, left as written
    if not isinstance(meta, dict):
        return text, 0
    rest = "\n".join(lines[end + 1 :])
    title = meta.get("title")
    blank = [""] * (end + 1)
    if isinstance(title, str) and title.strip() and not _H1.search(rest):
        at = next((i for i in range(1, end) if re.match(r"title\s*:", lines[i])), 1)
        blank[at] = "# " + " ".join(title.split())
    return "\n".join([*blank, *lines[end + 1 :]]), end + 1
