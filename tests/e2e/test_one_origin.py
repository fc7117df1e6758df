"""One origin, many sites: the session's build published twice on one origin, under /a/ and /b/
(two sub-paths of a GitHub Pages user, or production and a preview). Each keeps its own pins and
its own offline copy, and a new build of one leaves the other's caches alone. The calculators'
runtime (Pyodide, tens of MB) is kept offline only after the reader asked for it, across deploys,
and not after they removed it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e import hosting

pytestmark = pytest.mark.service_worker  # the offline copy is what these tests are about

READY = "window.rulebook && window.rulebook.offline && window.rulebook.offline.state === 'ready'"
RUNTIME = "assets/rulebook/pyodide/"


@pytest.fixture
def origin(site: Path, tmp_path: Path) -> Iterator[hosting.Host]:
    with hosting.host(tmp_path / "www") as host:
        host.publish("a", site)
        host.publish("b", site)
        yield host


def caches(page: Page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def of_site(names: list[str], host: hosting.Host, name: str, group: str) -> list[str]:
    prefix = f"rulebook /{name}/ {group} "
    return [n for n in names if n.startswith(prefix)]


def wait_ready(page: Page, version: str | None = None) -> None:
    if version is None:
        page.wait_for_function(READY, timeout=60_000)
    else:
        page.wait_for_function(
            f"({READY}) && window.rulebook.offline.version === '{version}'", timeout=60_000
        )


def update_to(page: Page, version: str) -> None:
    """Reload: the browser finds the new worker; take the update it offers."""
    page.reload()
    page.wait_for_function("window.rulebook.offline.state === 'update'", timeout=60_000)
    page.locator("#rb-offline-toggle").click()
    page.get_by_role("button", name="Обновить").click()
    wait_ready(page, version)


def test_two_sites_keep_their_own_pins_and_offline_copies_and_an_update_touches_only_its_own(
    origin: hosting.Host, site: Path, context: BrowserContext, tmp_path: Path, shot: Path
) -> None:
    a, b = origin.url("a"), origin.url("b")
    pa = context.new_page()
    pa.goto(a + "fatum/05-masteru/")
    wait_ready(pa)
    block = pa.locator("[data-rb-block]", has_text="Очки Угрозы — приблизительный инструмент").first
    block.hover()
    block.locator(":scope > .rb-pin").click()
    expect(pa.locator("#rb-pins-toggle .rb-pins-toggle__count")).to_have_text("1")

    pb = context.new_page()
    pb.goto(b + "fatum/05-masteru/")
    wait_ready(pb)
    assert pb.evaluate("rulebook.pins.list().scenes[0].pins.length") == 0  # /a/'s pin is not /b/'s
    assert pa.evaluate("rulebook.pins.store") != pb.evaluate("rulebook.pins.store")
    expect(pb.locator("#rb-pins-toggle .rb-pins-toggle__count")).to_have_text("")
    before = caches(pb)
    assert (
        len(of_site(before, origin, "a", "core")) == 1 and len(of_site(before, origin, "b", "core")) == 1
    ), before

    context.set_offline(True)
    try:
        pa.goto(a + "fatum/03-boi/")
        expect(pa.locator("h1")).to_have_text(re.compile("Глава 3"))
        pb.goto(b + "gm-screen/")
        expect(pb.locator("section.rb-card").first).to_be_visible()
    finally:
        context.set_offline(False)

    # a new build of /a/ replaces /a/'s copy and leaves /b/'s as it was
    version = hosting.deploy(site, tmp_path / "a-v2", "a, second build")
    origin.publish("a", tmp_path / "a-v2")
    pa.goto(a)
    update_to(pa, version)
    after = caches(pa)
    assert of_site(after, origin, "a", "core") == [f"rulebook /a/ core {version}"], after
    assert of_site(after, origin, "b", "core") == of_site(before, origin, "b", "core"), after
    pa.screenshot(path=str(shot / "a-updated.png"))

    context.set_offline(True)
    try:
        pb.goto(b + "fatum/01-bazovye-pravila/")
        expect(pb.locator("h1")).to_have_text(re.compile("Глава 1"))
        pa.goto(a + "fatum/05-masteru/")
        expect(pa.locator("#rb-pins-toggle .rb-pins-toggle__count")).to_have_text("1")
    finally:
        context.set_offline(False)


def use_the_runtime_online(page: Page, site_url: str) -> None:
    """What a calculator does when it starts: ask for runtime files (the network answers)."""
    size = page.evaluate(
        "u => fetch(u).then(r => r.ok ? r.text() : '').then(t => t.length)",
        site_url + RUNTIME + "pyodide-lock.json",
    )
    assert size > 0


def runtime_box(page: Page):  # type: ignore[no-untyped-def]
    page.locator("#rb-offline-toggle").click()
    return page.locator("#rb-offline .rb-offline__runtime")


def test_the_runtime_is_kept_only_while_the_reader_wants_it_across_deploys(
    origin: hosting.Host, site: Path, context: BrowserContext, tmp_path: Path, shot: Path
) -> None:
    a = origin.url("a")
    page = context.new_page()
    page.goto(a + "fatum/03-boi/")
    wait_ready(page)
    use_the_runtime_online(page, a)
    assert of_site(caches(page), origin, "a", "pyodide") == []

    def new_build_brings_no_runtime(name: str) -> None:
        origin.requests.clear()
        version = hosting.deploy(site, tmp_path / name, name)
        origin.publish("a", tmp_path / name)
        update_to(page, version)
        assert origin.requested("/a/" + RUNTIME) == []  # the new worker downloaded none
        assert of_site(caches(page), origin, "a", "pyodide") == []

    # never asked: a new build downloads no runtime file and keeps none
    new_build_brings_no_runtime("second-build")

    # asked: kept; removed: gone, and a further build does not bring it back
    box = runtime_box(page)
    box.get_by_role("button", name=re.compile("Скачать для работы без сети")).click()
    expect(box).to_contain_text("сохранена", timeout=120_000)
    assert len(of_site(caches(page), origin, "a", "pyodide")) == 1
    box.get_by_role("button", name=re.compile("Удалить из памяти")).click()
    expect(box.get_by_role("button", name=re.compile("Скачать для работы без сети"))).to_be_visible()
    page.screenshot(path=str(shot / "runtime-removed.png"))
    page.keyboard.press("Escape")
    assert of_site(caches(page), origin, "a", "pyodide") == []
    use_the_runtime_online(page, a)

    new_build_brings_no_runtime("third-build")
    expect(
        runtime_box(page).get_by_role("button", name=re.compile("Скачать для работы без сети"))
    ).to_be_visible()
