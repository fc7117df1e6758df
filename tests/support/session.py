"""The unmodified project, built once per test run and served for the whole run.

The server starts first, in the process that runs pytest (under pytest-xdist: the controller,
which lives as long as the run), and the site is built with that server's address as its
`site_url`: Material's instant navigation compares the sitemap's host and port with the page's,
so only then do browser tests see the site as readers do. The controller hands the folder and the
URL to its workers; the first process that needs the site builds it under a file lock and the
others read the result (its exit code and log, which the strict-build test reads too).

Everything lives in the run's temporary folder: the search cache, and a runtime cache seeded with
a copy of the project's Pyodide snapshot, so no build of the test run writes into the project.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.support import site as support

WORKERINPUT_KEY = "rulebook_session_site"


@dataclass(frozen=True)
class SessionSite:
    base: Path  # the run's folder for it
    url: str  # the server's URL, no trailing slash

    @property
    def site(self) -> Path:
        return self.base / "site"

    @property
    def cache(self) -> Path:
        """The search cache of the build (what `rulebook search --index` reads)."""
        return self.base / "cache"

    @property
    def runtime_cache(self) -> Path:
        """The Pyodide snapshot cache; variant builds share it (its files are replaced, never
        rewritten, so sharing is safe)."""
        return self.base / "runtime"

    def dump(self) -> str:
        return json.dumps({"base": str(self.base), "url": self.url})

    @classmethod
    def load(cls, raw: str) -> SessionSite:
        d = json.loads(raw)
        return cls(Path(d["base"]), d["url"])

    def ensure_built(self) -> support.Built:
        """The build's result, building it first if no process of this run has."""
        result = self.base / "result.json"
        with _locked(self.base / "build.lock"):
            if not result.exists():
                support.seed_runtime_cache(self.runtime_cache)
                cfg = support.write_config(
                    self.base / "config",
                    support.ROOT / "docs",
                    support.ROOT / "sources" / "books.toml",
                    self.cache,
                    site_url=self.url + "/",
                    runtime_cache=self.runtime_cache,
                )
                built = support.run_build(cfg, self.site)
                tmp = result.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(json.dumps({"returncode": built.returncode, "log": built.log}), "utf-8")
                tmp.replace(result)
        data = json.loads(result.read_text(encoding="utf-8"))
        return support.Built(data["returncode"], data["log"])


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
