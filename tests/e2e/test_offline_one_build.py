"""A session stays on one build: a new build that fails to download leaves the one kept offline
working and says so the same way in the header button and in the dialog, and a page that only a
newer build has is not fetched into the old build's session: the reader is told and can switch.

One small project (FATUM's introduction) is built twice into the folder a server serves, as a
deploy would replace it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.support import site as support

pytestmark = pytest.mark.service_worker  # the offline copy is what these tests are about

READY = "window.rulebook && window.rulebook.offline && window.rulebook.offline.state === 'ready'"
# the switch is done: the page was replaced, or its button is ready for another try
SETTLED = "() => { const b = document.querySelector('#rb-newer-build button'); return !b || !b.disabled; }"
NEW_PAGE = "# Новая страница\n\nЭтот абзац есть только в новой сборке.\n"


def test_a_failed_update_and_a_page_of_the_newer_build_keep_the_session_on_its_build(
    context: BrowserContext, tmp_path: Path, runtime_cache: Path, shot: Path
) -> None:
    cfg = support.project(tmp_path / "project", ["fatum/00-vvedenie.md"], runtime_cache=runtime_cache)
    site = tmp_path / "site"
    site.mkdir()
    with support.serve(site) as served:
        url = served.rstrip("/")
        support.build(cfg, site)
        page = context.new_page()
        page.goto(url + "/fatum/00-vvedenie/")
        page.wait_for_function(READY, timeout=60_000)

        # the next deploy adds a page, and arrives damaged: one file is not what its build listed
        (cfg.parent / "docs" / "novaia.md").write_text(NEW_PAGE, encoding="utf-8")
        support.build(cfg, site)
        sitemap = site / "sitemap.xml"
        good = sitemap.read_bytes()
        sitemap.write_bytes(good + b"<!-- half-copied -->")

        page.reload()
        page.wait_for_function("Boolean(window.rulebook.offline.updateError)", timeout=60_000)
        assert page.evaluate("window.rulebook.offline.state") == "ready"
        button = page.locator("#rb-offline-toggle")
        label = "Сайт доступен без сети; новую версию скачать не удалось"
        expect(button).to_have_attribute("aria-label", label)  # not "error": the kept build works
        button.click()
        dialog = page.locator("#rb-offline")
        expect(dialog).to_contain_text("доступны без сети")
        expect(dialog).to_contain_text("новую версию сайта скачать не удалось")
        expect(dialog).to_contain_text("content differs")
        expect(dialog.get_by_role("button", name="Повторить")).to_be_visible()
        page.screenshot(path=str(shot / "update-failed.png"))
        page.keyboard.press("Escape")

        # the new page is on the server, but this session's build has no such page
        page.goto(url + "/novaia/")
        notice = page.locator("#rb-newer-build")
        expect(notice).to_contain_text("Эта страница — из более новой версии сайта")
        expect(page.get_by_text("Этот абзац есть только в новой сборке.")).to_have_count(0)
        page.screenshot(path=str(shot / "newer-build-page.png"))

        # once the deploy is whole, the reader switches and the page opens on the new build
        sitemap.write_bytes(good)
        arrived = page.get_by_text("Этот абзац есть только в новой сборке.")
        switch = notice.get_by_role("button")
        for _ in range(3):  # the browser may have retried the damaged deploy on its own meanwhile
            switch.click()
            page.wait_for_function(SETTLED, timeout=60_000)
            # the new build's page arrived, or is on its way: the notice and its button are gone
            if arrived.count() or not switch.count():
                break
        expect(arrived).to_be_visible(timeout=60_000)  # a whole build switched on a busy machine
        page.wait_for_function(READY, timeout=60_000)
        assert page.evaluate("window.rulebook.offline.updateError") == ""
        page.close()
