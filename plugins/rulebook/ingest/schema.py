"""The schema of `sources/books.toml`: every key, its type, default and meaning, in one place.

The loader checks every key at every depth against it (an unknown key gets «did you mean»), the
README's reference table and the JSON Schema for editors (`sources/books.schema.json`) are
generated from it (`scripts/gen_books_reference.py`; a test fails when they drift). The schema is
plain data rather than a validation library's models because it has to produce all three and
place every message at a line of the file.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex

from rulebook.ingest import ebooks, pagefiles
from rulebook.ingest.errors import IngestError
from rulebook.ingest.lineshapes import BULLETS, SENTENCE_ENDS, TITLE_MAX
from rulebook.ingest.patterns import Pattern, Where, compile_pattern
from rulebook.ingest.tomlfile import Key, KeyLocator

TEXT, HTML, MARKDOWN = "text", "html", "markdown"
ALL = (TEXT, HTML, MARKDOWN)
ADMONITIONS = ("note", "abstract", "info", "tip", "success", "question", "warning", "failure", "danger")
ADMONITIONS += ("bug", "example", "quote")
MAX_HEADING_LENGTH = 300  # no rule may make a longer line a heading


@dataclass
class At:
    """Where a value being checked sits: its path in the file, for messages and for patterns."""

    path: Path
    loc: KeyLocator
    keys: Key
    book: str | None

    def child(self, key: str | int) -> At:
        return At(self.path, self.loc, (*self.keys, key), self.book)

    @property
    def dotted(self) -> str:
        """`headings.rules[2].level` (the part below the book's own table)."""
        keys = self.keys[2:] if self.keys[:1] == ("books",) else self.keys
        out = ""
        for k in keys:
            out += f"[{k + 1}]" if isinstance(k, int) else (f".{k}" if out else str(k))
        return out or "the entry"

    @property
    def line(self) -> int | None:
        return self.loc.line(*self.keys)

    def fail(self, message: str) -> IngestError:
        return IngestError(f"{self.dotted}: {message}", path=self.path, line=self.line, book=self.book)


# ---- value types ------------------------------------------------------------------------------
class Type:
    name = "value"

    def check(self, value: Any, at: At) -> Any:
        raise NotImplementedError

    def json(self) -> dict[str, Any]:
        return {}


class Str(Type):
    """A string; `nonempty`: not ""; `visible`: not only spaces (a title of spaces would be an
    empty heading on the site; "" is the default where the field has one)."""

    def __init__(self, nonempty: bool = False, choices: tuple[str, ...] = (), visible: bool = False) -> None:
        self.nonempty = nonempty
        self.visible = visible
        self.choices = choices
        self.name = " \\| ".join(f"`{c}`" for c in choices) if choices else "string"

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, str):
            raise at.fail(f"must be a string, got {_shown(value)}")
        if self.nonempty and not value:
            raise at.fail("must not be empty")
        if self.visible and value and not value.strip():
            raise at.fail(f"must not be only spaces, got {value!r}")
        if self.choices and value not in self.choices:
            raise at.fail(
                f"unknown value {value!r}{_suggest(value, self.choices)} (known: {', '.join(self.choices)})"
            )
        return value

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.choices:
            out["enum"] = list(self.choices)
        elif self.nonempty:
            out["minLength"] = 1
        if self.visible:
            out["pattern"] = "\\S"
        return out


class Bool(Type):
    name = "boolean"

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, bool):
            raise at.fail(f"must be true or false, got {_shown(value)}")
        return value

    def json(self) -> dict[str, Any]:
        return {"type": "boolean"}


class Int(Type):
    def __init__(self, low: int = 0, high: int | None = None) -> None:
        self.low, self.high = low, high
        self.name = f"integer {low}–{high}" if high is not None else f"integer ≥ {low}"

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            raise at.fail(f"must be an integer, got {_shown(value)}")
        if value < self.low or (self.high is not None and value > self.high):
            raise at.fail(f"must be {self.name[8:]}, got {value}")
        return value

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer", "minimum": self.low}
        if self.high is not None:
            out["maximum"] = self.high
        return out


class Regex(Type):
    """A regular expression, compiled under the time limit; `groups` it must define."""

    def __init__(self, groups: tuple[str, ...] = (), any_of: tuple[str, ...] = ()) -> None:
        self.groups, self.any_of = groups, any_of
        self.name = "regex" + (f" (groups {', '.join(groups)})" if groups else "")

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, str):
            raise at.fail(f"must be a regular expression (a string), got {_shown(value)}")
        try:
            pat = compile_pattern(value, Where(at.dotted, at.path, at.line, at.book))
        except regex.error as err:
            raise at.fail(f"bad regular expression {value!r} ({err})") from None
        missing = [g for g in self.groups if g not in pat.groupindex]
        if missing:
            raise at.fail(f"pattern {value!r} needs the group(s) {', '.join(repr(g) for g in missing)}")
        return pat

    def json(self) -> dict[str, Any]:
        return {"type": "string", "format": "regex"}


class SourcePath(Type):
    """A path relative to `sources/` that must stay inside it."""

    name = "path in sources/"

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, str) or not value.strip():
            raise at.fail(f"must be a path relative to sources/, got {_shown(value)}")
        base = at.path.parent.resolve()
        if Path(value).is_absolute() or value.startswith("~"):
            raise at.fail(f"{value!r} must be relative to sources/ (absolute paths are not allowed)")
        target = (base / value).resolve()
        if not target.is_relative_to(base):
            raise at.fail(f"{value!r} points outside sources/: a book reads only files of the project")
        return at.path.parent / value

    def json(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "not": {"pattern": r"^(/|~|.*\.\.)"}}


class ListOf(Type):
    def __init__(self, item: Type, single: bool = True, min_items: int = 0) -> None:
        self.item, self.single, self.min_items = item, single, min_items
        self.name = f"list of {item.name}" + (" (or one)" if single else "")

    def check(self, value: Any, at: At) -> Any:
        if self.single and not isinstance(value, list) and not isinstance(value, dict):
            value = [value]
        if not isinstance(value, list):
            raise at.fail(f"must be a list ([...]), got {_shown(value)}")
        if len(value) < self.min_items:
            raise at.fail(f"needs at least {self.min_items} entries")
        return [self.item.check(v, at.child(i)) for i, v in enumerate(value)]

    def json(self) -> dict[str, Any]:
        arr: dict[str, Any] = {"type": "array", "items": self.item.json()}
        if self.min_items:
            arr["minItems"] = self.min_items
        return {"anyOf": [self.item.json(), arr]} if self.single else arr


class MapOf(Type):
    """A table of free keys (titles, names) to values of one type."""

    def __init__(self, value: Type, what: str = "name") -> None:
        self.value, self.what = value, what
        self.name = f"table {what} → {value.name}"

    def check(self, value: Any, at: At) -> Any:
        if not isinstance(value, dict):
            raise at.fail(f"must be a table ({{ {self.what} = ... }}), got {_shown(value)}")
        return {k: self.value.check(v, at.child(k)) for k, v in value.items()}

    def json(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": self.value.json()}


class OneOf(Type):
    """The first type that accepts the value; the message lists what would have been accepted."""

    def __init__(self, *types: Type, accepts: Callable[[Any], int] | None = None) -> None:
        self.types = types
        self.pick = accepts
        self.name = " or ".join(t.name for t in types)

    def check(self, value: Any, at: At) -> Any:
        if self.pick is not None:
            return self.types[self.pick(value)].check(value, at)
        raise NotImplementedError

    def json(self) -> dict[str, Any]:
        return {"anyOf": [t.json() for t in self.types]}


class Level(Type):
    """A heading level 1–6, or "depth" (the number of parts of the heading's number)."""

    name = 'level 1–6 or `"depth"`'

    def check(self, value: Any, at: At) -> Any:
        if value == "depth" or (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6):
            return value
        raise at.fail(f'must be a level 1-6 or "depth", got {_shown(value)}')

    def json(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 6}, {"const": "depth"}]}


class Levels(Type):
    """An outline value: one level for every occurrence of the title, or a list, one per occurrence."""

    name = "level 1–6, or a list of levels (one per occurrence)"

    def check(self, value: Any, at: At) -> Any:
        if isinstance(value, list):
            if not value:
                raise at.fail("an empty list of levels: give one level per occurrence of the title")
            return [Int(0, 6).check(v, at.child(i)) for i, v in enumerate(value)]
        return Int(1, 6).check(value, at)

    def json(self) -> dict[str, Any]:
        lvl = {"type": "integer", "minimum": 1, "maximum": 6}
        per = {"type": "integer", "minimum": 0, "maximum": 6}
        return {"anyOf": [lvl, {"type": "array", "items": per, "minItems": 1}]}


class Take(Type):
    """How many blocks a box wraps: a count, or "section" (up to the next heading)."""

    name = 'integer 0–20 or `"section"`'

    def check(self, value: Any, at: At) -> Any:
        if value == "section":
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20:
            return value
        raise at.fail(f'must be an integer 0–20 or "section", got {_shown(value)}')

    def json(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 20}, {"const": "section"}]}


# ---- keys and tables --------------------------------------------------------------------------
@dataclass
class Field:
    name: str
    type: Type | Table
    doc: str
    default: Any = None
    required: bool = False
    sources: tuple[str, ...] = ALL  # the kinds of source the key applies to


@dataclass
class Table(Type):
    fields: list[Field]
    doc: str = ""
    name: str = "table"
    # the kind of source (text, html, markdown) decides which keys apply: given the raw entry
    source_kind: Callable[[dict[str, Any], At], str | None] | None = None
    extra: Callable[[dict[str, Any], At], None] | None = None  # cross-key checks
    by_name: dict[str, Field] = field(init=False)

    def __post_init__(self) -> None:
        self.by_name = {f.name: f for f in self.fields}

    def check(self, value: Any, at: At, kind: str | None = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise at.fail(f"must be a table, got {_shown(value)}")
        for key in value:
            if key not in self.by_name:
                raise at.child(key).fail(f"unknown key{_suggest(key, self.by_name)}")
        for f in self.fields:
            if f.required and f.name not in value:
                raise at.fail(f"the key '{f.name}' is required ({f.doc})")
        if self.source_kind is not None:
            kind = self.source_kind(value, at)
        out: dict[str, Any] = {}
        for f in self.fields:
            sub = at.child(f.name)
            if f.name not in value:
                if isinstance(f.type, Table):
                    out[f.name] = f.type.check({}, sub, kind) if f.default is not None else None
                elif isinstance(f.type, Regex) and f.default is not None:
                    out[f.name] = f.type.check(f.default, sub)
                else:
                    out[f.name] = _copy(f.default)
                continue
            if kind is not None and kind not in f.sources:
                raise sub.fail(
                    f"applies to {' and '.join(_KIND_NAMES[s] for s in f.sources)} sources; "
                    f"this book's source is {_KIND_NAMES[kind]}"
                )
            if isinstance(f.type, Table):
                out[f.name] = f.type.check(value[f.name], sub, kind)
            elif isinstance(f.type, ListOf) and isinstance(f.type.item, Table):
                raw = value[f.name]
                if not isinstance(raw, list):
                    raise sub.fail(f"must be a list of tables ([[...{f.name}]]), got {_shown(raw)}")
                out[f.name] = [f.type.item.check(v, sub.child(i), kind) for i, v in enumerate(raw)]
            else:
                out[f.name] = f.type.check(value[f.name], sub)
        if self.extra is not None:
            self.extra(out, at)
        return out

    def json(self) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for f in self.fields:
            js = dict(f.type.json())
            js["description"] = f.doc
            if f.default not in (None, [], {}, ""):
                js["default"] = f.default
            props[f.name] = js
        out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
        req = [f.name for f in self.fields if f.required]
        if req:
            out["required"] = req
        return out


_KIND_NAMES = {TEXT: "text (.txt)", HTML: "HTML (.html)", MARKDOWN: "Markdown (.md)"}


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value)) if isinstance(value, list | dict) else value


def _shown(value: Any) -> str:
    kinds = {str: "a string", bool: "a boolean", int: "an integer", float: "a number", list: "a list"}
    kinds[dict] = "a table"
    text = repr(value)
    return f"{kinds.get(type(value), type(value).__name__)} {text if len(text) <= 40 else text[:37] + '...'}"


def _suggest(word: str, known: Any) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def suggest(word: str, known: Any) -> str:
    return _suggest(word, known)


# ---- the registry -----------------------------------------------------------------------------
def _is_list(value: Any) -> int:
    return int(isinstance(value, list))


def _runin_kind(value: Any) -> int:
    return 1 if isinstance(value, dict) else 0


RUNIN = Table(
    [
        Field(
            "pattern",
            Regex(("term",)),
            "the lead-in; group `term` (punctuation included) is set bold",
            required=True,
        ),
        Field("exclude", Regex(), "a term this matches is a sentence, not a lead-in"),
        Field("max_words", Int(0), "longest lead-in in words (0: any)", 0),
    ],
    name="table",
)

CHROME = Table(
    [
        Field("start", Regex(), "drop every line before the first line this matches", sources=(TEXT,)),
        Field("junk", ListOf(Regex()), "whole lines to drop", [], sources=(TEXT,)),
        Field("strip", ListOf(Regex()), "chrome glued to a line, removed from it", [], sources=(TEXT,)),
        Field("footer", Regex(), "drop from the first line this matches to the end", sources=(TEXT,)),
        Field(
            "meta",
            MapOf(Regex(), "name"),
            "page metadata taken from a dropped line (e.g. `credit`, shown under the book badge)",
            {},
            sources=(TEXT,),
        ),
        Field("attachment", Regex(("name",)), "an attachment line: a notice, not text", sources=(TEXT,)),
        Field(
            "root",
            Str(True),
            "CSS selector of the element holding the book (default: `body`)",
            "",
            sources=(HTML, MARKDOWN),
        ),
        Field(
            "drop",
            ListOf(Str(True)),
            "CSS selectors of site chrome to drop (navigation, footers, ads)",
            [],
            sources=(HTML, MARKDOWN),
        ),
    ],
    "site chrome to drop; every dropped line or element is reported, never silently lost",
)

HEADING_RULE = Table(
    [
        Field(
            "pattern",
            Regex(),
            "a line this matches at its start is a heading; group `num` is its number",
            required=True,
        ),
        Field("level", Level(), "its level, or `depth` (3.9 → 2, 2.2.1 → 3)", required=True),
        Field(
            "kind",
            Str(True),
            "what cross-references call it: `section`, `chapter`, `appendix`, ...",
            "section",
        ),
        Field("glued", Bool(), "may be glued to the text under it (splits the block)", True),
        Field("structural", Bool(), "unlisted headings after it nest one level below it", True),
    ]
)

HEADINGS = Table(
    [
        Field(
            "mode",
            Str(choices=("numbered", "english_paren", "trailing_hash", "isolated_short")),
            "the cue that makes a line a heading",
            "isolated_short",
            sources=(TEXT,),
        ),
        Field(
            "rules",
            ListOf(HEADING_RULE, single=False),
            "numbering rules, tried in order (`numbered` mode without rules: `Глава 2. Title` is "
            "an H1 and a line `1.2. Title` alone a heading at the depth of its number)",
            [],
            sources=(TEXT,),
        ),
        Field(
            "outline",
            MapOf(Levels(), "title"),
            "title → level, or a list of levels, one per occurrence of the title (`[2, 3]`; 0 "
            "leaves that occurrence unlisted; a title occurring more often than listed is an "
            "error); an unlisted heading sits one level below the last listed or numbered one",
            {},
        ),
        Field(
            "nest",
            MapOf(OneOf(Int(1), ListOf(Int(0), single=False), accepts=_is_list), "title"),
            "umbrella headings: title → how many of the headings after it sit directly under it, "
            "each with its own subheadings (an umbrella under it counts its own; a list: one count "
            "per occurrence); the way out of an «empty section» warning",
            {},
            sources=(TEXT,),
        ),
        Field(
            "glued",
            ListOf(Str(True)),
            "titles that are headings although glued to the text or table next to them",
            [],
            sources=(TEXT,),
        ),
        Field(
            "always",
            ListOf(Regex()),
            "lines that are headings whatever the other rules say",
            [],
            sources=(TEXT,),
        ),
        Field("exclude", ListOf(Regex()), "lines that are never headings", [], sources=(TEXT,)),
        Field(
            "max_length",
            Int(1, MAX_HEADING_LENGTH),
            "longest heading in characters",
            TITLE_MAX,
            sources=(TEXT,),
        ),
        Field(
            "forbid_end",
            Str(),
            "a line ending in one of these characters is not a heading",
            SENTENCE_ENDS,
            sources=(TEXT,),
        ),
        Field(
            "forbid_start",
            ListOf(Regex()),
            "a line starting with one of these is not a heading",
            [],
            sources=(TEXT,),
        ),
        Field(
            "forbid_contains",
            ListOf(Str(True)),
            "a line containing one of these is not a heading",
            [],
            sources=(TEXT,),
        ),
        Field("suffix", Regex(), "stripped from a heading (` #`)", sources=(TEXT,)),
        Field(
            "tag", Regex(("tag",)), "a tag in the heading (`[Состояние]`), shown as a badge", sources=(TEXT,)
        ),
        Field(
            "original",
            Regex(("en",)),
            "an English original in the heading, kept as metadata",
            sources=(TEXT,),
        ),
        Field(
            "default_level",
            Int(1, 6),
            "the level of an unlisted heading before any listed one",
            2,
            sources=(TEXT,),
        ),
        Field(
            "relative",
            Bool(),
            "unlisted headings nest below the last listed or numbered one",
            True,
            sources=(TEXT,),
        ),
    ],
    "which lines are headings, and at what level",
)

TABLES = Table(
    [
        Field(
            "delimiter",
            Str(choices=("tab", "space")),
            "what separates the columns; `space` needs `hints`",
            "tab",
        ),
        Field("hints", SourcePath(), "per-table column hints for space-separated tables (a TOML file)"),
        Field("caption", Regex(), "a caption line; group `num` names the table (`8-2`)"),
        Field("footnote", ListOf(Regex(("marker", "body"))), "footnote paragraphs under a table", []),
        Field(
            "marker_units",
            ListOf(Str(True)),
            "words after a digit that make it a quantity, not a footnote marker",
            [],
        ),
        Field(
            "orphan_captions",
            ListOf(Str(True)),
            "captions whose table the source lost (shown with a notice); a caption listed here is "
            "never a heading",
            [],
        ),
        Field(
            "kv", MapOf(Str(True), "caption number"), "`key = value` tables: caption number → separator", {}
        ),
        Field(
            "section_row",
            Regex(),
            "a line without TABs inside a table is a group row only if it matches this",
        ),
    ],
    "tables in a text source",
)

LISTS = Table(
    [
        Field(
            "bullet",
            Regex(("indent", "body")),
            "a bulleted item",
            rf"^(?P<indent> *)(?:[{BULLETS}] ?|\* (?=\S))(?P<body>.*)$",
        ),
        Field(
            "ordered",
            Regex(("indent", "num", "body")),
            "a numbered item",
            r"^(?P<indent> *)(?P<num>\d+)[.)] (?P<body>.+)$",
        ),
        Field("dash", Regex(("body",)), "a dash item at column 0"),
        Field(
            "ordered_needs_indent",
            Bool(),
            "numbered items must be indented (so `1 – 2 1к6` rows are not)",
            False,
        ),
        Field(
            "numbered",
            ListOf(Regex()),
            "lead-ins whose next block is a numbered list that lost its numbers (each line an item)",
            [],
        ),
    ],
    "lists in a text source",
)

CALLOUT = Table(
    [
        Field(
            "pattern",
            Regex(),
            "the line that opens it; group `title` names it, group `body` is its text",
            required=True,
        ),
        Field("kind", Str(choices=ADMONITIONS), "the Material admonition type", "note"),
        Field("title", Str(), "its title when the pattern has no `title` group", ""),
        Field(
            "take",
            Take(),
            'how many following blocks it wraps; `"section"`: all of them up to the next heading '
            "or box line (a standalone «Пример» line)",
            0,
        ),
        Field("until", Regex(), "a line this matches ends the box before it (it stays outside)"),
        Field("css", Str(), "an extra class (`formula`)", ""),
    ]
)

BOX = Table(
    [
        Field("trigger", Regex(), "a line that opens the box and is not text itself (`Tldr`)", required=True),
        Field("kind", Str(choices=ADMONITIONS), "the Material admonition type", "abstract"),
        Field("title", Str(), "its title", ""),
        Field("take", Int(0, 20), "how many following blocks it wraps", 1),
        Field("close", Regex(), "a line that closes a framed box (`---`)"),
        Field("keep_trigger", Bool(), "keep the trigger line as text", False),
        Field("css", Str(), "an extra class", ""),
    ]
)

XREF = Table(
    [
        Field(
            "pattern",
            Regex(("ref",)),
            "a reference; group `ref` is looked up, group `text` (or all) is linked",
            required=True,
        ),
        Field(
            "kind",
            Str(choices=("number", "chapter", "appendix", "title", "alias", "table")),
            "how `ref` is looked up",
            required=True,
        ),
        Field(
            "aliases",
            MapOf(Str(), "ref"),
            'ref → `title:Title`, `id:heading-id`, `kind:num` or `""` (a target outside the book)',
            {},
        ),
        Field("within", Regex(), "only look inside these spans (`Смотрите также ...`)"),
        Field("prefix", Bool(), "the ref is a run of words of which a prefix is the title", False),
    ]
)

PAGE = Table(
    [
        Field("start", Regex(), "a heading title that starts the page", required=True),
        Field("file", Str(True), "its file under docs/<slug>/ (`03-boi.md`)", required=True),
        Field("title", Str(visible=True), "its title, if not the heading's", ""),
    ]
)

PLACEMENT = Table(
    [
        Field("after", Regex(), "a heading title; the widget goes at the end of its section", required=True),
        Field("widget", Str(True), "the block: `calculator | NAME` or `sheet-link`", required=True),
    ]
)


_TEXT_SUFFIXES = (".html", ".htm", ".xhtml", ".md", ".markdown", ".txt")


def unread_keys(declared: list[tuple[str | int, ...]], kind: str) -> list[str]:
    """The keys of an entry (paths within it, as books.toml writes them) that a `kind` source
    does not read, dotted («chrome.junk»), outermost only, in the order given."""
    out: list[str] = []
    for path in declared:
        table: Table | None = BOOK
        names: list[str] = []
        for part in path:
            if isinstance(part, int):
                continue
            f = table.by_name.get(part) if table is not None else None
            if f is None:
                break
            names.append(part)
            if kind not in f.sources:
                dotted = ".".join(names)
                if dotted not in out:
                    out.append(dotted)
                break
            item = f.type.item if isinstance(f.type, ListOf) else f.type
            table = item if isinstance(item, Table) else None
    return out


def source_kind(entry: dict[str, Any], at: At) -> str | None:
    """text, html or markdown, from the source's suffix (a folder: from the files in it). An
    e-book (FictionBook, EPUB) or a Word document is read as the HTML pages it is made into (see
    ebooks)."""
    src = entry.get("source")
    if not isinstance(src, str):
        return None
    suffix = Path(src).suffix.lower()
    if ebooks.kind(src) and not (at.path.parent / src).is_dir():
        return HTML
    if suffix in (".html", ".htm", ".xhtml"):
        return HTML
    if suffix in (".md", ".markdown"):
        return MARKDOWN
    if suffix in (".txt", ".pdf"):  # a PDF is read as the text pdftotext gives (see pdftext)
        return TEXT
    folder = at.path.parent / src
    if folder.is_dir():
        # at any depth (a site's sections are folders); a page saved «complete» keeps its
        # images, styles and scripts beside it, and a hidden folder is no section: not pages
        # a .txt below the top is an attachment (a log, a note), not a text the entry meant
        found = [
            p for p in pagefiles.find(folder, _TEXT_SUFFIXES) if p.parent == folder or p.suffix != ".txt"
        ]
        kinds = {source_kind({"source": p.name}, at) for p in found}
        top = {source_kind({"source": p.name}, at) for p in found if p.parent == folder}
        if len(kinds) > 1 and len(top) == 1 and TEXT not in top:
            kinds = top  # a site's pages, and a README.md or a saved page deeper down: the site
        if len(kinds) == 1 and TEXT not in kinds:
            return kinds.pop()
        if not kinds:
            packed = pagefiles.find(folder, (".mhtml", ".mht"))
            hint = f" (it holds {packed[0].name!r}{_SAVE_COMPLETE})" if packed else ""
            raise at.child("source").fail(f"the folder {src!r} holds no .html or .md pages{hint}")
        if kinds == {TEXT}:
            raise at.child("source").fail(
                f"the folder {src!r} holds .txt files: a folder holds .html or .md pages, "
                "a text is one file (name it in `source`)"
            )
        raise at.child("source").fail(
            f"the folder {src!r} must hold .html or .md pages, not a mix "
            f"(found: {', '.join(sorted(map(str, kinds))) or 'none'})"
        )
    if suffix:
        hint = _OFFICE_HINTS.get(suffix.lower(), "")
        raise at.child("source").fail(
            f"unknown kind of source {suffix!r} (known: .txt, .pdf, .html, .md, "
            f"{', '.join(ebooks.SUFFIXES)}, "
            f"or a folder of pages){hint}"
        )
    return None


# what an office program gives, and how to bring it: the web page keeps the structure a text loses
_SAVE_AS_PAGE = ": save it from its program as a web page (.html), which keeps headings, lists and tables"
_OFFICE_HINTS = {s: _SAVE_AS_PAGE for s in (".doc", ".odt", ".rtf", ".pages", ".gdoc")}
_OFFICE_HINTS[".zip"] = ": unpack it and name the folder (Google Docs' «Web page (.html, zipped)» is one)"
# a browser's «single file» save packs the page and its images in MIME, and a wiki's XML export
# holds the page's wikitext, not the page: the page as the browser shows it keeps its structure
_SAVE_COMPLETE = (
    ": a browser's «single file» save; save the page as «Web page, complete» or «HTML only» (.html)"
)
_OFFICE_HINTS |= {".mhtml": _SAVE_COMPLETE, ".mht": _SAVE_COMPLETE}
_OFFICE_HINTS[".xml"] = (
    ": a wiki's export (MediaWiki's Special:Export) holds its markup, not the page; save each page "
    "from the browser (.html) into a folder and name the folder"
)

BOOK = Table(
    [
        Field(
            "title",
            Str(True, visible=True),
            "the book's title (home page, navigation, search)",
            required=True,
        ),
        Field("system", Str(True, visible=True), "the game system", required=True),
        Field(
            "source",
            SourcePath(),
            "the text: `.txt`, a PDF (`.pdf`, read as `pdftotext -raw` gives it), `.html`, `.md`, an "
            "e-book (`.fb2`, `.fb2.zip`, `.epub`), a Word document (`.docx`), or a folder of "
            "`.html`/`.md` pages",
            required=True,
        ),
        Field("description", Str(), "one sentence for the home page", ""),
        Field(
            "order",
            ListOf(Str(True)),
            "a folder source: its pages by their paths in it (`combat/index.md`), in reading order "
            "(default: by path)",
            [],
        ),
        Field("encoding", Str(True), 'the source\'s encoding: a codec name (`cp1251`) or `"auto"`', "utf-8"),
        Field("glossary", SourcePath(), "search synonyms and abbreviations (`<slug>.glossary.toml`)"),
        Field(
            "title_in_text",
            Bool(),
            "the text has a title line: with no level-1 heading, its first heading is the H1 "
            "(false: `title_line` becomes the first H1)",
            True,
        ),
        Field("title_line", Str(visible=True), "the H1 when the text has none (default: `title`)", ""),
        Field("chrome", CHROME, CHROME.doc, {}),
        Field(
            "cleanup",
            Table(
                [
                    Field(
                        "leading_underscore", Bool(), "`_Пример:` → `Пример:` (a lost italic opener)", True
                    ),
                    Field("glued_sentence", Bool(), "`попаданию.Если` → `попаданию. Если`", True),
                    Field(
                        "stray_marks",
                        Bool(),
                        "`=сопротивлением (resistance)=` → `сопротивлением (resistance)` (a highlight's "
                        "marks kept as text)",
                        True,
                    ),
                ]
            ),
            "artefacts of the dump that are repaired",
            {},
            sources=(TEXT,),
        ),
        Field("headings", HEADINGS, HEADINGS.doc, {}),
        Field("tables", TABLES, TABLES.doc, {}, sources=(TEXT,)),
        Field("lists", LISTS, LISTS.doc, {}, sources=(TEXT,)),
        Field(
            "callouts",
            ListOf(CALLOUT, single=False),
            "a line that opens an admonition (`Пример: ...`)",
            [],
            sources=(TEXT,),
        ),
        Field("boxes", ListOf(BOX, single=False), "boxes opened by a trigger line", [], sources=(TEXT,)),
        Field(
            "deflists",
            ListOf(Regex(("term", "def"))),
            "definition-list lines (`Термин (English): ...`; group `en` optional)",
            [],
            sources=(TEXT,),
        ),
        Field(
            "degrees",
            Table(
                [
                    Field(
                        "terms",
                        ListOf(Str(True), single=False, min_items=2),
                        "the outcome labels",
                        required=True,
                    )
                ]
            ),
            "degrees of success («Критический успех ... Успех ...»): a definition list",
            sources=(TEXT,),
        ),
        Field(
            "runin",
            ListOf(OneOf(Regex(("term",)), RUNIN, accepts=_runin_kind), single=False),
            "bold lead-ins: a pattern with group `term`, or a table {pattern, exclude, max_words}",
            [],
            sources=(TEXT,),
        ),
        Field("formula", ListOf(Regex()), "a line that is a formula (boxed)", [], sources=(TEXT,)),
        Field(
            "quote_after",
            Regex(),
            "a short question after a line this matches is a pull-quote",
            sources=(TEXT,),
        ),
        Field(
            "figures",
            ListOf(Regex()),
            "captions of figures the dump lost (kept, with a notice)",
            [],
            sources=(TEXT,),
        ),
        Field(
            "lost_lists",
            ListOf(Regex()),
            "lead-ins of lists the dump lost (kept, with a notice)",
            [],
            sources=(TEXT,),
        ),
        Field("xrefs", ListOf(XREF, single=False), "cross-references that become links", []),
        Field("pages", ListOf(PAGE, single=False), "page files (default: one per H1)", []),
        Field(
            "placements",
            ListOf(PLACEMENT, single=False),
            "widgets placed at the end of a heading's section",
            [],
        ),
    ],
    "one book",
    source_kind=source_kind,
)

REGISTRY = Table([Field("books", MapOf(BOOK, "slug"), "one table per book", required=True)])


# ---- generated documentation ------------------------------------------------------------------
def _rows(table: Table, prefix: str, array: bool = False) -> list[tuple[str, str, str, str]]:
    rows: list[tuple[str, str, str, str]] = []
    for f in table.fields:
        name = f"{prefix}{f.name}"
        sub = f.type
        if isinstance(sub, ListOf) and isinstance(sub.item, Table):
            rows.append((f"`[[{name}]]`", "list of tables", "", f.doc + _applies(f)))
            rows += _rows(sub.item, f"{name}.", True)
            continue
        if isinstance(sub, ListOf) and isinstance(sub.item, OneOf):
            rows.append((f"`{name}`", sub.name, "", f.doc + _applies(f)))
            for t in sub.item.types:
                if isinstance(t, Table):
                    rows += _rows(t, f"{name}.", True)
            continue
        if isinstance(sub, Table):
            rows.append((f"`[{name}]`", "table", "", f.doc + _applies(f)))
            rows += _rows(sub, f"{name}.")
            continue
        default = "" if f.default in (None, [], {}, "") else f"`{json.dumps(f.default, ensure_ascii=False)}`"
        if f.required:
            default = "required"
        rows.append((f"`{name}`", sub.name, default, f.doc + _applies(f)))
    return rows


def _applies(f: Field) -> str:
    if f.sources == ALL:
        return ""
    return " *(" + ", ".join(_KIND_NAMES[s] for s in f.sources) + " only)*"


def reference_table() -> str:
    """The README's reference of every key, as a Markdown table."""
    lines = ["| key | type | default | what it says |", "| --- | --- | --- | --- |"]
    for key, typ, default, doc in _rows(BOOK, ""):
        cells = [key, typ, default.replace("|", r"\|"), doc.replace("|", r"\|")]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def json_schema() -> dict[str, Any]:
    """A JSON Schema of books.toml for editors (Taplo / Even Better TOML read `#:schema`)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "rulebook book registry (sources/books.toml)",
        "type": "object",
        "properties": {
            "books": {
                "type": "object",
                "description": "one table per book, keyed by its slug",
                "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                "additionalProperties": BOOK.json(),
            }
        },
        "required": ["books"],
        "additionalProperties": False,
    }


def is_pattern(value: object) -> bool:
    return isinstance(value, Pattern)
