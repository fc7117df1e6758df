"""A PDF's page laid out again from where its words stand (pdfgeometry): its titles by their
type size (typesizes), its tables (pdftables), its drop caps and thumb tabs, each put where the
page shows it in the text's lines before they are read as a text's.

Hand-written, as the modules it draws on are: they say why.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from rulebook.ingest import dropcaps, pdftables, typesizes
from rulebook.ingest.pdfgeometry import SIDEWAYS
from rulebook.ingest.reader import SourceLine

# a line that stands for a PDF's table (pdftables), holding its words (counted as the source's)
# after a mark that is no word: the parser puts the table there
TABLE = "\x00\u229e "
_TAB_WORDS = 3  # words of a thumb tab at most
_INITIAL_GAP = 2.0  # ems between a drop cap and the line beside it at most
_INITIAL_REACH = 16  # lines after a PDF's drop cap where its word may be (a title, an epigraph between)


@dataclass
class Layout:
    titles: list[typesizes.Title]
    tables: dict[int, pdftables.Found]  # line -> the table standing there
    notes: list[str]
    fixes: int  # drop caps joined
    dropped: list[tuple[int, str]] = field(default_factory=list)  # a table's header printed again


def lay_out(body: list[SourceLine], junk_at: set[int], lines: list[SourceLine], max_level: int) -> Layout:
    """A PDF's titles by their size (set apart later, see set_apart), its drop caps joined and its
    tables each put in place of its lines, in `lines` (which run beside `body` yet: one line for
    each, page furniture blank), before a page break's cut sentence is mended: a table's first
    line may go on in lower case («к6 Безделушка»)."""
    out = Layout([], {}, [], 0)
    size = typesizes.text_size(body, junk_at)
    if size:
        out.fixes += _join_initials(body, junk_at, lines, size)
    titles = out.titles = typesizes.find(body, junk_at, max_level)
    if size:
        _place_tables(out, body, junk_at, lines, size)
    if titles:  # (less a table's header set large, see _own_titles)
        out.notes.insert(
            0,
            f"line {body[titles[0].lines[0]].no}: {len(titles)} titles read by their type size"
            f" (levels 1–{max(t.level for t in titles)}), each set apart from the text",
        )
    return out


def _place_tables(
    out: Layout, body: list[SourceLine], junk_at: set[int], lines: list[SourceLine], size: float
) -> None:
    """Each table found put in place of its lines (see lay_out)."""
    titles = out.titles
    found = pdftables.find(
        [[] if i in junk_at or ln.size < 0 else list(ln.boxes) for i, ln in enumerate(body)],
        size,
        frozenset(i for i, ln in enumerate(body) if i not in junk_at and ln.size < 0 and ln.text.strip()),
        "\n".join(ln.text for ln in body),
    )
    headed = {k for t in titles for k in t.lines}
    for t in found:
        slots = [k for k in range(t.first, t.last + 1) if k not in junk_at]
        own = _own_titles(t, titles, body) if headed.intersection(range(t.first, t.last + 1)) else []
        if own is None:
            continue  # a title inside it keeps its lines out of a table
        if len(slots) < 3:
            continue
        cells = [c for row in t.header for c, _ in row] + [c for row in t.rows for c in row]
        again = [lines[k].text for k in t.repeated]
        if _letters([*cells, *again]) != _letters([lines[k].text for k in slots]):
            continue  # every word of its lines in a cell, or its lines stay as they are
        out.dropped += [(body[k].no, lines[k].text) for k in t.repeated]
        for x in own:  # its header, set large, is no title
            titles.remove(x)
        no = body[slots[1]].no
        for k in slots:  # a blank line, the table's line, blank lines: a block of its own
            lines[k] = SourceLine(
                body[k].no, TABLE + " ".join(c for c in cells if c) if k == slots[1] else ""
            )
        out.tables[no] = t
    if out.tables:
        out.notes.append(
            f"line {min(out.tables)}: {len(out.tables)} tables rebuilt from where their words stand"
        )
    if out.dropped:
        out.notes.append(
            f"line {out.dropped[0][0]}: {len(out.dropped)} lines of a table's header printed again after"
            f" a page's or a column's break («{out.dropped[0][1]}», …) read as page chrome: dropped"
        )


def _own_titles(
    t: pdftables.Found, titles: list[typesizes.Title], body: list[SourceLine]
) -> list[typesizes.Title] | None:
    """The titles inside the table where they are its header: at its first lines, set as its
    rows are (a table set large, its «d6 Find» read as a title by its size); None where another
    title stands inside it."""
    inside = [x for x in titles if set(x.lines) & set(range(t.first, t.last + 1))]
    rows = Counter(round(body[k].size) for k in range(t.first, t.last + 1) if body[k].size > 0)
    size = rows.most_common(1)[0][0] if rows else 0.0
    head = set(range(t.first, t.first + len(t.header) + 1))
    own = all(set(x.lines) <= head and abs(body[k].size - size) <= 0.5 for x in inside for k in x.lines)
    return inside if own else None


def _letters(texts: list[str]) -> Counter[str]:
    """The letters and figures of `texts`: a table's cells hold its lines' words, but for a word
    cut at a wrapped cell's line end, made whole («за-» «бор»: «забор»)."""
    return Counter(ch for t in texts for ch in t if not ch.isspace() and ch not in "-\u2010\u00ad")


def _join_initials(body: list[SourceLine], junk_at: set[int], lines: list[SourceLine], size: float) -> int:
    """A PDF's drop cap: one capital set large on a line of its own (a page may print it before
    a title and an epigraph, as it floats) goes back to its word, the line of the text's size
    that starts beside it, at its top, in lower case: «В» + «озьмите»; «В» + «мире» stays two
    words, as the dropcaps module reads a one-letter word. A large letter over a glossary's
    entries has no line beside it, and stays."""
    vocab: Counter[str] | None = None
    joined = 0
    for k, ln in enumerate(body):
        letter = ln.text.strip()
        if k in junk_at or len(letter) != 1 or not letter.isupper() or ln.size < size * typesizes.LARGER:
            continue
        cap = ln.boxes[0] if ln.boxes else None
        for j in range(k + 1, min(len(body), k + _INITIAL_REACH)):
            if body[j].page:
                break
            head, there = lines[j].text.lstrip(), body[j].boxes
            if j in junk_at or not head or not there or abs(body[j].size - size) > typesizes.SAME:
                continue
            beside = cap is not None and (
                -size <= there[0].x0 - cap.x1 <= _INITIAL_GAP * size
                and cap.bottom - cap.size - size <= there[0].bottom <= cap.bottom + size
            )
            if beside and head[0].islower():
                vocab = vocab if vocab is not None else dropcaps.vocabulary("\n".join(x.text for x in lines))
                rest = head.split()[0].strip(",.;:!?…")
                # (the rest's own place aside: «озьмите» there is no word alone)
                glue = "" if dropcaps.one_word(letter, rest, vocab, vocab[rest.lower()] - 1) else " "
                lines[j] = SourceLine(lines[j].no, letter + glue + head)
                lines[k] = SourceLine(ln.no, "")
                joined += 1
            break  # the first line of the text's size after it is beside it, or none is
    return joined


def set_apart(
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


def thumb_tabs(lines: list[SourceLine]) -> set[int]:
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
