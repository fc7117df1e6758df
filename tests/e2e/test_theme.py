"""The light/dark toggle in the header: chosen before the page is drawn (a dark-mode phone never
sees a light page turn dark), kept across reloads and instant navigation, by tap or by keyboard,
and at no cost to a long page's start-up (no whole-document restyle while it loads)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.devices("desktop", "phone")

STATE = """() => ({
    scheme: document.body.dataset.mdColorScheme,
    meta: document.querySelector('meta[name=color-scheme]')?.content,
    toggles: [...document.querySelectorAll('.md-header__option label')].filter((l) => !l.hidden).length,
})"""

# the scheme the body has when the page's text arrives, and for each change of the page's colours
# (body colour attributes, the color-scheme meta tag) how many elements the page then had: each
# restyles the whole document, which costs nothing while the header is parsed and a long task
# on a phone once a chapter is
WATCH = """window.__rbFirstScheme = null;
window.__rbColourChanges = [];
new MutationObserver((records) => {
    if (window.__rbFirstScheme === null && document.querySelector("article")) {
        window.__rbFirstScheme = document.body.dataset.mdColorScheme;  // the text arrives in it
    }
    const meta = (n) => n.nodeType === 1 && n.matches("meta[name=color-scheme]");
    for (const r of records) {
        const body = r.target === document.body && r.attributeName?.startsWith("data-md-color-");
        if ((r.type === "attributes" && (body || meta(r.target)))
            || [...r.addedNodes].some(meta)) {
            window.__rbColourChanges.push(document.getElementsByTagName("*").length);
        }
    }
}).observe(document, { subtree: true, childList: true, attributes: true });"""


def open_chapter(ctx: BrowserContext, server: str) -> Page:
    page = ctx.new_page()
    page.add_init_script(WATCH)
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_load_state("networkidle")
    return page


@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_first_visit_follows_the_system_and_a_long_page_is_not_restyled_as_it_loads(
    new_context: Callable[..., BrowserContext], server: str, system: str
) -> None:
    page = open_chapter(new_context(color_scheme=system), server)
    scheme = {"light": "default", "dark": "slate"}[system]
    assert page.evaluate(STATE) == {"scheme": scheme, "meta": system, "toggles": 1}
    assert page.evaluate("window.__rbFirstScheme") == scheme
    changes = page.evaluate("window.__rbColourChanges")
    total = page.evaluate("document.getElementsByTagName('*').length")
    assert changes and max(changes) < total / 10, f"colours changed with {changes} of {total} elements"


def test_the_toggle_switches_and_the_choice_stays_across_reloads_and_pages(
    new_context: Callable[..., BrowserContext], server: str, device: str
) -> None:
    page = open_chapter(new_context(color_scheme="light"), server)
    toggle = page.locator(".md-header__option label:not([hidden])")
    expect(toggle).to_have_attribute("title", "Тёмная тема")
    toggle.tap() if device == "phone" else toggle.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    assert page.evaluate(STATE) == {"scheme": "slate", "meta": "dark", "toggles": 1}
    expect(page.locator("body")).not_to_have_attribute("data-md-color-switching", re.compile(".*"))
    page.reload()
    assert page.evaluate(STATE)["scheme"] == "slate"
    page.get_by_role("link", name=re.compile(r"Глава 4\.")).first.dispatch_event("click")
    page.wait_for_url(re.compile(r"/fatum/04-snariazhenie/"))
    assert page.evaluate(STATE) == {"scheme": "slate", "meta": "dark", "toggles": 1}
    # the keyboard: Enter on the focused option switches to the next one
    page.locator(".md-header__option input:checked").focus()
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    assert page.evaluate(STATE) == {"scheme": "default", "meta": "light", "toggles": 1}


def test_with_the_sites_storage_refused_the_toggle_still_switches(
    new_context: Callable[..., BrowserContext], server: str, device: str
) -> None:
    """A browser that refuses the site its storage (cookies blocked: even reading localStorage
    throws) stopped the toggle's script at its first read: two uncaught SecurityErrors on every
    page, and a toggle that did nothing. Now it switches for the page (nothing is kept)."""
    ctx = new_context(color_scheme="light")
    ctx.add_init_script(
        "Object.defineProperty(window, 'localStorage', { get() {"
        " throw new DOMException('The operation is insecure.', 'SecurityError'); } });"
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/fatum/03-boi/")
    toggle = page.locator(".md-header__option label:not([hidden])")
    toggle.tap() if device == "phone" else toggle.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    assert not errors, errors
