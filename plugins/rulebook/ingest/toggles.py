"""A toggle («<details>» with a «<summary>»: Notion's toggles in its HTML export, a wiki's
spoilers) is a box titled by its summary, open, so that a search lands on words the reader sees.

Read as plain containers, the summary was a loose paragraph and the toggle, which Notion wraps
in a one-item list («ul.toggle»), a list item holding nothing but a space before them (and run
into the list before it).
"""

from __future__ import annotations

from collections.abc import Callable

from bs4 import BeautifulSoup, Tag

from rulebook.ingest import boxmarks


def boxes(soup: BeautifulSoup, root: Tag, shown: Callable[[Tag], str]) -> None:
    """Each «<details>» under `root` a quote marked as a box titled by its summary's words as
    `shown` reads them (the browser's text: «Удар<span>ом</span>» is one word, not «Удар ом»);
    Notion's one-item list around it taken away."""
    for details in root.find_all("details"):
        summary = details.find("summary", recursive=False)
        title = " ".join(shown(summary).split()) if summary is not None else ""
        if summary is not None:
            summary.decompose()
        holder = details.parent
        quote = boxmarks.box(soup, details, "note", title=title)
        # Notion: <ul class="toggle"><li><details>…</details></li></ul>
        if (
            isinstance(holder, Tag)
            and holder.name == "li"
            and isinstance(holder.parent, Tag)
            and "toggle" in (holder.parent.get("class") or [])
            and len(holder.parent.find_all("li", recursive=False)) == 1
            and not "".join(s for s in holder.find_all(string=True, recursive=False)).strip()
        ):
            holder.parent.replace_with(quote)
