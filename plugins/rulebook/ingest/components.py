"""A site's components in a Markdown page: told, since what they draw is not in the page.

A page written for VitePress, VuePress or an MDX site (Docusaurus, Starlight) may call the site's
own components: «<Coin :v=1000 />» draws «1 000 зм» from its attribute, «<Badge text="beta"/>»
its text. Read as HTML they are unknown elements with no words: the price vanished from «стоит
<Coin :v=1000 /> и неделю» with nothing said, and the word coverage, which counts the page's
words, cannot see it. A component is named as HTML never names an element: with a capital
(«Coin», «Steps»), or a dot («Tabs.Item»); each is told once per page, with its first line, how
many times the page uses it and its first use, so the reader can write out what it drew.
"""

from __future__ import annotations

import re

from rulebook.ingest import fences

_COMPONENT = re.compile(r"<(?P<name>[A-Z][\w]*(?:\.[\w]+)*)(?=[\s/>])[^<>]*>")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def find(text: str) -> list[tuple[int, str, int, str]]:
    """Each component a Markdown page uses outside code: (its first line, name, uses, first use)."""
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    found: dict[str, list[int | str]] = {}
    for no, (line, fenced) in enumerate(zip(lines, code, strict=True), start=1):
        if fenced:
            continue
        for m in _COMPONENT.finditer(_CODE_SPAN.sub(lambda c: " " * len(c.group(0)), line)):
            seen = found.setdefault(m.group("name"), [no, 0, m.group(0)])
            seen[1] = int(seen[1]) + 1
    return [(int(first), name, int(uses), str(tag)) for name, (first, uses, tag) in found.items()]
