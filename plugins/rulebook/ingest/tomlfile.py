"""Read a TOML file of the project (books.toml, table hints) and find the line of any key in it.

`tomllib` gives values but no positions, and a mistake deep in an entry must be reported at its
line. The locator is hand-written because no TOML library in the lock keeps positions: it scans
table headers (numbering arrays of tables), keys (dotted ones too) and the elements of arrays
written over several lines, which is all the registry's syntax uses.
"""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from pathlib import Path
from typing import Any

from rulebook.ingest.errors import IngestError

Key = tuple[str | int, ...]


def read_utf8(path: Path, book: str | None = None) -> str:
    """A project file's text. A BOM is accepted; a missing file or invalid UTF-8 (a Windows-1251
    save) is one line naming the file and the line."""
    if not path.is_file():
        raise IngestError("file not found", path=path, book=book)
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise IngestError(
            f"not valid UTF-8 (byte 0x{data[err.start]:02x}): save the file as UTF-8",
            path=path,
            line=line,
            book=book,
        ) from None


def canonical(value: Any) -> str:
    """A parsed TOML value as one string that depends on the value only, not on how the file
    writes it (spacing, comments, quotes, dotted keys or tables, its place in the file). Keys
    keep their order: a table's order can be the order of what it makes (front matter)."""

    def typed(v: Any) -> Any:  # a date is not the string that spells it
        if isinstance(v, datetime.date | datetime.time):
            return {"toml-" + type(v).__name__: v.isoformat()}
        raise TypeError(f"not a TOML value: {v!r}")

    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=typed)


_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$|\s*\(at end of document\)$")


def toml_error(err: tomllib.TOMLDecodeError, text: str) -> tuple[str, int | None]:
    """(message, line) of a TOML syntax error. Python 3.14 gives the line as an attribute; before,
    it is only in the message («Illegal character '\\n' (at line 2, column 23)»); an error at the
    end of the document (an unclosed array) is at its last line."""
    msg = str(getattr(err, "msg", err))
    line = getattr(err, "lineno", None)
    m = _AT.search(msg)
    if m:
        msg = msg[: m.start()]
        if line is None:
            line = int(m.group(1)) if m.group(1) else text.rstrip().count("\n") + 1
    return msg, line


# a table header or a key outside quotes with a letter TOML does not allow there («[books.осада]»)
_BARE_NON_ASCII = re.compile(r"^\s*(?:\[\[?[^\]\"']*|[^=\"'#\[]*)[^\x00-\x7f]")


def read_toml(path: Path, book: str | None = None) -> tuple[dict[str, Any], str]:
    """(data, text). A BOM is accepted; invalid UTF-8 or TOML is one line naming file and line;
    a key outside quotes in other letters than ASCII is told why («[books.осада]»: a slug)."""
    text = read_utf8(path, book)
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as err:
        msg, line = toml_error(err, text)
        lines = text.splitlines()
        if line and line <= len(lines) and _BARE_NON_ASCII.match(lines[line - 1]):
            msg += (
                "; a key outside quotes is ASCII letters, digits, «_» and «-»"
                " (a book's slug: short lower-case ASCII, as in [books.osada])"
            )
        raise IngestError(f"invalid TOML: {msg}", path=path, line=line, book=book) from None


_ARRAY_HEADER = re.compile(r"^\[\[\s*([^\]]+?)\s*\]\]")
_HEADER = re.compile(r"^\[\s*([^\]]+?)\s*\]")
_KEY = re.compile(
    r'^((?:"(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+))*)\s*=\s*'
)
_PART = re.compile(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([A-Za-z0-9_-]+)')


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(
        m.group(1) if m.group(1) is not None else (m.group(2) or m.group(3) or "")
        for m in _PART.finditer(dotted)
    )


class KeyLocator:
    """Line numbers of tables, keys and array elements: `line(("books", "x", "callouts", 1, "take"))`."""

    def __init__(self, text: str) -> None:
        self.lines: dict[Key, int] = {}
        self._arrays: dict[tuple[str, ...], int] = {}  # array-of-tables path -> entries so far
        table: Key = ()
        array: tuple[Key, int, int] | None = None  # (key, depth, element count) of an open array
        for no, raw in enumerate(text.splitlines(), start=1):
            if array is not None:
                array = self._scan(raw, no, *array)
                continue
            line = raw.strip()
            m = _ARRAY_HEADER.match(line)
            if m:
                parts = _parts(m.group(1))
                n = self._arrays.get(parts, 0)
                self._arrays[parts] = n + 1
                table = (*self._indexed(parts[:-1]), parts[-1], n)
                self.lines.setdefault(table[:-1], no)
                self.lines[table] = no
                continue
            m = _HEADER.match(line)
            if m and not line.startswith("[["):
                table = self._indexed(_parts(m.group(1)))
                for n in range(1, len(table) + 1):  # [a.b.c] also defines a and a.b
                    self.lines.setdefault(table[:n], no)
                continue
            m = _KEY.match(line)
            if m:
                key = (*table, *_parts(m.group(1)))
                self.lines.setdefault(key, no)
                rest = line[m.end() :]
                if rest.startswith("["):
                    array = self._scan(rest, no, key, 0, 0)

    def _indexed(self, parts: tuple[str, ...]) -> Key:
        """A table path with the current index after every array-of-tables prefix."""
        out: list[str | int] = []
        for i in range(len(parts)):
            out.append(parts[i])
            n = self._arrays.get(parts[: i + 1])
            if n:
                out.append(n - 1)
        return tuple(out)

    def _scan(self, text: str, no: int, key: Key, depth: int, count: int) -> tuple[Key, int, int] | None:
        """Count the elements of an array value; None once it is closed."""
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "#":
                break
            if ch in "[{":
                if depth == 1:
                    self.lines.setdefault((*key, count), no)
                    count += 1
                depth += 1
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    return None
            elif ch in "\"'":
                if depth == 1:
                    self.lines.setdefault((*key, count), no)
                    count += 1
                end = i + 1
                while end < len(text) and text[end] != ch:
                    end += 2 if ch == '"' and text[end] == "\\" else 1
                i = end
            elif depth == 1 and not ch.isspace() and ch != ",":
                # a bare value (number, true): one element up to the next comma
                self.lines.setdefault((*key, count), no)
                count += 1
                while i + 1 < len(text) and text[i + 1] not in ",]":
                    i += 1
            i += 1
        return key, depth, count

    def line(self, *path: str | int) -> int | None:
        """The line of `path`, or of the nearest enclosing key or table that is written down."""
        p: Key = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return None
