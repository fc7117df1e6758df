"""Rendered page -> search records: one per block (paragraph, list item, admonition, definition,
heading, quote...), one per table row (a row is what a reader looks for; it links to its table),
each with the section it sits in. Reuses the (element, section id) pairs that html.blockids
returns while it assigns ids, so a page is parsed once."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bs4 import NavigableString, Tag
from bs4.element import Comment

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
# elements whose boundaries separate words
_BREAKS = frozenset(
    [
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "table",
        "thead",
        "tbody",
        "tr",
        "td",
        "th",
        "br",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "pre",
        "figure",
        "figcaption",
        "details",
        "summary",
        "hr",
    ]
)
_SKIP_CLASSES = frozenset({"headerlink"})
_HEAD_META = frozenset({"rb-original", "rb-tag"})
_WS = re.compile(r"\s+")
ROW_SEP = " · "


@dataclass
class Section:
    anchor: str  # the heading's id; for text before the first heading, the page's key
    title: str
    level: int  # 1-6; 0 for the untitled top of a page
    parent: int  # index of the enclosing section on the same page, -1 for none
    original: str = ""  # the English original of a bilingual heading
    tag: str = ""  # a glossary entry's tag ([Состояние] ...)


@dataclass
class Record:
    section: int  # index into PageRecords.sections
    kind: str  # h, p, li, dt, row, note, quote, code, block
    anchor: str  # id of the block (a row: its table's id)
    text: str
    lead: str = ""  # a bold run-in that opens the block: the term it is about
    context: str = ""  # a table row's first column's heading: what its first cell is (indexed, not shown)


@dataclass
class PageRecords:
    url: str  # site-relative page URL, e.g. "fatum/03-boi/"
    title: str
    book: str
    sections: list[Section] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)


def _classes(el: Tag) -> set[str]:
    return set(el.get("class") or [])


def text_of(el: Tag, skip_meta: bool = False) -> str:
    """Visible text with word boundaries at block elements, whitespace collapsed."""
    out: list[str] = []

    def walk(node: Tag) -> None:
        for ch in node.children:
            if isinstance(ch, Comment):
                continue
            if isinstance(ch, NavigableString):
                out.append(str(ch))
                continue
            if not isinstance(ch, Tag) or ch.name in ("script", "style"):
                continue
            cls = _classes(ch)
            if cls & _SKIP_CLASSES or (skip_meta and cls & _HEAD_META):
                continue
            brk = ch.name in _BREAKS
            if brk:
                out.append(" ")
            walk(ch)
            if brk:
                out.append(" ")

    walk(el)
    return _WS.sub(" ", "".join(out)).strip()


def _heading_section(el: Tag, parent: int) -> Section:
    original = ""
    tag = ""
    for meta in el.find_all(class_="rb-original"):
        original = text_of(meta).strip("() ")
    for meta in el.find_all(class_="rb-tag"):
        tag = text_of(meta).strip("[] ")
    if not original and el.get("data-original"):
        original = str(el["data-original"]).strip()
    return Section(
        anchor=str(el.get("id", "")),
        title=text_of(el, skip_meta=True),
        level=int(el.name[1]),
        parent=parent,
        original=original,
        tag=tag,
    )


def _kind(el: Tag) -> str:
    if el.name == "div" and "admonition" in _classes(el):
        return "note"
    return {"p": "p", "li": "li", "dt": "dt", "blockquote": "quote", "pre": "code", "details": "note"}.get(
        el.name, "block"
    )


def _dt_text(dt: Tag) -> str:
    parts = [text_of(dt)]
    for sib in dt.find_next_siblings():
        if not isinstance(sib, Tag) or sib.name == "dt":
            break
        if sib.name == "dd":
            parts.append(text_of(sib))
    return " — ".join(p for p in parts if p)


def _rows(table: Tag) -> Iterable[tuple[str, str]]:
    """(row text, its first column's heading) for each row; the heading row has none of its own."""
    head = ""
    for tr in table.find_all("tr"):
        found = tr.find_all(("td", "th"), recursive=False)
        cells = [text_of(c) for c in found]
        text = ROW_SEP.join(c for c in cells if c)
        if not text:
            continue
        if not head and found and all(c.name == "th" for c in found):
            head = cells[0]
            yield text, ""
            continue
        yield text, head


_LEAD_TAGS = ("strong", "b")
_LEAD_TRIM = " .:—–-"


def _lead(el: Tag) -> str:
    """The text of a bold run-in that opens a paragraph or list item («**Натиск.** За 1 ОД…»)."""
    for ch in el.children:
        if isinstance(ch, NavigableString):
            if str(ch).strip():
                return ""
            continue
        if isinstance(ch, Tag) and ch.name in _LEAD_TAGS:
            return text_of(ch).strip(_LEAD_TRIM)
        if isinstance(ch, Tag) and ch.name == "p":  # a list item's paragraph
            return _lead(ch)
        return ""
    return ""


def _box_title(el: Tag) -> str:
    """A box's own title («Изученная цель», «Базовая мораль отряда»): the term the box is about,
    as a bold run-in is a paragraph's; "" for an untitled box."""
    title = el.find(class_="admonition-title") if el.name == "div" else el.find("summary")
    return text_of(title).strip(_LEAD_TRIM) if isinstance(title, Tag) else ""


def page_records(
    pairs: list[tuple[Tag, str]], *, url: str, title: str, book: str, page_key: str
) -> PageRecords:
    """Records of one page from blockids.assign's (element, section id) pairs, in page order."""
    page = PageRecords(url=url, title=title, book=book)
    by_anchor: dict[str, int] = {}
    stack: list[int] = []  # open sections, outermost first

    def section_for(anchor: str) -> int:
        if anchor in by_anchor:
            return by_anchor[anchor]
        # blocks before the first heading: an untitled section named after the page
        page.sections.append(Section(anchor=anchor or page_key, title=title, level=0, parent=-1))
        by_anchor[anchor] = len(page.sections) - 1
        return by_anchor[anchor]

    for el, anchor in pairs:
        if el.name in HEADINGS:
            level = int(el.name[1])
            while stack and page.sections[stack[-1]].level >= level:
                stack.pop()
            sec = _heading_section(el, stack[-1] if stack else -1)
            page.sections.append(sec)
            idx = len(page.sections) - 1
            by_anchor[sec.anchor] = idx
            stack.append(idx)
            if sec.title:
                page.records.append(Record(idx, "h", sec.anchor, sec.title))
            continue
        idx = section_for(anchor)
        bid = str(el.get("id", ""))
        if el.name == "table" or (el.name == "div" and el.find("table") and _kind(el) != "note"):
            table = el if el.name == "table" else el.find("table")
            for row, head in _rows(table):  # type: ignore[arg-type]
                page.records.append(Record(idx, "row", bid, row, context=head))
            continue
        text = _dt_text(el) if el.name == "dt" else text_of(el)
        if text:
            if el.name == "dt":
                lead = text_of(el)
            else:
                lead = _lead(el) if el.name in ("p", "li") else _box_title(el) if _kind(el) == "note" else ""
            page.records.append(Record(idx, _kind(el), bid, text, lead))
    return page
