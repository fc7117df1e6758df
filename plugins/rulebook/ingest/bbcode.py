"""A `.txt` that is a forum post (BBCode): read through the HTML its tags stand for.

Rules shared on a forum are copied with the post's BBCode: «[b]Глава I[/b]», «[list][*]…[/list]»,
«[table][tr][td]…», «[quote]», «[spoiler=Пример]». Read as a copied text, every tag was published
as text and a table as a run of «[td]» paragraphs. A post's tags open its lines: block tags
(«[list]», «[*]», «[quote]», «[table]», «[tr]», «[code]», «[spoiler]»…) at the start of three
lines or more, and tags on a tenth of its lines or more, are the sign; a rules text that quotes
tags inside its sentences («Пишите действия жирным: [b]Атакую[/b].», «тегом [list]») stays a
text, its tags as written. The post is rewritten as the HTML a forum renders (a line break is a
line break, a blank line parts paragraphs, a spoiler is a box titled by its name) and read as a
saved page. A forum has no heading tag, so a post's titles are lines that are bold and nothing
else at the start of a block: the size-set title first, then «Часть …», «Глава …» and the other
bold lines, each kind found one level below the one before. A tag opened and never closed («[list]
at line 9 is never closed», an item's «[*]» closing with its list), or closed and never opened, is
an error at its line: the text does not say where it ends.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from rulebook.ingest.errors import IngestError
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.tables import ruled

_NAMES = "b|i|u|s|size|color|font|url|quote|list|table|tr|td|th|code|spoiler|center|left|right|img|sub|sup"
_TAG = re.compile(rf"\[(/?)({_NAMES}|\*|hr|h[1-6])(?:=([^\]\n]*))?\]", re.IGNORECASE)
_PAIRED = re.compile(rf"\[({_NAMES})(?:=[^\]\n]*)?\].*?\[/\1\]", re.IGNORECASE)
_STYLE = r"\[(?:size|color|font|u|i)(?:=[^\]\n]*)?\]"
_STYLE_END = r"\[/(?:size|color|font|u|i)\]"
_TITLE = re.compile(rf"^\s*(?P<size>(?:{_STYLE})*)\[b\](?P<t>[^\[\]\n]+?)\[/b\](?:{_STYLE_END})*\s*$", re.I)
_KINDS = (re.compile(r"^(?:Часть|Part)\b", re.I), re.compile(r"^(?:Глава|Chapter)\b", re.I))
_INLINE = {"b": "strong", "i": "em", "u": "u", "s": "s", "sub": "sub", "sup": "sup"}
_STYLING = {"size", "color", "font"}
_MIN_LINES = 3  # lines a block tag opens
_MIN_SHARE = 0.1  # of the non-blank lines, those with a tag
_OPENS_LINE = re.compile(
    r"^\s*\[/?(?:quote|list|table|tr|td|th|code|spoiler|center|left|right|\*|hr)\b", re.I
)


def evidence(lines: list[SourceLine]) -> SourceLine | None:
    """The first line with a closed BBCode tag (else the first a tag opens) when the text is a
    post (see the module), else None."""
    filled = [ln for ln in lines if not ln.blank]
    opened = [ln for ln in filled if _OPENS_LINE.match(ln.text)]
    tagged = [ln for ln in filled if _TAG.search(ln.text)]
    if len(opened) < _MIN_LINES or len(tagged) < _MIN_SHARE * len(filled):
        return None
    return next((ln for ln in filled if _PAIRED.search(ln.text)), opened[0])


def _titles(lines: list[str]) -> list[str]:
    """Bold-only lines at a block's start as [hN] tags, levels by kind (see the module)."""
    found: list[tuple[int, int, str]] = []  # line index, kind rank, title
    for i, text in enumerate(lines):
        m = _TITLE.match(text)
        if not m or (i > 0 and lines[i - 1].strip()):
            continue
        title = m.group("t").strip()
        rank = 0 if m.group("size") and "[size" in m.group("size").lower() else 3
        for k, pat in enumerate(_KINDS, start=1):
            if rank == 3 and pat.match(title):
                rank = k
        found.append((i, rank, title))
    levels = {r: n for n, r in enumerate(sorted({r for _, r, _ in found}), start=1)}
    out = list(lines)
    for i, rank, title in found:
        out[i] = f"[h{min(levels[rank], 6)}]{title}[/h{min(levels[rank], 6)}]"
    return out


def _paragraphs(buf: str) -> str:
    """Flow text as paragraphs, a line break kept as <br>, and every newline where the post had
    it: the HTML's lines are the post's, so a warning names the post's line."""
    out = []
    for k, part in enumerate(re.split(r"(\n[ \t]*\n)", buf)):
        if k % 2:
            out.append("\n" * part.count("\n"))
            continue
        body = part.strip()
        if not body:
            out.append("\n" * part.count("\n"))
            continue
        lead = part[: len(part) - len(part.lstrip())]
        tail = part[len(part.rstrip()) :]
        out.append("\n" * lead.count("\n") + "<p>" + "<br>".join(body.split("\n")) + "\n" * body.count("\n"))
        out.append("</p>" + "\n" * tail.count("\n"))
    return "".join(out)


def to_html(text: str, path: Path, book: str | None = None) -> str:
    """The post as HTML; an unbalanced tag is an error at its line."""
    text = "\n".join(_titles(text.replace("\r\n", "\n").split("\n")))
    out: list[str] = []
    buf: list[str] = []
    stack: list[tuple[str, int]] = []  # open tags and their lines
    pos = 0

    def line_at(at: int) -> int:
        return text.count("\n", 0, at) + 1

    def flush(inline: bool = False) -> None:
        """`inline`: the content of a heading, an item or a cell, which holds no paragraphs."""
        joined = "".join(buf)
        out.append(joined if inline or not joined.strip() else _paragraphs(joined))
        buf.clear()

    def fail(message: str, at: int) -> IngestError:
        return IngestError(message, path=path, line=line_at(at), book=book)

    while (m := _TAG.search(text, pos)) is not None:
        buf.append(html.escape(text[pos : m.start()], quote=False))
        pos = m.end()
        closing, name, arg = m.group(1) == "/", m.group(2).lower(), (m.group(3) or "").strip()
        if name == "code" and not closing:
            end = text.lower().find("[/code]", pos)
            if end < 0:
                raise fail("[code] is never closed by [/code]", m.start())
            flush()
            out.append(_code(text[pos:end]))
            pos = end + len("[/code]")
            continue
        if name == "hr":
            flush()
            out.append("<hr>")
            continue
        if name == "*":
            if not stack or stack[-1][0] not in ("list", "list=", "*"):
                raise fail("[*] outside a [list]", m.start())
            flush(inline=stack[-1][0] == "*")
            if stack[-1][0] == "*":
                stack.pop()
                out.append("</li>")
            stack.append(("*", line_at(m.start())))
            out.append("<li>")
            continue
        if not closing:
            stack.append((name, line_at(m.start())))
            if name in _INLINE:
                buf.append(f"<{_INLINE[name]}>")
            elif name in _STYLING:
                buf.append("<span>")
            elif name == "url":
                buf.append(f'<a href="{html.escape(arg)}">' if arg else "<a>")
            elif name == "img":
                buf.append("<span>")
            else:
                flush()
                out.append(_open_block(name, arg))
                if name == "list" and arg:
                    stack[-1] = ("list=", stack[-1][1])
            continue
        if stack and stack[-1][0] == "*" and name == "list":
            flush(inline=True)
            stack.pop()
            out.append("</li>")
        if not stack or stack[-1][0].rstrip("=") != name:
            raise fail(f"[/{name}] closes no open [{name}]", m.start())
        if stack.pop()[0] == "list=":
            name = "list="
        if name in _INLINE:
            buf.append(f"</{_INLINE[name]}>")
        elif name in _STYLING or name == "img":
            buf.append("</span>")
        elif name == "url":
            buf.append("</a>")
        else:
            flush(inline=name in ("td", "th") or name.startswith("h"))
            out.append(_close_block(name))
    buf.append(html.escape(text[pos:], quote=False))
    if stack:  # an item's «[*]» closes with its list: the tag never closed is the list
        name, line = next(((n, no) for n, no in reversed(stack) if n != "*"), stack[-1])
        shown = name.rstrip("=")
        raise IngestError(f"[{shown}] at line {line} is never closed", path=path, line=line, book=book)
    flush()
    return "<html><body>" + "".join(out) + "</body></html>\n"


def _code(body: str) -> str:
    """A [code] block: a forum keeps a table's columns only there, so a header over a rule of
    dash runs (tables/ruled.py) is that table, its newlines kept; else preformatted text."""
    lines = body.split("\n")
    filled = [k for k, ln in enumerate(lines) if ln.strip()]
    if (
        len(filled) >= 3
        and filled == list(range(filled[0], filled[-1] + 1))
        and ruled.is_rule(lines[filled[1]])
    ):
        rows = ruled.split_rows(lines[filled[1]], [lines[k] for k in filled if k != filled[1]])
        if rows is not None:
            cells = [
                "".join(f"<{t}>{html.escape(c, quote=False)}</{t}>" for c in r)
                for r, t in zip(rows, ["th"] + ["td"] * len(rows), strict=False)
            ]
            trs = [f"<tr>{c}</tr>" for c in cells]
            trs.insert(1, "")  # the rule's line
            out = lines[: filled[0]] + trs + lines[filled[-1] + 1 :]
            return "<table>" + "\n".join(out) + "</table>"
    return f"<pre><code>{html.escape(body, quote=False)}</code></pre>"


def _open_block(name: str, arg: str) -> str:
    if name.startswith("h"):
        return f"<{name}>"
    if name == "list":
        return "<ol>" if arg else "<ul>"
    if name == "spoiler":
        return f"<details><summary>{html.escape(arg)}</summary>"
    tags = {"quote": "<blockquote>", "table": "<table>", "tr": "<tr>", "td": "<td>", "th": "<th>"}
    return tags.get(name, "<div>")


def _close_block(name: str) -> str:
    if name.startswith("h"):
        return f"</{name}>"
    tags = {"quote": "</blockquote>", "table": "</table>", "tr": "</tr>", "td": "</td>", "th": "</th>"}
    tags |= {"spoiler": "</details>"}
    tags |= {"list": "</ul>", "list=": "</ol>"}
    return tags.get(name, "</div>")
