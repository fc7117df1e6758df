"""The finished-page cache: a page whose HTML, place and code did not change is not parsed again,
in the next `mkdocs serve` rebuild (memory) or the next `mkdocs build` (disk), and what comes back
is what the work gave."""

from __future__ import annotations

from pathlib import Path

from rulebook.html.pipeline import PageInfo, PageProcessor
from rulebook.html.tree import Element

PAGE = PageInfo("fatum/03-boi.md", "fatum/03-boi/", "Глава 3", "fatum")
HTML = "<h2 id='boi'>Бой</h2><p>Ход длится пять секунд.</p>"


class Counting:
    """A decoration that counts the parses it was given."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, root: Element) -> None:
        self.calls += 1
        for p in root.iter("p"):
            p.set("class", "rb-seen")


def extract(out: str, page: PageInfo) -> dict[str, str]:
    return {"url": page.url, "html": out}


def build(cache: Path | None, html: str = HTML, page: PageInfo = PAGE) -> tuple[object, int]:
    """One build by a new processor (a new process, as far as memory goes)."""
    pages = PageProcessor()
    pages.start(cache)
    deco = Counting()
    done = pages.run(html, page, deco, extract)
    pages.finish()
    return done, deco.calls


def test_the_next_build_takes_an_unchanged_page_from_disk_unparsed(tmp_path: Path) -> None:
    first, parsed = build(tmp_path)
    assert parsed == 1
    again, parsed = build(tmp_path)
    assert parsed == 0
    assert again == first
    assert 'class="rb-seen"' in again.html  # type: ignore[attr-defined]
    assert again.records == {"url": "fatum/03-boi/", "html": again.html}  # type: ignore[attr-defined]


def test_a_changed_page_or_place_is_made_again_and_the_old_entry_goes(tmp_path: Path) -> None:
    build(tmp_path)
    _, parsed = build(tmp_path, HTML.replace("пять", "шесть"))
    assert parsed == 1
    assert len(list(tmp_path.glob("*.pickle"))) == 1  # the entry the last build did not use is gone
    moved = PageInfo("fatum/04-boi.md", "fatum/04-boi/", "Глава 3", "fatum")
    done, parsed = build(tmp_path, page=moved)
    assert parsed == 1 and done.records["url"] == "fatum/04-boi/"  # type: ignore[attr-defined]


def test_a_damaged_entry_is_a_miss_and_is_rewritten(tmp_path: Path) -> None:
    first, _ = build(tmp_path)
    (entry,) = tmp_path.glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    again, parsed = build(tmp_path)
    assert parsed == 1 and again == first
    _, parsed = build(tmp_path)
    assert parsed == 0


def test_a_build_that_does_not_finish_writes_nothing(tmp_path: Path) -> None:
    pages = PageProcessor()
    pages.start(tmp_path)
    pages.run(HTML, PAGE, Counting(), extract)
    assert not list(tmp_path.iterdir())  # a build that fails after its pages leaves no entry


def test_a_page_with_problems_is_never_kept_on_disk(tmp_path: Path) -> None:
    pages = PageProcessor()
    pages.start(tmp_path)
    done = pages.run(HTML, PAGE, Counting(), extract, inspect=lambda root: ["bad block"])
    assert done.problems == ["bad block"] and done.records is None
    assert not list(tmp_path.glob("*.pickle"))


def test_without_a_folder_the_cache_is_memory_only(tmp_path: Path) -> None:
    pages = PageProcessor()
    pages.start(None)
    deco = Counting()
    pages.run(HTML, PAGE, deco, extract)
    pages.run(HTML, PAGE, deco, extract)
    assert deco.calls == 1
    assert not list(tmp_path.iterdir())
