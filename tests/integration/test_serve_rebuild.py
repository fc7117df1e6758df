"""Under `mkdocs serve` the library's search index is written by a thread after each rebuild (so
that an edit reloads the page without waiting for it; `scripts/bench_build.py` times both), and
it then finds the edit, in the cache `rulebook search` reads and in the served site alike. A
source's edit is ingested again before the rebuild, and a book taken out of the registry leaves
the site."""

from __future__ import annotations

import queue
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from rulebook.search import engine
from rulebook.search.store import Store

from tests.support import site as support

WORD = "Шмыгозавр"  # in no book


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """`mkdocs serve` of a project on a free port, its log read as it comes."""

    def __init__(self, cfg: Path, cwd: Path) -> None:
        self.port = free_port()
        cmd = [str(support.MKDOCS), "serve", "-f", str(cfg), "-a", f"127.0.0.1:{self.port}"]
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(x) for x in self.proc.stderr], daemon=True).start()  # type: ignore[union-attr]
        self.seen: list[str] = []

    def wait_for(self, text: str, timeout: float = 120) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                assert self.proc.poll() is None, "mkdocs serve ended:\n" + "".join(self.seen)
                continue
            self.seen.append(line)
            if text in line:
                return
        raise AssertionError(f"no {text!r} from mkdocs serve:\n" + "".join(self.seen))

    def rebuilds(self, since: int, settle: float = 3.0) -> int:
        """The rebuilds started since line `since` of the log, read for `settle` seconds more:
        six polls of the watcher, time for a rebuild that a build's own writes cause to start."""
        end = time.monotonic() + settle
        while (left := end - time.monotonic()) > 0:
            try:
                self.seen.append(self.lines.get(timeout=left))
            except queue.Empty:
                break
        return sum("Building documentation" in x for x in self.seen[since:])

    def wait_for_search(self, since: int) -> None:
        """The search index written after the rebuild whose log starts at line `since`."""
        if not any("search index updated" in x for x in self.seen[since:]):
            self.wait_for("search index updated")

    def get(self, path: str) -> bytes:
        return urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=10).read()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def test_after_an_edit_under_serve_the_search_index_catches_up(tmp_path: Path, runtime_cache: Path) -> None:
    cfg = support.project(tmp_path, ["dnd35/08-boi.md"], runtime_cache=runtime_cache)
    served = Served(cfg, tmp_path)
    try:
        served.wait_for("Serving on")
        if not any("search index updated" in x for x in served.seen):
            served.wait_for("search index updated")
        page = tmp_path / "docs/dnd35/08-boi.md"
        time.sleep(1.0)  # the watcher starts after the first build
        page.write_text(page.read_text(encoding="utf-8") + f"\n\n{WORD} ходит первым.\n", encoding="utf-8")
        start = len(served.seen)
        served.wait_for("Reloading browsers")  # the rebuild is done (mkdocs may omit a repeated "built in")
        if not any("search index updated" in x for x in served.seen[start:]):
            served.wait_for("search index updated")

        hits = engine.search(Store(tmp_path / "cache" / "export"), WORD, limit=1)["results"]
        assert hits and hits[0]["url"].startswith("dnd35/08-boi/"), hits
        assert (
            served.get("search/manifest.json")
            == (tmp_path / "cache" / "export" / "manifest.json").read_bytes()
        )
    finally:
        served.stop()


DEMO = '[books.demo]\ntitle = "Демо"\nsystem = "Пример"\nsource = "demo.txt"\n'


def test_a_sources_edit_under_serve_is_ingested_and_shows_on_its_page(
    tmp_path: Path, runtime_cache: Path
) -> None:
    # a book added to the registry while nothing was ingested yet, then its text edited: the
    # served page shows the edit, as a page's own edit would; a broken entry keeps the pages
    cfg = support.project(tmp_path, books=DEMO, runtime_cache=runtime_cache)
    source = tmp_path / "sources" / "demo.txt"
    source.write_text("Глава 1. Начало\n\nАбзац правил о броске.\n", encoding="utf-8")
    served = Served(cfg, tmp_path)
    try:
        served.wait_for("Serving on")
        (page,) = [p for p in (tmp_path / "docs" / "demo").glob("*.md") if p.name != "index.md"]
        url = f"demo/{page.stem}/"
        assert "Абзац правил о броске." in served.get(url).decode()
        time.sleep(1.0)  # the watcher starts after the first build
        start = len(served.seen)
        source.write_text(
            f"Глава 1. Начало\n\nАбзац правил о броске.\n\n{WORD} ходит первым.\n", encoding="utf-8"
        )
        served.wait_for("ingested again: demo")
        served.wait_for("Reloading browsers")
        end = time.monotonic() + 60
        while WORD not in served.get(url).decode():
            assert time.monotonic() < end, "the edit never reached the served page:\n" + "".join(served.seen)
            time.sleep(0.5)
        # one change, one rebuild: the ingest's pages are not seen as a change of their own
        assert served.rebuilds(start) == 1, "".join(served.seen[start:])
        start = len(served.seen)  # and a page's edit after it still rebuilds
        page.write_text(page.read_text(encoding="utf-8") + "\nПравка вручную.\n", encoding="utf-8")
        served.wait_for("Reloading browsers")
        assert "Правка вручную." in served.get(url).decode() and served.rebuilds(start) == 1

        registry = tmp_path / "sources" / "books.toml"
        registry.write_text(
            registry.read_text(encoding="utf-8") + "\n[books.demo.headings]\nmdoe = 1\n", encoding="utf-8"
        )
        served.wait_for("did you mean 'mode'")
        assert WORD in page.read_text(encoding="utf-8")  # the pages kept as they were
    finally:
        served.stop()


def test_a_book_removed_from_the_registry_under_serve_leaves_the_site(
    tmp_path: Path, runtime_cache: Path
) -> None:
    # its pages, its section of the navigation, its line on the home page and its search results
    # go at the next reload, told in one line; a page written by hand stays
    notes = "---\ntitle: Заметки\n---\n\n# Заметки\n\nМои заметки к игре.\n"
    cfg = support.project(
        tmp_path, ["index.md"], {"notes.md": notes}, books=DEMO, runtime_cache=runtime_cache
    )
    source = tmp_path / "sources" / "demo.txt"
    source.write_text(f"Глава 1. Начало\n\n{WORD} ходит первым.\n", encoding="utf-8")
    export = tmp_path / "cache" / "export"

    def found() -> list:
        return engine.search(Store(export), WORD, limit=1)["results"]

    served = Served(cfg, tmp_path)
    try:
        served.wait_for("Serving on")
        served.wait_for_search(0)
        (page,) = [p for p in (tmp_path / "docs" / "demo").glob("*.md") if p.name != "index.md"]
        assert "Демо" in served.get("").decode() and served.get(f"demo/{page.stem}/")
        assert found()
        time.sleep(1.0)  # the watcher starts after the first build
        registry = tmp_path / "sources" / "books.toml"
        registry.write_text(registry.read_text(encoding="utf-8").replace(DEMO, ""), encoding="utf-8")
        start = len(served.seen)
        served.wait_for("Reloading browsers")
        served.wait_for_search(start)
        assert served.rebuilds(start) == 1, "".join(served.seen[start:])
        told = [x for x in served.seen[start:] if "rulebook: removed" in x]
        assert len(told) == 1 and "removed: demo (no longer in sources/books.toml)" in told[0], served.seen
        assert not (tmp_path / "docs" / "demo").exists()
        assert "Мои заметки" in served.get("notes/").decode()
        assert "Демо" not in served.get("").decode()  # the home page's list and the navigation
        with pytest.raises(urllib.error.HTTPError, match="404"):
            served.get(f"demo/{page.stem}/")
        assert found() == []
        assert served.get("search/manifest.json") == (export / "manifest.json").read_bytes()
    finally:
        served.stop()
