"""A block that is only images -> their alt text, kept as a caption: the image files are not the
book's pages, and the alt text is the author's words about them."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from rulebook.ingest.elements import INLINE, WS
from rulebook.ingest.model import Block, Notice, Paragraph, Text

FIGURE = "rb-figure"  # an image-only block whose alt text is kept (a name no HTML uses)


# what holds one item of its parent, which reads only such items: a caption in its place was lost
# (an image alone in a list item, «<li><a><img alt="Powered by MediaWiki"></a></li>»)
_ITEMS = {"li", "td", "th", "dt", "dd"}


def pictures(soup: BeautifulSoup, root: Tag) -> None:
    """A block that is only images becomes their alt text, kept as a caption: the image files are
    not part of the book's pages, and the alt text is the author's words about them («Требушет в
    разрезе: противовес, рычаг, праща»). An image inside a sentence (an icon) is left to the
    sentence, which shows its alt text in brackets; one with an empty alt is decoration, as HTML
    means it."""
    for img in root.find_all("img"):
        if img.decomposed:
            continue
        alt = WS.sub(" ", str(img.get("alt") or "")).strip()
        block = next((p for p in img.parents if p.name not in INLINE), None)
        if not alt or block is None or block is root or block.get_text().strip():
            continue
        if block.name in _ITEMS:  # a list's item or a table's cell stays one: its alt is its text
            img.replace_with(alt)
            continue
        alts = [WS.sub(" ", str(i.get("alt") or "")).strip() for i in block.find_all("img")]
        fig = soup.new_tag(FIGURE)
        fig.string = " ".join(a for a in alts if a)
        fig.sourceline = block.sourceline
        block.replace_with(fig)


def blocks(fig: Tag, line: int) -> list[Block]:
    """What a kept caption becomes: its alt text, and a notice that the page had a picture there."""
    return [
        Paragraph([Text(fig.get_text())], line, role="caption"),
        Notice(
            "info",
            "Иллюстрация не перенесена",
            "Здесь на исходной странице изображение; выше — его описание с той же страницы.",
            line,
        ),
    ]
