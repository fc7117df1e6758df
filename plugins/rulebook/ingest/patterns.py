"""The regular expressions a book entry declares, run with a time limit.

A pattern written in `sources/books.toml` runs over every line of a text. One with catastrophic
backtracking (`^(а|аа)+$`) would hang the ingest with no message, and no static check finds every
such pattern without refusing good ones, so every call runs under the `regex` package's timeout
and a pattern that exceeds it stops the ingest at its line in books.toml. `regex` is compatible
with the standard `re` syntax the entries are written in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from rulebook.ingest.errors import IngestError

# A sane pattern needs microseconds on a line; this leaves a margin of four orders of magnitude.
TIMEOUT = 0.25


@dataclass(frozen=True)
class Where:
    """Where a pattern was declared: for the message when it misbehaves."""

    key: str  # dotted key, e.g. "chrome.junk"
    path: Path | None = None
    line: int | None = None
    book: str | None = None


class Pattern:
    """A compiled pattern with the methods the importer uses, each under the time limit."""

    __slots__ = ("_rx", "groupindex", "pattern", "where")

    def __init__(self, source: str, where: Where, flags: int = 0) -> None:
        self._rx = regex.compile(source, flags | regex.VERSION0)
        self.pattern = source
        self.groupindex: dict[str, int] = dict(self._rx.groupindex)
        self.where = where

    def __repr__(self) -> str:
        return f"Pattern({self.pattern!r})"

    def _timed(self, call: Callable[..., Any], *args: Any) -> Any:
        try:
            return call(*args, timeout=TIMEOUT)
        except TimeoutError:
            w = self.where
            raise IngestError(
                f"the pattern of {w.key} ({self.pattern!r}) took more than {TIMEOUT} s on one line "
                "(catastrophic backtracking): rewrite it without nested repeats such as (a+)+",
                path=w.path,
                line=w.line,
                book=w.book,
            ) from None

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> regex.Match[str] | None:
        return self._timed(self._rx.search, text, pos, len(text) if endpos is None else endpos)

    def match(self, text: str) -> regex.Match[str] | None:
        return self._timed(self._rx.match, text)

    def fullmatch(self, text: str) -> regex.Match[str] | None:
        return self._timed(self._rx.fullmatch, text)

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[regex.Match[str]]:
        return iter(
            self._timed(lambda *a, **k: list(self._rx.finditer(*a, **k)), text, pos, endpos or len(text))
        )

    def split(self, text: str) -> list[str]:
        return self._timed(self._rx.split, text)

    def sub(self, repl: str | Callable[[regex.Match[str]], str], text: str) -> str:
        return self._timed(self._rx.sub, repl, text)


def compile_pattern(source: str, where: Where, flags: int = 0) -> Pattern:
    """Raises regex.error for a bad pattern (the loader turns it into a message at its line)."""
    return Pattern(source, where, flags)
