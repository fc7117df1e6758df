"""Blocks of source lines -> typed blocks (headings, tables, lists, boxes, paragraphs).

The sources put one paragraph per line with blank lines between blocks, but headings and
captions are sometimes glued to the text or table around them, and tables and lists run over
several lines. The parser works on a queue of line blocks so it can split a block and give the
rest back.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable

from rulebook.ingest import deflists, footnotes, xrefs
from rulebook.ingest.config import BookConfig
from rulebook.ingest.errors import IngestError
from rulebook.ingest.headings import HeadingDetector, underline_level
from rulebook.ingest.lineshapes import SENTENCE_ENDS
from rulebook.ingest.model import (
    Admonition,
    Block,
    Cell,
    FileLine,
    Heading,
    ListBlock,
    ListItem,
    Notice,
    Paragraph,
    Report,
    Row,
    Strong,
    Table,
    Text,
    cell_inlines,
    fold,
    plain,
    table_anchor,
    walk,
)
from rulebook.ingest.patterns import Pattern
from rulebook.ingest.pdflayout import TABLE
from rulebook.ingest.pdftables import Found
from rulebook.ingest.prepare import ATTACHMENT, segment
from rulebook.ingest.reader import SourceLine
from rulebook.ingest.tables import aligned, drawn, ruled, space, tab
from rulebook.ingest.tables.spec import TableSpec

Lines = list[SourceLine]
_LABEL_MAX = 90
_DASH_ITEM = re.compile(r"^[—–-] (?=\S)")  # a dash item's mark at the margin
_HYPHEN_ITEM = re.compile(r"^- (?=\S)")  # a typed list's mark (dialogue takes «—» or «–»)
_LABEL_WORDS = 4  # a short «Label:» line is a bold lead-in; a longer one is a sentence


# a line of marks alone, «* * *», «***», «· · ·», «~~~», a rule «-----»: a break, not a heading
_SCENE_BREAK = re.compile(r"(?:[*·•~#⁂](?: ?)){3,}|-{3,}|={3,}|_{3,}")


class Parser:
    def __init__(
        self,
        book: BookConfig,
        specs: dict[str, list[TableSpec]],
        report: Report,
        sized: dict[int, int] | None = None,
        tables: dict[int, Found] | None = None,
    ) -> None:
        self.book = book
        self.sized = sized or {}  # line -> level: a PDF's titles found by their size (typesizes)
        self.tables = tables or {}  # line -> a PDF's table rebuilt from its words' places (pdftables)
        self.h = HeadingDetector(book)
        self.specs = specs
        self.seen: Counter[str] = Counter()
        self.report = report
        self.queue: deque[Lines] = deque()
        self.last_text = ""
        self.lost_found: set[str] = set()  # lead-ins that matched `lost_lists`
        self.numbered_found: set[str] = set()  # lead-ins that matched `lists.numbered`
        self.block_starts: set[int] = set()

    # ---- driver --------------------------------------------------------------------------
    def parse(self, lines: Lines) -> list[Block]:
        self.queue = deque(self.h.find_divisions(segment(lines)))
        self.block_starts = {b[0].no for b in self.queue}  # lines with a blank line (or none) above
        self.h.find_chapters(list(self.queue))
        out: list[Block] = []
        while self.queue:
            out.extend(self.block(self.queue.popleft()))
        heads = [b for b in walk(out) if isinstance(b, Heading)]
        self.h.place_umbrellas(heads)
        if self.h.levels and heads and heads[0].line < self.h.levels.first_line:
            heads[0].level = 1  # the title line (or a preface) before «Часть 1»: a page of its own
        elif self.book.title_in_text and heads and not any(h.level == 1 for h in heads):
            heads[0].level = 1  # the title line: nothing else claims level 1
            heads[0].structural = True
        self.check_config_used(out)
        return out

    def check_config_used(self, blocks: list[Block]) -> None:
        """An outline entry or a declared caption that matched nothing is stale (or mistyped):
        fail at its line in books.toml rather than silently misplace the text."""
        cfg = self.book.headings
        for key, value in cfg.outline.items():
            name = cfg.outline_titles.get(key, key)
            seen = self.h.occurrences[key]
            if key not in self.h.used_outline:
                raise self.book.fail(
                    f"headings.outline entry {name!r} matches no heading of the text",
                    "headings",
                    "outline",
                    name,
                )
            if isinstance(value, list) and seen < len(value):
                raise self.book.fail(
                    f"headings.outline entry {name!r} lists {len(value)} levels, but the title occurs "
                    f"{seen} time(s)",
                    "headings",
                    "outline",
                    name,
                )
        for key in cfg.nest:
            if key not in self.h.used_nest:
                name = cfg.outline_titles.get(key, key)
                raise self.book.fail(
                    f"headings.nest entry {name!r} matches no heading of the text", "headings", "nest", name
                )
        for title in cfg.glued:
            if fold(title) not in self.h.used_glued:
                raise self.book.fail(
                    f"headings.glued entry {title!r} is not a heading of the text", "headings", "glued"
                )
        found = {plain(b.inlines) for b in walk(blocks) if isinstance(b, Paragraph) and b.role == "caption"}
        found |= {b.caption for b in walk(blocks) if isinstance(b, Table)}
        for cap in self.book.tables.orphan_captions:
            if cap not in found:
                raise self.book.fail(
                    f"tables.orphan_captions entry {cap!r} is not a line of the text",
                    "tables",
                    "orphan_captions",
                )
        for pat in self.book.lost_lists:
            if not any(pat.search(t) for t in self.lost_found):
                raise self.book.fail(
                    f"lost_lists pattern {pat.pattern!r} matches no paragraph of the text", "lost_lists"
                )
        for pat in self.book.lists.numbered:
            if not any(pat.search(t) for t in self.numbered_found):
                raise self.book.fail(
                    f"lists.numbered pattern {pat.pattern!r} matches no lead-in of the text",
                    "lists",
                    "numbered",
                )
        for num in self.book.tables.kv:
            if not any(isinstance(b, Table) and b.anchor == table_anchor(num) for b in walk(blocks)):
                raise self.book.fail(
                    f"tables.kv names table {num!r}, but no caption of the text has that number",
                    "tables",
                    "kv",
                )

    def push(self, lines: Lines) -> None:
        if lines:
            self.queue.appendleft(lines)

    def next_blocks(self, n: int | None, until: Pattern | None = None) -> list[Block]:
        """Parse the next n line blocks (the body of a box); n=None: every block up to the next
        heading or the next line that opens a box. A block whose first line matches `until`
        ends the box before it."""
        out: list[Block] = []
        taken = 0
        while self.queue and (n is None or taken < n):
            first = self.queue[0][0].text
            if self.starts_section(self.queue[0]) or (until is not None and until.search(first)):
                break
            if n is None and any(co.pattern.match(first) for co in self.book.callouts):
                break
            out.extend(self.block(self.queue.popleft()))
            taken += 1
        return out

    def starts_section(self, lines: Lines) -> bool:
        first = lines[0].text
        if self.h.splits_block(first):
            return True
        return len(lines) == 1 and self.h.is_heading(first)

    # ---- one block -----------------------------------------------------------------------
    def block(self, lines: Lines) -> list[Block]:
        first = lines[0]
        if first.text.startswith(ATTACHMENT):
            self.push(lines[1:])
            name = first.text[len(ATTACHMENT) :]
            return [
                Notice(
                    "info",
                    "Вложение",
                    f"В источнике здесь приложен файл «{name}»; его содержимого в тексте книги нет.",
                    first.no,
                )
            ]
        for box in self.book.boxes:
            if box.trigger.fullmatch(first.text.strip()):
                return [self.box(box, lines)]
        caption = self.caption_of(first.text)
        if caption is not None:
            return self.captioned(caption, lines)
        if self.is_figure(first.text):
            return self.figure(lines)
        if (
            len(lines) > 1
            and first.no in self.block_starts
            and (level := underline_level(first.text, lines[1].text)) is not None
        ):
            # an underlined title, alone above its line: a heading of the level that line draws
            self.push(lines[2:])
            return [self.h.make(first.text, first.no, underlined=level)]
        if len(lines) == 1 and first.text.startswith(TABLE) and first.no in self.tables:
            self.report.tables += 1
            return [self.table_with_notes(_pdf_table(self.tables[first.no], first.no))]
        if len(lines) == 1 and first.no in self.sized:
            # a title set large; its size ranks it, unless a numbering rule of the entry does
            by_rule = self.h.rule_for(first.text.strip()) is not None
            return [self.h.make(first.text, first.no, underlined=None if by_rule else self.sized[first.no])]
        if _SCENE_BREAK.fullmatch(first.text.strip()):
            self.push(lines[1:])
            return []  # «* * *» parts two scenes: no words, no heading (as HTML's <hr>)
        ruled_at = next((i for i in range(1, len(lines)) if ruled.is_rule(lines[i].text)), None)
        if ruled_at is not None and ruled_at > 1:  # the lines above a ruled table's header
            self.push(lines[ruled_at - 1 :])
            lines = lines[: ruled_at - 1]
        elif ruled_at == 1:
            table, misfits = ruled.ruled_table(lines)
            name = self.book.source.name
            self.report.warnings += [(FileLine(no, name), text) for no, text in misfits]
            if table is not None:
                self.report.tables += 1
                return [self.table_with_notes(table)]
            if misfits:  # a row that fits no column: its lines as they are (the rule has no words)
                return [
                    Paragraph([Text(ln.text.strip())], ln.no) for ln in lines if not ruled.is_rule(ln.text)
                ]
        # something glued inside the block (a heading, a caption over a table) splits it
        for i in range(1, len(lines)):
            text = lines[i].text
            if (
                _SCENE_BREAK.fullmatch(text.strip())  # (a line under a paragraph underlines no title)
                or self.h.splits_block(text)
                or self.spec_for(text, peek=True) is not None
                or drawn.is_drawn(text) != drawn.is_drawn(lines[i - 1].text)  # a drawn table's edge
            ):
                self.push(lines[i:])
                lines = lines[:i]
                break
        table = drawn.drawn_table(lines, self.book.source, self.book.slug)
        if table is not None:
            self.report.tables += 1
            return [self.table_with_notes(table)]
        if len(lines) > 1 and self.h.splits_block(first.text):
            self.push(lines[1:])
            return [self.heading(first)]
        spec = self.spec_for(first.text)
        if spec is not None:
            return [self.space_table(spec, lines)]
        if self.is_tab_table(lines) and "\t" not in first.text and self.is_tab_table(lines[1:]):
            # a line without TABs glued above a table: a heading, or a caption the entry must name
            if self.h.is_heading(first.text.strip()) or self.h.splits_block(first.text):
                self.push(lines[1:])
                return [self.heading(first)]
            # the rows are quoted: a copied PDF's running header and page number («site⇥4/21»)
            # look like a table too, and the way out is then another key
            row = lines[1].text.strip().replace("\t", " ⇥ ")[:60]
            raise self.book.source_error(
                f"«{first.text.strip()[:60]}» is glued above the table under it (line {lines[1].no}: "
                f"«{row}»; no blank line, no TAB): if it is a heading, list it in headings.glued; "
                "if it is a caption, set tables.caption; if those rows are a page's running header "
                "or footer, drop them with chrome.junk",
                first.no,
            )
        if self.is_tab_table(lines):
            return [self.table_with_notes(self.tab_table(lines))]
        if len(lines) == 1 and self.h.is_heading(first.text):
            return [self.heading(first)]
        table = aligned.aligned_table(lines) if self.book.tables.delimiter == "tab" else None
        if table is not None:  # columns lined up with spaces under a header (a plain text's table)
            self.report.tables += 1
            return [self.table_with_notes(table)]
        found = deflists.detect(self.book, lines)
        if found is not None:
            lead, dl = found
            return [*self.paragraphs(lead), dl]
        if self.list_marker(first.text):
            return [self.list_block(lines)]
        for co in self.book.callouts:
            m = co.pattern.match(first.text)
            if m:
                return [self.callout(co, m, lines)]
        self.warn_dash_block(lines)
        return self.paragraphs(lines)

    def warn_dash_block(self, lines: Lines) -> None:
        """A block whose lines all start with «- » and that no lead-in with a colon introduced is
        a list or lines of dialogue: the text does not say which, so it stays paragraphs, and the
        warning names the key that makes such lines a list."""
        if self.book.lists.dash is not None or len(lines) < 2:
            return
        if all(_HYPHEN_ITEM.match(ln.text) for ln in lines):
            self.report.warnings.append(
                (
                    lines[0].no,
                    f"lines {lines[0].no}–{lines[-1].no} start with «- » after no lead-in ending with a "
                    "colon, so they stay paragraphs: if they are a list, declare "
                    "lists.dash = '^- (?P<body>.+)$'",
                )
            )

    def heading(self, line: SourceLine) -> Heading:
        return self.h.make(line.text, line.no)

    # ---- tables --------------------------------------------------------------------------
    def spec_for(self, text: str, peek: bool = False) -> TableSpec | None:
        specs = self.specs.get(text.strip())
        if not specs:
            return None
        n = self.seen[text.strip()] + 1
        chosen = next((s for s in specs if s.occurrence == n), None) or next(
            (s for s in specs if s.occurrence is None), None
        )
        if chosen is not None and not peek:
            self.seen[text.strip()] = n
        return chosen

    def space_table(self, spec: TableSpec, lines: Lines) -> Block:
        body: list[SourceLine | None] = list(lines[1:])  # None marks a blank line inside a cell
        if spec.paragraphs:
            while (
                self.queue
                and not self.starts_section(self.queue[0])
                and self.spec_for(self.queue[0][0].text, peek=True) is None
            ):
                body.append(None)
                body.extend(self.queue.popleft())
        table, rest = space.space_table(self.book, spec, lines[0], body)
        if rest:
            self.push(rest)
        self.report.tables += 1
        return table

    # ---- delimited tables, captions, footnotes --------------------------------------------
    def tab_table(self, lines: Lines, caption: str = "") -> Table:
        """A TAB table; its capture stops at a heading glued under it (a numbering rule or a
        `headings.glued` title), which goes back to the queue. A group row that reads like a
        heading is reported: it may be a heading the entry should list."""
        for i in range(1, len(lines)):
            if "\t" not in lines[i].text and self.h.splits_block(lines[i].text):
                self.push(lines[i:])
                lines = lines[:i]
                break
        table = tab.tab_table(self.book, lines, self.report, caption=caption)
        if self.book.tables.section_row is None:
            for row in table.rows:
                text = plain(row.cells[0].inlines) if row.group else ""
                if text and self.h.is_heading(text):
                    self.report.warnings.append(
                        (
                            row.line,
                            f"«{text}» reads like a heading but became a group row of the table at "
                            f"line {table.line}: if it is a heading, list it in headings.glued",
                        )
                    )
        return table

    def is_tab_table(self, lines: Lines) -> bool:
        """Two lines with a TAB between their words: a TAB that only indents a line (a paragraph's
        first line, as a typed book sets it) parts no cells."""
        return self.book.tables.delimiter == "tab" and sum("\t" in ln.text.lstrip() for ln in lines) >= 2

    def caption_of(self, text: str) -> tuple[str, str] | None:
        """(caption, table number) when the line is a table caption."""
        t = text.strip()
        tc = self.book.tables
        if tc.caption is not None:
            m = tc.caption.fullmatch(t)
            if m:
                return t, (m.groupdict().get("num") or "")
        if t in tc.orphan_captions:
            return t, ""
        return None

    def captioned(self, caption: tuple[str, str], lines: Lines) -> list[Block]:
        """A caption and the table under it; when the source lost the table, the caption stays and
        a notice says so (nothing is invented)."""
        text, num = caption
        first = lines[0]
        self.push(lines[1:])
        sep = self.book.tables.kv.get(num) if num else None
        if sep is not None:
            n = tab.kv_extent(list(self.queue), sep)
            if n == 0:
                raise self.book.source_error(
                    f"table {num} is declared as «key{sep}value» lines (tables.kv) but no such line "
                    "follows its caption",
                    first.no,
                )
            blocks = [self.queue.popleft() for _ in range(n)]
            table = tab.kv_table(self.book, blocks, sep, self.report, text)
        elif self.queue and self.is_tab_table(self.queue[0]):
            table = self.tab_table(self.queue.popleft(), caption=text)
        else:
            table = None
        if table is not None:
            if num:
                table.anchor = table_anchor(num)
            return [self.table_with_notes(table)]
        if (
            not num
            and text not in self.book.tables.orphan_captions
            and (self.h.is_heading(first.text) or self.h.splits_block(first.text))
        ):
            # an unnumbered caption's text with no table under it: the heading of the same name
            return [self.heading(first)]
        self.report.missing_tables.append((first.no, text))
        return [
            Paragraph([Text(text)], first.no, role="caption"),
            Notice(
                "warning",
                "Таблица отсутствует в источнике",
                f"В исходном тексте здесь стоит только заголовок таблицы «{text}»: строк таблицы в нём нет.",
                first.no,
            ),
        ]

    def table_with_notes(self, table: Table) -> Table:
        """Take the footnote paragraphs under a table and link its markers to them."""
        if self.book.tables.footnote:
            while self.queue:
                notes = footnotes.parse(self.book, self.queue[0])
                if notes is None:
                    break
                self.queue.popleft()
                table.footnotes.extend(notes)
            footnotes.link(self.book, table, self.report)
        elif self.queue and (marks := footnotes.asterisks(table)):
            notes = footnotes.parse(self.book, self.queue[0], [footnotes.ASTERISKS])
            # one note per mark, each a mark a cell ends in: a run of «* …» lines is a list
            used = [n.marker for n in notes or []]
            if notes is not None and len(set(used)) == len(used) and set(used) <= marks:
                self.queue.popleft()
                table.footnotes.extend(notes)
                footnotes.link(self.book, table, self.report)
        return table

    def is_figure(self, text: str) -> bool:
        t = text.strip()
        return any(p.fullmatch(t) for p in self.book.figures)

    def figure(self, lines: Lines) -> list[Block]:
        """Captions of an illustration the dump lost (a title, a caption): kept, with a notice."""
        out: list[Block] = []
        block = lines
        while True:
            for ln in block:
                out.append(Paragraph([Text(ln.text.strip())], ln.no, role="caption"))
            if not (self.queue and len(self.queue[0]) == 1 and self.is_figure(self.queue[0][0].text)):
                break
            block = self.queue.popleft()
        out.append(
            Notice(
                "info",
                "Иллюстрация отсутствует в источнике",
                "Здесь в книге иллюстрация; в исходном тексте осталась только её подпись.",
                lines[0].no,
            )
        )
        return out

    # ---- lists ---------------------------------------------------------------------------
    def list_marker(self, text: str) -> tuple[str, int, int, str] | None:
        """(kind, indent, number, body) when the line is a list item."""
        lc = self.book.lists
        m = lc.bullet.match(text)
        if m:
            return "ul", len(m.group("indent")), 0, m.group("body")
        m = lc.ordered.match(text)
        if m and (not lc.ordered_needs_indent or m.group("indent")):
            return "ol", len(m.group("indent")), int(m.group("num")), m.group("body")
        if lc.dash:
            m = lc.dash.match(text)
            if m:
                return "dash", 0, 0, m.group("body")
        return None

    def list_block(self, lines: Lines) -> ListBlock:
        """Consecutive list lines, across blank lines (loose lists), nested by indentation;
        an indented non-item line continues the item above it."""
        items: list[tuple[SourceLine, tuple[str, int, int, str] | None]] = []
        pending: deque[Lines] = deque([lines])
        base_kind = self.list_marker(lines[0].text)
        assert base_kind is not None
        while pending:
            block = pending.popleft()
            for i, ln in enumerate(block):
                mk = self.list_marker(ln.text)
                indented = ln.text.startswith("  ") and mk is None and bool(items)
                if mk is None and not indented:
                    self.push(block[i:])
                    pending.clear()
                    break
                if (
                    mk is not None
                    and mk[1] == base_kind[1]
                    and mk[0] != base_kind[0]
                    and not (mk[0] == "dash" or base_kind[0] == "dash")
                ):
                    self.push(block[i:])  # an ordered list right after a bullet list: a new list
                    pending.clear()
                    break
                items.extend(self.joined_items(ln, mk))
            else:
                if self.queue and not self.starts_section(self.queue[0]):  # «2. Риски» is a heading
                    nxt = self.queue[0]
                    mk = self.list_marker(nxt[0].text)
                    cont = nxt[0].text.startswith("    ") and mk is None
                    if (mk is not None and (mk[0] == base_kind[0] or mk[1] > base_kind[1])) or cont:
                        pending.append(self.queue.popleft())
        return _nest(items, base_kind, self.item_paragraph)

    def unnumbered_list(self, lead: SourceLine, glued: Lines) -> ListBlock:
        """The numbered list a lead-in of `lists.numbered` introduces, whose numbers the copy
        lost: every line of the lines glued under it, or else of the next block, is an item."""
        items = glued
        nxt = self.queue[0] if self.queue else None
        if not items and nxt and not self.starts_section(nxt) and self.list_marker(nxt[0].text) is None:
            items = self.queue.popleft()
        if not items:
            raise self.book.source_error(
                f"«{lead.text.strip()[:60]}» matches lists.numbered, but no lines of a list follow it",
                lead.no,
            )
        self.numbered_found.add(lead.text.strip())
        self.report.notes.append(f"line {lead.no}: {len(items)} list items numbered (lists.numbered)")
        return ListBlock(
            [ListItem(self.inline_paragraph(ln.text.strip(), ln.no).inlines, ln.no) for ln in items],
            ordered=True,
            line=items[0].no,
        )

    def dash_items(self, lead: SourceLine, glued: Lines) -> ListBlock | None:
        """Lines that each start with a dash («— черника;», «– щавель.») right after a lead-in that
        ends with a colon, glued under it or as the next block: a bulleted list, where the entry
        declares no `lists.dash` (two such lines at least; dialogue has no lead-in colon)."""
        if self.book.lists.dash is not None or not lead.text.rstrip().endswith(":"):
            return None
        items = glued
        if not items and self.queue and not self.starts_section(self.queue[0]):
            items = self.queue[0]
        if len(items) < 2 or not all(_DASH_ITEM.match(ln.text) for ln in items):
            return None
        if items is not glued:
            self.queue.popleft()
        self.report.notes.append(f"line {lead.no}: {len(items)} dash lines after a lead-in read as a list")
        return ListBlock(
            [
                ListItem(self.inline_paragraph(_DASH_ITEM.sub("", ln.text).strip(), ln.no).inlines, ln.no)
                for ln in items
            ],
            ordered=False,
            line=items[0].no,
        )

    def item_paragraph(self, ln: SourceLine) -> Block:
        """An indented line under a list item: a paragraph of the item, or the box the same line
        would open at the margin («Формула: …», a formula line)."""
        text = ln.text.strip()
        for co in self.book.callouts:
            m = co.pattern.match(text)
            if m and not co.take and (m.groupdict().get("body") or "").strip():
                return self.callout(co, m, [SourceLine(ln.no, text)])
        if self.is_formula(text):
            return Admonition(
                "abstract", "", [Paragraph([Text(text)], ln.no, role="formula")], ln.no, css="formula"
            )
        return Paragraph([Text(text)], ln.no)

    def joined_items(
        self, ln: SourceLine, mk: tuple[str, int, int, str] | None
    ) -> list[tuple[SourceLine, tuple[str, int, int, str] | None]]:
        """A bulleted or dash item the copy joined to the next one on its line («…БЗ; — …»):
        after «; » the same marker starts a new item. Each part keeps the line's number."""
        if mk is None or mk[0] == "ol":
            return [(ln, mk)]
        kind, indent, num, body = mk
        out: list[tuple[SourceLine, tuple[str, int, int, str] | None]] = []
        start = 0
        for m in re.finditer(r";\s+", body):
            nxt = self.list_marker(body[m.end() :])
            if nxt is not None and nxt[0] == kind and nxt[1] == 0:
                part = body[start : m.start() + 1]
                out.append((SourceLine(ln.no, part), (kind, indent, num, part)))
                start = m.end() + len(body[m.end() :]) - len(nxt[3])
        if not out:
            return [(ln, mk)]
        rest = body[start:]
        out.append((SourceLine(ln.no, rest), (kind, indent, num, rest)))
        return out

    # ---- boxes and callouts --------------------------------------------------------------
    def box(self, box: object, lines: Lines) -> Admonition:
        from rulebook.ingest.config import Box

        assert isinstance(box, Box)
        first = lines[0]
        children: list[Block] = []
        if box.keep_trigger:
            children.append(Paragraph([Text(first.text.strip())], first.no))
        else:  # a label of the source site («Tldr»), not rules text: reported like chrome
            self.report.dropped.append((first.no, first.text.strip()))
        if len(lines) > 1:
            self.push(lines[1:])
        if box.close is not None:
            while self.queue:
                nxt = self.queue.popleft()
                idx = next((i for i, ln in enumerate(nxt) if box.close.fullmatch(ln.text.strip())), None)
                if idx is not None:
                    if idx:
                        self.push(nxt[idx:])
                        continue
                    self.push(nxt[1:])
                    break
                self.push(nxt)
                children.extend(self.block(self.queue.popleft()))
        else:
            children.extend(self.next_blocks(box.take))
        return Admonition(box.kind, box.title, children, first.no, css=box.css)

    def callout(self, co: object, m: re.Match[str], lines: Lines) -> Admonition:
        from rulebook.ingest.config import Callout

        assert isinstance(co, Callout)
        gd = m.groupdict()
        title = (gd.get("title") or co.title or "").strip()
        body = (gd.get("body") or "").strip()
        children: list[Block] = []
        if body:
            children.append(self.inline_paragraph(body, lines[0].no))
        for ln in lines[1:]:
            children.append(self.inline_paragraph(ln.text.strip(), ln.no))
        if co.take or not children:  # a label alone on its line boxes the block under it
            n = None if co.take == "section" else int(co.take or 1)
            for b in self.next_blocks(n, co.until):
                # a formula line already boxed on its own: one box, titled by the label
                if isinstance(b, Admonition) and not b.title and b.kind == co.kind:
                    children.extend(b.children)
                else:
                    children.append(b)
        if not children:
            raise self.book.source_error(f"«{title}» has nothing under it", lines[0].no)
        return Admonition(co.kind, title, children, lines[0].no, css=co.css)

    # ---- paragraphs ----------------------------------------------------------------------
    def paragraphs(self, lines: Lines) -> list[Block]:
        if not self.warn_if_rows(lines):  # a header row reads like a heading too: one warning
            self.warn_if_heading(lines)
        out: list[Block] = []
        for i, ln in enumerate(lines):
            if i and self.list_marker(ln.text):
                self.push(lines[i:])
                break
            text = ln.text.strip()
            if self.is_formula(text):
                out.append(
                    Admonition(
                        "abstract", "", [Paragraph([Text(text)], ln.no, role="formula")], ln.no, css="formula"
                    )
                )
            elif (
                len(lines) == 1
                and text.endswith(":")
                and len(text) <= _LABEL_MAX
                and self.queue
                and len(self.queue[0]) == 1
                and self.is_formula(self.queue[0][0].text.strip())
            ):
                f = self.queue.popleft()[0]
                out.append(
                    Admonition(
                        "abstract",
                        text[:-1],
                        [Paragraph([Text(f.text.strip())], f.no, role="formula")],
                        ln.no,
                        css="formula",
                    )
                )
            elif self.is_quote(text):
                out.append(Paragraph([Text(text)], ln.no, role="quote"))
            elif (
                len(lines) == 1
                and text.endswith(":")
                and len(text.split()) <= _LABEL_WORDS
                and self.inline_paragraph(text, ln.no).role != "lead"
            ):
                out.append(Paragraph([Strong(text)], ln.no, role="label"))
            else:
                out.append(self.inline_paragraph(text, ln.no))
            if any(p.search(text) for p in self.book.lost_lists):
                self.lost_found.add(text)
                self.report.notes.append(
                    f"line {ln.no}: the list after this lead-in is missing in the source"
                )
                out.append(
                    Notice(
                        "warning",
                        "Список отсутствует в источнике",
                        "В исходном тексте за этой фразой должен идти список, но его пунктов в нём нет.",
                        ln.no,
                    )
                )
            self.last_text = text
            if any(p.search(text) for p in self.book.lists.numbered):
                out.append(self.unnumbered_list(ln, lines[i + 1 :]))
                break
            dashed = self.dash_items(ln, lines[i + 1 :])
            if dashed is not None:
                out.append(dashed)
                break
        return out

    def warn_if_heading(self, lines: Lines) -> None:
        """A line that would be a heading alone but is glued to the text under it became a
        paragraph: say so, with the way out (a copy often drops the blank line after a heading)."""
        if len(lines) < 2 or lines[0].no in self.h.contents or self.sized:
            return  # (a PDF's titles found by their size: a line at the text's size is none)
        first = lines[0].text
        if self.h.is_heading(first) and ": " not in first and not self.list_marker(lines[1].text):
            self.report.warnings.append(
                (
                    lines[0].no,
                    f"«{first.strip()}» reads like a heading but is glued to the text under it, so it "
                    "became a paragraph: if it is a heading, list it in headings.glued",
                )
            )

    def warn_if_rows(self, lines: Lines) -> bool:
        """Three or more short lines glued together, none ending a sentence and most with a
        number: table rows whose columns the importer did not find (space-separated without a
        hint, or TABs the copy lost). They stay paragraphs; the warning names the way out."""
        texts = [ln.text.strip() for ln in lines if ln.text.strip()]
        if len(texts) < 3 or any(self.list_marker(ln.text) for ln in lines):
            return False
        if not all(
            len(t) <= 120 and len(t.split()) >= 2 and t[-1] not in SENTENCE_ENDS and ": " not in t
            for t in texts
        ):  # «Стоимость: 2 ОД» lines are fields, not rows
            return False
        if sum(any(ch.isdigit() for ch in t) for t in texts) < len(texts) - 1:
            return False
        way = (
            "add a [[table]] hint for its header to tables.hints"
            if self.book.tables.delimiter == "space"
            else 'its cells need TABs, or tables.delimiter = "space" with a hint'
        )
        span = f"lines {lines[0].no}–{lines[-1].no}"
        self.report.warnings.append(
            (lines[0].no, f"{span} read like table rows but became paragraphs: {way}")
        )
        return True

    def inline_paragraph(self, text: str, line: int) -> Paragraph:
        for rule in self.book.runin:
            m = rule.pattern.match(text)
            if not m:
                continue
            term = m.group("term")
            if rule.max_words and len(term.split()) > rule.max_words:
                continue
            if rule.exclude is not None and rule.exclude.search(term):
                continue
            if any(xrefs.rule_matches(x, term) for x in self.book.xrefs):
                continue  # «В Таблице 8-8: …» is a reference in a sentence: its link wins
            rest = text[m.end("term") :]
            return Paragraph([Strong(text[: m.end("term")]), Text(rest)], line, role="lead")
        return Paragraph([Text(text)], line)

    def is_formula(self, text: str) -> bool:
        return (
            bool(self.book.formula)
            and len(text) <= 200
            and not text.endswith((".", ":"))
            and any(p.search(text) for p in self.book.formula)
        )

    def is_quote(self, text: str) -> bool:
        qa = self.book.quote_after
        return bool(qa and qa.search(self.last_text) and len(text) <= 120 and text.endswith("?"))


def _pdf_table(found: Found, line: int) -> Table:
    """A PDF's table (pdftables) as the book's model has tables."""
    header = [[Cell(cell_inlines(t), colspan=span, header=True) for t, span in row] for row in found.header]
    rows = [Row([Cell(cell_inlines(t)) for t in row], line) for row in found.rows]
    return Table(header=header, rows=rows, line=line)


def _nest(
    items: list[tuple[SourceLine, tuple[str, int, int, str] | None]],
    base: tuple[str, int, int, str],
    para: Callable[[SourceLine], Block],
) -> ListBlock:
    root = ListBlock([], ordered=base[0] == "ol", line=items[0][0].no, start=base[2] or 1)
    stack: list[tuple[int, ListBlock]] = [(base[1], root)]
    for ln, mk in items:
        if mk is None:  # indented continuation: a paragraph (or box) inside the last item
            _last_item(stack).children.append(para(ln))
            continue
        kind, indent, num, body = mk
        while len(stack) > 1 and indent < stack[-1][0]:
            stack.pop()
        if indent > stack[-1][0]:
            parent = _last_item(stack)
            sub = ListBlock([], ordered=kind == "ol", line=ln.no, start=num or 1)
            parent.children.append(sub)
            stack.append((indent, sub))
        stack[-1][1].items.append(ListItem([Text(body.strip())], ln.no))
    return root


def _last_item(stack: list[tuple[int, ListBlock]]) -> ListItem:
    for _, lst in reversed(stack):
        if lst.items:
            return lst.items[-1]
    raise IngestError("a list continuation line has no item above it")
