"""How every browser test and benchmark starts Chromium: Debian's /usr/bin/chromium (never a
downloaded browser), headless, with the background services that would call other hosts off."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
