"""Google Docs' nested lists, which its HTML export writes flat: each run of items at one level
is a list of its own, `<ul class="lst-kix_<list>-<level>">`, the lists side by side and the
level shown only by indentation. A run of such sibling lists becomes one list again, a deeper
level nested in the item before it, a run back at a level continuing that level's list."""

from __future__ import annotations

import re

from bs4 import NavigableString, Tag

_KIX = re.compile(r"^lst-kix_(\w+)-(\d+)$")


def _kix(el: object) -> tuple[str, int] | None:
    if not isinstance(el, Tag) or el.name not in ("ul", "ol"):
        return None
    for c in el.get("class") or []:
        m = _KIX.match(c)
        if m:
            return m.group(1), int(m.group(2))
    return None


def nest(root: Tag) -> None:
    """Nest every run of Google Docs' sibling lists under `root`."""
    for first in root.find_all(["ul", "ol"]):
        start = _kix(first)
        if first.parent is None or start is None:
            continue
        stack: list[tuple[int, Tag]] = [(start[1], first)]  # (level, list) from the outermost
        nxt = first.next_sibling
        while nxt is not None:
            if isinstance(nxt, NavigableString) and not nxt.strip():
                nxt = nxt.next_sibling
                continue
            key = _kix(nxt)
            if key is None or key[0] != start[0]:
                break  # not a list, or another list: the run ends
            lst = nxt
            nxt = nxt.next_sibling
            level = key[1]
            while stack and stack[-1][0] > level:
                stack.pop()
            if stack and stack[-1][0] == level:
                for li in lst.find_all("li", recursive=False):
                    stack[-1][1].append(li.extract())  # the same level goes on
                lst.decompose()
                continue
            if not stack:
                break  # shallower than the run's first list: a list of its own
            items = stack[-1][1].find_all("li", recursive=False)
            if not items:
                break
            items[-1].append(lst.extract())  # deeper: under the item before it
            stack.append((level, lst))
