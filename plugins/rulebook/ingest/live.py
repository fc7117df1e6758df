"""The ingest under `mkdocs serve`: before each rebuild, the books whose inputs changed are
ingested again and the pages of a book taken out of the registry are removed (pipeline.refresh),
with the watcher of docs/ paused meanwhile.

The pause is why one change makes one rebuild. The ingest runs inside the rebuild that a
source's or the registry's edit started, and that rebuild reads the pages it writes; MkDocs'
watcher (it polls) saw those writes too, a moment later, and started a second rebuild of the
same pages for nothing: an edit of a source reloaded the page twice. Watched again after the
writing, docs/ is compared from then on (the watcher takes its first look at once), so an edit
of a page made later rebuilds as ever, and one made during the pause is read by this rebuild,
which reads docs/ after it.

Nothing here imports MkDocs: the watcher is MkDocs' live-reload server, by its two methods.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from rulebook.ingest import pipeline


class Watcher(Protocol):
    """What `mkdocs serve` watches (its LiveReloadServer): a change under a watched path
    rebuilds the site."""

    def watch(self, path: str) -> None: ...

    def unwatch(self, path: str) -> None: ...


@contextmanager
def unwatched(watcher: Watcher | None, folder: str) -> Iterator[None]:
    """`folder` (as the watcher was given it) not watched while the block runs."""
    if watcher is None:  # the first build: nothing is watched yet
        yield
        return
    watcher.unwatch(folder)
    try:
        yield
    finally:
        watcher.watch(folder)


def refresh(root: Path, watcher: Watcher | None, docs: str) -> list[str]:
    """pipeline.refresh, with `docs` (the watched docs/) unwatched while it writes and removes
    pages; the lines that tell what it did. A mistake raises IngestError, nothing changed."""
    done = pipeline.refresh(root, functools.partial(unwatched, watcher, docs))
    told = [f"ingested again: {', '.join(done.ingested)}"] if done.ingested else []
    return told + [g.told() for g in done.removed]
