"""Pins: pin a rule, keep it across reloads, reopen it in place, reorder, group into scenes, clear;
a pin whose target vanished is shown as such; the palette's pin event; the phone drawer.

The tests share a browser profile per device, wiped before each (tests/e2e/conftest.py): every
test starts with no pins."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

pytestmark = [pytest.mark.devices("desktop", "phone"), pytest.mark.shared_profile]

COVER = "Укрытие — это любой объект"  # 3.3, first paragraph
BASE_DIFFICULTY = "Базовая сложность попадания по открытой цели"  # 3.3, «Базовая сложность попадания»


def block(page: Page, text: str) -> Locator:
    return page.locator("[data-rb-block]", has_text=text).first


def pin_block(page: Page, text: str) -> str:
    close_drawer(page)
    b = block(page, text)
    b.hover()
    button = b.locator(":scope > .rb-pin")
    expect(button).to_be_visible()
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    return str(b.get_attribute("id"))


def close_drawer(page: Page) -> None:
    """On a narrow screen the panel is a modal drawer over the page: close it to reach the text."""
    if page.evaluate(
        "document.body.classList.contains('rb-pins-modal') && !document.getElementById('rb-pins').hidden"
    ):
        page.locator("#rb-pins .rb-pins__close").click()
        expect(page.locator("#rb-pins")).to_be_hidden()


def open_panel(page: Page) -> Locator:
    panel = page.locator("#rb-pins")
    if not panel.is_visible():
        page.locator("#rb-pins-toggle").click()
    expect(panel).to_be_visible()
    return panel


def order(page: Page) -> list[str]:
    return page.locator("#rb-pins .rb-pinned").evaluate_all("els => els.map(e => e.dataset.key)")


def stored(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem(rulebook.pins.store)"))


def test_a_pinned_paragraph_survives_a_reload_and_opens_in_place(page: Page, server: str, shot: Path) -> None:
    page.goto(server + "/fatum/03-boi/")
    cover = pin_block(page, COVER)
    assert cover == "3-3-ukrytiia-i-zona-obstrela--1"
    page.locator("[id='3-2-deistviia-v-boiu'] > .rb-pin").focus()  # keyboard reaches heading pins
    page.keyboard.press("Enter")
    expect(page.locator("[id='3-2-deistviia-v-boiu'] > .rb-pin")).to_have_attribute("aria-pressed", "true")

    page.reload()
    expect(page.locator("#rb-pins-toggle")).to_have_attribute("aria-label", "Закрепы: 2")
    expect(block(page, COVER).locator(":scope > .rb-pin")).to_have_attribute("aria-pressed", "true")
    panel = open_panel(page)
    first = panel.locator(".rb-pinned").first
    expect(first.locator(".rb-pinned__title")).to_have_text("3.3. Укрытия и Зона обстрела")
    expect(first.locator(".rb-pinned__meta")).to_have_text("FATUM · Глава 3. Бой")
    expect(first.locator(".rb-pinned__excerpt")).to_contain_text(COVER)
    page.screenshot(path=str(shot / "panel.png"))

    # from another page, one click lands on the paragraph, scrolled, highlighted and focused
    page.goto(server + "/fatum/01-bazovye-pravila/")
    open_panel(page).locator(".rb-pinned__link", has_text="3.3. Укрытия").click()
    page.wait_for_url(re.compile(r"/fatum/03-boi/#3-3-ukrytiia-i-zona-obstrela--1$"))
    target = page.locator(f"[id='{cover}']")
    expect(target).to_have_class(re.compile(r"\brb-target\b"))
    expect(target).to_be_in_viewport()
    expect(target).to_be_focused()
    page.screenshot(path=str(shot / "opened.png"))


def test_pins_reorder_by_keyboard_and_drag_then_clear(page: Page, server: str, shot: Path) -> None:
    page.goto(server + "/fatum/03-boi/")
    a = pin_block(page, COVER)
    b = pin_block(page, BASE_DIFFICULTY)
    key_a, key_b = f"fatum/03-boi/#{a}", f"fatum/03-boi/#{b}"
    panel = open_panel(page)
    assert order(page) == [key_a, key_b]

    handle = panel.locator(f".rb-pinned[data-key='{key_a}'] .rb-pinned__handle")
    handle.focus()
    page.keyboard.press("ArrowDown")
    assert order(page) == [key_b, key_a]
    expect(panel.locator(f".rb-pinned[data-key='{key_a}'] .rb-pinned__handle")).to_be_focused()
    expect(panel.locator("[role=status]")).to_contain_text("позиция 2 из 2")
    assert [p["id"] for p in stored(page)["scenes"][0]["pins"]] == [b, a]
    page.keyboard.press("ArrowUp")
    assert order(page) == [key_a, key_b]

    # drag the second above the first with the pointer
    src = panel.locator(f".rb-pinned[data-key='{key_b}'] .rb-pinned__handle").bounding_box()
    dst = panel.locator(f".rb-pinned[data-key='{key_a}']").bounding_box()
    assert src and dst
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(src["x"] + 5, dst["y"] + 4, steps=8)
    page.mouse.up()
    assert order(page) == [key_b, key_a]
    page.reload()
    open_panel(page)
    assert order(page) == [key_b, key_a]

    page.once("dialog", lambda d: d.accept())
    open_panel(page).get_by_role("button", name="Очистить всё").click()
    expect(page.locator("#rb-pins .rb-pinned")).to_have_count(0)
    expect(page.locator("#rb-pins-toggle")).to_have_attribute("aria-label", "Закрепы")
    expect(block(page, COVER).locator(":scope > .rb-pin")).to_have_attribute("aria-pressed", "false")
    assert stored(page)["scenes"][0]["pins"] == []
    page.screenshot(path=str(shot / "cleared.png"))


def test_removing_a_pin_by_keyboard_leaves_the_focus_on_its_neighbour(page: Page, server: str) -> None:
    """A reader clearing a long list by keyboard stays where they are: the focus goes to the next
    pin (the previous one for the last), and to the panel's title only when none is left."""
    page.goto(server + "/fatum/03-boi/")
    pin_block(page, COVER)
    b = pin_block(page, BASE_DIFFICULTY)
    panel = open_panel(page)
    panel.get_by_role("button", name="Убрать закреп «3.3. Укрытия и Зона обстрела»").focus()
    page.keyboard.press("Enter")
    expect(panel.locator(".rb-pinned")).to_have_count(1)
    expect(panel.locator(f".rb-pinned[data-key='fatum/03-boi/#{b}'] .rb-pinned__link")).to_be_focused()
    page.keyboard.press("Tab")  # the next control is the remaining pin's own
    page.keyboard.press("Enter")
    expect(panel.locator(".rb-pinned")).to_have_count(0)
    expect(panel.locator(".rb-pins__title")).to_be_focused()


def test_a_pinned_section_that_opens_with_a_subsection_shows_its_first_paragraph(
    page: Page, server: str
) -> None:
    """«3.9. Ранения и травмы» begins with its subsection «Шкала ранений»: the pin still shows the
    section's first words, as any other pinned heading does (it showed none)."""
    page.goto(server + "/fatum/03-boi/")
    heading = page.locator("[id='3-9-raneniia-i-travmy']")
    heading.scroll_into_view_if_needed()
    heading.hover()
    heading.locator(":scope > .rb-pin").click()
    panel = open_panel(page)
    expect(panel.locator(".rb-pinned__excerpt")).to_contain_text(
        "Вместо хитов здоровья используется шкала ранений"
    )
    assert stored(page)["scenes"][0]["pins"][0]["excerpt"].startswith("Вместо хитов здоровья")


def test_pins_group_into_named_scenes(page: Page, server: str, shot: Path) -> None:
    page.goto(server + "/fatum/03-boi/")
    a = pin_block(page, COVER)
    panel = open_panel(page)
    panel.get_by_label("Новая сцена").fill("Бой в траншее")
    panel.get_by_role("button", name="Создать").click()
    trench = panel.locator(".rb-scene", has=page.get_by_role("heading", name="Бой в траншее"))
    expect(trench).to_have_class(re.compile(r"\bis-current\b"))
    b = pin_block(page, BASE_DIFFICULTY)
    open_panel(page)  # (a phone's drawer closed to reach the text)
    expect(trench.locator(".rb-pinned")).to_have_count(1)
    assert [s["name"] for s in stored(page)["scenes"]] == ["Общие", "Бой в траншее"]
    assert [p["id"] for p in stored(page)["scenes"][1]["pins"]] == [b]

    # keyboard moves cross scene borders: up from the top of «Бой в траншее» -> end of «Общие»
    trench.locator(".rb-pinned__handle").focus()
    page.keyboard.press("ArrowUp")
    assert [[p["id"] for p in s["pins"]] for s in stored(page)["scenes"]] == [[a, b], []]
    page.keyboard.press("ArrowDown")
    assert [[p["id"] for p in s["pins"]] for s in stored(page)["scenes"]] == [[a], [b]]

    panel.get_by_role("button", name="Переименовать сцену «Бой в траншее»").click()
    rename = panel.get_by_label("Название сцены")
    rename.fill("Засада у моста")
    rename.press("Enter")
    expect(panel.get_by_role("heading", name="Засада у моста")).to_be_visible()
    page.screenshot(path=str(shot / "scenes.png"))
    page.once("dialog", lambda d: d.accept())
    panel.get_by_role("button", name="Удалить сцену «Засада у моста»").click()
    assert [[p["id"] for p in s["pins"]] for s in stored(page)["scenes"]] == [[a]]


def test_a_pin_whose_target_vanished_is_kept_and_shown_as_missing(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/")
    saved = {
        "v": 1,
        "current": "s1",
        "scenes": [
            {
                "id": "s1",
                "name": "Общие",
                "pins": [
                    {
                        "path": "fatum/03-boi/",
                        "id": "3-3-ukrytiia-i-zona-obstrela--1",
                        "title": "3.3. Укрытия",
                    },
                    {
                        "path": "fatum/03-boi/",
                        "id": "3-3-ukrytiia-i-zona-obstrela--99",
                        "title": "Правило старой сборки",
                        "excerpt": "Абзац, которого больше нет.",
                        "book": "fatum",
                    },
                    {"path": "fatum/07-ischeznuvshaia/", "id": "x--1", "title": "Исчезнувшая глава"},
                ],
            }
        ],
    }
    page.evaluate("d => localStorage.setItem(rulebook.pins.store, JSON.stringify(d))", saved)
    page.reload()
    panel = open_panel(page)
    missing = panel.locator(".rb-pinned.is-missing")
    expect(missing).to_have_count(2)
    gone = panel.locator(".rb-pinned", has_text="Правило старой сборки")
    expect(gone.locator(".rb-pinned__missing")).to_have_text("Не найдено в текущей версии книги")
    expect(gone.locator(".rb-pinned__excerpt")).to_have_text("Абзац, которого больше нет.")
    expect(panel.locator(".rb-pinned", has_text="3.3. Укрытия")).not_to_have_class(re.compile("is-missing"))
    page.screenshot(path=str(shot / "missing.png"))

    # a vanished page is not opened; a vanished block opens its page and says so
    panel.locator(".rb-pinned__link", has_text="Исчезнувшая глава").click()
    expect(page.locator(".rb-toast")).to_contain_text("этой страницы больше нет")
    assert page.url.rstrip("/") == server
    panel.locator(".rb-pinned__link", has_text="Правило старой сборки").click()
    page.wait_for_url(re.compile(r"/fatum/03-boi/"))
    expect(page.locator(".rb-toast")).to_contain_text("не найдено на странице")
    assert len(stored(page)["scenes"][0]["pins"]) == 3  # nothing silently dropped


def test_the_palette_pins_a_result_by_event(page: Page, server: str) -> None:
    page.goto(server + "/fatum/01-bazovye-pravila/")
    page.evaluate(
        """() => document.dispatchEvent(new CustomEvent('rulebook:pin', {detail: {
            id: '3-2-deistviia-v-boiu--1', url: 'fatum/03-boi/#3-2-deistviia-v-boiu--1',
            title: '3.2. Действия в бою', book: 'fatum'}}))"""
    )
    expect(page.locator(".rb-toast")).to_contain_text("Закреплено")
    item = open_panel(page).locator(".rb-pinned")
    expect(item).to_have_count(1)
    expect(item.locator(".rb-pinned__excerpt")).to_contain_text(
        "В бою каждое действие тратит"
    )  # read from the page
    expect(item.locator(".rb-pinned__meta")).to_have_text("FATUM · Глава 3. Бой")
    assert stored(page)["scenes"][0]["pins"][0]["path"] == "fatum/03-boi/"


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Page]:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="ru-RU",
        service_workers="block",  # as conftest.open_context: no offline copy saved
    )
    p = ctx.new_page()
    yield p
    ctx.close()


def test_on_a_phone_a_tap_shows_the_pin_button_and_the_panel_is_a_drawer(
    phone: Page, server: str, shot: Path
) -> None:
    page = phone
    page.goto(server + "/fatum/03-boi/")
    b = block(page, COVER)
    b.scroll_into_view_if_needed()
    button = b.locator(":scope > .rb-pin")
    assert button.evaluate("e => getComputedStyle(e).opacity") == "0"
    b.tap()
    expect(button).to_have_css("opacity", "1")
    box = button.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24  # a finger-sized target
    assert box["x"] + box["width"] <= 390  # on screen
    page.screenshot(path=str(shot / "tap.png"))
    button.tap()
    expect(button).to_have_attribute("aria-pressed", "true")

    toggle = page.locator("#rb-pins-toggle")
    toggle.tap()
    panel = page.locator("#rb-pins")
    expect(panel).to_have_attribute("role", "dialog")
    expect(panel).to_have_attribute("aria-modal", "true")
    expect(panel.locator(".rb-pins__title")).to_be_focused()
    assert page.locator(".md-container").get_attribute("inert") is not None
    page.screenshot(path=str(shot / "drawer.png"))
    # its controls take a finger: the close and remove crosses, the handle, a scene's buttons
    for sel in (".rb-pins__close", ".rb-pinned__remove", ".rb-pinned__handle", ".rb-scene__btn"):
        boxes = [b.bounding_box() for b in panel.locator(sel).all()]
        assert boxes and all(b and b["width"] >= 44 and b["height"] >= 44 for b in boxes), sel
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(toggle).to_be_focused()
    assert page.locator(".md-container").get_attribute("inert") is None

    toggle.tap()
    panel.locator(".rb-pinned__link").tap()  # opening a pin closes the drawer
    expect(panel).to_be_hidden()
    expect(page.locator("[id='3-3-ukrytiia-i-zona-obstrela--1']")).to_be_in_viewport()


@pytest.mark.devices("desktop")  # the docked panel of a wide screen; the phone's drawer closes
def test_with_instant_navigation_the_panel_survives_page_changes(
    context: BrowserContext, server: str, shot: Path
) -> None:
    """Material swaps pages without a reload once site_url matches the host (the session's site
    is built so): the panel stays, new pages get their pin buttons, and a pin opens through the
    swap."""
    page = context.new_page()
    page.goto(server + "/fatum/03-boi/")
    page.evaluate("window.__sameDocument = true")
    cover = pin_block(page, COVER)
    open_panel(page)
    page.locator(".md-nav__link", has_text="Глава 1. Базовые правила").first.click()
    page.wait_for_url(re.compile(r"/fatum/01-bazovye-pravila/$"))
    expect(page.locator("h1")).to_have_text(re.compile("Глава 1"))
    assert page.evaluate("window.__sameDocument === true"), "the page was reloaded, not swapped"
    expect(page.locator("#rb-pins")).to_be_visible()
    assert page.locator("#rb-pins").count() == 1
    pin_block(page, "Проверка состоит из двух бросков")  # the new page has pin buttons
    expect(page.locator("#rb-pins .rb-pinned")).to_have_count(2)
    page.locator("#rb-pins .rb-pinned__link").first.click()
    page.wait_for_url(re.compile(rf"/fatum/03-boi/#{cover}$"))
    assert page.evaluate("window.__sameDocument === true")
    expect(page.locator(f"[id='{cover}']")).to_have_class(re.compile(r"\brb-target\b"))
    expect(page.locator(f"[id='{cover}']")).to_be_focused()
    page.screenshot(path=str(shot / "instant.png"))
    page.close()


HEADS = ".md-content :is(h1, h2, h3, h4, h5, h6)[id]"
TARGETS = f"document.querySelectorAll('.md-content [data-rb-block][id], {HEADS}')"


def test_pin_buttons_follow_the_reader_and_the_page_rests_once_shown(page: Page, server: str) -> None:
    """A chapter's thousand targets get their buttons where the reader is (around the screen, as
    it scrolls, where the focus goes), and once the page is shown it does no more layout: adding
    every button in idle slices had the browser restyle the chapter after each slice."""
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_load_state("networkidle")
    # the start-up the page leaves for when the browser is idle has run: the offline copy's state
    # (shown in the header) and the search's warm-up; on a busy machine it can come after the
    # network is quiet, and its one layout is not what this test is about
    page.wait_for_function(
        "rulebook.offline.state !== 'off' && !!rulebook.searchEngine"
        " && new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
    )
    total = page.evaluate(f"{TARGETS}.length")
    near = page.evaluate("document.querySelectorAll('.md-content .rb-pin').length")
    assert 0 < near < total / 4, (near, total)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def layouts() -> float:
        return next(
            m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "LayoutCount"
        )

    before = layouts()
    page.wait_for_timeout(1500)
    assert layouts() == before, "the page laid itself out again while the reader did nothing"
    cdp.detach()
    # scrolled far down: the blocks there get theirs
    far = page.locator("p[data-rb-block][id]").nth(-25)
    far.scroll_into_view_if_needed()
    expect(far.locator(":scope > .rb-pin")).to_have_count(1)
    # the focus moved far up without scrolling (a screen reader, a link's target): there too
    first = page.locator("p[data-rb-block][id]").nth(3)
    expect(first.locator(":scope > .rb-pin")).to_have_count(1)  # near the top: made at start-up
    target = page.locator("p[data-rb-block][id]").nth(150)
    page.evaluate(
        "(id) => { const a = document.createElement('a'); a.href = '#'; a.textContent = 'x';"
        " document.getElementById(id).append(a); a.focus({ preventScroll: true }); }",
        target.get_attribute("id"),
    )
    expect(target.locator(":scope > .rb-pin")).to_have_count(1)
    page.keyboard.press("Tab")  # the next stop is a pin button of the blocks that follow
    assert page.evaluate("document.activeElement.classList.contains('rb-pin')")


def test_the_list_of_every_pages_targets_is_read_only_when_the_panel_shows_pins(
    page: Page, server: str
) -> None:
    """It grows with the library (half a megabyte at fifty books): a page view without pins, or
    with the panel closed, does not fetch it."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/targets.json") else None)
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_load_state("networkidle")
    pin_block(page, COVER)
    page.goto(server + "/fatum/01-bazovye-pravila/")
    page.wait_for_load_state("networkidle")
    assert asked == []
    panel = open_panel(page)
    expect(panel.locator(".rb-pinned")).to_have_count(1)
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/targets.json'))"
    )
    assert len(asked) == 1
    # the pin of another page shows its book and page, as the list says them
    expect(panel.locator(".rb-pinned").first).to_contain_text("FATUM")


def unseen_button(page: Page) -> tuple[Locator, float, float]:
    """The cover paragraph's pin button, not shown yet on a touch screen, and its centre."""
    b = block(page, COVER)
    b.scroll_into_view_if_needed()
    button = b.locator(":scope > .rb-pin")
    expect(button).to_have_count(1)
    assert button.evaluate("e => getComputedStyle(e).opacity") == "0"
    box = button.bounding_box()
    assert box
    return button, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_on_a_phone_a_tap_at_a_blocks_edge_shows_its_button_and_pins_nothing(
    phone: Page, server: str, shot: Path
) -> None:
    """The unseen button lies over the end of its block's first line: a tap there, by a reader who
    sees no button, shows it and pins nothing; the button seen, a tap pins."""
    page = phone
    page.goto(server + "/fatum/03-boi/")
    button, x, y = unseen_button(page)
    page.touchscreen.tap(x, y)
    expect(button).to_have_css("opacity", "1")
    page.screenshot(path=str(shot / "edge-tap.png"))
    expect(button).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("rulebook.pins.list().scenes[0].pins.length") == 0
    page.touchscreen.tap(x, y)
    expect(button).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("rulebook.pins.list().scenes[0].pins.length") == 1


def test_on_a_phone_a_table_and_a_box_are_pinned_by_their_button(
    phone: Page, server: str, shot: Path
) -> None:
    """The button of a block that cannot hold one stands on the box's edge on a narrow screen:
    it is drawn above the box, where the finger can reach it; the first tap there shows it, the
    next pins."""
    page = phone
    page.goto(server + "/fatum/03-boi/")
    boxes = {"table": page.locator(".md-typeset__scrollwrap").first, "box": page.locator(".admonition").first}
    for name, box in boxes.items():
        box.scroll_into_view_if_needed()
        row = box.locator("xpath=preceding-sibling::*[1]")
        expect(row).to_have_class(re.compile(r"\brb-pin-row\b"))
        button = row.locator(".rb-pin")
        expect(button).to_have_count(1)
        b = button.bounding_box()
        assert b
        x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
        on_top = "([x, y]) => document.elementFromPoint(x, y).closest('.rb-pin') !== null"
        assert page.evaluate(on_top, [x, y])
        page.touchscreen.tap(x, y)
        expect(button).to_have_css("opacity", "1")
        expect(button).to_have_attribute("aria-pressed", "false")
        page.screenshot(path=str(shot / f"{name}.png"))
        page.touchscreen.tap(x, y)
        expect(button).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("rulebook.pins.list().scenes[0].pins.length") == 2


def test_on_a_touch_screen_a_key_pins_the_button_a_tap_showed(phone: Page, server: str) -> None:
    """The tap that shows a button holds back its own click, and that one only: the button it
    focused then answers its keys (a tablet's keyboard), as any button does."""
    page = phone
    page.goto(server + "/fatum/03-boi/")
    b = block(page, COVER)
    b.scroll_into_view_if_needed()
    button = b.locator(":scope > .rb-pin")
    expect(button).to_have_count(1)
    box = button.bounding_box()
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(button).to_have_css("opacity", "1")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")
    expect(button).to_have_attribute("aria-pressed", "false")


def test_on_a_touch_screen_a_stylus_tap_at_a_blocks_edge_pins_nothing(phone: Page, server: str) -> None:
    """A stylus taps as a finger does: a tap on the unseen button at the end of a block's first
    line shows it and pins nothing; the button seen, a tap pins."""
    page = phone
    page.goto(server + "/fatum/03-boi/")
    button, x, y = unseen_button(page)
    cdp = page.context.new_cdp_session(page)

    def pen_tap() -> None:
        for kind in ("mousePressed", "mouseReleased"):
            cdp.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1, "pointerType": "pen"},
            )

    pen_tap()
    expect(button).to_have_css("opacity", "1")
    expect(button).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("rulebook.pins.list().scenes[0].pins.length") == 0
    pen_tap()
    expect(button).to_have_attribute("aria-pressed", "true")
    cdp.detach()


def test_on_a_phone_the_choice_of_the_scene_new_pins_go_to_takes_a_finger(phone: Page, server: str) -> None:
    """With two scenes each has «сюда», a radio button in its label: the label is a finger's
    height (44 px), as the drawer's other controls are."""
    page = phone
    page.goto(server + "/fatum/03-boi/")
    page.locator("#rb-pins-toggle").tap()
    panel = page.locator("#rb-pins")
    expect(panel).to_be_visible()
    panel.get_by_label("Новая сцена").fill("Бой в траншее")
    panel.get_by_role("button", name="Создать").tap()
    choices = panel.locator(".rb-scene__current")
    expect(choices).to_have_count(2)
    for box in (c.bounding_box() for c in choices.all()):
        assert box and box["width"] >= 44 and box["height"] >= 44
    choices.first.tap()
    expect(panel.locator(".rb-scene").first).to_have_class(re.compile(r"\bis-current\b"))
