"""A box in a page's tree before it is converted: a <blockquote> that carries the box's kind,
title and style in attributes the converter reads into an Admonition. GitHub's alerts and
Obsidian's callouts mark a quote the page already has; Notion's callouts, toggles and «$$»
formulas become one here, so that every box reaches the converter in one shape."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

KIND = "data-rb-alert"
TITLE = "data-rb-alert-title"
CSS = "data-rb-alert-css"


def box(
    soup: BeautifulSoup, el: Tag, kind: str, *, title: str = "", css: str = "", inside: bool = False
) -> Tag:
    """`el` replaced by a box of `kind` holding its children (or `el` itself, `inside`)."""
    quote = soup.new_tag("blockquote")
    quote[KIND] = kind
    if title:
        quote[TITLE] = title
    if css:
        quote[CSS] = css
    quote.sourceline = el.sourceline
    if inside:
        el.replace_with(quote)
        quote.append(el)
        return quote
    for child in list(el.children):
        quote.append(child.extract())
    el.replace_with(quote)
    return quote
