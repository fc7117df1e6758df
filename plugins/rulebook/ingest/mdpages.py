"""A Markdown page -> the HTML the markup importer reads.

Before Python-Markdown renders it, the page loses what is metadata or hidden (front matter,
Obsidian's comments, Notion's properties) and is set as GitHub and the notes apps show it:
spaced bold marks closed up, a list that interrupts a paragraph, a CSV table inlined, wiki
links and Notion's asides rewritten. The elements then get the file's own lines (sourcelines).
"""

from __future__ import annotations

import re
from pathlib import Path

import markdown as md
from bs4 import BeautifulSoup
from markdown.extensions.toc import slugify_unicode

from rulebook.ingest import (
    comments,
    components,
    containers,
    csvtables,
    dropcaps,
    fences,
    frontmatter,
    githubids,
    hashtags,
    mathblocks,
    notion,
    sourcelines,
    tocdots,
    wikilinks,
)
from rulebook.ingest.config import BookConfig
from rulebook.ingest.elements import MAX_DEPTH
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import FileLine, Report
from rulebook.ingest.tables import ruled

# fenced_code: GitHub's «```» blocks keep their lines (without it they became inline code, their
# lines run together)
MARKDOWN_EXTENSIONS = [
    "tables",
    "def_list",
    "attr_list",
    "sane_lists",
    "footnotes",
    "toc",
    "md_in_html",
    "fenced_code",
]
MARKDOWN_CONFIG = {"toc": {"slugify": slugify_unicode}}

# a bold run whose closing (or opening) mark has a space inside it, «**Категории размеров **»,
# «**Succeed: **Create»: Markdown prints its asterisks, the writer meant bold; with spaces on
# both sides («2 ** 3 и 4 ** 5») the marks are no run, unless they open and close the line
# («** Жильё (за день) **», a title on a line of its own). A word may touch a mark on its spaced side
_SPACED_STRONG = re.compile(r"(?<![*_\\])(\*\*|__)([ \t]*)([^*_\s](?:[^*_\n]*?[^*_\s])?)([ \t]*)\1(?![*_])")
_WORD = re.compile(r"\w")
# what may stand before a line's own text: its indent and a quote's marks
_LINE_LEAD = re.compile(r"[ ]{0,3}(?:>[ ]?)*")


def _tidy_strong(text: str) -> tuple[str, list[int]]:
    """The Markdown with its spaced bold runs closed up, and the lines where that was done."""
    lines = text.split("\n")
    fixed = []
    code, _ = fences.code_lines(lines)
    for i, line in enumerate(lines):
        if code[i] or line.startswith(("    ", "\t")):
            continue

        def close(m: re.Match[str]) -> str:
            mark, before, body, after = m.groups()
            if (
                before
                and after
                and _LINE_LEAD.fullmatch(m.string[: m.start()])
                and not m.string[m.end() :].strip()
            ):
                return f"{mark}{body}{mark}"  # the marks open and close the line: a title in bold
            if bool(before) == bool(after):
                return m.group(0)
            prev, nxt = m.string[m.start() - 1 : m.start()], m.string[m.end() : m.end() + 1]
            if (not before and _WORD.match(prev)) or (not after and _WORD.match(nxt)):
                return m.group(0)  # the unspaced mark touches a word: inside a word, no run
            # the space goes outside the mark, where it parts the words («awesome. **High»)
            left = " " if before and prev and not prev.isspace() else ""
            right = " " if after and nxt and not nxt.isspace() else ""
            return f"{left}{mark}{body}{mark}{right}"

        tidy = _SPACED_STRONG.sub(close, line)
        if tidy != line:
            lines[i] = tidy
            fixed.append(i + 1)
    return "\n".join(lines), fixed


# CommonMark (GitHub) lets a list interrupt a paragraph («Roll +heart if you are:» then «* …» on
# the next line); Python-Markdown needs a blank line before it and otherwise prints the items in
# the paragraph with their asterisks. An ordered list interrupts only when it starts at 1, so a
# sentence's line that begins «2. » stays text, as CommonMark has it.
_QUOTE_PREFIX = re.compile(r"^((?:[ ]{0,3}>[ ]?)*)(.*)$")
_ITEM_START = re.compile(r"^[ ]{0,3}(?:[*+-]|1[.)])[ \t]+\S")
_RULE_LINE = re.compile(r"^[ ]{0,3}([*_-])(?:[ \t]*\1){2,}[ \t]*$")
_NOT_PARAGRAPH = re.compile(r"^(?:[ ]{4}|\t|[ ]{0,3}(?:#|\||<|:|\[\^|```|~~~))")


def _lists_interrupt(text: str) -> str:
    """The Markdown with a blank line (inside the same quote) before each list that starts on the
    line after a paragraph's line; fenced code, tables, headings and lists' own lines unchanged."""
    out: list[str] = []
    para_depth = -1  # quote depth of the paragraph the previous line belongs to; -1: none
    in_list = False  # the current block (since the last blank line) holds a list item
    lines = text.split("\n")
    code, _ = fences.code_lines(lines)
    for line, fenced in zip(lines, code, strict=True):
        prefix, body = _QUOTE_PREFIX.match(line).groups()  # type: ignore[union-attr]
        depth = prefix.count(">")
        if fenced or not body.strip() or _RULE_LINE.match(body):
            para_depth, in_list = -1, False
        elif _ITEM_START.match(body):
            if para_depth == depth and not in_list:
                out.append(prefix.rstrip())
            para_depth, in_list = depth, True
        elif _NOT_PARAGRAPH.match(body) and not in_list:
            para_depth = -1
        elif para_depth != depth:
            para_depth, in_list = depth, False
        out.append(line)
    return "\n".join(out)


def soup(
    book: BookConfig, name: str, path: Path, text: str, report: Report, vault: wikilinks.Vault
) -> BeautifulSoup:
    """The page's HTML, its elements given the lines of the file they came from."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a Windows editor's line ends
    try:
        text, meta = frontmatter.strip(text)
    except frontmatter.BrokenFrontMatter as err:
        raise IngestError(err.reason, path=path, line=err.line, book=book.slug) from None
    if meta:
        report.notes.append(f"{name}: lines 1–{meta} are front matter, read as metadata, not text")
    text, hidden = comments.strip(text)
    for line in hidden:
        report.notes.append(f"{name}:{line}: an Obsidian comment (%%…%%), hidden when read: left out")
    for line, component, uses, first in components.find(text):
        report.warnings.append(
            (
                FileLine(line, name),
                f"«<{component}>» ({uses}×, first «{first[:60]}») is a component of the site the page"
                " was written for, not HTML: what it draws is not on the page",
            )
        )
    text, props = notion.markdown_properties(text, name)
    if props:
        first, last = props
        report.notes.append(f"{name}: lines {first}–{last} are Notion's page properties, read as metadata")
    _, opened = fences.code_lines(text.split("\n"))
    if opened:
        report.warnings.append((FileLine(opened, name), "a code fence that nothing closes: read as text"))
    text, contents_lines, contents = tocdots.blank(text)
    report.dropped.extend(contents_lines)
    fixed_lines, told, _ = dropcaps.fix(list(enumerate(text.split("\n"), 1)))
    report.notes += [f"{name}: {note}" for note in told]
    text = "\n".join(fixed_lines)
    report.notes += [f"{name}: {note}" for note in contents]
    text, fixed = _tidy_strong(text)
    for line in fixed:
        report.warnings.append(
            (FileLine(line, name), "a bold mark with a space inside it (** word **): read as bold")
        )
    folder = book.source if book.source.is_dir() else book.source.parent
    try:
        text, line_of = csvtables.inline(text, path, folder)
    except csvtables.BrokenCsv as err:
        raise IngestError(str(err), path=path, line=err.line, book=book.slug) from None
    text, line_of, plain = containers.rewrite(text, line_of)
    for line, fence in plain:
        report.notes.append(f"{name}:{line}: «{fence}» is no box kind: its block read as text")
    try:
        text = notion.markdown_asides(wikilinks.rewrite(text, name, vault, githubids.slug))
    except notion.UnclosedAside as err:
        raise IngestError(str(err), path=path, line=line_of[err.line - 1], book=book.slug) from None
    markup, formulas = mathblocks.protect(ruled.as_pipes(text))
    markup = _lists_interrupt(hashtags.escape(markup))
    try:
        # a .txt read as Markdown came from a notes app or a chat, which show a line break as one:
        # a monster's stat block («Жила 14 (+2) …», «Защ 14; ЗС 22 …») stays one line a line
        breaks = ["nl2br"] if path.suffix.lower() == ".txt" else []
        html_text = md.markdown(
            markup, extensions=MARKDOWN_EXTENSIONS + breaks, extension_configs=MARKDOWN_CONFIG
        )
    except RecursionError:  # Python-Markdown recurses per level of nested lists and quotes
        raise IngestError(
            f"blocks nested more than {MAX_DEPTH} deep: a page so deep is not read",
            path=path,
            book=book.slug,
        ) from None
    soup = BeautifulSoup(html_text, "html.parser")
    mathblocks.restore(soup, formulas)
    # the file's own lines (the blank lines added are not the file's), found by the words as the
    # file spells them: before the entities' invisible characters go («Бро&shy;сок»)
    sourcelines.assign(soup, text, line_of)
    return soup
