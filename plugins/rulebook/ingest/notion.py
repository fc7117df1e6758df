"""What Notion's two exports write that is not read as Notion shows it: callouts, page
properties and links to the workspace's own pages.

Callouts, in both exports, are a box, their icon no part of the text.

The Markdown & CSV export writes a callout as raw HTML around Markdown («<aside>», the icon and
the text, «</aside>»), which Python-Markdown leaves unread (the text printed «**Засада.**» with
its asterisks) and the chrome check took for a site's sidebar; the HTML export writes it as
«<figure class="callout"><div><span class="icon">💡</span></div><div>text</div></figure>», read
as two loose paragraphs. Each becomes a quote of the kind «note», which the converter makes a
box, as Notion shows it. A link to a subpage loses its icon too.

A page's properties (Статус, Теги, a database row's fields) are its metadata, shown above the
page as front matter is: the HTML export writes them as «<header>…<table class="properties">»,
the Markdown export as «Key: Value» lines under the page's title. They were published as a table
(the tags run into one word, «бойправила») or as one paragraph «Статус: Готово Теги: бой…». They
are taken out and told, as front matter is, except on a page that holds nothing else (a database
row's page), where they are its text, one field to a line. In Markdown only a page Notion named (its file name
ends in Notion's 32-digit id) is read so: another page's first «Примечание: …» is text.

A link to a block («Copy link to block») or a page mention is exported as its address on
notion.so («https://www.notion.so/<page id>?pvs=21#<block id>»), which leaves the offline site
for a workspace the reader may not see. Where the export holds the page (its file ends in that
id), the link leads to it: in the HTML export to the block (its element's id), in Markdown,
which keeps no block ids, to the page.
"""

from __future__ import annotations

import re
import uuid
from urllib.parse import SplitResult

from bs4 import BeautifulSoup, NavigableString, Tag

from rulebook.ingest import boxmarks, fences
from rulebook.ingest.pagefiles import NOTION_ID

_PROPERTY = re.compile(r"^[^\s:#>|*<-][^:\n]{0,60}:(?: .*)?$")
_TITLE = re.compile(r"^# \S")
_ASIDE = re.compile(r"^<aside>[ \t]*$")
_ASIDE_END = re.compile(r"^\s*</aside>[ \t]*$")
# an icon (an emoji and its modifiers, a pictograph) and the space after it, opening the text
_ICON = re.compile(r"^\s*[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+\s*")


class UnclosedAside(ValueError):
    """An «<aside>» line that no «</aside>» line closes: the rest of the page would be the box."""

    def __init__(self, line: int) -> None:
        super().__init__("a callout «<aside>» that no «</aside>» line closes: close it")
        self.line = line  # of the file


# marks the «<aside>» lines of a Markdown page that are callouts: an HTML page's <aside> is a
# sidebar (site chrome, told as such), not one
CALLOUT = "data-rb-callout"


def markdown_asides(text: str) -> str:
    """The Markdown with each «<aside>» line (outside fenced code) opening a block whose content
    is read as Markdown (md_in_html's «markdown="1"»). Raises UnclosedAside."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    opened: list[int] = []
    for i, (line, fenced) in enumerate(zip(lines, code, strict=True)):
        if fenced:
            continue
        if _ASIDE.match(line):
            opened.append(i)
            lines[i] = f'<aside markdown="1" {CALLOUT}="">'
        elif _ASIDE_END.match(line) and opened:
            opened.pop()
    if opened:
        raise UnclosedAside(opened[0] + 1)
    return "\n".join(lines)


def boxes(soup: BeautifulSoup, root: Tag) -> None:
    """Each callout under `root` (a Markdown page's «<aside>» lines, marked by markdown_asides;
    an HTML page's «figure.callout») a quote marked as a box of kind «note», without its icon."""
    for icon in root.select("figure.link-to-page .icon"):
        icon.decompose()  # a link to a subpage: its icon («📄») ran into the page's title
    for el in root.select(f"aside[{CALLOUT}], figure.callout"):
        if el.name == "figure":
            icon = el.find(class_="icon")
            holder = icon.find_parent("div") if icon is not None else None
            if holder is not None and holder.parent is el:
                holder.decompose()
            elif icon is not None:
                icon.decompose()
        first = el.find(string=True)
        while first is not None and not first.strip():
            first = first.find_next(string=True)
        if isinstance(first, NavigableString) and el in first.parents:
            rest = _ICON.sub("", str(first), count=1)
            if rest != str(first):
                first.replace_with(NavigableString(rest))
        boxmarks.box(soup, el, "note")


def markdown_properties(text: str, name: str) -> tuple[str, tuple[int, int] | None]:
    """The Markdown of page `name` with Notion's property lines (the block right after the title
    line) blanked, so that reports keep the file's lines; and the first and last of those lines
    (1-based), or None."""
    if not NOTION_ID.search(name.rsplit("/", 1)[-1].removesuffix(".md")):
        return text, None
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or not _TITLE.match(lines[start]):
        return text, None
    first = start + 1
    while first < len(lines) and not lines[first].strip():
        first += 1
    end = first
    while end < len(lines) and _PROPERTY.match(lines[end]):
        end += 1
    if end == first or (end < len(lines) and lines[end].strip()):
        return text, None  # no block of properties, or a paragraph that only starts like one
    if not any(line.strip() for line in lines[end:]):
        # a database row's page: its fields are all it says, one to a line
        lines[first : end - 1] = [line + "  " for line in lines[first : end - 1]]
        return "\n".join(lines), None
    return "\n".join(lines[:first] + [""] * (end - first) + lines[end:]), (first + 1, end)


def properties(root: Tag) -> list[tuple[int, str]]:
    """Remove the HTML export's page properties under `root`; their lines and words."""
    out = []
    body = root.select_one(".page-body")
    if body is not None and not body.get_text().strip():
        return out  # a database row's page: its fields are all it says
    for table in root.select("header table.properties"):
        words = " ".join(table.get_text(" ").split())
        if words:
            out.append((table.sourceline or 0, words))
        table.decompose()
    return out


_HOSTS = re.compile(r"(?:www\.)?notion\.so|[\w-]+\.notion\.site", re.IGNORECASE)
_PAGE_ID = re.compile(r"([0-9a-f]{32})$")


def page_ids(names: list[str]) -> dict[str, str]:
    """The pages of an export by Notion's id, read off their file names."""
    out = {}
    for name in names:
        m = NOTION_ID.search(name.rsplit(".", 1)[0])
        if m:
            out[m.group(0).strip()] = name
    return out


def own_page(parts: SplitResult, pages: dict[str, str], html: bool) -> tuple[str, str] | None:
    """The exported page (and the block's element id, HTML only) a notion.so address names, or
    None for an address of another site or of a page the export lacks."""
    if parts.scheme.lower() not in ("http", "https") or not _HOSTS.fullmatch(parts.hostname or ""):
        return None
    m = _PAGE_ID.search(parts.path.rstrip("/"))
    if m is None or m.group(1) not in pages:
        return None
    block = ""
    if html and re.fullmatch(r"[0-9a-f]{32}", parts.fragment):
        block = str(uuid.UUID(parts.fragment))
    return pages[m.group(1)], block
