"""Notion's callouts, in both of its exports: a box, its icon no part of the text.

The Markdown & CSV export writes a callout as raw HTML around Markdown («<aside>», the icon and
the text, «</aside>»), which Python-Markdown leaves unread (the text printed «**Засада.**» with
its asterisks) and the chrome check took for a site's sidebar; the HTML export writes it as
«<figure class="callout"><div><span class="icon">💡</span></div><div>text</div></figure>», read
as two loose paragraphs. Each becomes a quote of the kind «note», which the converter makes a
box, as Notion shows it.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from rulebook.ingest import fences

_ASIDE = re.compile(r"^<aside>[ \t]*$")
# an icon (an emoji and its modifiers, a pictograph) and the space after it, opening the text
_ICON = re.compile(r"^\s*[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+\s*")


def markdown_asides(text: str) -> str:
    """The Markdown with each «<aside>» line (outside fenced code) opening a block whose content
    is read as Markdown (md_in_html's «markdown="1"»)."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    return "\n".join(
        '<aside markdown="1">' if not fenced and _ASIDE.match(line) else line
        for line, fenced in zip(lines, code, strict=True)
    )


def boxes(soup: BeautifulSoup, root: Tag, kind_attr: str) -> None:
    """Each callout under `root` (a Markdown page's «<aside>», an HTML page's
    «figure.callout») a quote marked as a box of kind «note», without its icon."""
    for el in root.select("aside, figure.callout"):
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
        quote = soup.new_tag("blockquote")
        quote[kind_attr] = "note"
        quote.sourceline = el.sourceline
        for child in list(el.children):
            quote.append(child.extract())
        el.replace_with(quote)
