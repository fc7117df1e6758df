"""Offline: the service worker keeps the whole site after the first visit, pins keep working with
the network cut, a new build replaces the cache cleanly, and Pyodide is cached only on request."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.support import site as support

pytestmark = pytest.mark.service_worker  # the offline copy is what these tests are about

READY = "window.rulebook && window.rulebook.offline && window.rulebook.offline.state === 'ready'"


def wait_ready(page: Page) -> None:
    page.wait_for_function(READY, timeout=30_000)


def cache_names(page: Page) -> list[str]:
    return page.evaluate("caches.keys()")


def of_group(names: list[str], group: str) -> list[str]:
    """This site's caches of `group` (the site is served at the root: "rulebook / core <version>")."""
    return [n for n in names if n.startswith(f"rulebook / {group} ")]


def test_after_one_visit_every_page_and_pins_work_offline(
    page: Page, context: BrowserContext, server: str, shot: Path
) -> None:
    page.goto(server + "/")
    wait_ready(page)
    assert of_group(cache_names(page), "core"), cache_names(page)

    context.set_offline(True)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    try:
        # pages never opened before come from the cache
        page.goto(server + "/fatum/05-masteru/")
        wait_ready(page)
        assert not [u for u in failed if "offline-manifest" in u]  # no request bound to fail
        expect(page.locator("h1")).to_have_text(re.compile("Глава 5"))
        b = page.locator("[data-rb-block]", has_text="Очки Угрозы — приблизительный инструмент").first
        b.hover()
        b.locator(":scope > .rb-pin").click()
        page.goto(server + "/gm-screen/")
        expect(page.locator("section.rb-card").first).to_be_visible()
        page.locator("#rb-pins-toggle").click()
        item = page.locator("#rb-pins .rb-pinned")
        expect(item).to_have_count(1)
        expect(item).not_to_have_class(re.compile("is-missing"))  # the id list came from the cache
        page.screenshot(path=str(shot / "offline-gm-screen.png"))
        item.locator(".rb-pinned__link").click()
        page.wait_for_url(re.compile(r"/fatum/05-masteru/#ochki-ugrozy--1$"))
        expect(page.locator("[id='ochki-ugrozy--1']")).to_have_class(re.compile(r"\brb-target\b"))
        # the offline dialog says so, and offers the calculators' runtime with its size
        page.locator("#rb-offline-toggle").click()
        dialog = page.locator("#rb-offline")
        expect(dialog).to_contain_text("доступны без сети")
        expect(dialog.locator(".rb-offline__runtime")).to_be_visible()
        expect(dialog.locator(".rb-offline__runtime")).to_contain_text("МБ")
        page.screenshot(path=str(shot / "offline-dialog.png"))
        page.keyboard.press("Escape")
        # an address that was never part of the site answers with the cached 404 page
        resp = page.goto(server + "/net-takoi-stranitsy/")
        assert resp is not None and resp.status == 404
    finally:
        context.set_offline(False)


@pytest.fixture
def project(tmp_path: Path, runtime_cache: Path) -> Iterator[tuple[Path, Path, str]]:
    """(mkdocs.yml of a small project: chapter 3, with its calculators, and a GM screen with
    one of its sections as a card; its site dir; URL of the served site dir)."""
    cfg = support.gm_screen_project(tmp_path / "project", runtime_cache=runtime_cache)
    site = tmp_path / "site"
    site.mkdir()
    with support.serve(site) as url:
        yield cfg, site, url.rstrip("/")


def build(cfg: Path, site: Path) -> None:
    support.build(cfg, site)


def test_a_new_build_replaces_the_cache_cleanly(
    context: BrowserContext, project: tuple[Path, Path, str], shot: Path
) -> None:
    cfg, site, url = project
    chapter = cfg.parent / "docs/fatum/03-boi.md"
    old = "В бою каждое действие тратит Очки Действий (ОД)."
    new = "В бою каждое действие тратит Очки Действий (ОД) — новая редакция."
    build(cfg, site)
    page = context.new_page()
    page.goto(url + "/fatum/03-boi/")
    wait_ready(page)
    first = of_group(cache_names(page), "core")
    assert len(first) == 1

    chapter.write_text(chapter.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    build(cfg, site)
    page.reload()  # the browser notices the new worker; the old build keeps serving meanwhile
    page.wait_for_function("window.rulebook.offline.state === 'update'", timeout=30_000)
    expect(page.locator("[id='3-2-deistviia-v-boiu--1']")).to_contain_text(old)  # no mix
    page.locator("#rb-offline-toggle").click()
    page.screenshot(path=str(shot / "update-offered.png"))
    page.get_by_role("button", name="Обновить").click()
    page.wait_for_function(READY, timeout=30_000)
    expect(page.locator("[id='3-2-deistviia-v-boiu--1']")).to_contain_text(new)
    now = of_group(cache_names(page), "core")
    assert len(now) == 1 and now != first, now  # the old build's cache is gone
    # a cached Pyodide runtime (unchanged between the two builds) may stay, but only one copy
    assert len(of_group(cache_names(page), "pyodide")) <= 1

    context.set_offline(True)
    try:
        page.goto(url + "/gm-screen/")
        expect(page.locator("section.rb-card", has_text="3.2. Действия в бою")).to_contain_text(new)
    finally:
        context.set_offline(False)
    page.close()


def test_pyodide_is_cached_only_when_asked_and_then_works_offline(
    context: BrowserContext, site: Path, fresh_server: str, shot: Path
) -> None:
    url = fresh_server
    runtime = site / "assets/rulebook/pyodide"
    size_mb = sum(f.stat().st_size for f in runtime.iterdir()) / 1024 / 1024
    assert size_mb > 5, "the build installs the real Pyodide runtime"
    page = context.new_page()
    page.goto(url + "/")
    wait_ready(page)
    fetch = "p => fetch(p).then(r => r.text()).then(t => t.length, () => -1)"

    page.locator("#rb-offline-toggle").click()
    runtime_box = page.locator("#rb-offline .rb-offline__runtime")
    label = re.compile(rf"Скачать для работы без сети \({int(size_mb)}(?:,\d)? МБ\)")
    offer = runtime_box.get_by_role("button", name=label)
    expect(offer).to_be_visible()
    page.screenshot(path=str(shot / "pyodide-offer.png"))
    context.set_offline(True)
    assert (
        page.evaluate(fetch, "assets/rulebook/pyodide/pyodide.mjs") == -1
    )  # not cached behind the reader's back
    context.set_offline(False)

    offer.click()
    expect(runtime_box).to_contain_text("сохранена", timeout=90_000)
    page.screenshot(path=str(shot / "pyodide-cached.png"))
    context.set_offline(True)
    try:
        assert page.evaluate(fetch, "assets/rulebook/pyodide/pyodide.mjs") > 0
        assert page.evaluate(fetch, "assets/rulebook/pyodide/pyodide.asm.wasm") > 0
    finally:
        context.set_offline(False)
    assert of_group(cache_names(page), "pyodide")
    page.close()


def test_offline_without_the_runtime_a_calculator_says_the_network_is_why_and_starts_once_it_is_back(
    page: Page, context: BrowserContext, server: str, shot: Path
) -> None:
    """The site is kept offline but the calculators' runtime was never asked for: with the network
    cut, a calculator cannot start. It said «не загрузился… попробуйте обновить страницу», which
    offline only loses the page; it says the network is why and where to keep the runtime, and
    starts by itself when the network is back."""
    page.goto(server + "/")
    wait_ready(page)
    context.set_offline(True)
    try:
        page.goto(server + "/fatum/01-bazovye-pravila/")
        widget = page.locator("#rb-calc-check-1")
        widget.scroll_into_view_if_needed()
        widget.locator("select[name=success_die]").select_option("8")
        widget.locator("input[name=bonus]").fill("1")
        status = widget.locator(".rb-calc__status[data-state=failed]")
        expect(status).to_contain_text("Нет связи", timeout=30_000)
        expect(status).to_contain_text("«Работа без сети»")
        expect(status).not_to_contain_text("обновить страницу")
        widget.screenshot(path=str(shot / "calculator-offline.png"))
    finally:
        context.set_offline(False)
    expect(widget.locator("[data-key=p_success]")).to_have_text("19/24", timeout=60_000)


@pytest.mark.devices("desktop", "phone")
def test_a_browser_that_refuses_the_site_its_storage_is_named_as_the_reason(
    page: Page, server: str, device: str
) -> None:
    """With the site's data blocked, Chromium refuses the service worker («…: The user denied
    permission to use Service Worker.»): the dialog showed that English sentence as an error of the
    network («Попробуйте ещё раз, когда связь будет стабильной») and offered «Повторить»."""
    page.add_init_script(
        "navigator.serviceWorker.register = () => Promise.reject(new DOMException("
        "'Failed to register a ServiceWorker: The user denied permission to use Service Worker.',"
        " 'SecurityError'));"
    )
    page.goto(server + "/fatum/01-bazovye-pravila/")
    page.wait_for_function("window.rulebook.offline.state === 'unsupported'", timeout=30_000)
    button = page.locator("#rb-offline-toggle")
    expect(button).to_have_attribute("aria-label", "Браузер не даёт сайту сохраниться для работы без сети")
    button.tap() if device == "phone" else button.click()
    dialog = page.locator("#rb-offline")
    expect(dialog).to_contain_text("разрешите сайту хранить данные в настройках браузера")
    expect(dialog).not_to_contain_text("denied permission")
    expect(dialog.get_by_role("button", name="Повторить")).to_have_count(0)
