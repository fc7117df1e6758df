"""A static host for browser tests of publishing: several sites on one origin, each under its own
sub-path (`/a/`, `/b/`), answering a missing address with that site's 404.html as GitHub Pages
does, logging what it was asked for, and able to deploy a new build of a site in place.

A "deploy" needs no new build: the site folder is copied as hard links, a page is changed and the
offline manifest (sw.js) is written again, which is what a rebuild with one edited page yields."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rulebook.offline import manifest

from tests.support.site import QuietServer


class _Handler(http.server.SimpleHTTPRequestHandler):
    host: Host

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "public, max-age=3600")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        self.host.requests.append(self.path)
        path = Path(self.translate_path(self.path))
        if not path.exists():
            site = self.path.lstrip("/").split("/", 1)[0]
            page = self.host.root / site / "404.html"
            if site in self.host.sites and page.exists():
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return None
        return super().send_head()

    def log_message(self, format: str, *args: object) -> None:
        pass


class Host:
    """Sites under sub-paths of one origin: `url(name)` is a site's root URL."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sites: dict[str, Path] = {}
        self.requests: list[str] = []
        handler = type("Handler", (_Handler,), {"host": self})
        self.server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, name: str) -> str:
        return f"{self.origin}/{name}/"

    def publish(self, name: str, site: Path) -> None:
        """Serve `site` at /name/ (replacing what was there)."""
        link = self.root / name
        if link.is_symlink():
            link.unlink()
        link.symlink_to(site, target_is_directory=True)
        self.sites[name] = site

    def requested(self, prefix: str) -> list[str]:
        return [r for r in self.requests if r.startswith(prefix)]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def host(root: Path) -> Iterator[Host]:
    root.mkdir(parents=True, exist_ok=True)
    h = Host(root)
    try:
        yield h
    finally:
        h.close()


def deploy(site: Path, dest: Path, note: str) -> str:
    """A new build of `site` in `dest`: the same files (hard links), the home page changed by
    `note`, and a new service worker listing them; returns the new build's version."""
    shutil.copytree(site, dest, copy_function=os.link)
    page = dest / "index.html"
    text = page.read_text(encoding="utf-8")
    page.unlink()  # a hard link: writing through it would change the original build
    page.write_text(text.replace("</body>", f"<!-- {note} --></body>"), encoding="utf-8")
    for name in (manifest.WORKER, manifest.SUMMARY):
        (dest / name).unlink()
    summary = manifest.write(dest, root=_built_root(site))
    return str(summary["version"])


def _built_root(site: Path) -> str:
    """The site root the build was made for, as its worker says."""
    text = (site / manifest.WORKER).read_text(encoding="utf-8")
    marker = '"root":"'
    start = text.find(marker)
    return text[start + len(marker) : text.index('"', start + len(marker))] if start >= 0 else "/"
