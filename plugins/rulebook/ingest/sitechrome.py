"""A saved site's chrome: what the site wraps around the book's words (navigation, a header, a
footer, a sidebar, a heading's permalink), dropped by the entry's selectors or warned about.
Its words are not the book's: published, the site's search would find them as rules.
(A printed book's page furniture, in a text, is pagechrome's.)"""

from __future__ import annotations

import re
from typing import Any

from bs4 import Tag
from soupsieve import SelectorSyntaxError

from rulebook.ingest.config import BookConfig
from rulebook.ingest.elements import HEADINGS, WS
from rulebook.ingest.model import FileLine, Report

# What a site wraps around an article calls itself so: HTML5's elements and landmark roles, and
# the ids and classes of the older sites (a forum's #navbar, a blog's .sidebar, a cookie banner)
_CHROME_TAGS = {"nav", "header", "footer", "aside"}
_CHROME_ROLES = {"navigation", "banner", "contentinfo", "complementary", "search"}
_CHROME_NAME = re.compile(
    r"(?i)^(?:site-?|page-?|top-?|main-?)?(?:nav|navbar|navigation|menu|header|masthead|footer|sidebar|"
    r"breadcrumbs?|cookies?(?:-?(?:banner|notice|consent))?|banner|ads?|advert\w*)$"
    # a wiki's own names for them (MediaWiki, DokuWiki): categories, the «Источник — …» line,
    # the site notice, skip links, navigation boxes, the page's id and last-change line
    r"|^(?:catlinks|printfooter|sitenotice|mw-jump-link|jump-to-nav|sitesub|contentsub|navbox"
    r"|mw-indicators|docinfo|pageid)$"
)


def warn_chrome(root: Tag, report: Report, file: str) -> None:
    """With no chrome.root, elements left after chrome.drop that name themselves site chrome
    (navigation, header, footer, sidebar, cookie banner) are reported with the selectors to drop:
    their words would otherwise be published as the book's, and found by its search."""
    found: list[Tag] = []
    for el in root.find_all(True):
        if any(f in el.parents for f in found) or el.find_parent("article") is not None:
            continue
        # a <main> holds the page's header and footer words, but a site's <main> often holds its
        # sidebars too (Material for MkDocs: the navigation beside the article): a navigation
        # in <main> outside the <article> is still chrome
        navigation = el.name == "nav" or el.get("role") == "navigation"
        if not navigation and el.find_parent("main") is not None:
            continue
        names = [str(el.get("id") or ""), *(el.get("class") or [])]
        if (
            el.name in _CHROME_TAGS
            or el.get("role") in _CHROME_ROLES
            or any(_CHROME_NAME.match(n) for n in names if n)
        ) and el.get_text().strip():
            found.append(el)
    if found:
        sels = []
        for el in found:
            ident, classes = el.get("id"), el.get("class") or []
            sel = f"#{ident}" if ident else (f"{el.name}.{classes[0]}" if classes else el.name)
            if sel not in sels:
                sels.append(sel)
        report.warnings.append(
            (
                FileLine(found[0].sourceline or 0, file),
                f"{', '.join(sels)} look like site chrome (navigation, header, footer, sidebar, "
                "banner): drop them with chrome.drop, or name the article with chrome.root",
            )
        )


_WORDLESS = re.compile(r"^[\W_]*$")


def permalinks(root: Tag) -> None:
    """A heading's permalink is the site's markup, not the book's words: a link inside a heading
    (or a table's or figure's caption, which Sphinx gives one too) that leads to an anchor of the
    same page and shows no letter or digit (MkDocs' and Sphinx's «¶», a «#», a «§», an icon)
    goes, else it ends the heading's title («5.1 Боевой раунд ¶») and its id."""
    for heading in root.find_all([*HEADINGS, "caption", "figcaption"]):
        for a in heading.find_all("a", href=True):
            if str(a["href"]).startswith("#") and _WORDLESS.match(a.get_text()):
                # the heading keeps the anchor the link may carry («<a name="boi" href="#boi">§</a>»)
                own = a.get("id") or a.get("name")
                if own and not heading.get("id"):
                    heading["id"] = own
                a.decompose()


def drop(el: Tag, report: Report) -> None:
    """Take out a piece of the site's chrome, its words told as dropped."""
    text = WS.sub(" ", el.get_text(" ")).strip()
    if text:
        report.dropped.append((el.sourceline or 0, text[:120]))
    el.decompose()


def select(book: BookConfig, where: Tag, sel: str, key: tuple[str | int, ...], one: bool = False) -> Any:
    """The elements a selector of the entry matches; a malformed one is an error at its line,
    on one line (soupsieve's message draws the selector under it on three more)."""
    try:
        return where.select_one(sel) if one else where.select(sel)
    except SelectorSyntaxError as err:
        why = str(err).splitlines()[0]
        raise book.fail(f"{'.'.join(map(str, key[:2]))}: bad CSS selector {sel!r} ({why})", *key) from None
