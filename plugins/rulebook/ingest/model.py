"""The document model between parsing and Markdown: pages of typed blocks with inline spans.

Every node remembers the source line it came from, so errors and reports can point at it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from rulebook.ingest.reader import SourceLine


# ---- inline spans -------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Strong:
    text: str


@dataclass(frozen=True)
class Em:
    """Emphasis a markup source gave (HTML <em>/<i>, Markdown *text*)."""

    text: str


@dataclass(frozen=True)
class StrongEm:
    """Emphasis inside bold, or bold inside emphasis («**the *Endure Harm* move**»): both kept."""

    text: str


@dataclass(frozen=True)
class Link:
    text: str
    target: str  # filled by the cross-reference pass: "page.md#anchor"


@dataclass(frozen=True)
class Sup:
    """A footnote marker shown as superscript, linked to its note when the note exists: its
    anchor on the same page, or "page.md#anchor" when the note is on another page (an e-book's
    notes are a page of their own)."""

    text: str
    target: str = ""

    @property
    def href(self) -> str:
        """The marker's link as a Markdown page writes it."""
        return self.target if "#" in self.target or self.target.endswith(".md") else f"#{self.target}"


@dataclass(frozen=True)
class Break:
    """A line break inside a block (multi-line table cells, stat blocks)."""


@dataclass
class Sub:
    """A subscript (H<sub>2</sub>O in a saved page), kept as the page showed it."""

    text: str


Inline = Text | Strong | Em | StrongEm | Link | Sup | Sub | Break


def plain(inlines: list[Inline]) -> str:
    """The visible text of a run of inline spans."""
    return "".join(" " if isinstance(i, Break) else i.text for i in inlines)


def fold(text: str) -> str:
    """Case- and ё-insensitive key for titles (outline keys, glued titles, cross-references)."""
    return re.sub(r"\s+", " ", text.replace("ё", "е").replace("Ё", "Е")).strip().casefold()


def cell_inlines(text: str) -> list[Inline]:
    """Cell text -> inline spans; line breaks inside a cell (multi-line rows) become <br>."""
    out: list[Inline] = []
    for i, part in enumerate(text.split("\n")):
        if i:
            out.append(Break())
        if part.strip():
            out.append(Text(part.strip()))
    return out


def table_anchor(num: str) -> str:
    """The id of a numbered table («8-2» -> «table-8-2»), which «Таблица 8-2» references link to."""
    return "table-" + re.sub(r"[^0-9a-z]+", "-", num.casefold()).strip("-")


# ---- blocks -------------------------------------------------------------------------------
@dataclass
class Heading:
    level: int
    text: str
    line: int
    anchor: str = ""
    original: str = ""  # an English original carried in parentheses (shown small, searchable)
    tag: str = ""  # a glossary tag such as «Состояние» (shown as a badge, a search facet)
    structural: bool = False  # matched a numbering rule (Глава N., N.N.) rather than a heuristic
    number: str = ""  # "3.9", "Е", "I": what cross-references call it


@dataclass
class Paragraph:
    inlines: list[Inline]
    line: int
    role: str = ""  # "formula", "label", "lead", "quote", "caption": rendering hints only


@dataclass
class ListItem:
    inlines: list[Inline]
    line: int
    children: list[Block] = field(default_factory=list)


@dataclass
class ListBlock:
    items: list[ListItem]
    ordered: bool
    line: int
    start: int = 1


@dataclass
class Cell:
    inlines: list[Inline]
    rowspan: int = 1
    colspan: int = 1
    header: bool = False


@dataclass
class Row:
    cells: list[Cell]
    line: int
    group: bool = False  # a full-width group/section row inside a table
    head: bool = False  # a header row inside the body (a stacked sub-table's own header)


@dataclass
class Table:
    header: list[list[Cell]]
    rows: list[Row]
    line: int
    caption: str = ""
    anchor: str = ""
    footnotes: list[Footnote] = field(default_factory=list)
    hinted: bool = False  # columns came from a per-table hint, not from a delimiter

    @property
    def ncols(self) -> int:
        rows = [*self.header, *(r.cells for r in self.rows if not r.group)]
        return max((sum(c.colspan for c in r) for r in rows), default=0)


@dataclass
class Footnote:
    marker: str
    inlines: list[Inline]
    line: int
    anchor: str = ""


@dataclass
class DefItem:
    term: list[Inline]
    definition: list[Inline]
    line: int
    original: str = ""


@dataclass
class DefList:
    items: list[DefItem]
    line: int
    css: str = ""  # "degrees" for degrees of success


@dataclass
class Admonition:
    kind: str  # Material admonition type: note, example, tip, warning, abstract, info, quote
    title: str
    children: list[Block]
    line: int
    css: str = ""  # extra class (e.g. "formula")


@dataclass
class Notice:
    """Something the ingester must show the reader but that is not source text
    (a table missing in the source, an attachment that is not part of the dump)."""

    kind: str
    title: str
    text: str
    line: int


@dataclass
class Widget:
    """An interactive widget placed by the book config (a calculator); the plugin expands it."""

    name: str
    line: int


Block = Heading | Paragraph | ListBlock | Table | DefList | Admonition | Notice | Widget


@dataclass
class Page:
    file: str  # file name under docs/<book>/
    title: str
    blocks: list[Block]
    line: int
    meta: dict[str, str] = field(default_factory=dict)


@dataclass
class Document:
    book: str
    pages: list[Page]
    report: Report
    source: list[SourceLine] = field(default_factory=list)  # the text after chrome removal
    source_words: Counter[str] | None = None  # a markup source's own words (text: from `source`)


class FileLine(int):
    """A line of one page of a book made of several files. It carries the page's file name, since
    line numbers repeat from page to page and a report must say which file it means."""

    file: str

    def __new__(cls, line: int, file: str = "") -> FileLine:
        self = super().__new__(cls, line)
        self.file = file
        return self


def at(line: int) -> str:
    """Where a line is, as a report says it: «line 12», or «05-combat.html:12» for a page of a folder."""
    file = getattr(line, "file", "")
    return f"{file}:{line}" if file else f"line {line}"


def by_place(line: int) -> tuple[str, int]:
    """A sort key that keeps each file's lines together."""
    return getattr(line, "file", ""), int(line)


@dataclass
class Report:
    """What the ingester tells the editor after a run."""

    dropped: list[tuple[int, str]] = field(default_factory=list)  # chrome lines removed
    unresolved: list[tuple[int, str]] = field(default_factory=list)  # cross-references without target
    external: list[tuple[int, str]] = field(default_factory=list)  # references known to leave the book
    resolved: int = 0
    tables: int = 0
    missing_tables: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[tuple[int, str]] = field(default_factory=list)  # (source line, what may be wrong)


def walk(blocks: list[Block]) -> list[Block]:
    """All blocks, depth first (admonition and list-item children included)."""
    out: list[Block] = []
    for b in blocks:
        out.append(b)
        if isinstance(b, Admonition):
            out.extend(walk(b.children))
        elif isinstance(b, ListBlock):
            for it in b.items:
                out.extend(walk(it.children))
    return out
