"""The ids a pin may point at, per page, exported for the browser as a small JSON file.

A pin saved in the reader's browser names a page URL and an id. After a rebuild the pins panel
checks each pin against this list, so a pin whose heading or block no longer exists is shown as
such instead of silently leading nowhere. Block ids are `<section>--<n>`, so a section is stored
as its block count (or the exact numbers when a hand-written id made them skip), which keeps the
file small: a few bytes per heading rather than per paragraph.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.html.blockids import HEADINGS, SEP

FILE = "assets/rulebook/targets.json"
_BLOCK = re.compile(rf"^(?P<section>.+){re.escape(SEP)}(?P<n>\d+)$")


@dataclass
class PageTargets:
    title: str
    book: str
    headings: list[str] = field(default_factory=list)
    sections: dict[str, list[int]] = field(default_factory=dict)
    other: list[str] = field(default_factory=list)  # block ids not of the <section>--<n> form

    def dump(self) -> dict[str, object]:
        secs: dict[str, int | list[int]] = {}
        for s, ns in self.sections.items():
            secs[s] = len(ns) if ns == list(range(1, len(ns) + 1)) else ns
        out: dict[str, object] = {"t": self.title, "b": self.book, "h": self.headings, "s": secs}
        if self.other:
            out["x"] = self.other
        return out


class Targets:
    """Collected while pages are rendered; written once after the build."""

    def __init__(self, books: dict[str, str]) -> None:
        self.books = books  # slug -> title
        self.pages: dict[str, PageTargets] = {}

    def add(self, url: str, title: str, book: str, ids: list[tuple[str, str]]) -> None:
        """`ids`: (tag name, id) of the page's headings and blocks, in page order."""
        pt = PageTargets(title=title, book=book)
        for name, eid in ids:
            if not eid:
                continue
            if name in HEADINGS:
                pt.headings.append(eid)
                continue
            m = _BLOCK.match(eid)
            if m:
                pt.sections.setdefault(m["section"], []).append(int(m["n"]))
            else:
                pt.other.append(eid)
        self.pages[url] = pt

    def as_json(self) -> str:
        data = {
            "v": 1,
            "books": self.books,
            "pages": {url: self.pages[url].dump() for url in sorted(self.pages)},
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    def write(self, site_dir: Path) -> Path:
        out = site_dir / FILE
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(self.as_json(), encoding="utf-8")
        return out
