"""Cross-references in the text («см. 3.11», «в Главе 3, раздел 3.4», «Приложение Е»,
«раздела «Создание персонажа выше 1-го уровня»») become links; a reference whose target does
not exist stays text and is reported."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.ingest.config import BookConfig, XrefRule
from rulebook.ingest.model import (
    DefList,
    Heading,
    Inline,
    Link,
    ListBlock,
    Page,
    Paragraph,
    Report,
    Table,
    Text,
    fold,
    table_anchor,
    walk,
)


@dataclass(frozen=True)
class Target:
    page: str
    anchor: str
    title: str


class HeadingIndex:
    def __init__(self, pages: list[Page]) -> None:
        self.by_number: dict[str, Target] = {}
        self.by_title: dict[str, Target] = {}
        self.by_original: dict[str, Target] = {}
        self.by_anchor: dict[str, Target] = {}  # tables with a number: "table-8-2"
        self.by_id: dict[str, Target] = {}  # every heading and table id (alias targets `id:...`)
        for page in pages:
            for t in walk(page.blocks):
                if isinstance(t, Table) and t.anchor:
                    self.by_id.setdefault(t.anchor, Target(page.file, t.anchor, t.caption))
                if isinstance(t, Table) and t.anchor.startswith("table-") and t.caption:
                    self.by_anchor.setdefault(t.anchor, Target(page.file, t.anchor, t.caption))
            for b in page.blocks:
                if not isinstance(b, Heading):
                    continue
                t = Target(page.file, b.anchor, b.text)
                self.by_id[b.anchor] = t
                if b.number:
                    self.by_number.setdefault(b.number, t)
                key = fold(_unnumbered(b.text))
                self.by_title.setdefault(key, t)
                self.by_title.setdefault(fold(b.text), t)
                if b.original:
                    self.by_original.setdefault(fold(b.original), t)

    def title(self, ref: str, fuzzy: bool = True) -> Target | None:
        key = fold(ref)
        hit = self.by_title.get(key) or self.by_original.get(key)
        if hit:
            return hit
        # an inflected or shortened form: «Истощение» -> «Истощённый»; compare stems of 5+ letters
        if fuzzy and len(key) >= 5:
            stem = key[: max(5, len(key) - 3)]
            cands = sorted(k for k in self.by_title if k.startswith(stem) and abs(len(k) - len(key)) <= 4)
            if len(cands) == 1:
                return self.by_title[cands[0]]
        return None


def _unnumbered(text: str) -> str:
    return re.sub(r"^(?:\d+(?:\.\d+)*\.?|Глава \d+\.|Приложение \S+[.:]|Шаг \d+\.?)\s*", "", text)


def link_page(book: BookConfig, page: Page, index: HeadingIndex, report: Report) -> None:
    if not book.xrefs:
        return

    def link(inlines: list[Inline], line: int) -> list[Inline]:
        return _link(book, inlines, page, index, report, line)

    for b in walk(page.blocks):
        if isinstance(b, Paragraph):
            b.inlines = link(b.inlines, b.line)
        elif isinstance(b, ListBlock):
            for it in b.items:
                it.inlines = link(it.inlines, it.line)
        elif isinstance(b, DefList):
            for d in b.items:
                d.definition = link(d.definition, d.line)
        elif isinstance(b, Table):
            for row in b.rows:
                for cell in row.cells:
                    cell.inlines = link(cell.inlines, row.line)
            for fn in b.footnotes:
                fn.inlines = link(fn.inlines, fn.line)


def _resolve(rule: XrefRule, ref: str, index: HeadingIndex, fuzzy: bool = True) -> Target | bool | None:
    """A target, None (not found), or False (known to be missing: an alias with no target)."""
    if rule.kind == "alias" or ref in rule.aliases:
        if ref not in rule.aliases:
            return None
        dest = rule.aliases[ref]
        if not dest:
            return False
        return _alias_target(dest, index)
    if rule.kind == "table":
        return index.by_anchor.get(table_anchor(ref))
    if rule.kind == "title":
        return index.title(ref, fuzzy)
    kind = {"number": "section", "chapter": "chapter", "appendix": "appendix"}[rule.kind]
    return index.by_number.get(f"{kind}:{ref}")


def _alias_target(dest: str, index: HeadingIndex) -> Target | None:
    """`title:Title`, `id:heading-id` (a repeated title's own id), `kind:number`, or a title."""
    kind, sep, val = dest.partition(":")
    if not sep:
        return index.title(dest)
    if kind == "title":
        return index.title(val)
    if kind == "id":
        return index.by_id.get(val)
    return index.by_number.get(dest)


def check_aliases(book: BookConfig, index: HeadingIndex) -> None:
    """Every alias target of the entry names something of the book: a mistyped id or title is an
    error at its line in books.toml, not a reference left silently unlinked."""
    for i, rule in enumerate(book.xrefs):
        for ref, dest in rule.aliases.items():
            if dest and _alias_target(dest, index) is None:
                hint = " (the ids are in `rulebook ingest --outline`)" if dest.startswith("id:") else ""
                raise book.fail(
                    f"xrefs[{i + 1}].aliases: the target {dest!r} of {ref!r} is not in the book{hint}",
                    "xrefs",
                    i,
                    "aliases",
                    ref,
                )


def _link(
    book: BookConfig, inlines: list[Inline], page: Page, index: HeadingIndex, report: Report, line: int
) -> list[Inline]:
    out: list[Inline] = []
    for span in inlines:
        if not isinstance(span, Text):
            out.append(span)
            continue
        out.extend(_link_text(book, span.text, page, index, report, line))
    return out


def rule_matches(rule: XrefRule, text: str) -> list[re.Match[str]]:
    """The rule's matches, only inside its `within` spans when it has them."""
    if rule.within is None:
        return list(rule.pattern.finditer(text))
    out: list[re.Match[str]] = []
    for w in rule.within.finditer(text):
        out.extend(rule.pattern.finditer(text, w.start(), w.end()))
    return out


def _prefix(
    rule: XrefRule, m: re.Match[str], index: HeadingIndex
) -> tuple[tuple[int, int], Target | bool | None]:
    """The longest run of words at the start of the ref that names a heading (or a known outside
    target)."""
    start, end = m.span("ref")
    ref = m.group("ref")
    cuts = sorted({mm.end() for mm in re.finditer(r"\w(?=\W|$)", ref)}, reverse=True)
    for fuzzy in (False, True):  # an exact title anywhere in the run beats an inflected one
        for cut in cuts:
            target = _resolve(rule, ref[:cut], index, fuzzy)
            if target is not None:
                return (start, start + cut), target
    return (start, end), None


def _link_text(
    book: BookConfig, text: str, page: Page, index: HeadingIndex, report: Report, line: int
) -> list[Inline]:
    matches: list[tuple[int, int, Target]] = []
    taken: list[tuple[int, int]] = []
    for rule in book.xrefs:
        for m in rule_matches(rule, text):
            span = m.span("text") if "text" in m.groupdict() and m.group("text") else m.span()
            if any(s < span[1] and span[0] < e for s, e in taken):
                continue
            if rule.prefix:
                span, target = _prefix(rule, m, index)
            else:
                target = _resolve(rule, m.group("ref"), index)
            taken.append(span)
            shown = m.group("text") if m.groupdict().get("text") else m.group(0)
            if target is False:
                report.external.append((line, shown))
                continue
            if target is None:
                report.unresolved.append((line, shown))
                continue
            assert isinstance(target, Target)
            if target.page == page.file and target.anchor == "":
                continue
            matches.append((span[0], span[1], target))
    if not matches:
        return [Text(text)]
    matches.sort()
    out: list[Inline] = []
    pos = 0
    for s, e, t in matches:
        if s > pos:
            out.append(Text(text[pos:s]))
        href = f"#{t.anchor}" if t.page == page.file else f"{t.page}#{t.anchor}"
        out.append(Link(text[s:e], href))
        report.resolved += 1
        pos = e
    if pos < len(text):
        out.append(Text(text[pos:]))
    return out
