"""What a line's shape says, wherever the importer reads lines: one definition each, so that the
steps that ask (is this a title? does it end a sentence? does it start a list item?) agree."""

from __future__ import annotations

# a line that ends in one of these ends a sentence or a clause: no title, no table row does
SENTENCE_ENDS = ".;,…:!?"
# the longest line a title (a heading, a running header, a title page's line) is by default
TITLE_MAX = 80
# the marks that start a bulleted item («-» and «*» aside: they start other lines too)
BULLETS = "•·►▸▪■◦‣"
# the words a chapter's or a part's numbered title starts with («Глава 3.», «Part 2: Magic»)
CHAPTER_WORDS = "Глава|Часть|Chapter|Part"
