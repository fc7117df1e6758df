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
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from rulebook.ingest import lookalikes, pdftext
from rulebook.ingest.errors import IngestError
from rulebook.ingest.pdfgeometry import Geometry, Word

_NBSP_RUN = re.compile(r"[ \u00a0\u202f\u2007]*[\u00a0\u202f\u2007][ \u00a0\u202f\u2007]*")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Characters that show nothing but cut a word in two for search and Ctrl+F («Бро&shy;сок»,
# «пере<zero-width space>зарядка»): soft hyphens, zero-width spaces, word joiners, a BOM inside
# the text; zero-width (non-)joiners only between Latin or Cyrillic letters, where they join nothing.
_LETTER = r"[A-Za-z\u00c0-\u024f\u0400-\u04ff]"
INVISIBLE = re.compile(rf"[\u00ad\u200b\u2060\ufeff]|(?<={_LETTER})[\u200c\u200d](?={_LETTER})")
# The Latin ligatures a PDF's font drew («ﬁ», «ﬂ», «ﬃ»), copied out as one character: a reader
# types, copies and finds (Ctrl+F, a heading's id) the letters, which NFKC gives back
_LIGATURE = re.compile(r"[\ufb00-\ufb06]")


@dataclass(frozen=True)
class SourceLine:
    no: int  # 1-based line number in the source file
    text: str
    # the first line of a printed page: pdftotext writes a form feed before it (see pagechrome)
    page: bool = field(default=False, compare=False)
    # a PDF's line: the type size (pt) of most of its letters, 0 where unknown (see typesizes)
    size: float = field(default=0.0, compare=False)
    # a PDF's line that stopped where the next line's first word would have fitted: its
    # paragraph (item, row) ended there (see pdfgeometry)
    short: bool = field(default=False, compare=False)
    # a PDF's line: its words where they stand on the page (see pdftables)
    boxes: tuple[Word, ...] = field(default=(), compare=False, repr=False)

    @property
    def blank(self) -> bool:
        return not self.text.strip()


def decode(data: bytes, encoding: str, path: Path, book: str | None = None) -> str:
    """Bytes -> text. `encoding` is a codec name or "auto" (UTF-8, else the Cyrillic code page the
    text reads in: Windows-1251, KOI8-R or DOS-866)."""
    if not data.strip():
        raise IngestError("the file is empty", path=path, book=book)
    enc = encoding.lower().replace("_", "-")
    if enc.startswith("utf-16"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError as err:
            raise IngestError(f"not valid {encoding}", path=path, line=None, book=book) from err
    if _control_ratio(data[:65536]) > 0.05:
        hint = ""
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            hint = ' (if it is a UTF-16 text, declare encoding = "utf-16" in sources/books.toml)'
        raise IngestError(f"this looks like a binary file, not a text{hint}", path=path, book=book)
    if enc in ("utf-8", "utf8", "utf-8-sig", "auto"):
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            page = _best_cyrillic_page(data) or ("cp1251" if _looks_cp1251(data) else None)
            if enc == "auto" and page:
                return data.decode(page)
            hint = ""
            if page:
                auto = ' (or "auto")' if page == "cp1251" else ""
                hint = (
                    f'; it looks like {_NAMES[page]}: declare encoding = "{page}"{auto} '
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
_NAMES = {"cp1251": "Windows-1251", "cp1252": "Windows-1252", "latin-1": "Latin-1", "utf-8": "UTF-8"}
_NAMES |= {"koi8-r": "KOI8-R", "cp866": "DOS-866"}


_WORD_EDGE = re.compile(r"^[^\w]+|[^\w]+$")
_RUSSIAN_WORD = re.compile(r"^[А-ЯЁ]?[а-яё]+(?:-[а-яё]+)*$")


def _wordness(text: str) -> tuple[float, int]:
    """How well a text reads as Russian: the share of its non-ASCII words of four letters or more
    that are Cyrillic words in lower case or capitalised, and how many such words there are. A
    Cyrillic text read in another code page fails it word by word: KOI8-R and Windows-1251 swap
    the case («бШФХБЮМХЕ», «РЕЛО»), DOS-866 read as Windows-1251 puts symbols into the words, and
    Latin-1 shows Latin letters («Âûæèâàíèå»); a Latin text's accents give mixed words («hйros»)."""
    words = [_WORD_EDGE.sub("", w) for w in text.split()]
    words = [w for w in words if len(w) >= 4 and not w.isascii()]
    if not words:
        return 0.0, 0
    return sum(bool(_RUSSIAN_WORD.match(w)) for w in words) / len(words), len(words)


def _best_cyrillic_page(data: bytes, but: str = "") -> str | None:
    """The Cyrillic code page in which `data` reads as Russian text, if one does."""
    best, best_score = None, 0.0
    for page in _CYRILLIC_PAGES:
        if page == but:
            continue
        score, n = _wordness(data.decode(page, errors="replace"))
        if n >= 10 and score >= 0.8 and score > best_score:
            best, best_score = page, score
    return best


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
    if enc not in ("utf-8", "utf8", "utf-8-sig", "auto") and not enc.startswith("utf-"):
        # a single-byte code page decodes any bytes: the declared one must read as Russian at
        # least as well as another Cyrillic page would, or every word is garbled
        own, _ = _wordness(sample)
        if own < 0.5:
            try:
                raw = sample.encode(enc, errors="replace")
            except LookupError:
                return None
            best = _best_cyrillic_page(raw, but=codecs.lookup(enc).name)
            if best:
                return (
                    f"the text reads as mojibake in {_NAMES.get(enc, declared)}: it is most likely "
                    f'{_NAMES.get(best, best)}; declare encoding = "{best}" for this book'
                )
    return None


# C0 control characters a text does not hold (TAB, line ends and the form feed of a page break
# are text): a stray NUL, a backspace, a terminal's colour codes, Word's manual line break (VT);
# and Unicode's own line and paragraph separators, which editors and this reader do not count as
# line ends (a paragraph pasted with them would be read as one line)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f\x85\u2028\u2029]")
_CONTROL_NAMES = {"\x00": "a NUL", "\x08": "a backspace", "\x0b": "a vertical tab", "\x1b": "an escape"}
_CONTROL_NAMES |= {
    "\x85": "a next-line mark",
    "\u2028": "a line separator",
    "\u2029": "a paragraph separator",
}
_LINE_BREAKS = "\x0b\x85\u2028\u2029"


def check_controls(text: str, path: Path, book: str | None = None) -> str:
    """The text without the DOS end-of-file mark (a Ctrl+Z ending old files); any other control
    character stops the ingest at its line: published, it would split the word it sits in."""
    body = text.rstrip("\x1a\r\n")  # the mark, padded or followed by a line end
    if "\x1a" in text[len(body) :]:
        text = body + ("\n" if text[len(body) :].replace("\x1a", "") else "")
    m = _CONTROL.search(text)
    if m:
        ch = m.group()
        name = _CONTROL_NAMES.get(ch, "a control character")
        what = (
            "which is not read as a line end: replace it with one"
            if ch in _LINE_BREAKS
            else "which no reader sees: remove it"
        )
        raise IngestError(
            f"{name} (U+{ord(ch):04X}) in the text, {what}",
            path=path,
            line=text.count("\n", 0, m.start()) + 1,
            book=book,
        )
    return text


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
    trailing whitespace removed. Tabs and leading indentation are structure: kept. A page break
    glued to a page's first line (pdftotext writes «\\fRunning header») goes: the line is read
    as it shows, so a chrome.junk pattern anchored at its start matches it."""
    text = text.lstrip("\f").replace("\f", " ")  # inside a line, a break between two words
    if "\u00a0" in text or "\u202f" in text or "\u2007" in text:
        lead = len(text) - len(text.lstrip(" "))
        body = _NBSP_RUN.sub(" ", text[lead:])
        text = text[:lead] + body
        if not text.strip(" \t"):
            return ""
    return text.rstrip()


def read_text(path: Path, encoding: str = "utf-8", book: str | None = None) -> str:
    """A source file as text: decoded, checked for mojibake, look-alike letters in their words' script."""
    return _read(path, encoding, book, sizes=False)[0]


def _read(path: Path, encoding: str, book: str | None, sizes: bool) -> tuple[str, Geometry | None]:
    """The text, and a PDF's lines' geometry (`sizes`; else None)."""
    if not path.exists():
        raise IngestError("source file not found", path=path, book=book)
    if not path.is_file():
        raise IngestError("source is not a file", path=path, book=book)
    measured = None
    if pdftext.is_pdf(path):  # its text as pdftotext gives it, in UTF-8 whatever the entry says
        pdf = pdftext.read(path, book, sizes)
        data, measured, encoding = pdf.text, pdf.geometry, "utf-8"
    else:
        data = path.read_bytes()
    text = check_controls(decode(data, encoding, path, book), path, book)
    problem = mojibake(text, encoding)
    if problem:
        raise IngestError(problem, path=path, book=book)
    return tidy(text), measured


def tidy(text: str) -> str:
    """A text without invisible characters and ligatures, look-alike letters in their words' script."""
    text = _LIGATURE.sub(lambda m: unicodedata.normalize("NFKC", m.group()), INVISIBLE.sub("", text))
    return lookalikes.fix(text)[0]  # «пoмощь» (a Latin «o») as «помощь», for Ctrl+F on the page


def read_source(path: Path, encoding: str = "utf-8", book: str | None = None) -> list[SourceLine]:
    text, shape = _read(path, encoding, book, sizes=True)
    out = []
    for ln in split_lines(text):
        line = normalise_line(ln.text)
        if shape is None or ln.no > len(shape.sizes):
            out.append(SourceLine(ln.no, line, ln.text.startswith("\f")))
            continue
        # the words as the text now spells them (look-alike letters, ligatures, hyphens mended)
        words, spelt = shape.words[ln.no - 1], line.split()
        boxes = (
            tuple(Word(t, w.x0, w.x1, w.bottom, w.size, w.page) for w, t in zip(words, spelt, strict=True))
            if len(words) == len(spelt)
            else ()
        )
        out.append(
            SourceLine(
                ln.no, line, ln.text.startswith("\f"), shape.sizes[ln.no - 1], shape.short[ln.no - 1], boxes
            )
        )
    return out
