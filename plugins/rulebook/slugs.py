"""Readable ASCII ids for Russian headings: «3.9. Ранения и травмы» -> 3-9-raneniia-i-travmy.

One function serves the ingester (explicit heading ids) and Python-Markdown's toc extension
(hand-written pages), so both agree on every id.
"""

from __future__ import annotations

from slugify import slugify as _slugify


def slug(text: str, max_length: int = 80) -> str:
    s = _slugify(text, max_length=max_length, word_boundary=True, save_order=True)
    return s or "h"


def toc_slugify(value: str, separator: str = "-") -> str:
    """Signature expected by markdown.extensions.toc (`slugify: !!python/name:...`)."""
    return slug(value)
