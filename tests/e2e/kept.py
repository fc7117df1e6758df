"""Pages kept from test to test, one per device and module, for the tests of pages that run Python.

Python starts in the calculators' worker, which lives as long as the page's document, and a page
and its engine cost seconds of CPU. A reader who moves between pages by Material's instant
navigation keeps both, and so can the tests: between two tests a kept page is taken to the home
page that way, once what its scripts were about to save is saved and the engine has no request in
flight; then the site's storage in its profile (a profile of its own) is wiped and checked empty,
and the next test goes to its page the same way (`visit`). What that test meets is what a reader
meets who arrives with nothing stored; a module that needs more proof compares the page with its
first fresh load (test_sheet.py does). A test that must see Python start, or a page load from
nothing, asks for a fresh page instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from playwright.sync_api import Browser, BrowserContext, Page, Request

from tests.e2e.conftest import SITE_STORAGE, open_context

# a link followed as a reader follows one, so that Material swaps the page in (instant navigation)
FOLLOW = """(url) => { const a = document.createElement('a'); a.href = url;
    document.body.append(a); a.click(); a.remove(); }"""
# the page's scripts save what waits to be saved when the page is left (the sheet's delayed save)
SAVE_NOW = "() => window.dispatchEvent(new PageTransitionEvent('pagehide'))"
# no request in the engine, twice 50 ms apart (a result may schedule one more)
QUIET = """async () => {
    const busy = () => window.rulebook && rulebook.calc && rulebook.calc.engine.pending.size > 0;
    for (let calm = 0; calm < 2; ) {
        await new Promise((r) => setTimeout(r, 50));
        calm = busy() ? 0 : calm + 1;
    }
}"""
# what the site keeps in localStorage: everything but Material's own keys (`<scope>.__palette`)
SITE_KEYS = "() => Object.keys(localStorage).filter((k) => !k.includes('.__'))"


def visit(page: Page, url: str) -> None:
    """`url` reached by following a link from the page the browser shows."""
    page.evaluate(FOLLOW, url)
    page.wait_for_url(url)


class KeptPages:
    """One page per device in a profile of its own, with what it did recorded per test: `errors`
    (uncaught), `foreign` (requests outside the site) and `requests` (the page's and its
    workers', not the service worker's)."""

    def __init__(self, browser: Browser, site: str) -> None:
        self.browser, self.site = browser, site
        self.origin = "/".join(site.split("/", 3)[:3])
        self.contexts: dict[str, BrowserContext] = {}
        self.pages: dict[str, Page] = {}

    def fresh(self, device: str, url: str) -> Page:
        """A new page that loads `url` with nothing of the site stored; kept for the next tests."""
        if device not in self.contexts:
            ctx = open_context(self.browser, device)
            ctx.on("request", lambda r: self._seen(device, r))
            self.contexts[device] = ctx
        p = self.contexts[device].new_page()
        if device in self.pages:
            self.pages.pop(device).close()
        self._wipe(p)
        p.errors, p.foreign, p.requests = [], [], []  # type: ignore[attr-defined]
        p.on("pageerror", lambda e: p.errors.append(str(e)))  # type: ignore[attr-defined]
        self.pages[device] = p
        p.goto(url)
        return p

    def kept(self, device: str) -> Page:
        """The device's page on the home page, reached by instant navigation, with nothing of the
        site stored (a new one if the device has none yet)."""
        p = self.pages.get(device)
        if p is None or p.is_closed():
            return self.fresh(device, self.site + "/")
        p.emulate_media(media="null")
        p.evaluate(SAVE_NOW)
        visit(p, self.site + "/")
        p.evaluate(QUIET)
        self._wipe(p)
        p.evaluate("() => sessionStorage.clear()")
        left = p.evaluate(SITE_KEYS)
        assert not left, f"the wiped profile still holds {left}: something saved after the wipe"
        for name in ("errors", "foreign", "requests"):
            getattr(p, name).clear()
        return p

    def _seen(self, device: str, r: Request) -> None:
        p = self.pages.get(device)
        if p is None or r.service_worker is not None:
            return
        p.requests.append(r.url)  # type: ignore[attr-defined]
        if not r.url.startswith((self.site, "data:", "blob:")):
            p.foreign.append(r.url)  # type: ignore[attr-defined]

    def _wipe(self, p: Page) -> None:
        cdp = p.context.new_cdp_session(p)
        cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": SITE_STORAGE})
        cdp.detach()

    def close(self) -> None:
        for ctx in self.contexts.values():
            ctx.close()

    def __enter__(self) -> KeptPages:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def assert_clean(p: Page) -> None:
    """No uncaught error and no request outside the site since the page was handed out."""
    assert not p.foreign, f"requests outside the site: {p.foreign}"  # type: ignore[attr-defined]
    assert not p.errors, p.errors  # type: ignore[attr-defined]


def checked(p: Page) -> Iterator[Page]:
    """Yields `p` (to a fixture), then asserts it clean."""
    yield p
    assert_clean(p)
