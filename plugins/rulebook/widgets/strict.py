"""The rulebook's blocks refuse what they do not understand, and say why.

pymdownx leaves a block whose header it cannot take (an unknown option, a missing or unexpected
argument, a value its parser rejects, options that are not YAML) as plain text: the page then
shows «/// calculator | damage compakt: true ///» and the strict build passes. A `StrictBlock`
takes such a block instead and puts a placeholder naming the problem where the block was; a block
whose options are not YAML at all still ends as text, which `problems` recognises by its opening
`///`. The build collects both from every page and fails with one line per bad block, naming the
file and the line (`locate`).

`StrictBlock` overrides pymdownx's `Block._validate` (the pinned version's argument and option
checks), the one place where the reason for refusing a header is known.
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pymdownx.blocks.block import Block

from rulebook.html.tree import Element

PROBLEM = "data-rb-block-problem"  # the placeholder's attribute: the message
HEADER = "data-rb-block-header"  # ... the block's header as written: `/// calculator | nosuch`
NTH = "data-rb-block-nth"  # ... how many blocks with that header came before it on the page, + 1
NAMES = ("books", "calculator", "card", "sheet", "sheet-link")  # the rulebook's blocks
_TEXT_BLOCK = re.compile(r"^\s*/{3,}\s*([\w-]+)[^\n]*")


class StrictBlock(Block):
    """A pymdownx block that never silently turns into text. Subclasses set NAME, ARGUMENT
    (True: required, False: none, None: optional), OPTIONS and `ARGUMENT_HELP` (what the argument
    is, for messages), may refuse more in `check`, and build in `create` (and `end`)."""

    ARGUMENT_HELP = "an argument"

    def _validate(self, parent: etree.Element, arg: Any, **options: Any) -> bool:
        # the nth block with this first line on the page, good or bad: where `locate` looks
        self.argument = arg
        counts: dict[str, int] = self.tracker.setdefault("headers", {})
        self.nth = counts[self.header()] = counts.get(self.header(), 0) + 1
        self.problem = self._problem(arg, options)
        if self.problem is None:
            return super()._validate(parent, arg, **options)
        self.options = {k: v[0] for k, v in self.option_spec.items()}
        return True

    def _problem(self, arg: Any, options: dict[str, Any]) -> str | None:
        if self.arg_spec is True and not arg:
            return f"give {self.ARGUMENT_HELP} after '|'"
        if self.arg_spec is False and arg:
            return f"takes nothing after '|', got {arg!r}"
        known = [k for k in self.option_spec if k != "attrs"]
        for key, value in options.items():
            if key not in self.option_spec:
                return f"unknown option {key!r} (known: {', '.join(known) or 'none'})"
            parse = self.option_spec[key][1]
            try:
                if parse is not None:
                    parse(value)
            except Exception as err:  # the option parsers raise what they like; the message is it
                return f"option {key!r}: {err}"
        return self.check(arg, options)

    def check(self, arg: Any, options: dict[str, Any]) -> str | None:
        """Why the block cannot be built, or None."""
        return None

    def header(self) -> str:
        slashes = "/" * self.length
        return f"{slashes} {self.NAME} | {self.argument}" if self.argument else f"{slashes} {self.NAME}"

    def on_create(self, parent: etree.Element) -> etree.Element:
        if self.problem is None:
            return self.create(parent)
        attrs = {PROBLEM: self.problem, HEADER: self.header(), NTH: str(self.nth)}
        return etree.SubElement(parent, "div", attrs)

    def on_end(self, block: etree.Element) -> None:
        if self.problem is None:
            self.end(block)

    def create(self, parent: etree.Element) -> etree.Element:
        raise NotImplementedError

    def end(self, block: etree.Element) -> None:
        return None


@dataclass(frozen=True)
class Problem:
    header: str  # the block's first line, as written (`/// calculator | nosuch`)
    nth: int  # the nth block with that first line on its page
    message: str


def problems(root: Element) -> list[Problem]:
    """The bad blocks of a rendered page (the children of `root`), in page order: placeholders,
    and paragraphs that open like one of the rulebook's blocks (or a near misspelling of one)."""
    out: list[Problem] = []
    seen: dict[str, int] = {}
    for el in root.iter("div", "p"):
        if el.get(PROBLEM) is not None:
            out.append(Problem(el.get(HEADER, ""), int(el.get(NTH, "1")), el.get(PROBLEM, "")))
            continue
        m = _TEXT_BLOCK.match(el.text or "") if el.tag == "p" else None
        if m is None:
            continue
        name = m.group(1)
        if name in NAMES:
            why = "not understood, so it would show as text: are its options YAML? (quote a value with ': ')"
        else:
            close = difflib.get_close_matches(name, NAMES, n=1, cutoff=0.75)
            if not close:
                continue
            why = f"no block is called {name!r} (did you mean {close[0]!r}?), so it would show as text"
        head = m.group(0).strip()
        seen[head] = seen.get(head, 0) + 1
        out.append(Problem(head, seen[head], why))
    return out


_FENCE = re.compile(r"^\s*(```|~~~)")


def boolean(value: Any) -> bool:
    """An option that is true or false (pymdownx's parser says only that it could not convert)."""
    if isinstance(value, bool):
        return value
    raise ValueError(f"write true or false, not {value!r}")


def _norm(line: str) -> str:
    return " ".join(line.replace("|", " | ").split())


def locate(source: str, header: str, nth: int = 1) -> int | None:
    """The line number (from 1) of the `nth` line of a Markdown source that is `header`, outside
    fenced code; None if there is none."""
    want = _norm(header)
    return _nth_line(source, lambda line: _norm(line) == want, nth)


def locate_block(source: str, name: str, nth: int) -> int | None:
    """The line number of the `nth` block called `name` (`/// card`, `//// card | ...`)."""
    opening = re.compile(rf"^\s*/{{3,}}\s*{re.escape(name)}\s*(?:\||$)")
    return _nth_line(source, lambda line: opening.match(line) is not None, nth)


def _nth_line(source: str, wanted: Callable[[str], bool], nth: int) -> int | None:
    fence: str | None = None
    count = 0
    for no, line in enumerate(source.splitlines(), 1):
        m = _FENCE.match(line)
        if m:
            fence = None if fence == m.group(1) else fence or m.group(1)
        elif fence is None and wanted(line):
            count += 1
            if count == nth:
                return no
    return None
