"""Bold and italics written in CSS rather than in tags: Google Docs' HTML export gives every run of
text a `<span class="c4">` and says in its one `<style>` that `.c4` is `font-weight:700` (or
`.c8`, `font-style:italic`); a span's own `style` attribute may say the same. The page shows
the emphasis, so the span's words are wrapped in `<b>` or `<i>` before the page is read."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

_RULE = re.compile(r"\.([\w-]+)\s*\{([^{}]*)\}")  # a rule for one class alone («.c4{…}»)
_BOLD = re.compile(r"font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b", re.I)
_ITALIC = re.compile(r"font-style\s*:\s*(?:italic|oblique)\b", re.I)


def _class_rules(soup: BeautifulSoup) -> dict[str, str]:
    rules: dict[str, str] = {}
    for style in soup.find_all("style"):
        css = re.sub(r"/\*.*?\*/", "", style.get_text(), flags=re.S)
        for m in _RULE.finditer(css):
            start = m.start()
            if start and not css[start - 1].isspace() and css[start - 1] not in "},;":
                continue  # part of a compound selector («p.c4», «.a.c4»): not the class alone
            rules[m.group(1)] = rules.get(m.group(1), "") + ";" + m.group(2)
    return rules


def wrap_emphasis(soup: BeautifulSoup) -> None:
    """Wrap the content of each span that its classes or style make bold or italic."""
    rules = _class_rules(soup)
    for span in soup.find_all("span"):
        decl = (
            ";".join(rules.get(c, "") for c in span.get("class") or []) + ";" + str(span.get("style") or "")
        )
        for pattern, name in ((_BOLD, "b"), (_ITALIC, "i")):
            if pattern.search(decl) and span.get_text().strip():
                wrapper: Tag = soup.new_tag(name)
                for child in list(span.children):
                    wrapper.append(child.extract())
                span.append(wrapper)
