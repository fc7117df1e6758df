"""GitHub's alerts and Obsidian's callouts in a Markdown page's HTML -> boxes of their kind
(callouts reads the marker; this finds it in the blockquotes and leaves the kind and title on
them for the converter)."""

from __future__ import annotations

from bs4 import BeautifulSoup, NavigableString, Tag

from rulebook.ingest import boxmarks, callouts
from rulebook.ingest.elements import shown


def _split_alerts(soup: BeautifulSoup, root: Tag) -> None:
    """Python-Markdown joins quotes that only a blank line parts («> [!NOTE] …», blank, «> [!TIP]
    …») into one; GitHub, as CommonMark, ends a quote at the blank line: an alert marker that
    opens a later paragraph of a quote starts a quote of its own."""
    for quote in root.find_all("blockquote"):
        paras = [c for c in quote.find_all("p", recursive=False)[1:] if callouts.marker(c.get_text())]
        for para in reversed(paras):
            part = soup.new_tag("blockquote")
            part.sourceline = para.sourceline
            for node in [para, *para.next_siblings]:
                part.append(node.extract())
            quote.insert_after(part)


def alerts(soup: BeautifulSoup, root: Tag) -> None:
    """A blockquote that opens with GitHub's alert marker («[!NOTE]», «[!WARNING]», any case) or
    Obsidian's callout («[!tip] Засада») is a box of that kind: the marker is markup, not the
    book's words, so it is taken out before the words are counted (a callout's title is counted
    as the box's title), and the kind and title are left on the blockquote for the converter."""
    _split_alerts(soup, root)
    for quote in root.find_all("blockquote"):
        first = quote.find(True, recursive=False)
        if first is None or first.name != "p" or not first.contents:
            continue
        head = first.contents[0]
        m = callouts.marker(str(head)) if isinstance(head, NavigableString) else None
        if m is None:
            continue
        quote[boxmarks.KIND] = m.kind
        title = m.title
        if "\n" not in str(head):  # the marker's line goes on past this text: «Засада *у реки*»
            title = _title_line(soup, head, str(head)[m.title_at :])
        if title:
            quote[boxmarks.TITLE] = title
        rest = str(head)[m.end :]
        if rest:
            head.replace_with(NavigableString(rest))
        else:
            head.extract()
        if not first.get_text().strip() and first.find("img") is None:
            first.decompose()


def _title_line(soup: BeautifulSoup, head: NavigableString, start: str) -> str:
    """A callout's title: its marker's whole line, `start` and the inline elements after `head`
    up to the line's end (a newline or <br>), as the browser shows it; those are taken out of
    the paragraph. Its first text alone was the title, and the rest of the line began the body
    («[!warning] **Опасно**»: no title, a body «Опасно Текст.»)."""
    line = soup.new_tag("span")
    line.append(start)
    node = head.next_sibling
    while node is not None:
        after = node.next_sibling
        if isinstance(node, Tag) and node.name == "br":
            node.extract()
            break
        if isinstance(node, NavigableString) and "\n" in node:
            ends, rest = str(node).split("\n", 1)
            line.append(ends)
            node.replace_with(NavigableString(rest))
            break
        line.append(node.extract())
        node = after
    return shown(line).strip()
