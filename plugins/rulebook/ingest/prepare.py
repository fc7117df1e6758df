"""Before parsing: drop the site chrome a dump carries, and clean the artefacts it left.

Nothing else is changed: the rules text stays verbatim. Every dropped line is reported, and the
word-coverage check uses the same rules to know which words were chrome.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

from rulebook.ingest import dropcaps, linehyphens, pagechrome, pdftables, tocdots, typesizes
from rulebook.ingest.config import BookConfig
from rulebook.ingest.lineshapes import SENTENCE_ENDS, TITLE_MAX
from rulebook.ingest.pdfgeometry import SIDEWAYS
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.unwrap import unwrap

ATTACHMENT = "\x00attachment:"  # a line that became a notice (an attachment is not text)
# a line that stands for a PDF's table (pdftables), holding its words (counted as the source's)
# after a mark that is no word: the parser puts the table there
TABLE = "\x00\u229e "
_GLUED_SENTENCE = re.compile(r"(?<=[а-яё]{2}[.!?])(?=[А-ЯЁ][а-яё])")
# a line that stops in mid-sentence, and one that goes on with it (a lower-case word)
_CUT_SENTENCE = re.compile(r"(?:[^\W\d_]|[^\W_][-\u2010]|,)$")
_GOES_ON = re.compile(r"^\s*[a-zа-яё]")
_LEAD_UNDERSCORE = re.compile(r"^(\s*)_+(?=[^\s_])")
# «=сопротивлением (resistance)=», «==текст==»: a highlight's marks the copy kept as text
_STRAY_MARKS = re.compile(r"(?<![\w=])(={1,2})(?=[^\s=])([^=]{1,80}?)(?<=[^\s=])\1(?![\w=])")


_TAB_WORDS = 3  # words of a thumb tab at most
_INITIAL_GAP = 2.0  # ems between a drop cap and the line beside it at most
_INITIAL_REACH = 16  # lines after a PDF's drop cap where its word may be (a title, an epigraph between)
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
    tabs = _thumb_tabs(lines[start:end])
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
    titles = _pdf_layout(book, body, junk_at, out)
    out.lines = _close_page_breaks(out.lines, junk_at, printed)
    out.notes += _join_drop_caps(out)
    out.lines, out.sized = _set_apart(out.lines, titles, body)
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


def _thumb_tabs(lines: list[SourceLine]) -> set[int]:
    """A PDF's thumb tabs: a few words set on their side outside the text's block on their page
    (at its edge), the same on two pages or more: page furniture, as a running header is. Other
    lines on their side (a turned table, a page turned) are the text's."""
    page = list(itertools.accumulate(int(ln.page) for ln in lines))
    block: dict[int, tuple[float, float]] = {}
    for k, ln in enumerate(lines):
        if ln.size > 0 and ln.boxes:
            a, b = block.get(page[k], (ln.boxes[0].x0, ln.boxes[-1].x1))
            block[page[k]] = (min(a, *(w.x0 for w in ln.boxes)), max(b, *(w.x1 for w in ln.boxes)))
    tabs = []
    for k, ln in enumerate(lines):
        if ln.size != SIDEWAYS or not ln.boxes or len(ln.boxes) > _TAB_WORDS or page[k] not in block:
            continue
        left, right = block[page[k]]
        if all(w.x0 >= right for w in ln.boxes) or all(w.x1 <= left for w in ln.boxes):
            tabs.append(k)
    seen = Counter(lines[k].text.strip() for k in tabs)
    return {k for k in tabs if seen[lines[k].text.strip()] >= 2}


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


def _set_apart(
    lines: list[SourceLine], titles: list[typesizes.Title], source: list[SourceLine]
) -> tuple[list[SourceLine], dict[int, int]]:
    """Each title found by its size on a line of its own, its lines joined, between blank lines
    (so no paragraph takes it in), and the level of each, by line."""
    if not titles:
        return lines, {}
    first = {source[t.lines[0]].no: t for t in titles}
    rest = {source[k].no for t in titles for k in t.lines[1:]}
    texts = {ln.no: ln.text.strip() for ln in lines}
    out: list[SourceLine] = []
    sized: dict[int, int] = {}
    for ln in lines:
        if ln.no in rest:
            continue
        t = first.get(ln.no)
        if t is None:
            out.append(ln)
            continue
        nos = [source[k].no for k in t.lines]
        text = " ".join(texts[no] for no in nos if texts.get(no))
        out += [SourceLine(ln.no, ""), SourceLine(ln.no, text), SourceLine(ln.no, "")]
        sized[ln.no] = t.level
    return out, sized


def _pdf_layout(
    book: BookConfig, body: list[SourceLine], junk_at: set[int], out: Prepared
) -> list[typesizes.Title]:
    """A PDF's titles by their size (set apart later, see _set_apart) and its tables, each put
    in place of its lines now (`out.lines` runs beside `body` yet), before a page break's
    cut sentence is mended: a table's first line may go on in lower case («к6 Безделушка»)."""
    size = typesizes.text_size(body, junk_at)
    if size:
        _join_large_initials(body, junk_at, out, size)
    titles = typesizes.find(body, junk_at, book.headings.max_level)
    if titles:
        out.notes.append(
            f"line {body[titles[0].lines[0]].no}: {len(titles)} titles read by their type size"
            f" (levels 1–{max(t.level for t in titles)}), each set apart from the text"
        )
    if not size:
        return titles
    found = pdftables.find(
        [[] if i in junk_at or ln.size < 0 else list(ln.boxes) for i, ln in enumerate(body)], size
    )
    headed = {k for t in titles for k in t.lines}
    for t in found:
        slots = [k for k in range(t.first, t.last + 1) if k not in junk_at]
        if headed.intersection(range(t.first, t.last + 1)) or len(slots) < 3:
            continue
        cells = [c for row in t.header for c, _ in row] + [c for row in t.rows for c in row]
        if Counter(" ".join(cells).split()) != Counter(w for k in slots for w in out.lines[k].text.split()):
            continue  # every word of its lines in a cell, or its lines stay as they are
        no = body[slots[1]].no
        for k in slots:  # a blank line, the table's line, blank lines: a block of its own
            out.lines[k] = SourceLine(
                body[k].no, TABLE + " ".join(c for c in cells if c) if k == slots[1] else ""
            )
        out.tables[no] = t
    if out.tables:
        out.notes.append(
            f"line {min(out.tables)}: {len(out.tables)} tables rebuilt from where their words stand"
        )
    return titles


def _join_large_initials(body: list[SourceLine], junk_at: set[int], out: Prepared, size: float) -> None:
    """A PDF's drop cap: one capital set large on a line of its own (a page may print it before
    a title and an epigraph, as it floats) goes back to its word, the line of the text's size
    that starts beside it, at its top, in lower case: «В» + «озьмите»; «В» + «мире» stays two
    words, as the dropcaps module reads a one-letter word. A large letter over a glossary's
    entries has no line beside it, and stays."""
    vocab: Counter[str] | None = None
    for k, ln in enumerate(body):
        letter = ln.text.strip()
        if k in junk_at or len(letter) != 1 or not letter.isupper() or ln.size < size * typesizes.LARGER:
            continue
        cap = ln.boxes[0] if ln.boxes else None
        for j in range(k + 1, min(len(body), k + _INITIAL_REACH)):
            if body[j].page:
                break
            head, there = out.lines[j].text.lstrip(), body[j].boxes
            if j in junk_at or not head or not there or abs(body[j].size - size) > typesizes.SAME:
                continue
            beside = cap is not None and (
                -size <= there[0].x0 - cap.x1 <= _INITIAL_GAP * size
                and cap.bottom - cap.size - size <= there[0].bottom <= cap.bottom + size
            )
            if beside and head[0].islower():
                vocab = (
                    vocab if vocab is not None else dropcaps.vocabulary("\n".join(x.text for x in out.lines))
                )
                rest = head.split()[0].strip(",.;:!?…")
                # (the rest's own place aside: «озьмите» there is no word alone)
                glue = "" if dropcaps.one_word(letter, rest, vocab, vocab[rest.lower()] - 1) else " "
                out.lines[j] = SourceLine(out.lines[j].no, letter + glue + head)
                out.lines[k] = SourceLine(ln.no, "")
                out.fixes += 1
            break  # the first line of the text's size after it is beside it, or none is


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
