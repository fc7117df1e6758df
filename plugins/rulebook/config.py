"""Typed options of the `rulebook` MkDocs plugin (grouped by prefix, Material-style)."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class RulebookConfig(Config):
    enabled = c.Type(bool, default=True)
    # the book registry; also gives book titles and order to the navigation
    books = c.Type(str, default="sources/books.toml")
    # stable ids for every block (paragraph, list item, table, admonition)
    block_ids = c.Type(bool, default=True)
    # search: index every block at build time (whoosh) and export it for the Ctrl+K palette
    search = c.Type(bool, default=True)
    # where the whoosh indexes and build caches go, relative to mkdocs.yml (not published)
    search_cache = c.Type(str, default=".cache/search")
    # rules calculators in the page (`/// calculator | NAME`): the Pyodide runtime they run on is
    # copied from this folder (the pinned npm package; `npm ci` installs it)
    calculators = c.Type(bool, default=True)
    pyodide = c.Type(str, default="node_modules/pyodide")
    # restore a build-time memory snapshot of the booted interpreter (made with node)
    pyodide_snapshot = c.Type(bool, default=True)
    # where that snapshot is cached between builds, relative to mkdocs.yml (not published)
    runtime_cache = c.Type(str, default=".cache/rulebook")
