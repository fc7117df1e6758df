"""What a static host needs besides the pages: `.nojekyll`, and a word when the site is built
for a local address.

GitHub Pages runs Jekyll over a branch unless the branch holds `.nojekyll`; Jekyll drops every
file whose name starts with `_`, such as the engine's `__init__.py`, so the calculators would not
start and offline saving would fail on a missing file. `mkdocs gh-deploy` adds the file itself;
other ways of publishing a branch do not, so every build writes it.
"""

from __future__ import annotations

import ipaddress
import logging
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("mkdocs.plugins.rulebook")
NOJEKYLL = ".nojekyll"
_told: set[str] = set()  # site_urls already reported in this process (`mkdocs serve` rebuilds)


def site_root(site_url: str | None) -> str:
    """The path the site is served from, as site_url says ("/" when it names none)."""
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def is_local(site_url: str | None) -> bool:
    host = urlsplit(site_url or "").hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def finish(site_dir: Path, site_url: str | None, *, serving: bool) -> None:
    """After a build: write `.nojekyll`; say once when a build to publish names a local address."""
    (site_dir / NOJEKYLL).write_bytes(b"")
    if not serving and is_local(site_url) and site_url not in _told:
        _told.add(site_url or "")
        log.info(
            f"rulebook: site_url is {site_url}, a local address: canonical links, the sitemap and "
            "404.html point there; to publish, build with SITE_URL set to the site's address"
        )
