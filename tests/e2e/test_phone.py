"""At the table with a phone (Pixel 7: 412x915, touch): the palette above the on-screen keyboard,
Back closing the palette and the pins drawer, finger-sized controls, the sheet's «Итог» column,
a calculator's answer beside the input being changed.

The tests share one browser profile, wiped before each (tests/e2e/conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

pytestmark = [pytest.mark.devices("phone"), pytest.mark.shared_profile]

KEYBOARD = 336  # CSS px: an on-screen keyboard with its suggestion strip on a 915 px tall phone
SIMULATE_KEYBOARD = """(height) => {
    // what an on-screen keyboard does: the visual viewport shrinks, the layout viewport stays
    const vv = window.visualViewport;
    const h = window.innerHeight - height;
    Object.defineProperty(vv, "height", { configurable: true, get: () => h });
    vv.dispatchEvent(new Event("resize"));
}"""


def open_palette(page: Page, query: str) -> None:
    page.locator(".rb-search-button").tap()
    page.locator(".rb-palette__input").fill(query)
    page.wait_for_function(
        "(q) => { const d = document.querySelector('.rb-palette').dataset; return d.renderedQuery === q; }",
        arg=query,
    )


def above(page: Page, selector: str) -> int:
    """How many of `selector` are wholly inside the visual viewport."""
    return page.evaluate(
        """(sel) => { const bottom = visualViewport.offsetTop + visualViewport.height;
        return [...document.querySelectorAll(sel)].filter((e) => {
            const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= bottom; }).length; }""",
        selector,
    )


def test_the_palette_shows_five_results_above_the_keyboard_and_scrolls_to_the_last(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/fatum/03-boi/")
    open_palette(page, "кровотечение")
    page.evaluate(SIMULATE_KEYBOARD, KEYBOARD)
    dialog = page.locator(".rb-palette__dialog")
    visible = page.evaluate("window.innerHeight") - KEYBOARD
    page.wait_for_function(
        "h => document.querySelector('.rb-palette__dialog').offsetHeight <= h", arg=visible
    )
    assert above(page, ".rb-result") >= 5
    page.screenshot(path=str(shot / "palette-keyboard.png"))
    # the end of the list can be brought above the keyboard
    last = page.locator(".rb-result").last
    last.scroll_into_view_if_needed()
    assert above(page, ".rb-result:last-child") == 1
    box = dialog.bounding_box()
    assert box and box["y"] + box["height"] <= visible + 1


def test_palette_controls_fit_a_finger_and_the_chips_stay_in_one_row(page: Page, server: str) -> None:
    page.goto(server + "/fatum/03-boi/")
    open_palette(page, "урон")
    close = page.get_by_role("button", name="Закрыть поиск")
    expect(close).to_be_visible()
    box = close.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    chips = page.locator(".rb-palette__chips .rb-chip")
    tops = {round(b["y"]) for b in (chips.nth(i).bounding_box() for i in range(chips.count())) if b}
    assert len(tops) == 1, f"the book chips wrap into {len(tops)} rows"
    assert all((chips.nth(i).bounding_box() or {"height": 0})["height"] >= 44 for i in range(chips.count()))
    placeholder = page.locator(".rb-palette__input").get_attribute("placeholder") or ""
    fits = """p => { const i = document.querySelector('.rb-palette__input');
        const c = document.createElement('canvas').getContext('2d'); c.font = getComputedStyle(i).font;
        return c.measureText(p).width <= i.clientWidth; }"""
    assert page.evaluate(fits, placeholder), "the placeholder is cut off"
    footer = page.locator(".rb-palette__footer")
    expect(footer.get_by_text("Нажмите на результат")).to_be_visible()
    expect(footer.get_by_text("в новой вкладке")).to_be_hidden()  # no keyboard hints for a finger


HEADER_BUTTONS = """() => ["rb-search-button", "rb-offline-toggle", "rb-pins-toggle"].map((c) => {
    const b = document.querySelector("." + c);
    if (!b) return c + " missing";
    const r = b.getBoundingClientRect();
    return [c, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
})"""


def test_the_header_buttons_are_drawn_with_the_page_and_stay_where_they_were_drawn(
    new_context: Callable[..., BrowserContext], server: str
) -> None:
    """A finger aimed at the search button while the page starts lands on it: added by the
    scripts one by one, each new button moved the search button aside, and a tap hit the button
    that had taken its place (so did the colour toggle, hidden until a script showed it)."""
    url = server + "/fatum/03-boi/"
    # as served: where they are before any script has run (none runs here)
    served = new_context(java_script_enabled=False).new_page()
    served.goto(url)
    drawn = served.evaluate(HEADER_BUTTONS)
    assert not [b for b in drawn if isinstance(b, str)], drawn
    page = new_context().new_page()
    page.goto(url)
    # the last to settle: the offline button's state, once the browser is idle after the load
    page.wait_for_function("() => window.rulebook.offline.state !== 'off'")
    assert page.evaluate(HEADER_BUTTONS) == drawn
    page.locator(".rb-search-button").tap()
    expect(page.locator(".rb-palette__input")).to_be_focused()


WATCH_NAVIGATION = """() => {
    // what Material's instant navigation is told to go to, and the page's content as it is now
    window.rbTestLocations = [];
    window.location$.subscribe((u) => window.rbTestLocations.push(String(u)));
    document.querySelector("article").dataset.rbTestProbe = "kept";
}"""


def assert_page_not_reloaded(page: Page) -> None:
    """The overlay's history entry is gone, and Material was never asked to load a page (it would
    load this one again over what the reader typed)."""
    page.wait_for_function("!(history.state && history.state.rbOverlay)")
    assert page.evaluate("window.rbTestLocations") == []
    assert page.locator("article[data-rb-test-probe=kept]").count() == 1


def test_back_closes_the_palette_and_the_pins_drawer_and_stays_on_the_page(page: Page, server: str) -> None:
    url = server + "/fatum/03-boi/"
    page.goto(server + "/fatum/")
    page.goto(url)
    page.evaluate(WATCH_NAVIGATION)
    open_palette(page, "мораль")
    page.go_back()
    expect(page.locator(".rb-palette")).to_be_hidden()
    assert page.url == url
    assert_page_not_reloaded(page)

    page.locator("#rb-pins-toggle").tap()
    expect(page.locator("#rb-pins")).to_be_visible()
    page.go_back()
    expect(page.locator("#rb-pins")).to_be_hidden()
    assert page.url == url
    assert page.locator(".md-container").get_attribute("inert") is None
    assert_page_not_reloaded(page)

    # closed with its own button, the palette leaves no entry behind: Back leaves the page
    open_palette(page, "мораль")
    page.get_by_role("button", name="Закрыть поиск").tap()
    expect(page.locator(".rb-palette")).to_be_hidden()
    assert_page_not_reloaded(page)
    page.go_back()
    page.wait_for_url(server + "/fatum/")

    # a result opened from the palette: Back returns to the page it was opened on
    page.goto(url)
    open_palette(page, "кровотечение")
    page.locator(".rb-result").first.tap()
    expect(page.locator(".rb-palette")).to_be_hidden()
    expect(page.locator(".rb-target")).to_be_in_viewport()
    page.go_back()
    page.wait_for_url(url)


def test_the_sheet_shows_the_total_of_every_skill_at_412_px(page: Page, server: str, shot: Path) -> None:
    page.goto(server + "/sheet/")
    table = page.locator("table.rb-sheet__skills")
    table.scroll_into_view_if_needed()
    head = table.locator("thead th", has_text="Итог")
    expect(head).to_be_visible()
    box = head.bounding_box()
    scroller = table.locator("xpath=ancestor::*[contains(@class, 'rb-sheet__scroll')][1]")
    frame = scroller.bounding_box()
    assert (
        box
        and frame
        and box["x"] >= frame["x"]
        and box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5
    )
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the skills table scrolls sideways"
    page.screenshot(path=str(shot / "sheet-skills.png"))


def test_the_sheets_links_to_the_rules_take_a_fingers_tap(page: Page, server: str) -> None:
    """Each «§» beside a section's title and a derived value was a link 8 px wide: a tap a few
    pixels aside missed it."""
    page.goto(server + "/sheet/")
    rules = page.locator(".rb-sheet__rule:visible")
    assert rules.count() >= 20
    missed = []
    for i in (0, 1, 2, rules.count() - 1):
        rule = rules.nth(i)
        rule.scroll_into_view_if_needed()
        page.wait_for_timeout(100)  # a smooth scroll settles
        box = rule.bounding_box()
        assert box
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for dx, dy in ((-11, 0), (11, 0), (0, -11), (0, 11)):
            if not rule.evaluate(
                "(a, [x, y]) => document.elementFromPoint(x, y).closest('a') === a", [x + dx, y + dy]
            ):
                missed.append((rule.get_attribute("href"), dx, dy))
    assert not missed, missed


def test_the_pins_panel_tells_a_phone_to_drag_not_to_press_arrow_keys(page: Page, server: str) -> None:
    """The panel's help said «выберите ⠿ и нажимайте ↑ ↓» to a reader with no keys to press."""
    page.goto(server + "/fatum/03-boi/")
    page.locator("#rb-pins-toggle").tap()
    help_ = page.locator("#rb-pins-help")
    expect(help_).to_have_text("Порядок: перетащите за ⠿.", use_inner_text=True)


def _helpers_typed(widget: Locator) -> tuple[Locator, Locator]:
    """The check calculator's helpers field, low in a form taller than the screen, tapped and set
    to 2; and its answer, in view once it reads a success."""
    field = widget.locator("input[name=helpers]")
    field.scroll_into_view_if_needed()
    field.tap()
    field.fill("2")
    answer = widget.locator(".rb-calc__status[data-answer]")
    expect(answer).to_contain_text("Успех", timeout=90_000)
    expect(answer).to_be_in_viewport()
    return field, answer


def test_the_check_calculators_answer_is_in_view_after_changing_an_input(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/fatum/01-bazovye-pravila/")
    field, answer = _helpers_typed(page.locator("#rb-calc-check-1"))
    expect(field).to_be_in_viewport()
    # the answer is the one for the changed input: with helpers the success chance is higher
    before = answer.inner_text()
    field.fill("0")
    expect(answer).not_to_have_text(before, timeout=30_000)
    expect(answer).to_be_in_viewport()
    page.screenshot(path=str(shot / "calculator-answer.png"))


@pytest.mark.parametrize("path", ["/fatum/01-bazovye-pravila/", "/gm-screen/"])
def test_a_calculators_answer_stays_in_view_and_uncovered_as_the_reader_scrolls(
    page: Page, server: str, path: str, shot: Path
) -> None:
    """On the GM screen the compact calculator's head did not stay: its answer was above the
    screen while the GM changed a field. On either page, Material's «К началу», shown at the top
    as the reader scrolls up, covered the sticky head's answer."""
    page.goto(server + path)
    _, answer = _helpers_typed(page.locator(".rb-calc[data-rb-calc=check]"))
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -150)
    page.wait_for_function("!document.querySelector('.md-top').hidden")  # «К началу» shows
    expect(answer).to_be_in_viewport()
    # every point of the answer's text is the answer's, not «К началу»'s
    covered = answer.evaluate(
        """a => { const range = document.createRange(); range.selectNodeContents(a);
        const out = [];
        for (const q of range.getClientRects()) {
          for (let x = q.left + 2; x < q.right - 1; x += 8) {
            const e = document.elementFromPoint(x, q.top + q.height / 2);
            if (!a.contains(e)) out.push(Math.round(x) + ": " + (e && e.textContent.trim().slice(0, 20)));
          }
        }
        return out; }"""
    )
    page.screenshot(path=str(shot / "answer.png"))
    assert not covered, covered


@pytest.mark.parametrize("calc", ["check", "damage"])
def test_the_gm_screens_calculator_head_is_as_tall_as_its_answer_and_the_form_stays_put(
    page: Page, server: str, calc: str
) -> None:
    """The sticky head kept the height of its four-line introduction (about 60 px of empty band
    under the one-line answer on a Pixel 7) until the GM changed a field; given back at once, that
    room would have moved the form. The first input's place is recorded at every text of the
    status line, from the page's load to the first answer, and must not change."""
    page.goto(server + "/gm-screen/")
    widget = page.locator(f".rb-calc[data-rb-calc={calc}]")
    widget.evaluate(
        """w => { const s = w.querySelector('.rb-calc__status');
        const first = w.querySelector('.rb-calc__form :is(input, select)');
        const at = () => [s.textContent, first.getBoundingClientRect().top + scrollY];
        w.rbPlaces = [at()];
        new MutationObserver(() => { w.rbPlaces.push(at()); })
            .observe(s, { childList: true, characterData: true, subtree: true }); }"""
    )
    widget.scroll_into_view_if_needed()
    expect(widget.locator(".rb-calc__status[data-answer]")).to_be_visible(timeout=90_000)
    places = widget.evaluate("w => w.rbPlaces")
    tops = [top for _, top in places]
    assert max(tops) - min(tops) < 1, places
    # below the answer's text, the head has only its padding: no band
    band = widget.evaluate(
        """w => { const head = w.querySelector('.rb-calc__head');
        const text = document.createRange();
        text.selectNodeContents(head.querySelector('.rb-calc__status'));
        const css = getComputedStyle(head);
        return head.getBoundingClientRect().bottom - parseFloat(css.paddingBottom)
            - parseFloat(css.borderBottomWidth) - text.getBoundingClientRect().bottom; }"""
    )
    assert band < 8, f"{band:.0f} px of empty head under the answer"


@pytest.mark.parametrize("path", ["/fatum/01-bazovye-pravila/", "/gm-screen/"])
def test_a_calculator_field_reached_by_shift_tab_is_not_under_its_sticky_head(
    page: Page, server: str, path: str
) -> None:
    """Going back through the form with Shift+Tab (a keyboard paired with the phone), the browser
    brought each field to the screen's top edge, under the calculator's sticky head: the field
    with the focus could not be seen."""
    page.goto(server + path)
    widget = page.locator(".rb-calc[data-rb-calc=check]")
    widget.locator("input[name=difficulty2]").focus()
    hidden = []
    for _ in range(10):
        page.keyboard.press("Shift+Tab")
        page.wait_for_timeout(150)  # a smooth scroll settles
        where = page.evaluate(
            """() => { const e = document.activeElement, calc = e.closest('.rb-calc');
            if (!calc) return null;
            const head = calc.querySelector('.rb-calc__head').getBoundingClientRect();
            return [e.name, e.getBoundingClientRect().top, head.bottom]; }"""
        )
        if where and where[1] < where[2] - 1:
            hidden.append(where)
    assert not hidden, hidden


def test_wide_tables_keep_their_first_column_and_the_gm_screen_has_an_index(page: Page, server: str) -> None:
    page.goto(server + "/fatum/04-snariazhenie/")
    # the last table wider than the screen: marked when the reader reaches it
    last = page.evaluate(
        """() => [...document.querySelectorAll('.md-typeset__scrollwrap')]
        .map((w, i) => [i, w.scrollWidth > w.clientWidth + 1]).filter(([, wide]) => wide).at(-1)[0]"""
    )
    wrap = page.locator(".md-typeset__scrollwrap").nth(last)
    wrap.scroll_into_view_if_needed()
    expect(wrap).to_have_class(re.compile(r"\brb-sticky-first\b"))
    first = wrap.locator("tbody tr td").first
    name = first.inner_text()
    wrap.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_timeout(100)
    box = first.bounding_box()
    assert box and box["x"] >= -1 and box["x"] + box["width"] <= 412, f"«{name}» scrolled away: {box}"

    page.goto(server + "/gm-screen/")
    index = page.get_by_role("navigation", name="Разделы страницы")
    expect(index.get_by_role("link")).to_have_count(page.locator("article h2").count())
    index.get_by_role("link", name="Бой").tap()
    page.wait_for_url("**/gm-screen/#boi")
    page.mouse.wheel(0, 2000)
    expect(index).to_be_in_viewport()  # it stays under the header


def test_the_back_to_top_button_leaves_the_gm_screens_index_free(page: Page, server: str) -> None:
    """Material's «К началу», shown as the reader scrolls up, sat over the index's middle link:
    a tap on «Бой» took the reader to the top of the page."""
    page.goto(server + "/gm-screen/")
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -400)
    page.wait_for_function("!document.querySelector('.md-top').hidden")  # it shows
    link = page.get_by_role("navigation", name="Разделы страницы").get_by_role("link", name="Бой")
    box = link.bounding_box()
    assert box
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('a, button').textContent.trim()",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "Бой"  # a tap there lands on the link, not on «К началу»


def test_the_gm_screens_tables_show_their_first_two_columns_without_scrolling_sideways(
    page: Page, server: str, shot: Path
) -> None:
    """A card's table on a phone reads as a row of a name and its value: «Рывок — 2 ОД». The
    action table of 3.2 has a long first column (prose, given room), which took the whole width
    and left the costs off the screen."""
    page.goto(server + "/gm-screen/")
    wraps = page.locator(".rb-card .md-typeset__scrollwrap")
    assert wraps.count() >= 10
    hidden = []
    for i in range(wraps.count()):
        wrap = wraps.nth(i)
        wrap.scroll_into_view_if_needed()
        cut = wrap.evaluate(
            """w => { const edge = w.getBoundingClientRect().right + 1;
            const row = w.querySelector('tr'); const second = row && row.cells[1];
            return second && second.getBoundingClientRect().right > edge ? row.innerText : null; }"""
        )
        if cut:
            hidden.append(cut)
            wrap.screenshot(path=str(shot / f"table-{i}.png"))
    assert not hidden, hidden


def test_the_home_page_speaks_of_taps_not_keys(page: Page, server: str) -> None:
    page.goto(server + "/")
    text = page.locator("article").inner_text()
    assert "Ctrl" not in text and "справа" not in text
    assert "лупу" in text


@pytest.mark.parametrize("path", ["/fatum/01-bazovye-pravila/", "/sheet/"])
def test_the_widgets_text_fields_are_16px_so_the_phone_does_not_zoom_on_focus(
    page: Page, server: str, path: str
) -> None:
    page.goto(server + path)
    fields = ":is(.rb-calc, .rb-sheet) :is(select, input[type='text'], input[type='number'], textarea)"
    page.locator(fields).first.wait_for(state="attached")
    small = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)]
            .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 16)
            .map((e) => (e.name || e.id || e.tagName) + ' ' + getComputedStyle(e).fontSize)""",
        fields,
    )
    assert not small, f"text fields under 16 px (a phone zooms into them): {small[:5]}"


SKIPPED = """window.__rbSkipped = new Map();
    document.addEventListener("contentvisibilityautostatechange",
        (e) => window.__rbSkipped.set(e.target, e.skipped), true);"""
COUNT_SKIPPED = "[...window.__rbSkipped.values()].filter(Boolean).length"


def test_a_long_chapter_renders_only_what_is_near_the_screen_yet_lands_on_and_prints_any_block(
    page: Page, server: str
) -> None:
    page.add_init_script(SKIPPED)  # the browser says which blocks it skips (not rendered)
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_load_state("networkidle")
    blocks = page.evaluate("document.querySelectorAll('.md-content__inner > *').length")
    skipped = page.evaluate(COUNT_SKIPPED)
    assert blocks > 300 and skipped > blocks * 3 / 4, f"{skipped} of {blocks} blocks skipped at start-up"
    # a paragraph far down: reached by its URL, it is rendered, at the top, highlighted and pinnable
    far = page.evaluate(
        "[...document.querySelectorAll('.md-content__inner > p[data-rb-block][id]')].at(-20).id"
    )
    page.goto("about:blank")  # a link from elsewhere: the page loads with the fragment
    page.goto(server + f"/fatum/03-boi/#{far}")
    target = page.locator(f"[id='{far}']")
    expect(target).to_have_class(re.compile(r"\brb-target\b"))
    expect(target).to_be_in_viewport()
    top = target.evaluate("(e) => e.getBoundingClientRect().top")
    assert 40 < top < 200, top
    expect(target.locator(":scope > .rb-pin")).to_have_count(1)
    assert page.evaluate(f"window.__rbSkipped.get(document.getElementById('{far}'))") is False
    # printing renders every block
    page.emulate_media(media="print")
    styles = page.evaluate(
        "[...document.querySelectorAll('.md-content__inner > *')]"
        ".map((e) => getComputedStyle(e).contentVisibility)"
    )
    assert set(styles) == {"visible"}
    page.emulate_media(media="screen")


def test_the_navigation_drawer_opens_with_the_library_and_the_chapter_contents_and_leads_there(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_load_state("networkidle")
    drawer = page.locator(".md-sidebar--primary")
    # closed, it is neither drawn nor reachable by Tab
    assert (
        drawer.locator(".md-sidebar__scrollwrap").evaluate("(e) => getComputedStyle(e).contentVisibility")
        == "hidden"
    )
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.closest('.md-sidebar--primary')")
    page.evaluate("document.activeElement.blur()")  # the skip link it reached covers the menu button
    page.locator("label.md-header__button[for='__drawer']").tap()
    book = drawer.get_by_role("link", name=re.compile(r"Глава 4\. Снаряжение"))
    expect(book).to_be_in_viewport()
    page.screenshot(path=str(shot / "drawer-open.png"))
    drawer.locator("label.md-nav__link[for='__toc']").tap()  # the chapter's contents
    section = drawer.get_by_role("link", name=re.compile(r"^3\.4\. Броня$"))
    expect(section).to_be_in_viewport()
    page.screenshot(path=str(shot / "drawer-contents.png"))
    section.tap()
    heading = page.locator("h2", has_text="3.4. Броня")
    expect(heading).to_be_in_viewport()
    expect(drawer.get_by_role("link", name=re.compile(r"Глава 4\."))).not_to_be_in_viewport()


# the URL and the history entry unchanged for 400 ms: Material's debounced writers of the entry
# (its offset saver, 100 ms, and its anchor tracker, 250 ms) have written where the reader is
ENTRY_SETTLED = """() => new Promise((done) => {
    const now = () => location.href + " " + JSON.stringify(history.state);
    let last = now(), since = performance.now();
    const look = () => {
        if (now() !== last) { last = now(); since = performance.now(); }
        if (performance.now() - since >= 400) done(true); else setTimeout(look, 50);
    };
    look();
})"""


def test_a_section_tapped_in_the_drawer_of_a_page_opened_by_its_address_stays_on_screen(
    page: Page, server: str
) -> None:
    """The first link followed on a page opened by its address, a section of that very page in
    the drawer too, has Material fetch the page again and swap it in, then scroll to the offset
    the history entry saved: its anchor tracker had by then replaced that with none, and the
    reader, landed on the section, was thrown back to the top of the chapter when the copy
    arrived late (a busy phone, a slow network). The copy is held here until the entry is
    written."""
    chapter = server + "/fatum/03-boi/"
    page.goto(chapter)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.querySelector('article').dataset.rbTestProbe = 'first'")
    held: list[Route] = []
    page.route(chapter, lambda route: held.append(route))
    drawer = page.locator(".md-sidebar--primary")
    page.locator("label.md-header__button[for='__drawer']").tap()
    drawer.locator("label.md-nav__link[for='__toc']").tap()
    section = drawer.get_by_role("link", name=re.compile(r"^3\.4\. Броня$"))
    with page.expect_request(chapter):  # the page's copy, fetched by instant navigation
        section.tap()
    heading = page.locator("h2", has_text="3.4. Броня")
    expect(heading).to_be_in_viewport()  # landed at once
    page.evaluate(ENTRY_SETTLED)
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("article[data-rb-test-probe=first]")).to_have_count(0)  # the copy is shown
    expect(heading).to_be_in_viewport()
    expect(heading).to_have_class(re.compile(r"\brb-target\b"))
    page.evaluate(ENTRY_SETTLED)
    expect(heading).to_be_in_viewport()


SHIFTS = """window.__rbShifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__rbShifts.push(e.value); })
    .observe({ type: "layout-shift", buffered: true });"""


@pytest.mark.parametrize("path", ["/", "/sheet/", "/fatum/03-boi/"])
def test_pages_do_not_shift_while_they_load(page: Page, server: str, path: str) -> None:
    page.add_init_script(SHIFTS)
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    shifts = page.evaluate("window.__rbShifts")
    assert sum(shifts) < 0.02, f"layout shifts on {path}: {shifts}"


def test_a_phone_turned_sideways_offers_no_keyboard_shortcut(page: Page, server: str, shot: Path) -> None:
    """Landscape is wide enough for the search button's label, but a phone has no Ctrl: the
    button says «Поиск», not «Поиск Ctrl K»."""
    page.set_viewport_size({"width": 915, "height": 412})
    page.goto(server + "/gm-screen/")
    button = page.locator(".rb-search-button")
    expect(button.locator(".rb-search-button__label")).to_be_visible()
    expect(button.locator(".rb-search-button__kbd")).to_be_hidden()
    page.screenshot(path=str(shot / "landscape.png"))


@pytest.mark.parametrize(("width", "height", "keyboard"), [(863, 360, 170), (750, 342, 200)])
def test_a_phone_turned_sideways_shows_results_above_the_keyboard(
    page: Page, server: str, shot: Path, width: int, height: int, keyboard: int
) -> None:
    """Sideways (a Pixel 7's and an iPhone 13's screen below the browser's bar) the palette fills
    the screen above the keyboard as upright, with no chips or breadcrumbs while the keyboard is
    up: the dialog of a wide screen left no result in view above it, the upright layout one."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server + "/fatum/03-boi/")
    open_palette(page, "укрытие")
    page.evaluate(SIMULATE_KEYBOARD, keyboard)
    visible = height - keyboard
    page.wait_for_function(
        "h => document.querySelector('.rb-palette__dialog').offsetHeight <= h", arg=visible
    )
    page.screenshot(path=str(shot / f"landscape-palette-keyboard-{width}.png"))
    assert above(page, ".rb-result") >= 2
    # the keyboard down, the chips are back, in one row
    page.evaluate(SIMULATE_KEYBOARD, 0)
    chips = page.locator(".rb-chip")
    expect(chips.first).to_be_visible()
    assert len({round(b["y"]) for b in (chips.nth(i).bounding_box() for i in range(chips.count())) if b}) == 1


def test_on_a_320_px_phone_the_gm_screens_cards_fit_the_screen(page: Page, server: str, shot: Path) -> None:
    """The smallest phones still in use are 320 px wide: a card's column was at least 16rem
    (320 px) beside the page's margins, so every card ran 16 px past the screen's edge and the
    page slid sideways under the finger."""
    page.set_viewport_size({"width": 320, "height": 568})
    page.goto(server + "/gm-screen/")
    cards = page.locator("section.rb-card")
    expect(cards.first).to_be_visible()
    width = page.evaluate("document.documentElement.clientWidth")
    rights = cards.evaluate_all("cs => cs.map((c) => c.getBoundingClientRect().right)")
    assert max(rights) <= width, f"cards reach {max(rights)} px on a {width} px screen"
    page.screenshot(path=str(shot / "gm-screen-320.png"))


@pytest.mark.parametrize("width", [320, 412])
def test_no_page_is_wider_than_the_phones_screen(page: Page, server: str, width: int) -> None:
    """A page a few pixels wider than the screen slides sideways under the finger while the reader
    scrolls: the pin buttons on the edge of the text made every page 5 px wider than a phone."""
    page.set_viewport_size({"width": width, "height": 740})
    for path in ("/", "/fatum/03-boi/", "/gm-screen/", "/sheet/"):
        page.goto(server + path)
        expect(page.locator("article h1")).to_be_visible()
        wide = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide[0] <= wide[1], f"{path} is {wide[0]} px wide on a {wide[1]} px screen"
