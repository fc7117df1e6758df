"""What a reader sees: home page -> a chapter -> a paragraph URL scrolled to and highlighted."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect


def test_home_links_to_chapter_three_and_a_paragraph_url_is_scrolled_to_and_highlighted(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/")
    expect(page.locator("h1").first).to_contain_text("Справочник правил")
    page.locator(".rb-books a", has_text="FATUM").first.click()
    page.wait_for_url(re.compile(r"/fatum/$"))
    page.get_by_role("link", name=re.compile(r"Глава 3\. Бой")).first.click()
    page.wait_for_url(re.compile(r"/fatum/03-boi/$"))
    expect(page.locator("h1")).to_have_text(re.compile("Глава 3. Бой"))
    page.screenshot(path=str(shot / "chapter-3.png"))

    # a paragraph deep in the page that mentions «Кровотечение»
    target = page.locator("[data-rb-block]", has_text="Кровотечение").nth(3)
    block_id = target.get_attribute("id")
    assert block_id and "--" in block_id
    page.goto(f"{server}/fatum/03-boi/#{block_id}")
    block = page.locator(f"[id='{block_id}']")
    expect(block).to_have_class(re.compile(r"\brb-target\b"))
    expect(block).to_be_in_viewport()
    # scrolled so that the block sits near the top, below the sticky header
    page.wait_for_function(
        "id => { const r = document.getElementById(id)?.getBoundingClientRect();"
        " return !!r && r.top >= 0 && r.top < 400; }",
        arg=block_id,
    )
    outline = block.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"
    page.screenshot(path=str(shot / "paragraph.png"))


@pytest.mark.service_worker  # what its worker fetches counts too
def test_the_site_requests_nothing_from_other_hosts(page: Page, server: str) -> None:
    for path in ("/", "/fatum/", "/fatum/01-bazovye-pravila/"):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
    assert page.foreign_requests == []  # type: ignore[attr-defined]


def late_copies(page: Page) -> None:
    """The pages instant navigation fetches arrive 0.4 s late, as on a phone at the table: after
    the page shown has answered the new location."""

    def late(route: Route) -> None:
        if route.request.resource_type in ("fetch", "xhr"):
            time.sleep(0.4)
        route.continue_()

    page.route(re.compile(r"/[^./]+/$"), late)


# a page's content, noted before a navigation: a fresh copy of the page no longer holds it
NOTE_CONTENT = "() => { window.rbTestContent = document.querySelector('.md-content'); }"
CONTENT_SWAPPED = "() => !window.rbTestContent.isConnected"


@pytest.mark.devices("desktop", "phone")
def test_a_fragment_typed_on_a_page_loaded_lands_in_the_fresh_copy_material_shows(
    page: Page, server: str
) -> None:
    """The first location Material's instant navigation is given on a page the browser loaded
    (a fragment typed in the address bar, a Back or Forward within the page) makes it fetch and
    show a fresh copy of the same page: the block is highlighted and in view in that copy, not
    left unmarked wherever Material's scroll put it."""
    block = "effekt-krovotecheniia--1"  # Bleeding's effect, far down chapter 3
    late_copies(page)
    page.goto(server + "/fatum/03-boi/")
    page.evaluate(NOTE_CONTENT)
    page.goto(f"{server}/fatum/03-boi/#{block}")
    page.wait_for_function(CONTENT_SWAPPED, timeout=5000)  # the fresh copy is shown
    landed = page.locator(f"[id='{block}']")
    expect(landed).to_have_class(re.compile(r"\brb-target\b"))
    expect(landed).to_be_in_viewport()


PISTOLS = "4-1-1-pistolety--2"  # 4.1.1's table, wider than its box on a desktop's screen too
EQUIPMENT = "/fatum/04-snariazhenie/"
# what Material draws of a table that has no class: its cells' padding and rules, its header
LOOK = """(id) => { const t = document.getElementById(id), td = t.querySelector('td'),
    th = t.querySelector('th'), c = getComputedStyle(td), h = getComputedStyle(th);
    return [c.paddingTop, c.paddingLeft, c.borderTopWidth, c.borderTopStyle,
            h.fontWeight, h.paddingLeft, getComputedStyle(t).fontSize]; }"""

# Material puts each table it styles in a box that scrolls it sideways, with padding around it
IN_ITS_BOX = "(id) => !!document.getElementById(id).closest('.md-typeset__scrollwrap > .md-typeset__table')"

# Material has saved where the page is (it does a moment after it is shown); a link followed
# before that gets the page's offset in the new entry, and Material scrolls there, not to the fragment
OFFSET_SAVED = "() => history.state !== null"


def follow(page: Page, href: str) -> None:
    """A link followed as the palette and the pins follow one: a click that Material's instant
    navigation takes."""
    page.evaluate(
        "(href) => { const a = document.createElement('a'); a.href = href;"
        " document.body.append(a); a.click(); a.remove(); }",
        href,
    )


@pytest.mark.devices("desktop", "phone")
def test_a_table_landed_on_keeps_its_look(page: Page, server: str, shot: Path) -> None:
    """Material draws only the tables that have no class (cells' padding and rules, the header,
    the box that scrolls it sideways): a table landed on is highlighted and still looks as it
    does when not landed on, whether the link came from another page loaded by the browser,
    through instant navigation, was typed on its own page (a fresh copy of the page is shown
    then), or was a pin opened by the keyboard, focused and then left."""
    page.goto(server + EQUIPMENT)
    expected = page.evaluate(LOOK, PISTOLS)
    assert expected[1] != "0px"
    landed = page.locator(f"[id='{PISTOLS}']")

    def check(how: str) -> None:
        expect(landed).to_have_css("outline-style", "solid")  # highlighted
        expect(landed).to_be_in_viewport()
        assert page.evaluate(IN_ITS_BOX, PISTOLS), how
        assert page.evaluate(LOOK, PISTOLS) == expected, how
        page.screenshot(path=str(shot / f"{how}.png"))

    page.goto(server + "/fatum/03-boi/")
    page.goto(f"{server}{EQUIPMENT}#{PISTOLS}")
    check("loaded")
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_function(OFFSET_SAVED)  # a moment read: Material scrolls to the fragment then
    follow(page, f"{server}{EQUIPMENT}#{PISTOLS}")
    page.wait_for_url(re.compile(EQUIPMENT))
    check("instant")
    late_copies(page)  # the page shown answers first
    page.goto(server + EQUIPMENT)
    page.evaluate(NOTE_CONTENT)
    page.goto(f"{server}{EQUIPMENT}#{PISTOLS}")
    page.wait_for_function(CONTENT_SWAPPED, timeout=5000)  # the fresh copy is shown
    check("typed")
    # a pin opened by the keyboard focuses the table after a key: Material's focus-visible
    # polyfill gives it a class then, and leaves `class=""` when it loses the focus
    page.evaluate("(d) => rulebook.pins.add(d)", {"url": f"{EQUIPMENT}#{PISTOLS}", "title": "4.1.5"})
    page.locator("#rb-pins-toggle").click()
    page.locator("#rb-pins .rb-pinned__link").first.focus()
    page.keyboard.press("Enter")
    expect(landed).to_be_focused()
    check("pin")
    landed.blur()
    expect(landed).not_to_be_focused()
    check("pin, left")


ARMOUR_CLASSES = "klassy-broni--1"  # 3.4's table, the first block of its section
# how far the table's highlight frame lies inside the box that scrolls the table sideways (which
# clips what passes it), on each side: top, bottom, left, right
FRAME_INSIDE = """(id) => { const t = document.getElementById(id), s = getComputedStyle(t);
    const out = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth), r = t.getBoundingClientRect();
    const w = t.closest('.md-typeset__scrollwrap').getBoundingClientRect();
    return [r.top - out - w.top, w.bottom - r.bottom - out,
            r.left - out - w.left, w.right - r.right - out]; }"""


@pytest.mark.devices("desktop", "phone")
def test_a_table_landed_on_shows_its_whole_frame(page: Page, server: str, shot: Path) -> None:
    """The box that scrolls a table sideways (Material's) clips what passes its edge: the
    highlight's frame of a table landed on lies inside it, its top too (drawn outside the table,
    4 px off as a paragraph's is, the frame had no top)."""
    page.goto(f"{server}/fatum/03-boi/#{ARMOUR_CLASSES}")
    landed = page.locator(f"[id='{ARMOUR_CLASSES}']")
    expect(landed).to_be_in_viewport()
    expect(landed).to_have_css("outline-style", "solid")
    frame = page.evaluate(FRAME_INSIDE, ARMOUR_CLASSES)
    assert all(side >= -0.5 for side in frame), frame  # top, bottom, left, right inside the box
    page.screenshot(path=str(shot / "frame.png"))


SIDEWAYS = "(id) => document.getElementById(id).closest('.md-typeset__scrollwrap').scrollLeft"


@pytest.mark.devices("desktop", "phone")
def test_a_wide_table_landed_on_is_not_scrolled_sideways(page: Page, server: str, shot: Path) -> None:
    """A table wider than the box that scrolls it sideways, landed on, starts at its first column
    with the box's padding before it, as it does unlanded: brought into view by its own edge, the
    box was scrolled by that padding (16 px) and the first column touched the screen's edge.
    From a page loaded by the browser and through instant navigation."""
    landed = page.locator(f"[id='{PISTOLS}']")
    page.goto(f"{server}{EQUIPMENT}#{PISTOLS}")
    expect(landed).to_have_css("outline-style", "solid")
    expect(landed).to_be_in_viewport()
    assert page.evaluate(SIDEWAYS, PISTOLS) == 0
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_function(OFFSET_SAVED)  # Material scrolls to the fragment, then the landing
    follow(page, f"{server}{EQUIPMENT}#{PISTOLS}")
    page.wait_for_url(re.compile(EQUIPMENT))
    expect(landed).to_have_css("outline-style", "solid")
    expect(landed).to_be_in_viewport()
    assert page.evaluate(SIDEWAYS, PISTOLS) == 0
    page.screenshot(path=str(shot / "wide.png"))
