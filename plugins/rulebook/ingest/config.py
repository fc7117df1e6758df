"""`sources/books.toml`: one entry per book. Everything book-specific lives there (or in files it
names), so the parser never asks which book it is reading.

Each `[books.<slug>]` table is validated here; a mistake names the book and the config file.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.ingest.errors import IngestError

HEADING_MODES = ("numbered", "english_paren", "trailing_hash", "isolated_short")
TABLE_DELIMITERS = ("tab", "space")


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("ё", "е").replace("Ё", "Е")).strip().casefold()


@dataclass
class HeadingRule:
    pattern: re.Pattern[str]
    level: int | str  # an int, or "depth" (count the parts of the number: 3.9 -> 2, 2.2.1 -> 3)
    glued: bool = True  # may split a heading off the text glued under it
    structural: bool = True  # unnumbered headings below it nest one level deeper
    kind: str = "section"  # what cross-references call it: section, chapter, appendix, ...


@dataclass
class HeadingConfig:
    mode: str
    rules: list[HeadingRule] = field(default_factory=list)
    max_length: int = 80
    forbid_end: str = ".;,…:!?"
    forbid_start: list[re.Pattern[str]] = field(default_factory=list)
    forbid_contains: list[str] = field(default_factory=list)
    exclude: list[re.Pattern[str]] = field(default_factory=list)
    always: list[re.Pattern[str]] = field(default_factory=list)
    glued: list[str] = field(default_factory=list)  # titles that are headings although glued to text
    outline: dict[str, int] = field(default_factory=dict)  # "title" or "L123" -> level
    default_level: int = 2
    relative: bool = True  # unnumbered heading = last structural heading + 1
    suffix: re.Pattern[str] | None = None  # stripped from the heading (003's " #")
    tag: re.Pattern[str] | None = None  # 003's "[Состояние]" -> badge
    original: re.Pattern[str] | None = None  # 000's "(English Original)" -> metadata
    max_level: int = 6


@dataclass
class ChromeConfig:
    start: re.Pattern[str] | None = None  # drop everything before the first line that matches
    junk: list[re.Pattern[str]] = field(default_factory=list)  # whole lines to drop
    strip: list[re.Pattern[str]] = field(default_factory=list)  # glued chrome removed from a line
    footer: re.Pattern[str] | None = None  # drop from this line to the end
    meta: dict[str, re.Pattern[str]] = field(default_factory=dict)  # captured from dropped lines
    attachment: re.Pattern[str] | None = None  # an attachment line -> a notice, not text


@dataclass
class CleanupConfig:
    leading_underscore: bool = True  # "_Пример:" -> "Пример:" (a lost italic opener)
    glued_sentence: bool = True  # "попаданию.Если" -> "попаданию. Если"


@dataclass
class TableConfig:
    delimiter: str = "tab"
    hints: Path | None = None
    caption: re.Pattern[str] | None = None  # a caption line; group "num" names the table («8-2»)
    # footnote paragraphs under a table; group "marker" is matched against the markers in its cells
    footnote: list[re.Pattern[str]] = field(default_factory=list)
    marker_units: list[str] = field(default_factory=list)  # "1 действие" is not a footnote marker
    orphan_captions: list[str] = field(default_factory=list)  # captions whose table the source lost
    kv: dict[str, str] = field(default_factory=dict)  # caption number -> separator (004's "8-4": " = ")
    section_row: re.Pattern[str] | None = None  # a TAB-less line inside a table must match it


@dataclass
class Callout:
    pattern: re.Pattern[str]  # group "body" is the text kept in the box; group "title" names it
    kind: str
    title: str = ""
    take: int = 0  # how many following blocks the box wraps (a label line + its formula)
    css: str = ""


@dataclass
class Box:
    trigger: re.Pattern[str]  # a line that opens a box and is not text itself (000's "Tldr")
    kind: str
    title: str
    take: int = 1
    close: re.Pattern[str] | None = None  # for framed boxes: "---" ... "---"
    keep_trigger: bool = False
    css: str = ""  # extra class (e.g. "formula")


@dataclass
class ListConfig:
    bullet: re.Pattern[str] = field(default_factory=lambda: re.compile(r"^(?P<indent> *)[•·] ?(?P<body>.*)$"))
    ordered: re.Pattern[str] = field(
        default_factory=lambda: re.compile(r"^(?P<indent> *)(?P<num>\d+)\. (?P<body>.+)$")
    )
    dash: re.Pattern[str] | None = None  # FATUM's "— item" at column 0
    ordered_needs_indent: bool = False  # FATUM's numbered items are indented; "1 – 2 1к6" rows are not


@dataclass
class XrefRule:
    pattern: re.Pattern[str]  # group "ref" is what is looked up; group "text" (or all) is linked
    kind: str  # number | chapter | appendix | title | alias | table
    aliases: dict[str, str] = field(default_factory=dict)  # ref -> "" (known to be outside the book)
    within: re.Pattern[str] | None = None  # only look inside these spans («Смотрите также ...»)
    # the ref is a run of words of which only a prefix is a title («раздел Прорыв в конце этой главы»):
    # try the longest prefix first
    prefix: bool = False


@dataclass
class RuninRule:
    """A paragraph that opens with a term («Урон. Текст», «Передвижение: текст»): the term is bold."""

    pattern: re.Pattern[str]  # group "term" is the lead-in, punctuation included
    exclude: re.Pattern[str] | None = None  # a term this matches is a sentence, not a lead-in
    max_words: int = 0  # 0 = any length


@dataclass
class DegreesConfig:
    """Degrees of success («Критический успех ... Успех ... Провал ...»): lines or one run-on line
    become a definition list."""

    terms: list[str]
    line: re.Pattern[str] = field(init=False)
    split: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        alt = "|".join(re.escape(t) for t in sorted(self.terms, key=len, reverse=True))
        self.line = re.compile(rf"^(?P<term>{alt})(?:\s+[—–-])?\s+(?P<def>\S.*)$")
        self.split = re.compile(rf"(?<=[.!?]) (?=(?:{alt})\s+(?:[—–-]\s+)?\S)")


@dataclass
class PageRule:
    start: re.Pattern[str]  # a heading title that starts a page
    file: str
    title: str = ""


@dataclass
class Placement:
    after: re.Pattern[str]  # heading title after which (at the end of its section) the widget goes
    widget: str  # e.g. "calculator check"


@dataclass
class BookConfig:
    slug: str
    title: str
    system: str
    source: Path
    config_file: Path
    short_title: str = ""
    description: str = ""
    encoding: str = "utf-8"
    dice: str = "к"
    language: str = "ru"
    meta: dict[str, str] = field(default_factory=dict)
    chrome: ChromeConfig = field(default_factory=ChromeConfig)
    cleanup: CleanupConfig = field(default_factory=CleanupConfig)
    headings: HeadingConfig = field(default_factory=lambda: HeadingConfig(mode="isolated_short"))
    tables: TableConfig = field(default_factory=TableConfig)
    lists: ListConfig = field(default_factory=ListConfig)
    callouts: list[Callout] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    # «Термин (English): описание» runs of two or more lines; groups "term", "def" and optional "en"
    deflists: list[re.Pattern[str]] = field(default_factory=list)
    degrees: DegreesConfig | None = None
    runin: list[RuninRule] = field(default_factory=list)  # "Термин: текст" -> bold lead-in
    figures: list[re.Pattern[str]] = field(default_factory=list)  # captions of images the dump lost
    lost_lists: list[re.Pattern[str]] = field(default_factory=list)  # lead-ins whose list the dump lost
    formula: list[re.Pattern[str]] = field(default_factory=list)  # a line that is a formula
    quote_after: re.Pattern[str] | None = None  # a short line after "...на вопрос:" is a pull-quote
    xrefs: list[XrefRule] = field(default_factory=list)
    pages: list[PageRule] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    glossary: Path | None = None
    title_level: int = 1  # a title line given in config (001 has none in the text)
    title_in_text: bool = True
    title_line: str = ""  # the H1 when the text has none (defaults to the title)
    locate: KeyLocator | None = None  # where each key of this entry is in books.toml (for errors)

    def where(self, *keys: str) -> int | None:
        """The line of books.toml that sets `keys` (e.g. "headings", "mode") in this entry."""
        return self.locate.line(self.slug, *keys) if self.locate else None


class KeyLocator:
    """Line numbers of tables and keys in books.toml (tomllib gives none), so that a mistake in an
    entry is reported at its line."""

    _HEADER = re.compile(r"^\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
    _KEY = re.compile(r'^((?:"[^"]*"|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|[A-Za-z0-9_-]+))*)\s*=')

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple[str, ...], int] = {}
        table: tuple[str, ...] = ()
        for no, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            m = self._HEADER.match(line)
            if m:
                table = self._parts(m.group(1))
                self.lines.setdefault(table, no)
                continue
            m = self._KEY.match(line)
            if m:
                self.lines.setdefault(table + self._parts(m.group(1)), no)

    @staticmethod
    def _parts(dotted: str) -> tuple[str, ...]:
        return tuple(p.strip().strip('"') for p in re.findall(r'"[^"]*"|[^.]+', dotted))

    def line(self, slug: str, *keys: str) -> int | None:
        """The line of books.<slug>.<keys...>, or of the nearest enclosing table that exists."""
        path = ("books", slug, *keys)
        while len(path) >= 2:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None


_KNOWN_KEYS = {
    "title",
    "short_title",
    "system",
    "description",
    "source",
    "encoding",
    "dice",
    "language",
    "meta",
    "chrome",
    "cleanup",
    "headings",
    "tables",
    "lists",
    "callouts",
    "boxes",
    "deflists",
    "degrees",
    "runin",
    "formula",
    "quote_after",
    "xrefs",
    "pages",
    "placements",
    "glossary",
    "title_in_text",
    "title_line",
    "figures",
    "lost_lists",
}


@dataclass
class _Ctx:
    """One entry being read: every error it raises names the book, books.toml and the key's line."""

    slug: str
    cfg: Path
    loc: KeyLocator

    def fail(self, message: str, *keys: str) -> IngestError:
        return IngestError(message, path=self.cfg, line=self.loc.line(self.slug, *keys), book=self.slug)

    def re(self, value: Any, *keys: str) -> re.Pattern[str]:
        if not isinstance(value, str):
            raise self.fail(f"{'.'.join(keys)} must be a regular expression (a string), got {value!r}", *keys)
        try:
            return re.compile(value)
        except re.error as err:
            raise self.fail(f"bad regular expression in {'.'.join(keys)}: {value!r} ({err})", *keys) from None

    def res(self, values: Any, *keys: str) -> list[re.Pattern[str]]:
        if isinstance(values, str):
            values = [values]
        if not isinstance(values, list):
            raise self.fail(f"{'.'.join(keys)} must be a list of regular expressions", *keys)
        return [self.re(v, *keys) for v in values]

    def opt_re(self, d: dict[str, Any], key: str, *keys: str) -> re.Pattern[str] | None:
        return self.re(d[key], *keys, key) if d.get(key) else None

    def get(self, d: dict[str, Any], key: str, typ: type | tuple[type, ...], default: Any, *keys: str) -> Any:
        if key not in d:
            return default
        val = d[key]
        if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
            name = getattr(typ, "__name__", str(typ))
            raise self.fail(f"'{'.'.join((*keys, key))}' must be {name}, got {val!r}", *keys, key)
        return val


def load_books(config_path: Path) -> list[BookConfig]:
    if not config_path.exists():
        raise IngestError("book registry not found", path=config_path)
    text = config_path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        line = getattr(err, "lineno", None)
        raise IngestError(f"invalid TOML: {getattr(err, 'msg', err)}", path=config_path, line=line) from None
    books = data.get("books")
    if not isinstance(books, dict) or not books:
        raise IngestError("no [books.<slug>] entries", path=config_path)
    loc = KeyLocator(text)
    out = []
    for slug, entry in books.items():
        ctx = _Ctx(slug, config_path, loc)
        if not isinstance(entry, dict):
            raise ctx.fail("a book entry must be a table [books.<slug>]")
        book = _book(ctx, entry)
        book.locate = loc
        out.append(book)
    return out


def _book(ctx: _Ctx, d: dict[str, Any]) -> BookConfig:
    slug, cfg = ctx.slug, ctx.cfg
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug):
        raise ctx.fail("a book slug must be lower-case ASCII letters, digits and '-'")
    unknown = sorted(set(d) - _KNOWN_KEYS)
    if unknown:
        raise ctx.fail(f"unknown key(s): {', '.join(unknown)}", unknown[0])
    for key in ("title", "system", "source"):
        if not isinstance(d.get(key), str) or not d[key]:
            raise ctx.fail(f"'{key}' is required (a non-empty string)", key)
    base = cfg.parent
    book = BookConfig(
        slug=slug,
        title=d["title"],
        system=d["system"],
        source=base / d["source"],
        config_file=cfg,
        short_title=ctx.get(d, "short_title", str, d["title"]),
        description=ctx.get(d, "description", str, ""),
        encoding=ctx.get(d, "encoding", str, "utf-8"),
        dice=ctx.get(d, "dice", str, "к"),
        language=ctx.get(d, "language", str, "ru"),
        meta=dict(ctx.get(d, "meta", dict, {})),
        title_in_text=ctx.get(d, "title_in_text", bool, True),
        title_line=ctx.get(d, "title_line", str, ""),
    )
    book.chrome = _chrome(ctx, ctx.get(d, "chrome", dict, {}))
    cl = ctx.get(d, "cleanup", dict, {})
    book.cleanup = CleanupConfig(
        leading_underscore=ctx.get(cl, "leading_underscore", bool, True, "cleanup"),
        glued_sentence=ctx.get(cl, "glued_sentence", bool, True, "cleanup"),
    )
    book.headings = _headings(ctx, ctx.get(d, "headings", dict, {}))
    book.tables = _tables(ctx, ctx.get(d, "tables", dict, {}), base)
    book.lists = _lists(ctx, ctx.get(d, "lists", dict, {}))
    book.callouts = [
        Callout(
            pattern=ctx.re(c.get("pattern"), "callouts", "pattern"),
            kind=c.get("kind", "note"),
            title=c.get("title", ""),
            take=int(c.get("take", 0)),
            css=c.get("css", ""),
        )
        for c in ctx.get(d, "callouts", list, [])
    ]
    book.boxes = [
        Box(
            trigger=ctx.re(b.get("trigger"), "boxes", "trigger"),
            kind=b.get("kind", "abstract"),
            title=b.get("title", ""),
            take=int(b.get("take", 1)),
            close=ctx.opt_re(b, "close", "boxes"),
            keep_trigger=bool(b.get("keep_trigger", False)),
            css=str(b.get("css", "")),
        )
        for b in ctx.get(d, "boxes", list, [])
    ]
    book.deflists = ctx.res(d.get("deflists", []), "deflists")
    for pat in book.deflists:
        if not {"term", "def"} <= set(pat.groupindex):
            raise ctx.fail(f"deflists pattern {pat.pattern!r} needs groups 'term' and 'def'", "deflists")
    if "degrees" in d:
        dg = ctx.get(d, "degrees", dict, {})
        terms = ctx.get(dg, "terms", list, [], "degrees")
        if len(terms) < 2 or not all(isinstance(t, str) and t for t in terms):
            raise ctx.fail("degrees.terms must list the outcome labels", "degrees", "terms")
        book.degrees = DegreesConfig(terms)
    book.runin = [_runin(ctx, r) for r in ctx.get(d, "runin", list, [])]
    book.figures = ctx.res(d.get("figures", []), "figures")
    book.lost_lists = ctx.res(d.get("lost_lists", []), "lost_lists")
    book.formula = ctx.res(d.get("formula", []), "formula")
    book.quote_after = ctx.opt_re(d, "quote_after")
    book.xrefs = [_xref(ctx, x) for x in ctx.get(d, "xrefs", list, [])]
    book.pages = [
        PageRule(
            start=ctx.re(p.get("start"), "pages", "start"), file=p.get("file", ""), title=p.get("title", "")
        )
        for p in ctx.get(d, "pages", list, [])
    ]
    for p in book.pages:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*\.md", p.file) or p.file == "index.md":
            raise ctx.fail(f"page file {p.file!r} must be short lower-case ASCII ending in .md", "pages")
    book.placements = [
        Placement(after=ctx.re(p.get("after"), "placements", "after"), widget=p["widget"])
        for p in ctx.get(d, "placements", list, [])
    ]
    if d.get("glossary"):
        book.glossary = base / ctx.get(d, "glossary", str, "")
    return book


def _runin(ctx: _Ctx, r: Any) -> RuninRule:
    """A run-in rule is a pattern, or a table {pattern, exclude, max_words}."""
    if isinstance(r, str):
        rule = RuninRule(ctx.re(r, "runin"))
    elif isinstance(r, dict):
        rule = RuninRule(
            pattern=ctx.re(r.get("pattern"), "runin", "pattern"),
            exclude=ctx.opt_re(r, "exclude", "runin"),
            max_words=ctx.get(r, "max_words", int, 0, "runin"),
        )
    else:
        raise ctx.fail("runin entries are patterns or {pattern, exclude, max_words} tables", "runin")
    if "term" not in rule.pattern.groupindex:
        raise ctx.fail(f"runin pattern {rule.pattern.pattern!r} needs a group 'term'", "runin")
    return rule


def _xref(ctx: _Ctx, x: dict[str, Any]) -> XrefRule:
    rule = XrefRule(
        pattern=ctx.re(x.get("pattern"), "xrefs", "pattern"),
        kind=str(x.get("kind", "")),
        aliases=dict(x.get("aliases", {})),
        within=ctx.opt_re(x, "within", "xrefs"),
        prefix=bool(x.get("prefix", False)),
    )
    if rule.kind not in ("number", "chapter", "appendix", "title", "alias", "table"):
        raise ctx.fail(f"unknown cross-reference kind {rule.kind!r}", "xrefs", "kind")
    if "ref" not in rule.pattern.groupindex:
        raise ctx.fail(f"cross-reference pattern {rule.pattern.pattern!r} needs a group 'ref'", "xrefs")
    return rule


def _chrome(ctx: _Ctx, d: dict[str, Any]) -> ChromeConfig:
    return ChromeConfig(
        start=ctx.opt_re(d, "start", "chrome"),
        junk=ctx.res(d.get("junk", []), "chrome", "junk"),
        strip=ctx.res(d.get("strip", []), "chrome", "strip"),
        footer=ctx.opt_re(d, "footer", "chrome"),
        meta={k: ctx.re(v, "chrome", "meta", k) for k, v in d.get("meta", {}).items()},
        attachment=ctx.opt_re(d, "attachment", "chrome"),
    )


def _headings(ctx: _Ctx, d: dict[str, Any]) -> HeadingConfig:
    mode = d.get("mode", "isolated_short")
    if mode not in HEADING_MODES:
        raise ctx.fail(
            f"unknown heading mode {mode!r} (known: {', '.join(HEADING_MODES)})", "headings", "mode"
        )
    rules = []
    for r in d.get("rules", []):
        level = r.get("level")
        if not (isinstance(level, int) and 1 <= level <= 6) and level != "depth":
            raise ctx.fail(f'heading rule level must be 1-6 or "depth", got {level!r}', "headings", "rules")
        rules.append(
            HeadingRule(
                pattern=ctx.re(r.get("pattern"), "headings", "rules", "pattern"),
                level=level,
                glued=bool(r.get("glued", True)),
                structural=bool(r.get("structural", True)),
                kind=str(r.get("kind", "section")),
            )
        )
    outline = {}
    for k, v in d.get("outline", {}).items():
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
            raise ctx.fail(f"outline level for {k!r} must be 1-6", "headings", "outline", k)
        outline[k if re.fullmatch(r"L\d+", k) else _fold(k)] = v
    return HeadingConfig(
        mode=mode,
        rules=rules,
        max_length=ctx.get(d, "max_length", int, 80, "headings"),
        forbid_end=ctx.get(d, "forbid_end", str, ".;,…:!?", "headings"),
        forbid_start=ctx.res(d.get("forbid_start", []), "headings", "forbid_start"),
        forbid_contains=list(d.get("forbid_contains", [])),
        exclude=ctx.res(d.get("exclude", []), "headings", "exclude"),
        always=ctx.res(d.get("always", []), "headings", "always"),
        glued=list(d.get("glued", [])),
        outline=outline,
        default_level=ctx.get(d, "default_level", int, 2, "headings"),
        relative=ctx.get(d, "relative", bool, True, "headings"),
        suffix=ctx.opt_re(d, "suffix", "headings"),
        tag=ctx.opt_re(d, "tag", "headings"),
        original=ctx.opt_re(d, "original", "headings"),
    )


def _tables(ctx: _Ctx, d: dict[str, Any], base: Path) -> TableConfig:
    delim = d.get("delimiter", "tab")
    if delim not in TABLE_DELIMITERS:
        raise ctx.fail(f"unknown table delimiter {delim!r} (known: tab, space)", "tables", "delimiter")
    hints = base / d["hints"] if d.get("hints") else None
    if delim == "space" and hints is None:
        raise ctx.fail("space-separated tables need a hints file (tables.hints)", "tables", "delimiter")
    tc = TableConfig(
        delimiter=delim,
        hints=hints,
        caption=ctx.opt_re(d, "caption", "tables"),
        footnote=ctx.res(d.get("footnote", []), "tables", "footnote"),
        marker_units=list(ctx.get(d, "marker_units", list, [], "tables")),
        orphan_captions=list(ctx.get(d, "orphan_captions", list, [], "tables")),
        kv=dict(ctx.get(d, "kv", dict, {}, "tables")),
        section_row=ctx.opt_re(d, "section_row", "tables"),
    )
    for pat in tc.footnote:
        if not {"marker", "body"} <= set(pat.groupindex):
            raise ctx.fail(
                f"footnote pattern {pat.pattern!r} needs groups 'marker' and 'body'", "tables", "footnote"
            )
    if tc.kv and tc.caption is None:
        raise ctx.fail(
            "key = value tables (tables.kv) are found by their caption: set tables.caption", "tables", "kv"
        )
    if tc.caption is not None and tc.kv and "num" not in tc.caption.groupindex:
        raise ctx.fail(
            "tables.caption needs a group 'num' to name the tables in tables.kv", "tables", "caption"
        )
    return tc


def _lists(ctx: _Ctx, d: dict[str, Any]) -> ListConfig:
    lc = ListConfig()
    if d.get("bullet"):
        lc.bullet = ctx.re(d["bullet"], "lists", "bullet")
    if d.get("ordered"):
        lc.ordered = ctx.re(d["ordered"], "lists", "ordered")
    if d.get("dash"):
        lc.dash = ctx.re(d["dash"], "lists", "dash")
    lc.ordered_needs_indent = bool(d.get("ordered_needs_indent", False))
    return lc
