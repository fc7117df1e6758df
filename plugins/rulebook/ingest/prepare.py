"""Before parsing: drop the site chrome a dump carries, and clean the artefacts it left.

Nothing else is changed: the rules text stays verbatim. Every dropped line is reported, and the
word-coverage check uses the same rules to know which words were chrome.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebook.ingest import dropcaps, linehyphens, pagechrome, pdflayout, pdftables, tocdots
from rulebook.ingest.config import BookConfig
from rulebook.ingest.lineshapes import SENTENCE_ENDS, TITLE_MAX
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.unwrap import unwrap

ATTACHMENT = "\x00attachment:"  # a line that became a notice (an attachment is not text)
_GLUED_SENTENCE = re.compile(r"(?<=[а-яё]{2}[.!?])(?=[А-ЯЁ][а-яё])")
# a line that stops in mid-sentence, and one that goes on with it (a lower-case word)
_CUT_SENTENCE = re.compile(r"(?:[^\W\d_]|[^\W_][-\u2010]|,)$")
_GOES_ON = re.compile(r"^\s*[a-zа-яё]")
_LEAD_UNDERSCORE = re.compile(r"^(\s*)_+(?=[^\s_])")
# «=сопротивлением (resistance)=», «==текст==»: a highlight's marks the copy kept as text
_STRAY_MARKS = re.compile(r"(?<![\w=])(={1,2})(?=[^\s=])([^=]{1,80}?)(?<=[^\s=])\1(?![\w=])")


_ITEM_START = re.compile(r"^(?:[-*•·–—►|│┌├└]|\d+[.)]|[а-яa-z]\))")


@dataclass
class Prepared:
    lines: list[SourceLine]
    dropped: list[tuple[int, str]] = field(default_factory=list)  # whole lines or glued parts removed
    meta: dict[str, str] = field(default_factory=dict)
    fixes: int = 0
    notes: list[str] = field(default_factory=list)
    sized: dict[int, int] = field(default_factory=dict)  # line -> level: a PDF's titles by their size
    tables: dict[int, pdftables.Found] = field(default_factory=dict)  # line -> a PDF's table there


def strip_chrome(book: BookConfig, lines: list[SourceLine]) -> Prepared:
    """Every chrome pattern must match somewhere: one that matches nothing (a typo) would
    publish the chrome it was meant to drop, so it stops the ingest at its line."""
    ch = book.chrome
    out = Prepared(lines=[])
    start = 0
    if ch.start is not None:
        start = next((i for i, ln in enumerate(lines) if ch.start.search(ln.text)), -1)
        if start < 0:
            raise book.fail(
                f"chrome.start {ch.start.pattern!r} matches no line of the text", "chrome", "start"
            )
    end = len(lines)
    if ch.footer is not None:
        end = next((i for i in range(start, len(lines)) if ch.footer.search(lines[i].text)), -1)
        if end < 0:
            raise book.fail(
                f"chrome.footer {ch.footer.pattern!r} matches no line of the text", "chrome", "footer"
            )
    used: set[int] = set()  # id() of the junk and strip patterns that matched
    junk_at: set[int] = set()  # indices in out.lines of the junk lines, blank now
    printed: set[int] = set()  # those of them that are a printed page's number or header
    for ln in lines[:start] + lines[end:]:
        if not ln.blank:
            out.dropped.append((ln.no, ln.text))
            for key, pat in ch.meta.items():
                m = pat.search(ln.text)
                if m and key not in out.meta:
                    out.meta[key] = (m.groupdict().get("value") or m.group(0)).strip()
    pages, out.notes = pagechrome.find(lines[start:end])
    tabs = pdflayout.thumb_tabs(lines[start:end])
    if tabs:
        shown = sorted({lines[start + k].text.strip() for k in tabs})
        out.notes.append(
            f"line {lines[start + min(tabs)].no}: {len(tabs)} lines set on their side at the pages'"
            f" edges (thumb tabs: {', '.join(f'«{t}»' for t in shown[:4])}) read as page chrome: dropped"
        )
        pages |= tabs
    contents, notes = tocdots.find(lines[start:end])
    out.notes += notes
    for k, ln in enumerate(lines[start:end]):
        text = ln.text
        junk = next((p for p in ch.junk if p.search(text)), None)
        if junk is not None or k in pages or k in contents:
            if junk is not None:
                used.add(id(junk))
            out.dropped.append((ln.no, text))
            out.lines.append(SourceLine(ln.no, ""))  # for now: a blank, see _close_page_breaks
            junk_at.add(len(out.lines) - 1)
            if k in pages:
                printed.add(len(out.lines) - 1)
            continue
        for p in ch.strip:
            m = p.search(text)
            if m and m.group(0).strip():
                used.add(id(p))
                out.dropped.append((ln.no, m.group(0).strip()))
                text = (text[: m.start()] + text[m.end() :]).rstrip()
        if ch.attachment is not None:
            m = ch.attachment.search(text)
            if m:
                out.dropped.append((ln.no, text))
                text = ATTACHMENT + m.group("name")
        if book.cleanup.leading_underscore:
            fixed = _LEAD_UNDERSCORE.sub(r"\1", text)
            out.fixes += fixed != text
            text = fixed
        if book.cleanup.stray_marks:
            fixed = _STRAY_MARKS.sub(r"\2", text)
            out.fixes += fixed != text
            text = fixed
        if book.cleanup.glued_sentence:
            fixed = _GLUED_SENTENCE.sub(" ", text)
            out.fixes += fixed != text
            text = fixed
        out.lines.append(SourceLine(ln.no, text))
    body = lines[start:end]
    layout = pdflayout.lay_out(body, junk_at, out.lines, book.headings.max_level)
    out.notes += layout.notes
    out.tables, out.fixes = layout.tables, out.fixes + layout.fixes
    out.dropped += layout.dropped
    out.lines = _close_page_breaks(out.lines, junk_at, printed)
    out.notes += _join_drop_caps(out)
    out.lines, out.sized = pdflayout.set_apart(out.lines, layout.titles, body)
    short = {ln.no for ln in body if ln.short}
    out.lines, joined = unwrap(out.lines, sum(ln.blank for ln in body) / max(len(body), 1), short)
    out.fixes += joined
    for key, pats in (("junk", ch.junk), ("strip", ch.strip)):
        for p in pats:
            if id(p) not in used:
                raise book.fail(f"chrome.{key} {p.pattern!r} matches no line of the text", "chrome", key)
    for key in ch.meta:
        if key not in out.meta:
            raise book.fail(f"chrome.meta.{key} matches no dropped line of the text", "chrome", "meta", key)
    return out


def _close_page_breaks(lines: list[SourceLine], junk_at: set[int], printed: set[int]) -> list[SourceLine]:
    """A run of junk lines with text on both sides is a page break inside a block (a running
    header and a page number copied out of a PDF, mid-paragraph or mid-list): it goes without a
    trace, so the block stays one, and a sentence it cut (no end before it, lower case after it)
    is one line again, as on the page. A run next to a blank line stays blank, as the text had it.
    A printed page's break (`printed`, found, not declared) that cut no sentence, before a line
    that reads like a title and stands alone, is a blank line: a new page often starts a section."""
    keep: list[SourceLine] = []
    whole = "\n".join(ln.text for ln in lines)
    i = 0
    while i < len(lines):
        if i not in junk_at:
            keep.append(lines[i])
            i += 1
            continue
        j = i
        while j in junk_at:
            j += 1
        inside = bool(keep) and not keep[-1].blank and j < len(lines) and not lines[j].blank
        if not inside:
            keep.extend(lines[i:j])
        elif _CUT_SENTENCE.search(keep[-1].text) and _GOES_ON.match(lines[j].text):
            prev, head = keep[-1].text.rstrip(), lines[j].text.strip()
            if linehyphens.ENDS_HYPHENATED.search(prev):
                text = linehyphens.join(prev, head, whole)
            else:
                text = f"{prev} {head}"
            keep[-1] = SourceLine(keep[-1].no, text)
            j += 1
        elif printed.intersection(range(i, j)) and _opens_section(lines[j].text) and _alone(lines, j):
            keep.append(lines[i])
        i = j
    return keep


def _join_drop_caps(out: Prepared) -> list[str]:
    """A PDF's drop cap split from its word («Б ой») joined (dropcaps), and told."""
    texts, notes, joined = dropcaps.fix([(ln.no, ln.text) for ln in out.lines])
    out.fixes += joined
    out.lines = [SourceLine(ln.no, t) for ln, t in zip(out.lines, texts, strict=True)]
    return notes


def _opens_section(text: str) -> bool:
    """A short line that ends no sentence and starts no item or table row: a title's shape."""
    t = text.strip()
    return 0 < len(t) <= TITLE_MAX and t[-1] not in SENTENCE_ENDS + "|│" and not _ITEM_START.match(t)


def _alone(lines: list[SourceLine], j: int) -> bool:
    """Line j stands alone as a title does: a blank line (or the text's end) under it, or a line
    at least twice its length that starts a sentence (a title glued to its text). A wrapped
    paragraph's first line, over its next line of about its length, does not."""
    if j + 1 >= len(lines) or lines[j + 1].blank:
        return True
    under = lines[j + 1].text.strip()
    return len(under) >= 2 * len(lines[j].text.strip()) and not _GOES_ON.match(under)


def segment(lines: list[SourceLine]) -> list[list[SourceLine]]:
    """Maximal runs of non-blank lines (the sources put one paragraph per line)."""
    blocks: list[list[SourceLine]] = []
    cur: list[SourceLine] = []
    for ln in lines:
        if ln.blank:
            if cur:
                blocks.append(cur)
                cur = []
        else:
            cur.append(ln)
    if cur:
        blocks.append(cur)
    return blocks
