"""A block's inline spans tidied as the converter and the link resolver leave them: runs of one
kind joined and no white space at a block's or a bold or italic run's edges, so that the
Markdown written from them marks no empty emphasis and ends no line with a space."""

from __future__ import annotations

from rulebook.ingest.elements import WS
from rulebook.ingest.model import Break, Em, Inline, Strong, StrongEm, Text


def merge(spans: list[Inline]) -> list[Inline]:
    """Adjacent spans of one kind become one (so «**a** **b**» is one bold run, text is one run)."""
    out: list[Inline] = []
    for s in spans:
        if out and type(s) is type(out[-1]) and isinstance(s, Text | Strong | Em | StrongEm):
            out[-1] = type(s)(out[-1].text + s.text)  # type: ignore[union-attr]
        else:
            out.append(s)
    return out


def trim(spans: list[Inline]) -> list[Inline]:
    """No white space at the edges of a block, none inside a bold or italic run's edges."""
    out: list[Inline] = []
    for s in spans:
        if isinstance(s, Strong | Em | StrongEm):
            core = s.text.strip()
            if not core:
                out.append(Text(" "))
                continue
            if s.text[: len(s.text) - len(s.text.lstrip())]:
                out.append(Text(" "))
            out.append(type(s)(core))
            if s.text[len(s.text.rstrip()) :]:
                out.append(Text(" "))
        elif isinstance(s, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(WS.sub(" ", out[-1].text + s.text))
        else:
            out.append(s)
    while out and isinstance(out[0], Text) and not out[0].text.strip():
        out.pop(0)
    while out and (isinstance(out[-1], Break) or (isinstance(out[-1], Text) and not out[-1].text.strip())):
        out.pop()
    if out and isinstance(out[0], Text):
        out[0] = Text(out[0].text.lstrip())
    if out and isinstance(out[-1], Text):
        out[-1] = Text(out[-1].text.rstrip())
    return [s for s in out if not (isinstance(s, Text) and not s.text)]
