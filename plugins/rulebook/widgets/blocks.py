"""`/// books`: the home page's list of books, generated from the registry so a new book
appears there without hand edits."""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from pymdownx.blocks import BlocksExtension, BlocksProcessor

from rulebook.books import BookInfo
from rulebook.mechanics.base import plural
from rulebook.widgets.calculator import CalculatorBlock
from rulebook.widgets.cards import CardBlock
from rulebook.widgets.sheet import SheetBlock, SheetLinkBlock
from rulebook.widgets.strict import StrictBlock


class BooksBlock(StrictBlock):
    NAME = "books"
    ARGUMENT = False

    def create(self, parent: etree.Element) -> etree.Element:
        return etree.SubElement(parent, "div", {"class": "rb-books grid cards"})

    def end(self, block: etree.Element) -> None:
        books: list[BookInfo] = self.config.get("registry") or []
        ul = etree.SubElement(block, "ul")
        for b in books:
            li = etree.SubElement(ul, "li", {"class": "rb-book", "data-book": b.slug})
            p = etree.SubElement(li, "p")
            a = etree.SubElement(p, "a", {"href": f"{b.slug}/index.md"})
            strong = etree.SubElement(a, "strong")
            strong.text = b.title
            meta = etree.SubElement(li, "p", {"class": "rb-book-meta"})
            meta.text = f"{b.system} · {plural(len(b.pages), 'глава', 'главы', 'глав')}"
            if b.description:
                d = etree.SubElement(li, "p")
                d.text = b.description


class RulebookBlocksExtension(BlocksExtension):
    def __init__(self, **kwargs: Any) -> None:
        self.config = {"registry": [[], "list of BookInfo"]}
        super().__init__(**kwargs)

    def extendMarkdownBlocks(self, md: Markdown, block_mgr: BlocksProcessor) -> None:
        block_mgr.register(BooksBlock, self.getConfigs())
        block_mgr.register(CalculatorBlock, {})
        block_mgr.register(CardBlock, {})
        block_mgr.register(SheetBlock, {})
        block_mgr.register(SheetLinkBlock, {})
