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


def _re(value: str, what: str, book: str, cfg: Path) -> re.Pattern[str]:
    try:
        return re.compile(value)
    except re.error as err:
        raise IngestError(
            f"bad regular expression in {what}: {value!r} ({err})", path=cfg, book=book
        ) from None


def _res(values: list[str], what: str, book: str, cfg: Path) -> list[re.Pattern[str]]:
    return [_re(v, what, book, cfg) for v in values]


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
    caption: re.Pattern[str] | None = None
    footnote: re.Pattern[str] | None = None
    marker_units: list[str] = field(default_factory=list)  # "1 действие" is not a footnote marker
    orphan_captions: list[str] = field(default_factory=list)
    kv: dict[str, str] = field(default_factory=dict)  # caption number -> separator (004's "8-4": " = ")
    section_row: re.Pattern[str] | None = None


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
    kind: str  # number | chapter | appendix | title | alias
    aliases: dict[str, str] = field(default_factory=dict)


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
    deflists: list[re.Pattern[str]] = field(default_factory=list)
    degrees: re.Pattern[str] | None = None
    runin: list[re.Pattern[str]] = field(default_factory=list)  # "Термин: текст" -> bold lead-in
    formula: list[re.Pattern[str]] = field(default_factory=list)  # a line that is a formula
    quote_after: re.Pattern[str] | None = None  # a short line after "...на вопрос:" is a pull-quote
    xrefs: list[XrefRule] = field(default_factory=list)
    pages: list[PageRule] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    glossary: Path | None = None
    title_level: int = 1  # a title line given in config (001 has none in the text)
    title_in_text: bool = True


def _get(
    d: dict[str, Any], key: str, typ: type | tuple[type, ...], default: Any, book: str, cfg: Path
) -> Any:
    if key not in d:
        return default
    val = d[key]
    if not isinstance(val, typ):
        raise IngestError(
            f"'{key}' must be {getattr(typ, '__name__', typ)}, got {val!r}", path=cfg, book=book
        )
    return val


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
}


def load_books(config_path: Path) -> list[BookConfig]:
    if not config_path.exists():
        raise IngestError("book registry not found", path=config_path)
    try:
        data = tomllib.loads(config_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise IngestError(f"invalid TOML: {err}", path=config_path) from None
    books = data.get("books")
    if not isinstance(books, dict) or not books:
        raise IngestError("no [books.<slug>] entries", path=config_path)
    return [_book(slug, entry, config_path) for slug, entry in books.items()]


def _book(slug: str, d: dict[str, Any], cfg: Path) -> BookConfig:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug):
        raise IngestError("a book slug must be lower-case ASCII letters, digits and '-'", path=cfg, book=slug)
    unknown = set(d) - _KNOWN_KEYS
    if unknown:
        raise IngestError(f"unknown key(s): {', '.join(sorted(unknown))}", path=cfg, book=slug)
    for key in ("title", "system", "source"):
        if not isinstance(d.get(key), str) or not d[key]:
            raise IngestError(f"'{key}' is required", path=cfg, book=slug)
    base = cfg.parent
    book = BookConfig(
        slug=slug,
        title=d["title"],
        system=d["system"],
        source=base / d["source"],
        config_file=cfg,
        short_title=_get(d, "short_title", str, d["title"], slug, cfg),
        description=_get(d, "description", str, "", slug, cfg),
        encoding=_get(d, "encoding", str, "utf-8", slug, cfg),
        dice=_get(d, "dice", str, "к", slug, cfg),
        language=_get(d, "language", str, "ru", slug, cfg),
        meta=dict(_get(d, "meta", dict, {}, slug, cfg)),
        title_in_text=_get(d, "title_in_text", bool, True, slug, cfg),
    )
    book.chrome = _chrome(_get(d, "chrome", dict, {}, slug, cfg), slug, cfg)
    cl = _get(d, "cleanup", dict, {}, slug, cfg)
    book.cleanup = CleanupConfig(
        leading_underscore=_get(cl, "leading_underscore", bool, True, slug, cfg),
        glued_sentence=_get(cl, "glued_sentence", bool, True, slug, cfg),
    )
    book.headings = _headings(_get(d, "headings", dict, {}, slug, cfg), slug, cfg)
    book.tables = _tables(_get(d, "tables", dict, {}, slug, cfg), slug, cfg, base)
    book.lists = _lists(_get(d, "lists", dict, {}, slug, cfg), slug, cfg)
    book.callouts = [
        Callout(
            pattern=_re(c["pattern"], "callouts.pattern", slug, cfg),
            kind=c.get("kind", "note"),
            title=c.get("title", ""),
            take=int(c.get("take", 0)),
            css=c.get("css", ""),
        )
        for c in _get(d, "callouts", list, [], slug, cfg)
    ]
    book.boxes = [
        Box(
            trigger=_re(b["trigger"], "boxes.trigger", slug, cfg),
            kind=b.get("kind", "abstract"),
            title=b.get("title", ""),
            take=int(b.get("take", 1)),
            close=_re(b["close"], "boxes.close", slug, cfg) if b.get("close") else None,
            keep_trigger=bool(b.get("keep_trigger", False)),
        )
        for b in _get(d, "boxes", list, [], slug, cfg)
    ]
    book.deflists = _res(_get(d, "deflists", list, [], slug, cfg), "deflists", slug, cfg)
    if d.get("degrees"):
        book.degrees = _re(d["degrees"], "degrees", slug, cfg)
    book.runin = _res(_get(d, "runin", list, [], slug, cfg), "runin", slug, cfg)
    book.formula = _res(_get(d, "formula", list, [], slug, cfg), "formula", slug, cfg)
    if d.get("quote_after"):
        book.quote_after = _re(d["quote_after"], "quote_after", slug, cfg)
    book.xrefs = [
        XrefRule(
            pattern=_re(x["pattern"], "xrefs.pattern", slug, cfg),
            kind=x["kind"],
            aliases=dict(x.get("aliases", {})),
        )
        for x in _get(d, "xrefs", list, [], slug, cfg)
    ]
    for x in book.xrefs:
        if x.kind not in ("number", "chapter", "appendix", "title", "alias"):
            raise IngestError(f"unknown cross-reference kind {x.kind!r}", path=cfg, book=slug)
    book.pages = [
        PageRule(start=_re(p["start"], "pages.start", slug, cfg), file=p["file"], title=p.get("title", ""))
        for p in _get(d, "pages", list, [], slug, cfg)
    ]
    for p in book.pages:
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*\.md", p.file) or p.file == "index.md":
            raise IngestError(
                f"page file {p.file!r} must be short lower-case ASCII ending in .md", path=cfg, book=slug
            )
    book.placements = [
        Placement(after=_re(p["after"], "placements.after", slug, cfg), widget=p["widget"])
        for p in _get(d, "placements", list, [], slug, cfg)
    ]
    if d.get("glossary"):
        book.glossary = base / d["glossary"]
    return book


def _chrome(d: dict[str, Any], slug: str, cfg: Path) -> ChromeConfig:
    return ChromeConfig(
        start=_re(d["start"], "chrome.start", slug, cfg) if d.get("start") else None,
        junk=_res(d.get("junk", []), "chrome.junk", slug, cfg),
        strip=_res(d.get("strip", []), "chrome.strip", slug, cfg),
        footer=_re(d["footer"], "chrome.footer", slug, cfg) if d.get("footer") else None,
        meta={k: _re(v, f"chrome.meta.{k}", slug, cfg) for k, v in d.get("meta", {}).items()},
        attachment=_re(d["attachment"], "chrome.attachment", slug, cfg) if d.get("attachment") else None,
    )


def _headings(d: dict[str, Any], slug: str, cfg: Path) -> HeadingConfig:
    mode = d.get("mode", "isolated_short")
    if mode not in HEADING_MODES:
        raise IngestError(
            f"unknown heading mode {mode!r} (known: {', '.join(HEADING_MODES)})", path=cfg, book=slug
        )
    rules = []
    for r in d.get("rules", []):
        level = r.get("level")
        if not (isinstance(level, int) and 1 <= level <= 6) and level != "depth":
            raise IngestError(
                f'heading rule level must be 1-6 or "depth", got {level!r}', path=cfg, book=slug
            )
        rules.append(
            HeadingRule(
                pattern=_re(r["pattern"], "headings.rules.pattern", slug, cfg),
                level=level,
                glued=bool(r.get("glued", True)),
                structural=bool(r.get("structural", True)),
                kind=str(r.get("kind", "section")),
            )
        )
    outline = {}
    for k, v in d.get("outline", {}).items():
        if not isinstance(v, int) or not 1 <= v <= 6:
            raise IngestError(f"outline level for {k!r} must be 1-6", path=cfg, book=slug)
        outline[k if re.fullmatch(r"L\d+", k) else _fold(k)] = v
    return HeadingConfig(
        mode=mode,
        rules=rules,
        max_length=int(d.get("max_length", 80)),
        forbid_end=d.get("forbid_end", ".;,…:!?"),
        forbid_start=_res(d.get("forbid_start", []), "headings.forbid_start", slug, cfg),
        forbid_contains=list(d.get("forbid_contains", [])),
        exclude=_res(d.get("exclude", []), "headings.exclude", slug, cfg),
        always=_res(d.get("always", []), "headings.always", slug, cfg),
        glued=list(d.get("glued", [])),
        outline=outline,
        default_level=int(d.get("default_level", 2)),
        relative=bool(d.get("relative", True)),
        suffix=_re(d["suffix"], "headings.suffix", slug, cfg) if d.get("suffix") else None,
        tag=_re(d["tag"], "headings.tag", slug, cfg) if d.get("tag") else None,
        original=_re(d["original"], "headings.original", slug, cfg) if d.get("original") else None,
    )


def _tables(d: dict[str, Any], slug: str, cfg: Path, base: Path) -> TableConfig:
    delim = d.get("delimiter", "tab")
    if delim not in TABLE_DELIMITERS:
        raise IngestError(f"unknown table delimiter {delim!r} (known: tab, space)", path=cfg, book=slug)
    hints = base / d["hints"] if d.get("hints") else None
    if delim == "space" and hints is None:
        raise IngestError("space-separated tables need a hints file (tables.hints)", path=cfg, book=slug)
    return TableConfig(
        delimiter=delim,
        hints=hints,
        caption=_re(d["caption"], "tables.caption", slug, cfg) if d.get("caption") else None,
        footnote=_re(d["footnote"], "tables.footnote", slug, cfg) if d.get("footnote") else None,
        marker_units=list(d.get("marker_units", [])),
        orphan_captions=list(d.get("orphan_captions", [])),
        kv=dict(d.get("kv", {})),
        section_row=_re(d["section_row"], "tables.section_row", slug, cfg) if d.get("section_row") else None,
    )


def _lists(d: dict[str, Any], slug: str, cfg: Path) -> ListConfig:
    lc = ListConfig()
    if d.get("bullet"):
        lc.bullet = _re(d["bullet"], "lists.bullet", slug, cfg)
    if d.get("ordered"):
        lc.ordered = _re(d["ordered"], "lists.ordered", slug, cfg)
    if d.get("dash"):
        lc.dash = _re(d["dash"], "lists.dash", slug, cfg)
    lc.ordered_needs_indent = bool(d.get("ordered_needs_indent", False))
    return lc
