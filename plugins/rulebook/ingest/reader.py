"""Read a source text safely: encodings, BOMs, line ends, binary files and NBSP runs.

Russian texts from users arrive as UTF-8 (with or without BOM), sometimes as Windows-1251 and
with CRLF line ends. A wrong guess would silently corrupt every word, so an undeclared
non-UTF-8 file is rejected with a message that says how to declare its encoding, and decoded text
that reads as mojibake (UTF-8 bytes shown as Windows-1251 or Latin-1 letters, or one Cyrillic
code page read as another) is refused with the encoding it most likely is. The check is
hand-written because it is two round trips through the standard codecs, not a guess over all
encodings a detection library would consider.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

from rulebook.ingest import lookalikes
from rulebook.ingest.errors import IngestError

_NBSP_RUN = re.compile(r"[ \u00a0\u202f\u2007]*[\u00a0\u202f\u2007][ \u00a0\u202f\u2007]*")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@dataclass(frozen=True)
class SourceLine:
    no: int  # 1-based line number in the source file
    text: str

    @property
    def blank(self) -> bool:
        return not self.text.strip()


def decode(data: bytes, encoding: str, path: Path, book: str | None = None) -> str:
    """Bytes -> text. `encoding` is a codec name or "auto" (UTF-8, else Windows-1251)."""
    if not data.strip():
        raise IngestError("the file is empty", path=path, book=book)
    enc = encoding.lower().replace("_", "-")
    if enc.startswith("utf-16"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError as err:
            raise IngestError(f"not valid {encoding}", path=path, line=None, book=book) from err
    if b"\x00" in data[:65536] or _control_ratio(data[:65536]) > 0.05:
        hint = ""
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            hint = ' (if it is a UTF-16 text, declare encoding = "utf-16" in sources/books.toml)'
        raise IngestError(f"this looks like a binary file, not a text{hint}", path=path, book=book)
    if enc in ("utf-8", "utf8", "utf-8-sig", "auto"):
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            if enc == "auto" and _looks_cp1251(data):
                return data.decode("cp1251")
            hint = ""
            if _looks_cp1251(data):
                hint = (
                    '; it looks like Windows-1251: declare encoding = "cp1251" (or "auto") '
                    "for this book in sources/books.toml"
                )
            raise IngestError(
                f"not valid UTF-8 (byte 0x{data[err.start]:02x}){hint}", path=path, line=line, book=book
            ) from None
    try:
        return data.decode(enc)
    except LookupError:
        raise IngestError(
            f"unknown encoding {encoding!r} in sources/books.toml", path=path, book=book
        ) from None
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise IngestError(
            f"not valid {encoding} (byte 0x{data[err.start]:02x})", path=path, line=line, book=book
        ) from None


# Code pages that show UTF-8 bytes as letters: what a UTF-8 text looks like when read as one.
_WRONG_READS = ("cp1251", "cp1252", "latin-1", "koi8-r", "cp866")
_CYRILLIC_PAGES = ("cp1251", "koi8-r", "cp866")
_COMMON_RU = set("оеаинтсрвлОЕАИНТСРВЛ")  # the most frequent Russian letters: ~55% of letters
_NAMES = {"cp1251": "Windows-1251", "cp1252": "Windows-1252", "latin-1": "Latin-1", "utf-8": "UTF-8"}
_NAMES |= {"koi8-r": "KOI8-R", "cp866": "DOS-866"}


def _russianness(text: str) -> float:
    letters = [c for c in text if _CYRILLIC.match(c)]
    return sum(c in _COMMON_RU for c in letters) / len(letters) if len(letters) >= 50 else 1.0


def mojibake(text: str, declared: str) -> str | None:
    """A message when the decoded text looks like mojibake, naming the likely encoding."""
    sample = text[:200_000]
    words = [w for w in sample.split() if not w.isascii()]
    if not words:
        return None
    for wrong in _WRONG_READS:
        fixed: list[tuple[str, str]] = []
        for w in words:
            try:
                right = w.encode(wrong).decode("utf-8")
            except (UnicodeEncodeError, UnicodeDecodeError):
                continue
            if right != w:
                fixed.append((w, right))
        if len(fixed) >= max(3, len(words) // 5):
            bad, good = fixed[0]
            if declared.lower().replace("_", "-") not in ("utf-8", "utf8", "utf-8-sig", "auto"):
                how = 'declare encoding = "utf-8" (or "auto") for this book'
            else:
                how = "the file itself holds the garbled text: save it again from the original as UTF-8"
            return (
                f"the text reads as mojibake: UTF-8 shown as {_NAMES.get(wrong, wrong)} "
                f"(«{bad[:30]}» is «{good[:30]}»); {how}"
            )
    enc = declared.lower().replace("_", "-")
    if enc in _CYRILLIC_PAGES:
        score = _russianness(sample)
        if score < 0.4:
            raw = sample.encode(enc, errors="replace")
            best = max(
                (c for c in _CYRILLIC_PAGES if c != enc),
                key=lambda c: _russianness(raw.decode(c, errors="replace")),
            )
            if _russianness(raw.decode(best, errors="replace")) > 0.45:
                return (
                    f"the text reads as mojibake in {_NAMES.get(enc, enc)}: it is most likely "
                    f'{_NAMES.get(best, best)}; declare encoding = "{best}" for this book'
                )
    return None


def _control_ratio(data: bytes) -> float:
    bad = sum(1 for b in data if b < 32 and b not in (9, 10, 12, 13))
    return bad / max(len(data), 1)


def _looks_cp1251(data: bytes) -> bool:
    try:
        text = data.decode("cp1251")
    except UnicodeDecodeError:
        return False
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(1 for c in letters if _CYRILLIC.match(c)) / len(letters) > 0.3


def split_lines(text: str) -> list[SourceLine]:
    """CRLF/CR -> LF; keep the last line although it has no newline."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.endswith("\n"):
        text = text[:-1]
    return [SourceLine(i, line) for i, line in enumerate(text.split("\n"), start=1)]


def normalise_line(text: str) -> str:
    """NBSP runs -> one space (a soft break in flattened table cells, or where bold ended);
    trailing whitespace removed. Tabs and leading indentation are structure: kept."""
    if "\u00a0" in text or "\u202f" in text or "\u2007" in text:
        lead = len(text) - len(text.lstrip(" "))
        body = _NBSP_RUN.sub(" ", text[lead:])
        text = text[:lead] + body
        if not text.strip(" \t"):
            return ""
    return text.rstrip()


def read_text(path: Path, encoding: str = "utf-8", book: str | None = None) -> str:
    """A source file as text: decoded, checked for mojibake, look-alike letters in their words' script."""
    if not path.exists():
        raise IngestError("source file not found", path=path, book=book)
    if not path.is_file():
        raise IngestError("source is not a file", path=path, book=book)
    text = decode(path.read_bytes(), encoding, path, book)
    problem = mojibake(text, encoding)
    if problem:
        raise IngestError(problem, path=path, book=book)
    return lookalikes.fix(text)[0]  # «пoмощь» (a Latin «o») as «помощь», for Ctrl+F on the page


def read_source(path: Path, encoding: str = "utf-8", book: str | None = None) -> list[SourceLine]:
    text = read_text(path, encoding, book)
    return [SourceLine(ln.no, normalise_line(ln.text)) for ln in split_lines(text)]
