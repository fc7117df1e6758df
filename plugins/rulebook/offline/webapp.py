"""Installability: the web app manifest and its icons, added to the site's files.

The manifest sits at the site root (start_url and scope `./`, so the installed app covers the
whole site wherever it is hosted); pages link it from the theme override (overrides/main.html).
The icons (a die on the theme's brown) are committed PNGs under `assets/icons/`: edit them with
any image editor, keeping their sizes (a unit test checks them).
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

import rulebook.assets

MANIFEST = "manifest.webmanifest"
ICON_DIR = "assets/rulebook/icons"
ICON_SOURCE = Path(rulebook.assets.__file__).parent / "icons"
# name -> (size in pixels, purpose in the manifest; None: only the theme links it, for iOS).
# Maskable icons are full-bleed, the die inside the 80 % safe circle.
ICONS: dict[str, tuple[int, str | None]] = {
    "icon-192.png": (192, "any"),
    "icon-512.png": (512, "any"),
    "icon-maskable-512.png": (512, "maskable"),
    "apple-touch-icon.png": (180, None),
}
THEME_COLOUR = "#795548"


def manifest(config: MkDocsConfig) -> dict[str, object]:
    icons = [
        {"src": f"{ICON_DIR}/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
        for name, (size, purpose) in ICONS.items()
        if purpose is not None
    ]
    return {
        "name": config.site_name,
        "short_name": "Rulebook",
        "description": config.site_description or config.site_name,
        "lang": "ru",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": icons,
    }


def files(config: MkDocsConfig) -> list[File]:
    out = [
        File.generated(
            config, MANIFEST, content=json.dumps(manifest(config), ensure_ascii=False, indent=1) + "\n"
        )
    ]
    for name in ICONS:
        out.append(File.generated(config, f"{ICON_DIR}/{name}", abs_src_path=str(ICON_SOURCE / name)))
    return out
