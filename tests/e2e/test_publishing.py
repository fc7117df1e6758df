"""Publishing under a sub-path: a small book built with SITE_URL set to its address under
`/rules/`, and the same build copied under `/copy/`, a path it was not made for. Canonical links
and the sitemap name the published address; instant navigation runs where it can and is off
where it cannot; 404.html keeps its styles under the sub-path, online and offline."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e import hosting
from tests.support import site as support

READY = "window.rulebook && window.rulebook.offline && window.rulebook.offline.state === 'ready'"
CHAPTER = """---
title: "Глава 1. Проверка"
book: "demo"
---

# Глава 1. Проверка

## Бросок

Бросок кубика решает исход: правило для проверки публикации.

## Итог

Итог проверки записывается в лист.
"""


def small_project(dest: Path, runtime_cache: Path) -> Path:
    """A one-book project (two pages and a home page); returns its mkdocs.yml. `runtime_cache`:
    the run's Pyodide snapshot cache (never the project's: a test writes nothing into it)."""
    docs = dest / "docs"
    (docs / "demo").mkdir(parents=True)
    (docs / "index.md").write_text("# Справочник\n\nКнига: [Демо](demo/index.md).\n", encoding="utf-8")
    (docs / "demo" / "index.md").write_text(
        '---\ntitle: "Демо"\nbook: "demo"\n---\n\n# Демо\n\n[Глава 1](01-proverka.md)\n', encoding="utf-8"
    )
    (docs / "demo" / "01-proverka.md").write_text(CHAPTER, encoding="utf-8")
    books = dest / "books.toml"
    books.write_text(
        '[books.demo]\ntitle = "Демо"\nsystem = "Демо"\ndescription = "Проверка."\nsource = "demo.txt"\n',
        encoding="utf-8",
    )
    return support.write_config(dest, docs, books, dest / "cache", runtime_cache=runtime_cache)


@pytest.fixture(scope="module")
def published(
    tmp_path_factory: pytest.TempPathFactory, runtime_cache: Path
) -> Iterator[tuple[hosting.Host, Path]]:
    tmp = tmp_path_factory.mktemp("publishing")
    with hosting.host(tmp / "www") as host:
        cfg = small_project(tmp / "project", runtime_cache)
        with pytest.MonkeyPatch.context() as env:
            env.setenv("SITE_URL", host.url("rules"))
            support.build(cfg, tmp / "site")
        host.publish("rules", tmp / "site")
        host.publish("copy", tmp / "site")
        yield host, tmp / "site"


def test_canonical_links_and_the_sitemap_name_the_published_address(
    published: tuple[hosting.Host, Path],
) -> None:
    host, site = published
    base = host.url("rules")
    soup = BeautifulSoup((site / "demo" / "01-proverka" / "index.html").read_text(encoding="utf-8"), "lxml")
    assert soup.find("link", rel="canonical")["href"] == base + "demo/01-proverka/"
    sitemap = BeautifulSoup((site / "sitemap.xml").read_text(encoding="utf-8"), "xml")
    locs = {loc.text for loc in sitemap.find_all("loc")}
    assert locs == {base, base + "demo/", base + "demo/01-proverka/"}
    assert (site / ".nojekyll").exists()


def same_document_after_click(page: Page, link: str) -> bool:
    # Material takes over links only once it has read the sitemap, fetched as it starts
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__same_document = true")
    page.locator(f"article a[href$='{link}']").first.click()
    page.wait_for_url(re.compile(re.escape(link) + "$"))
    expect(page.locator("h1")).to_have_text(re.compile("Глава 1"))
    return page.evaluate("window.__same_document === true")


def features(page: Page) -> list[str]:
    return page.evaluate("JSON.parse(document.getElementById('__config').textContent).features")


def test_instant_navigation_runs_where_site_url_points_and_is_off_elsewhere(
    published: tuple[hosting.Host, Path], context: BrowserContext
) -> None:
    host, _ = published
    page = context.new_page()
    page.goto(host.url("rules") + "demo/")
    assert "navigation.instant" in features(page)
    assert same_document_after_click(page, "01-proverka/"), "instant navigation did not happen"

    page.goto(host.url("copy") + "demo/")
    assert not [f for f in features(page) if f.startswith("navigation.instant")]
    assert not same_document_after_click(page, "01-proverka/")  # a plain page load
    expect(page.locator(".md-header")).to_be_visible()
    page.close()


def styled_404(page: Page, url: str, site: str) -> None:
    """`url` answers 404 with the site's styled 404 page, asking for nothing outside `site`."""
    asked: list[str] = []
    failed: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 and r.url != url else None)
    resp = page.goto(url)
    assert resp is not None and resp.status == 404
    expect(page.locator("article h1")).to_have_text(re.compile("^404"))
    page.wait_for_load_state("networkidle")
    # Material's stylesheet applies: the header is a bar of the primary colour, not bare text
    colour = page.locator(".md-header").evaluate("e => getComputedStyle(e).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), colour
    # the site's own scripts ran
    assert page.evaluate("() => Boolean(window.rulebook && window.rulebook.search)")
    outside = [u for u in asked if not u.startswith(site) and not u.startswith(("data:", "blob:"))]
    assert outside == [], outside
    assert failed == [], failed


@pytest.mark.service_worker
def test_404_under_the_sub_path_keeps_its_styles_online_and_offline(
    published: tuple[hosting.Host, Path], context: BrowserContext, shot: Path
) -> None:
    host, _ = published
    page = context.new_page()
    styled_404(page, host.url("rules") + "net-takoi/stranitsy/", host.url("rules"))
    page.screenshot(path=str(shot / "404-online.png"))
    page.close()

    # offline, from the service worker's copy, also under a path the build was not made for
    for name in ("rules", "copy"):
        page = context.new_page()
        page.goto(host.url(name))
        page.wait_for_function(READY, timeout=60_000)
        context.set_offline(True)
        try:
            styled_404(page, host.url(name) + "net-takoi/", host.url(name))
            page.screenshot(path=str(shot / f"404-offline-{name}.png"))
        finally:
            context.set_offline(False)
        page.close()


@pytest.mark.service_worker
def test_an_address_without_its_trailing_slash_opens_the_page_at_its_own_address_from_the_offline_copy(
    published: tuple[hosting.Host, Path], context: BrowserContext, shot: Path
) -> None:
    """A link typed or shared without the trailing slash (`…/demo/01-proverka#brosok--1`): the
    server redirects it, but once the service worker answers, it must redirect too. Answered with
    the page at the slash-less address, the page's relative links resolved one folder too high,
    outside the sub-path: no styles, no scripts, no landing on the paragraph."""
    host, _ = published
    base = host.url("rules")
    page = context.new_page()
    page.goto(base)
    page.wait_for_function(READY, timeout=60_000)
    for offline in (False, True):
        context.set_offline(offline)
        try:
            page.goto(base + "demo/01-proverka#brosok--1")
            page.wait_for_url(base + "demo/01-proverka/#brosok--1")
            expect(page.locator("[id='brosok--1']")).to_have_class(re.compile(r"\brb-target\b"))
            colour = page.locator(".md-header").evaluate("e => getComputedStyle(e).backgroundColor")
            assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), colour
            page.screenshot(path=str(shot / f"no-slash-{'offline' if offline else 'online'}.png"))
        finally:
            context.set_offline(False)
    page.close()


def _with_new_index_folder(site: Path, dest: Path) -> None:
    """A new build of `site` in `dest` (hard links): its search index in a folder of another name,
    as every build names it, and the manifest naming that folder."""
    shutil.copytree(site, dest, copy_function=os.link)
    manifest = dest / "search" / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    old = data["dir"]
    data["dir"] = "n" + old[1:]
    (dest / "search" / old).rename(dest / "search" / data["dir"])
    built = manifest.stat().st_mtime
    manifest.unlink()  # a hard link: writing through it would change the original build
    manifest.write_text(json.dumps(data), encoding="utf-8")
    # written later than the build it replaces, as a deploy's is (the host tells the browser's
    # copy is out of date by the file's time, to the second)
    os.utime(manifest, (built + 60, built + 60))


def _finds(page: Page, query: str, words: str) -> None:
    page.evaluate("(q) => window.rulebook.search.open(q)", query)
    page.wait_for_function(
        "(q) => document.querySelector('.rb-palette').dataset.renderedQuery === q", arg=query, timeout=15_000
    )
    expect(page.locator(".rb-palette [role=option]").first).to_contain_text(words)


def test_search_keeps_working_when_a_new_build_is_deployed_while_the_page_is_open(
    published: tuple[hosting.Host, Path], context: BrowserContext, tmp_path: Path
) -> None:
    """Each build puts the index in a folder of its own. A page opened before a deploy holds the
    old manifest (in memory, and in the browser's cache for an hour on this host): its next query
    asked a removed folder for its shards and failed until the page was reloaded, or the cache
    expired."""
    host, site = published
    chapter = host.url("rules") + "demo/01-proverka/"
    before = context.new_page()
    before.goto(chapter)
    before.evaluate("() => window.rulebook.search.load().then(() => true)")  # the old manifest
    _with_new_index_folder(site, tmp_path / "site")
    host.publish("rules", tmp_path / "site")
    after = context.new_page()
    try:
        # a page opened after the deploy, with the old manifest in the browser's cache
        after.goto(chapter)
        _finds(after, "итог", "Итог")
        # the page that loaded the old manifest: its query finds the shards gone, and runs again
        _finds(before, "бросок", "Бросок")
        expect(before.locator(".rb-palette__status")).not_to_contain_text("404")
    finally:
        host.publish("rules", site)
        before.close()
        after.close()


def test_a_page_of_a_new_build_runs_that_builds_scripts_not_the_ones_the_browser_kept(
    published: tuple[hosting.Host, Path], context: BrowserContext, tmp_path: Path
) -> None:
    """The host lets the browser keep every file for an hour. A page of a new build (here the
    same page reloaded after a deploy) names its scripts with the new build's mark, so it runs
    them, not the previous build's copies the browser kept: a new page under an old script
    mixed two builds."""
    host, site = published
    chapter = host.url("rules") + "demo/01-proverka/"
    page = context.new_page()
    page.goto(chapter)
    page.wait_for_load_state("networkidle")  # the browser has kept this build's scripts
    dest = tmp_path / "site"
    shutil.copytree(site, dest, copy_function=os.link)
    core = dest / "assets" / "rulebook" / "core.js"
    text = core.read_text(encoding="utf-8")
    core.unlink()  # hard links: writing through them would change the original build
    core.write_text(text + "\nwindow.rulebookBuild = 'new';\n", encoding="utf-8")
    html = dest / "demo" / "01-proverka" / "index.html"
    old = re.search(r"core\.js\?v=(\w+)", html.read_text(encoding="utf-8"))
    assert old, "the page names its scripts with the build's mark"
    for f in dest.rglob("*.html"):
        body = f.read_text(encoding="utf-8")
        f.unlink()
        f.write_text(body.replace(f"?v={old[1]}", "?v=0123456789"), encoding="utf-8")
    host.publish("rules", dest)
    try:
        page.reload()  # the page itself is asked for again; its scripts by their addresses
        page.wait_for_function("window.rulebook && window.rulebook.search")
        assert page.evaluate("window.rulebookBuild") == "new"
    finally:
        host.publish("rules", site)
        page.close()
