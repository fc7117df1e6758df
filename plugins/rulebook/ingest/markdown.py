"""Typed blocks -> Markdown for MkDocs + Material (admonitions, attr_list ids, def_list, md_in_html).

Source text is escaped so that it renders exactly as written: an asterisk, an underscore or
«<img onerror=...>» in a rules text is text, never markup.
"""

from __future__ import annotations

import html
import json
import re

from rulebook.ingest.model import (
    Admonition,
    Block,
    Break,
    Cell,
    DefList,
    Em,
    Heading,
    Inline,
    Link,
    ListBlock,
    Notice,
    Page,
    Paragraph,
    Strong,
    StrongEm,
    Sub,
    Sup,
    Table,
    Text,
    Widget,
    plain,
)

_INLINE_SPECIAL = re.compile(r"([\\`*_\[\]{}|])")
_LINE_START = re.compile(r"^(\s*)([#>+\-!|]|\d+(?=[.)](?:\s|$))|:|/{3}|~{3})")
_ENTITY = {":": "&#58;", "///": "&#47;//", "~~~": "&#126;~~"}


def _protect_start(m: re.Match[str]) -> str:
    lead, tok = m.group(1), m.group(2)
    if tok in _ENTITY:
        return lead + _ENTITY[tok]
    if tok[0].isdigit():  # "1. text" would start an ordered list: escape the dot after it
        return lead + tok + "\\"
    return lead + "\\" + tok


def escape(text: str, line_start: bool = True) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;")
    text = _INLINE_SPECIAL.sub(r"\\\1", text)
    if line_start:
        text = _LINE_START.sub(_protect_start, text)
    return text


def inline(spans: list[Inline], line_start: bool = True) -> str:
    out: list[str] = []
    for i, s in enumerate(spans):
        first = line_start and i == 0
        if isinstance(s, Text):
            out.append(escape(s.text, first))
        elif isinstance(s, Strong):
            out.append(f"**{escape(s.text, False)}**")
        elif isinstance(s, Em):
            out.append(f"*{escape(s.text, False)}*")
        elif isinstance(s, StrongEm):  # as HTML: «***» beside a bold run's «**» reads ambiguously
            out.append(f"<strong><em>{escape(s.text, False)}</em></strong>")
        elif isinstance(s, Link):
            out.append(f"[{escape(s.text, False)}]({s.target})")
        elif isinstance(s, Sup):
            body = escape(s.text, False)
            out.append(f'<sup markdown="span">[{body}]({s.href})</sup>' if s.target else f"<sup>{body}</sup>")
        elif isinstance(s, Sub):
            out.append(f"<sub>{escape(s.text, False)}</sub>")
        elif isinstance(s, Break):
            out.append("<br>")
    return "".join(out)


def _html_inline(spans: list[Inline]) -> str:
    """Inline spans as HTML (for cells of tables that need row/col spans)."""
    out: list[str] = []
    for s in spans:
        if isinstance(s, Text):
            out.append(html.escape(s.text, quote=False))
        elif isinstance(s, Strong):
            out.append(f"<strong>{html.escape(s.text, quote=False)}</strong>")
        elif isinstance(s, Em):
            out.append(f"<em>{html.escape(s.text, quote=False)}</em>")
        elif isinstance(s, StrongEm):
            out.append(f"<strong><em>{html.escape(s.text, quote=False)}</em></strong>")
        elif isinstance(s, Link):
            out.append(
                f'<a href="{html.escape(_html_href(s.target))}">{html.escape(s.text, quote=False)}</a>'
            )
        elif isinstance(s, Sup):
            t = html.escape(s.text, quote=False)
            href = html.escape(_html_href(s.href))
            out.append(f'<sup><a href="{href}">{t}</a></sup>' if s.target else f"<sup>{t}</sup>")
        elif isinstance(s, Sub):
            out.append(f"<sub>{html.escape(s.text, quote=False)}</sub>")
        elif isinstance(s, Break):
            out.append("<br>")
    return "".join(out)


def _html_href(target: str) -> str:
    """`03-boi.md#x` -> `../03-boi/#x` (raw HTML links are not rewritten by MkDocs)."""
    if target.startswith("#") or "://" in target or target.startswith("mailto:"):
        return target
    page, _, frag = target.partition("#")
    return f"../{page[:-3]}/" + (f"#{frag}" if frag else "")


def _indent(text: str, n: int = 4) -> str:
    pad = " " * n
    return "\n".join(pad + ln if ln.strip() else "" for ln in text.split("\n"))


def heading(h: Heading) -> str:
    text = escape(h.text, False)
    extra = ""
    if h.tag:
        extra += f' <span class="rb-tag">{html.escape(h.tag, quote=False)}</span>'
    if h.original:
        extra += f' <small class="rb-original" lang="en">{html.escape(h.original, quote=False)}</small>'
    attrs = f"#{h.anchor}"
    if h.original:
        attrs += f' data-original="{html.escape(h.original)}"'
    if h.tag:
        attrs += f' data-tag="{html.escape(h.tag)}"'
    if h.tag or h.original:  # the table of contents shows the title alone
        attrs += f' data-toc-label="{html.escape(h.text)}"'
    return f"{'#' * h.level} {text}{extra} {{{attrs}}}"


def caption(text: str, anchor: str = "") -> str:
    ident = f' id="{anchor}"' if anchor else ""
    return f'<p class="rb-caption"{ident} markdown="span">**{escape(text, False)}**</p>'


def table(t: Table) -> str:
    out: list[str] = []
    if t.caption:
        out.append(caption(t.caption, t.anchor) + "\n")
    needs_html = (
        any(c.rowspan > 1 or c.colspan > 1 for r in t.rows for c in r.cells)
        or len(t.header) != 1
        or any(r.group or r.head for r in t.rows)
        or any(c.colspan > 1 or c.rowspan > 1 for r in t.header for c in r)
        # a row longer than the header: a pipe table would drop its extra cells from the page
        or any(len(r.cells) > len(t.header[0]) for r in t.rows)
    )
    if needs_html:
        out.append(_html_table(t))
    else:
        head = t.header[0]
        out.append("| " + " | ".join(inline(c.inlines, False) or " " for c in head) + " |")
        out.append("|" + "|".join(" --- " for _ in head) + "|")
        n = len(head)
        for r in t.rows:
            cells = [inline(c.inlines, False) for c in r.cells]
            cells += [""] * (n - len(cells))
            out.append("| " + " | ".join(c or " " for c in cells) + " |")
    for fn in t.footnotes:
        marker = escape(fn.marker, False)
        out.append(
            f'\n<p class="rb-footnote" id="{fn.anchor}" markdown="span"><sup>{marker}</sup> '
            f"{inline(fn.inlines, False)}</p>"
        )
    return "\n".join(out)


def _html_table(t: Table) -> str:
    rows: list[str] = ["<table>"]
    if t.header:
        rows.append("<thead>")
        for hr in t.header:
            rows.append("<tr>" + "".join(_td(c, "th") for c in hr) + "</tr>")
        rows.append("</thead>")
    rows.append("<tbody>")
    for r in t.rows:
        if r.head:
            rows.append('<tr class="rb-subhead">' + "".join(_td(c, "th") for c in r.cells) + "</tr>")
        elif r.group:
            rows.append(
                f'<tr class="rb-group"><th colspan="{t.ncols}">'
                + _html_inline(r.cells[0].inlines)
                + "</th></tr>"
            )
        else:
            rows.append("<tr>" + "".join(_td(c, "td") for c in r.cells) + "</tr>")
    rows.append("</tbody>")
    rows.append("</table>")
    return "\n".join(rows)


def _td(c: Cell, tag: str) -> str:
    attrs = ""
    if c.rowspan > 1:
        attrs += f' rowspan="{c.rowspan}"'
    if c.colspan > 1:
        attrs += f' colspan="{c.colspan}"'
    return f"<{tag}{attrs}>{_html_inline(c.inlines)}</{tag}>"


def list_block(lst: ListBlock) -> str:
    out: list[str] = []
    num = lst.start
    for it in lst.items:
        marker = f"{num}." if lst.ordered else "-"
        num += 1
        body = inline(it.inlines, False) or "&nbsp;"
        lines = [f"{marker} {body}"]
        for ch in it.children:
            lines.append("")
            lines.append(_indent(block(ch)))
        out.append("\n".join(lines))
    loose = any(it.children for it in lst.items)
    return ("\n\n" if loose else "\n").join(out)


def deflist(dl: DefList) -> str:
    out: list[str] = [f'<div class="rb-deflist rb-{dl.css}" markdown>\n'] if dl.css else []
    for d in dl.items:
        term = inline(d.term, True)
        if d.original:
            term += f' <small class="rb-original" lang="en">{html.escape(d.original, quote=False)}</small>'
        out.append(f"{term}\n:   {inline(d.definition, False)}")
    if dl.css:
        out.append("\n</div>")
    return "\n\n".join(out)


def admonition(a: Admonition) -> str:
    kind = a.kind + (f" {a.css}" if a.css else "")
    title = json.dumps(a.title, ensure_ascii=False)
    body = "\n\n".join(block(c) for c in a.children)
    return f"!!! {kind} {title}\n\n{_indent(body)}"


def block(b: Block) -> str:
    if isinstance(b, Heading):
        return heading(b)
    if isinstance(b, Paragraph):
        text = inline(b.inlines)
        if b.role == "quote":
            return "> " + text
        if b.role == "caption":
            return caption(plain(b.inlines))
        return text
    if isinstance(b, ListBlock):
        return list_block(b)
    if isinstance(b, Table):
        return table(b)
    if isinstance(b, DefList):
        return deflist(b)
    if isinstance(b, Admonition):
        return admonition(b)
    if isinstance(b, Notice):
        return f"!!! {b.kind} {json.dumps(b.title, ensure_ascii=False)}\n\n{_indent(escape(b.text))}"
    if isinstance(b, Widget):
        return f"/// {b.name}\n///"
    raise TypeError(f"unknown block {b!r}")


def page(p: Page, front: dict[str, str]) -> str:
    lines = ["---"]
    for k, v in front.items():
        lines.append(f"{k}: {json.dumps(v, ensure_ascii=False)}")
    lines.append("---")
    lines.append("")
    lines.append("<!-- Generated by `rulebook ingest` from sources/: edit the source, not this file. -->")
    lines.append("")
    body = "\n\n".join(block(b) for b in p.blocks)
    return "\n".join(lines) + "\n" + body + "\n"
