"""The `rulebook` MkDocs plugin: typed config and event hooks only; the work is delegated."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Literal

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from rulebook import assets
from rulebook.books import BookInfo, load_registry
from rulebook.config import RulebookConfig
from rulebook.html import headings, tables, tree
from rulebook.html.pipeline import PageInfo, PageProcessor
from rulebook.html.targets import Targets
from rulebook.html.tree import Element
from rulebook.ingest.errors import IngestError
from rulebook.offline import hosting, webapp
from rulebook.offline import manifest as offline_manifest
from rulebook.search.build import SearchBuild
from rulebook.search.glossary import GlossaryError
from rulebook.widgets import calculator, runtime, strict, transclude
from rulebook.widgets.blocks import RulebookBlocksExtension

log = logging.getLogger("mkdocs.plugins.rulebook")


class RulebookPlugin(BasePlugin[RulebookConfig]):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.registry: list[BookInfo] = []
        self.search: SearchBuild | None = None
        self.pages = PageProcessor()  # kept across `mkdocs serve` rebuilds: its cache is the point
        self.targets = Targets({})
        self.serving = False
        self.problems: dict[str, list[str]] = {}  # src_uri -> bad blocks, as error lines
        self.assets_version = ""  # the build's mark on the assets' addresses (assets.version)
        self.watcher: LiveReloadServer | None = None  # under serve, once it watches

    # ---- hooks ---------------------------------------------------------------------------
    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        # Defining on_startup also makes `mkdocs serve` keep this instance across rebuilds.
        self.serving = command == "serve"  # no caching service worker while editing

    def on_shutdown(self) -> None:
        if self.search:
            self.search.wait()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if self.search:
            self.search.wait()  # the last `mkdocs serve` rebuild's search index, still being written
        if not self.config.enabled:
            return None
        root = Path(config.config_file_path).parent
        books = root / self.config.books
        if not books.exists():
            raise PluginError(f"rulebook: book registry {books} not found (option 'books')")
        if self.serving and _ingests_here(root, books, Path(config.docs_dir)):
            _refresh_books(root, self.watcher, config.docs_dir)
        try:
            self.registry = load_registry(books, Path(config.docs_dir))
        except IngestError as err:  # one line naming books.toml and the line, not a traceback
            raise PluginError(f"rulebook: {err}") from None
        self.targets = Targets({b.slug: b.title for b in self.registry})
        self.pages.start((root / self.config.search_cache).resolve() / "pages")
        self.problems = {}
        if self.config.search and self.config.block_ids:
            cache = (root / self.config.search_cache).resolve()
            if self.search is None or self.search.cache_dir != cache:
                self.search = SearchBuild(cache)
            try:
                self.search.start(self.registry, books)
            except GlossaryError as err:
                raise PluginError(f"rulebook: {err}") from None
        else:
            self.search = None
        config.markdown_extensions.append(RulebookBlocksExtension(registry=self.registry))  # type: ignore[arg-type]
        self.assets_version = assets.version()
        for css in assets.marked(assets.CSS, self.assets_version):
            config.extra_css.append(css)
        for js in assets.marked(assets.JS, self.assets_version):
            config.extra_javascript.append(js)  # type: ignore[arg-type]
        return config

    def on_serve(
        self, server: LiveReloadServer, *, config: MkDocsConfig, builder: object
    ) -> LiveReloadServer:
        # a source's edit rebuilds as a page's does (on_config ingests the books it changed)
        root = Path(config.config_file_path).parent
        if self.config.enabled and _ingests_here(root, root / self.config.books, Path(config.docs_dir)):
            server.watch(str(root / "sources"))
            self.watcher = server  # its watch of docs/ pauses while the ingest writes there (live)
        return server

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return None
        for f in [*assets.files(config), *webapp.files(config)]:
            files.append(f)
        if self.search:
            assets.drop_builtin_search(files)
        return files

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        if not self.config.enabled:
            return None
        _title_book_sections(nav, self.registry)
        if self.search:
            self.search.set_nav([p.file.src_uri for p in nav.pages])
        return nav

    @event_priority(-50)  # after other plugins changed the HTML
    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if not self.config.enabled:
            return None
        if not self.config.block_ids:
            found = strict.problems(tree.parse(html))
            if found:
                self.problems[page.file.src_uri] = _problem_lines(page, config, found)
            return None

        book = str(page.meta.get("book") or "")
        info = PageInfo(page.file.src_uri, page.url, str(page.title or ""), book)

        def decorate(root: Element) -> None:
            tables.mark_prose_columns(root)
            headings.name(root)
            if "data-rb-rule" in html:  # calculators, the sheet, the appendix's link to it
                calculator.resolve_rule_links(root, page.url)

        search = self.search
        records = None
        if search is not None and not self.serving:  # under serve they are made after the build

            def records(out: str, info: PageInfo) -> object:
                return search.records(
                    out, url=info.url, title=info.title, book=info.book, src_uri=info.src_uri
                )

        done = self.pages.run(html, info, decorate, records, strict.problems)
        if done.problems:
            self.problems[page.file.src_uri] = _problem_lines(page, config, done.problems)
            return done.html
        if search is not None:
            opts = page.meta.get("search")
            excluded = isinstance(opts, dict) and bool(opts.get("exclude"))
            if records is None:
                search.add_page_later(
                    info.src_uri, done.html, url=info.url, title=info.title, book=book, excluded=excluded
                )
            else:
                search.add_page(info.src_uri, done.records, excluded=excluded)
        self.targets.add(page.url, page.title or "", book, done.ids)
        return done.html

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment | None:
        """Every page is rendered by now: fill the GM-screen cards from their sources."""
        if not self.config.enabled:
            return None
        if self.problems:  # every bad block of every page, one error line each; nothing is written
            *before, last = [line for lines in self.problems.values() for line in lines]
            for line in before:
                log.error(line)
            raise PluginError(last)
        env.globals["rulebook_books"] = {b.slug: b for b in self.registry}  # for the book badge
        env.globals["rulebook_assets_version"] = self.assets_version  # the widgets' styles in the head
        pages = [f.page for f in files.documentation_pages() if f.page is not None]
        try:
            transclude.fill_pages(pages, {b.slug: b.title for b in self.registry})
        except transclude.CardError as e:
            page = next((p for p in pages if p.file.src_uri == e.src_uri), None)
            if page is None:
                raise PluginError(f"rulebook: {e}") from None
            source, text = _source(page, config)
            line = strict.locate_block(text, "card", e.nth)
            raise PluginError(f"rulebook: {source}{f':{line}' if line else ''}: {e.detail}") from None
        return env

    @event_priority(-100)  # last: the offline manifest lists every file the steps before wrote
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        site = Path(config.site_dir)
        self.pages.finish()
        if self.search and not self.serving:
            self.search.finish(site)
        known: dict[str, str] = {}  # hashes of the files the runtime placed
        if self.config.calculators:
            root = Path(config.config_file_path).parent
            known = runtime.install(
                site, root, self.config.pyodide, self.config.pyodide_snapshot, self.config.runtime_cache
            )
        self.targets.write(site)
        site_url = getattr(config, "site_url", None)
        offline_manifest.write(site, enabled=not self.serving, root=hosting.site_root(site_url), known=known)
        hosting.finish(site, site_url, serving=self.serving)
        if self.search and self.serving:  # the edited page reloads now, search a moment later
            self.search.finish_later(site)  # last, so that its thread does not slow what is left


def _source(page: Page, config: MkDocsConfig) -> tuple[Path, str]:
    """The page's Markdown file as a message names it (relative to mkdocs.yml), and its text."""
    source = Path(page.file.abs_src_path or page.file.src_uri)
    text = source.read_text(encoding="utf-8") if source.is_file() else ""
    root = Path(config.config_file_path).parent
    return (source.relative_to(root) if source.is_relative_to(root) else source), text


def _problem_lines(page: Page, config: MkDocsConfig, problems: list[strict.Problem]) -> list[str]:
    """`rulebook: docs/gm-screen.md:12: /// card: <why>` for each bad block of the page."""
    source, text = _source(page, config)
    out = []
    for p in problems:
        line = strict.locate(text, p.header, p.nth)
        out.append(f"rulebook: {source}{f':{line}' if line else ''}: {p.header}: {p.message}")
    return out


def _title_book_sections(nav: Navigation, registry: list[BookInfo]) -> None:
    """Sections made from docs/<slug>/ get the book's title, in registry order."""
    order = {b.slug: i for i, b in enumerate(registry)}
    titles = {b.slug: b.title for b in registry}

    def slug_of(item: object) -> str | None:
        if isinstance(item, Section):
            for child in item.children:
                f = getattr(child, "file", None)
                if isinstance(f, File) and "/" in f.src_uri:
                    return f.src_uri.split("/", 1)[0]
        return None

    for item in nav.items:
        s = slug_of(item)
        if s in titles and isinstance(item, Section):
            item.title = titles[s]
    nav.items.sort(key=lambda it: order.get(slug_of(it) or "", -1 if slug_of(it) is None else 999))


def _ingests_here(root: Path, books: Path, docs: Path) -> bool:
    """The project's layout is the importer's (sources/books.toml writing into docs/)."""
    return (
        books.resolve() == (root / "sources" / "books.toml").resolve()
        and docs.resolve() == (root / "docs").resolve()
    )


def _refresh_books(root: Path, watcher: LiveReloadServer | None, docs: str) -> None:
    """Under serve, the books whose sources changed are ingested again before the build, and the
    pages of a book removed from the registry are taken off (ingest.live); a source that fails
    keeps its book's pages as they were, and says why in one line."""
    from rulebook.ingest import live

    try:
        told = live.refresh(root, watcher, docs)
    except IngestError as err:
        log.error(f"rulebook: {err} (the book's pages are kept as they were)")
        return
    for line in told:
        log.info(f"rulebook: {line}")
