"""Under `mkdocs serve` the library's search index is written by a thread after each rebuild (so
that an edit reloads the page without waiting for it; `scripts/bench_build.py` times both), and
it then finds the edit, in the cache `rulebook search` reads and in the served site alike."""

from __future__ import annotations

import queue
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

from rulebook.search import engine
from rulebook.search.store import Store

from tests.support import site as support

WORD = "Шмыгозавр"  # in no book


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_after_an_edit_under_serve_the_search_index_catches_up(tmp_path: Path, runtime_cache: Path) -> None:
    cfg = support.project(tmp_path, ["dnd35/08-boi.md"], runtime_cache=runtime_cache)
    port = free_port()
    cmd = [str(support.MKDOCS), "serve", "-f", str(cfg), "-a", f"127.0.0.1:{port}"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stderr], daemon=True).start()  # type: ignore[union-attr]
    seen: list[str] = []

    def wait_for(text: str, timeout: float = 120) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                assert proc.poll() is None, "mkdocs serve ended:\n" + "".join(seen)
                continue
            seen.append(line)
            if text in line:
                return
        raise AssertionError(f"no {text!r} from mkdocs serve:\n" + "".join(seen))

    try:
        wait_for("Serving on")
        if not any("search index updated" in x for x in seen):
            wait_for("search index updated")
        page = tmp_path / "docs/dnd35/08-boi.md"
        time.sleep(1.0)  # the watcher starts after the first build
        page.write_text(page.read_text(encoding="utf-8") + f"\n\n{WORD} ходит первым.\n", encoding="utf-8")
        start = len(seen)
        wait_for("Reloading browsers")  # the rebuild is done (mkdocs may omit a repeated "built in")
        if not any("search index updated" in x for x in seen[start:]):
            wait_for("search index updated")

        hits = engine.search(Store(tmp_path / "cache" / "export"), WORD, limit=1)["results"]
        assert hits and hits[0]["url"].startswith("dnd35/08-boi/"), hits
        served = urllib.request.urlopen(f"http://127.0.0.1:{port}/search/manifest.json", timeout=10).read()
        assert served == (tmp_path / "cache" / "export" / "manifest.json").read_bytes()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
