"""Obsidian's links between the notes of a vault: «[[Манёвры]]», «[[Бой#Состояния|состояния]]»,
«[[#Атака]]» and embeds «![[Оружие]]», written as the Markdown links the reader already follows.

A wikilink names a note by its file name without «.md», wherever the note lies in the vault
(or by its path, «Бой/Манёвры»), in any case, as Obsidian finds it; a heading after «#» (the last
of «#Глава#Раздел») is linked by the id GitHub gives that heading. A note embedded with «!»
becomes a link to it (it is a page of its own on the site); an embedded image, an image without
words. A link to a note the vault does not hold stays a link to its file, which the resolver
reports and keeps as text, as it does any link to a missing page.

Hand-written: Python-Markdown's own `wikilinks` extension reads neither «|», «#» nor «!», and
builds addresses from the words rather than finding the note.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from urllib.parse import quote

from rulebook.ingest import fences

_LINK = re.compile(r"(!?)\[\[([^\[\]|\n]*?)(?:\|([^\[\]\n]*))?\]\]")
_CODE = fences.CODE_SPAN
_IMAGES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".bmp", ".avif")


class Vault:
    """The notes of a folder source by the names a wikilink may give them."""

    def __init__(self, pages: list[str]) -> None:
        self.by_path = {p.removesuffix(".md").casefold(): p for p in pages}
        self.by_name: dict[str, list[str]] = {}
        for p in pages:
            self.by_name.setdefault(posixpath.basename(p).removesuffix(".md").casefold(), []).append(p)

    def find(self, here: str, ref: str) -> str:
        """The page a wikilink names from `here`: by path, else by name (in `here`'s folder
        first, else the shortest path, as Obsidian picks); a name no note has, as its file."""
        key = ref.removesuffix(".md").strip("/").casefold()
        if key in self.by_path:
            return self.by_path[key]
        found = self.by_name.get(key, [])
        if not found:
            return ref if ref.endswith(".md") else ref + ".md"
        near = [p for p in found if posixpath.dirname(p) == posixpath.dirname(here)]
        return (near or sorted(found, key=lambda p: (p.count("/"), p)))[0]


def rewrite(text: str, here: str, vault: Vault, slug: Callable[[str], str]) -> str:
    """The Markdown of page `here` with its wikilinks and embeds as Markdown links (fenced and
    inline code unchanged)."""

    def link(m: re.Match[str]) -> str:
        bang, ref, alias = m.group(1), m.group(2).strip(), (m.group(3) or "").strip()
        if m.group(3) is not None:
            # in a table Obsidian escapes the pipe («[[Бой\|бой]]»), else it would end a cell:
            # the backslash is not the note's name
            ref = ref.removesuffix("\\").strip()
        note, _, heading = ref.partition("#")
        heading = heading.split("#")[-1].strip()
        if not note and not heading:
            return m.group(0)  # «[[]]», «[[#]]»: no link, Obsidian prints them as typed
        if bang and note.casefold().endswith(_IMAGES):
            return f"![]({quote(note)})"
        page = vault.find(here, note) if note else here
        href = quote(posixpath.relpath(page, posixpath.dirname(here) or "."))
        if heading:
            href += "#" + quote(slug(heading))
        words = alias or (f"{note} › {heading}" if note and heading else heading or note)
        return f"[{words}]({href})"

    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    out = []
    for line, fenced in zip(lines, code, strict=True):
        if fenced or "[[" not in line:
            out.append(line)
            continue
        pieces, last = [], 0
        for s in _CODE.finditer(line):  # a code span's text keeps its brackets
            pieces.append(_LINK.sub(link, line[last : s.start()]))
            pieces.append(s.group(0))
            last = s.end()
        pieces.append(_LINK.sub(link, line[last:]))
        out.append("".join(pieces))
    return "\n".join(out)
