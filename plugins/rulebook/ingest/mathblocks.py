"""A display formula in Markdown («$$» lines around it, as Notion's export, Obsidian and GitHub
write one) is a formula box, as a text source's formula lines are: Python-Markdown knows no
math and printed it as a paragraph between dollar signs («$$ Урон = … $$»).
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

_OPEN = re.compile(r"^\s*\$\$\s*")
_CLOSE = re.compile(r"\s*\$\$\s*$")


def boxes(soup: BeautifulSoup, root: Tag, kind_attr: str, css_attr: str) -> None:
    """Each paragraph under `root` that is one «$$ … $$» a quote marked as a formula box, the
    dollar signs taken out."""
    for p in root.find_all("p"):
        text = p.get_text()
        if not (text.lstrip().startswith("$$") and text.rstrip().endswith("$$") and len(text.strip()) > 4):
            continue
        strings = [s for s in p.find_all(string=True) if s.strip()]
        first, last = strings[0], strings[-1]
        if first is last:
            first.replace_with(NavigableString(_CLOSE.sub("", _OPEN.sub("", str(first)))))
        else:
            first.replace_with(NavigableString(_OPEN.sub("", str(first))))
            last.replace_with(NavigableString(_CLOSE.sub("", str(last))))
        if not p.get_text().strip():
            continue
        quote = soup.new_tag("blockquote")
        quote[kind_attr] = "abstract"
        quote[css_attr] = "formula"
        quote.sourceline = p.sourceline
        p.replace_with(quote)
        quote.append(p)
