"""Installability: the web app manifest and its icons, added to the site's files.

The manifest sits at the site root (start_url and scope `./`, so the installed app covers the
whole site wherever it is hosted); pages link it from the theme override (overrides/main.html).
"""

from __future__ import annotations

import json

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

from rulebook.offline.icons import ICONS, OUT

MANIFEST = "manifest.webmanifest"
ICON_DIR = "assets/rulebook/icons"
THEME_COLOUR = "#795548"


def manifest(config: MkDocsConfig) -> dict[str, object]:
    icons = []
    for name, (size, maskable) in ICONS.items():
        if name.startswith("apple-"):
            continue
        icons.append(
            {
                "src": f"{ICON_DIR}/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "maskable" if maskable else "any",
            }
        )
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
        out.append(File.generated(config, f"{ICON_DIR}/{name}", abs_src_path=str(OUT / name)))
    return out
