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
# a block that opens with a key («title: …», «title = …») was meant as metadata; one that opens
# with a sentence is a rule, text and a rule, as Markdown reads them
_KEY = {  # a key in any script («теги: [бой»): a Russian vault's keys are Russian
    "---": re.compile(r"^[^\W\d][\w-]*[ \t]*:(?:[ \t]|$)"),
    "+++": re.compile(r"^[^\W\d][\w.-]*[ \t]*="),
}
_TOML_AT = re.compile(r"\s*\(at (?:line (\d+), column \d+|end of document)\)")


class BrokenFrontMatter(ValueError):
    """Front matter that its format cannot read: GitHub shows «Error in user YAML» over the page;
    published as text, its closing «---» made a heading of its last line."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line  # of the file
        self.reason = reason


def _meta(kind: str, body: str) -> dict[str, Any] | None:
    try:
        meta = yaml.safe_load(body) if kind == "---" else tomllib.loads(body)
    except RecursionError:  # «title: [[[[…» thousands deep: both parsers recurse per level
        raise BrokenFrontMatter(2, "front matter nested too deep to read") from None
    except (yaml.YAMLError, tomllib.TOMLDecodeError) as err:
        first = next((line for line in body.split("\n") if line.strip()), "")
        if not _KEY[kind].match(first):
            return None  # no metadata after all: a rule line and text, left as written
        raise _broken(err, body) from err
    return meta if isinstance(meta, dict) else None


def _broken(err: Exception, body: str) -> BrokenFrontMatter:
    """The error at the file's line (the body's line N is the file's N + 1; the end of the
    block, its last line)."""
    last = body.count("\n") + 2
    if isinstance(err, yaml.YAMLError):
        mark = getattr(err, "problem_mark", None)
        problem = getattr(err, "problem", None) or str(err).split("\n")[0]
        return BrokenFrontMatter(
            min(mark.line + 2, last) if mark else 2, f"front matter is not YAML ({problem})"
        )
    m = _TOML_AT.search(str(err))
    line = int(m.group(1)) + 1 if m and m.group(1) else last
    return BrokenFrontMatter(line, f"front matter is not TOML ({_TOML_AT.sub('', str(err))})")


def _has_h1(lines: list[str]) -> bool:
    """A heading of the first level outside code blocks (a shell's «# comment» is none)."""
    code, _ = fences.code_lines(lines)
    return any(not c and _H1.match(line) for line, c in zip(lines, code, strict=True))


def strip(text: str) -> tuple[str, int]:
    """The page without its front matter, and how many lines the front matter took (0: none).
    Raises BrokenFrontMatter for a block of keys that its format cannot read."""
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
