"""Browser assets shipped by the plugin (CSS/JS), added to every page."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

HERE = Path(__file__).parent
PREFIX = "assets/rulebook"
CSS = [
    f"{PREFIX}/rulebook.css",
    f"{PREFIX}/palette.css",
    f"{PREFIX}/pins.css",
    f"{PREFIX}/cards.css",
    f"{PREFIX}/offline.css",
]
# search-engine.js and search-stemmers.js are copied too, but loaded by the palette on first use;
# calc-loader.js is tiny: it loads calc.js / calc.css only on pages that have a calculator.
JS = [
    f"{PREFIX}/rulebook.js",
    f"{PREFIX}/palette.js",
    f"{PREFIX}/calc-loader.js",
    f"{PREFIX}/pins.js",
    f"{PREFIX}/offline.js",
]


def files(config: MkDocsConfig) -> list[File]:
    return [
        File.generated(config, f"{PREFIX}/{path.name}", abs_src_path=str(path))
        for path in sorted(HERE.glob("*.css")) + sorted(HERE.glob("*.js"))
    ]
