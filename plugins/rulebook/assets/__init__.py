"""Browser assets shipped by the plugin (CSS/JS), added to every page.

The scripts are published minified (rjsmin, the minifier mkdocs-minify-plugin uses): their
comments say why for the people who read the sources, and cost a phone a third of the bytes
it downloads and parses on every first visit, and of what the palette fetches before its first
answer."""

from __future__ import annotations

import hashlib
from pathlib import Path

import rjsmin
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

HERE = Path(__file__).parent
PREFIX = "assets/rulebook"


def version() -> str:
    """A hash of the shipped scripts and styles, put on their addresses in the pages («core.js?v=…»,
    as Material names its own bundles by hash): a page of a new build never runs with a previous
    build's script that the browser kept (a host lets it keep files for minutes or hours), and
    core.js passes the same mark to the scripts and styles it loads later. Read at each build, so
    that `mkdocs serve` marks an edited script anew."""
    h = hashlib.sha1()
    for p in sorted([*HERE.glob("*.js"), *HERE.glob("*.css")]):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:10]


CSS = ["rulebook.css", "palette.css", "pins.css", "cards.css", "offline.css"]
# core.js first: the others build on it (repair.js: how pins, recent searches and fights are read
# back from storage). search-engine.js and search-stemmers.js are copied too,
# but loaded by the palette on first use; calc-loader.js is tiny: it loads calc.js / calc.css only
# on pages that have a calculator.
JS = ["core.js", "repair.js", "rulebook.js", "palette.js", "calc-loader.js", "pins.js", "offline.js"]


def marked(names: list[str], mark: str) -> list[str]:
    """The pages' addresses of `names`, with the build's mark (`version()`)."""
    return [f"{PREFIX}/{name}?v={mark}" for name in names]


def files(config: MkDocsConfig) -> list[File]:
    css = [
        File.generated(config, f"{PREFIX}/{p.name}", abs_src_path=str(p)) for p in sorted(HERE.glob("*.css"))
    ]
    js = [
        File.generated(config, f"{PREFIX}/{p.name}", content=rjsmin.jsmin(p.read_text(encoding="utf-8")))
        for p in sorted(HERE.glob("*.js"))
    ]
    return css + js


# Material ships its lunr search (60-odd scripts) with every theme build; with its search plugin
# off they are never loaded, so they should not be published (or cached for offline use).
BUILTIN_SEARCH = ("assets/javascripts/lunr/", "assets/javascripts/workers/search.")


def drop_builtin_search(files: Files) -> None:
    for f in [f for f in files if f.src_uri.startswith(BUILTIN_SEARCH)]:
        files.remove(f)
