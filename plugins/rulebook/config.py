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
    # rules calculators in the page (`/// calculator | NAME`): the Pyodide runtime they run on is
    # copied from this folder (the pinned npm package; `npm ci` installs it)
    calculators = c.Type(bool, default=True)
    pyodide = c.Type(str, default="node_modules/pyodide")
    # restore a build-time memory snapshot of the booted interpreter (made with node)
    pyodide_snapshot = c.Type(bool, default=True)
