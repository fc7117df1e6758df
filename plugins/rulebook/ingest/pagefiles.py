"""The pages of a folder source and the names they go by.

A site's sections are folders (Jekyll, Hugo, MkDocs, an Obsidian vault), and a site with pretty
addresses keeps each page as `<section>/index.md`: a folder source is read at every depth, each
page named by its path in the folder (`get-started/index.md`), which reports, `order` and links
use. A page saved «complete» keeps its resources in `<name>_files/` beside it, and a hidden
folder (a repository's `.github/`, an editor's `.trash/`) is no section: neither holds pages.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from pathlib import Path

# what a site serves at a folder's own address («get-started/» is get-started/index.md)
_FOLDER_PAGES = ("index", "_index")


def find(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files under `folder` with one of `suffixes`, at any depth, by their path."""
    out = []
    for p in folder.rglob("*"):
        rel = p.relative_to(folder).parts
        if not p.is_file() or p.suffix.lower() not in suffixes or any(s.startswith(".") for s in rel):
            continue
        if any(_resources(folder.joinpath(*rel[:i]), suffixes) for i in range(1, len(rel))):
            continue
        out.append(p)
    return sorted(out, key=lambda p: reading_key(p.relative_to(folder).as_posix()))


def reading_key(name: str) -> tuple[tuple[int, str], ...]:
    """A page's place in reading order by its path: a folder's own page (its index page, or a
    note named as the folder, as Obsidian keeps one) before the rest of the folder, then the
    files and subfolders by name: «index.md», «armor.md», «combat/index.md», «combat/rules.md»."""
    *folders, file = name.split("/")
    stem = posixpath.splitext(file)[0]
    own = stem in _FOLDER_PAGES or (bool(folders) and stem == folders[-1])
    return (*((1, f) for f in folders), (0, "") if own else (1, file))


def _resources(sub: Path, suffixes: tuple[str, ...]) -> bool:
    """A saved page's `<name>_files/` folder, beside the page."""
    stem = sub.name.removesuffix("_files")
    return stem != sub.name and any((sub.parent / (stem + s)).is_file() for s in suffixes)


def name(source: Path, path: Path) -> str:
    """A page's name: its path in the folder source, or the file's name for a one-file source."""
    return path.relative_to(source).as_posix() if source.is_dir() else path.name


class Addresses:
    """Which page a link's path means. A site built from the pages links to a page by its
    address, which drops the suffix («combat», «/rules/combat/»), and to a folder's index page
    by the folder («get-started/»); a site-absolute address carries the site's own prefix
    («/fate-accelerated/stunts»). Tried in order: the path as the linking page's folder reads
    it, its address, then its last part, when one page alone goes by it."""

    def __init__(self, names: list[str]) -> None:
        self.names = set(names)
        self.full: dict[str, str] = {}
        short: Counter[str] = Counter()
        shorts: dict[str, str] = {}
        for n in names:
            stem, _ = posixpath.splitext(n)
            keys = [stem]
            folder, base = posixpath.split(stem)
            if base in _FOLDER_PAGES:
                keys.append(folder)
            for k in keys:
                self.full.setdefault(k, n)
            for k in {posixpath.basename(n), posixpath.basename(keys[-1])}:
                short[k] += 1
                shorts[k] = n
        self.short = {k: n for k, n in shorts.items() if short[k] == 1}

    def page(self, path: str) -> str:
        """The page's name, or the path itself when no page goes by it."""
        p = path.strip("/")
        p = "" if p == "." else p
        if p in self.names:
            return p
        if p in self.full:
            return self.full[p]
        return self.short.get(posixpath.basename(p), p)


def joined(here: str, link: str) -> str:
    """A link's path as the page `here` reads it: relative to that page's folder; a path from
    the site's root («/rules/combat») stays one."""
    if link.startswith("/"):
        return link
    return posixpath.normpath(posixpath.join(posixpath.dirname(here), link))


# Notion names each exported page «<title> <32 hex digits>»: the digits are the page's id, not
# its title
NOTION_ID = re.compile(r" [0-9a-f]{32}$")


def title(name: str) -> str:
    """The title a page's file name gives it, as a notes program (Obsidian, Notion) shows the
    page: the name without its suffix (and Notion's id), a folder's index page its folder's, the
    source's own index page none (it takes the book's)."""
    stem = posixpath.splitext(name)[0]
    folder, base = posixpath.split(stem)
    if base in _FOLDER_PAGES:
        if not folder:
            return ""  # the folder source's own index page: the book's title
        base = posixpath.basename(folder)
    return NOTION_ID.sub("", base).strip()
