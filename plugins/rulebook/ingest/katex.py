"""A formula typeset by KaTeX (Notion's equations, many documentation sites) is written twice:
as MathML for screen readers, which KaTeX's stylesheet hides, and as the HTML a reader sees. Read
as text, the formula's words came out twice, or three times with the TeX source that the MathML
carries. Only what the browser shows is kept.
"""

from __future__ import annotations

from bs4 import Tag


def hide_mathml(root: Tag) -> None:
    """Remove KaTeX's screen-reader copy of each formula under `root`."""
    for el in root.select(".katex .katex-mathml"):
        el.decompose()
