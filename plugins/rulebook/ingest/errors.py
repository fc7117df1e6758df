"""One error type for everything that is wrong with an input, so the CLI prints one line."""

from __future__ import annotations

from pathlib import Path


class IngestError(Exception):
    """Bad input: names the book, the file and (where it applies) the line."""

    def __init__(
        self,
        message: str,
        *,
        path: Path | str | None = None,
        line: int | None = None,
        book: str | None = None,
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.line = line
        self.book = book
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = str(self.path)
            if self.line is not None:
                where += f":{self.line}"
            where += ": "
        book = f"[{self.book}] " if self.book else ""
        return f"{book}{where}{self.message}"
