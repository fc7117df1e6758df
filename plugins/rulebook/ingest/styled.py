"""Bold, italics and superscripts written in CSS rather than in tags: Google Docs' HTML export gives
every run of text a `<span class="c4">` and says in its one `<style>` that `.c4` is
`font-weight:700` (or `.c8`, `font-style:italic`); Word's footnote mark is a
`span.MsoFootnoteReference`, set `vertical-align:super`; a span's own `style` attribute may say
the same. The page shows them so: the span's words are wrapped in `<b>`, `<i>` or `<sup>` before
the page is read."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_CLASS = re.compile(r"^(?:span)?\.([\w-]+)$", re.I)  # a selector of one class («.c4», «span.c4»)
_BOLD = re.compile(r"font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b", re.I)
_ITALIC = re.compile(r"font-style\s*:\s*(?:italic|oblique)\b", re.I)
_SUPER = re.compile(r"vertical-align\s*:\s*super\b", re.I)


def _class_rules(soup: BeautifulSoup) -> dict[str, str]:
    rules: dict[str, str] = {}
    for style in soup.find_all("style"):
        css = re.sub(r"/\*.*?\*/", "", style.get_text(), flags=re.S)
        css = css.replace("<!--", " ").replace("-->", " ")  # Word hides its sheet so; CSS ignores them
        for m in _RULE.finditer(css):
            for selector in m.group(1).split(","):
                one = _CLASS.match(selector.strip())
                if one:  # a compound or nested selector («p .c4», «.a.c4») is not the class alone
                    rules[one.group(1)] = rules.get(one.group(1), "") + ";" + m.group(2)
    return rules


def wrap_emphasis(soup: BeautifulSoup) -> None:
    """Wrap the content of each span that its classes or style make bold, italic or superscript
    (once: Word nests a footnote mark's span in another of the same class)."""
    rules = _class_rules(soup)
    for span in soup.find_all("span"):
        decl = (
            ";".join(rules.get(c, "") for c in span.get("class") or []) + ";" + str(span.get("style") or "")
        )
        for pattern, name in ((_BOLD, "b"), (_ITALIC, "i"), (_SUPER, "sup")):
            if pattern.search(decl) and span.get_text().strip() and span.find_parent(name) is None:
                wrapper: Tag = soup.new_tag(name)
                for child in list(span.children):
                    wrapper.append(child.extract())
                span.append(wrapper)
