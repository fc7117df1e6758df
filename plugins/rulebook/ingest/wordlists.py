"""Word's lists, which its HTML writes as paragraphs: `<p class=MsoListParagraph…
style='mso-list:l1 level2 lfo2'>` whose bullet or number is text at its start (in a
`mso-list:Ignore` span, or, in a «filtered» page, before the spacer span of 7-point
non-breaking spaces). A browser shows them as indented paragraphs; the book wants the lists they
are, so a run of them becomes `<ul>`/`<ol>` (nested by their level) before the page is read.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

_LEVEL = re.compile(r"mso-list:\s*l\d+\s+level(\d+)")
_SPACER = re.compile(r"font:\s*7\.0pt")
_IGNORE = re.compile(r"mso-list:\s*Ignore", re.I)
_NUMBER = re.compile(r"^\(?(?:(\d+)|[a-zа-яё]|[ivxlc]+)[.)]$", re.I)


def _is_bullet(marker: str) -> bool:
    """A bullet is a glyph with no letter or digit, or one character: Word writes a symbol font's
    bullets as the letter its code stands at («o» in Courier New, «§», «Ø», «ü» in Wingdings)."""
    return len(marker) <= 1 or not any(c.isalnum() for c in marker)


def _is_item(p: Tag) -> bool:
    classes = " ".join(p.get("class") or [])
    style = str(p.get("style") or "")
    return classes.startswith("MsoList") or bool(_LEVEL.search(style))


def _marker(p: Tag) -> str | None:
    """Remove the item's bullet or number from the paragraph and return it (None: the paragraph
    has none, so it is text under the item before it, not an item)."""
    ignore = p.find("span", style=_IGNORE)
    if isinstance(ignore, Tag):
        text = ignore.get_text()
        ignore.decompose()
        return text.strip()
    spacer = p.find("span", style=_SPACER)
    if not isinstance(spacer, Tag):
        return None
    marker = ""
    for node in list(spacer.previous_elements):  # everything before the spacer, in this paragraph
        if node is p:
            break
        if isinstance(node, NavigableString):
            marker = str(node) + marker
            node.extract()
    spacer.decompose()
    return marker.strip()


def rebuild(soup: BeautifulSoup, root: Tag) -> None:
    """Turn every run of Word's list paragraphs under `root` into nested lists."""
    for p in root.find_all("p"):
        if p.decomposed or p.parent is None or not _is_item(p) or p.find_parent(["ul", "ol"]) is not None:
            continue
        run = [p]
        nxt = p.next_sibling
        while nxt is not None:
            if isinstance(nxt, NavigableString) and not nxt.strip():
                nxt = nxt.next_sibling
                continue
            if isinstance(nxt, Tag) and nxt.name == "p" and _is_item(nxt):
                run.append(nxt)
                nxt = nxt.next_sibling
                continue
            break
        _nest(soup, run)


def _nest(soup: BeautifulSoup, run: list[Tag]) -> None:
    stack: list[tuple[int, Tag]] = []  # (level, list) from the outermost
    last_item: Tag | None = None
    for p in run:
        level_m = _LEVEL.search(str(p.get("style") or ""))
        level = int(level_m.group(1)) if level_m else 1
        marker = _marker(p)
        if marker is None:
            if last_item is None:
                continue  # a lone paragraph styled as a list: a paragraph
            last_item.append(p.extract())  # text under the item before it
            continue
        num = _NUMBER.match(marker)
        kind = "ol" if num else "ul"
        if not num and not _is_bullet(marker):
            # «1.2.», «Шаг 1:»: a mark an <ol> cannot show stays the item's text, so that a
            # reference to it («см. 1.2») still finds it; the item is a bullet one
            p.insert(0, soup.new_string(marker + " "))
        while stack and (stack[-1][0] > level or (stack[-1][0] == level and stack[-1][1].name != kind)):
            stack.pop()
        if not stack or stack[-1][0] < level:
            lst = soup.new_tag(kind)
            lst.sourceline = p.sourceline  # the list's and its items' lines are their paragraphs'
            if num and num.group(1) and num.group(1) != "1":
                lst["start"] = num.group(1)
            parent = stack[-1][1].find_all("li", recursive=False) if stack else []
            if parent:  # under the last item of the list one level out, not the last item seen
                parent[-1].append(lst)  # (that may be in a deeper list just closed)
            else:
                p.insert_before(lst)
            stack.append((level, lst))
        li = soup.new_tag("li")
        li.sourceline = p.sourceline
        for child in list(p.children):
            li.append(child.extract())
        stack[-1][1].append(li)
        last_item = li
        p.decompose()
