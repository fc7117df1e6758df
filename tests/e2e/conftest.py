"""Chromium via Playwright: Debian's /usr/bin/chromium, never a downloaded browser.

Devices: a test that asks for `page`, `context`, `new_context` or `new_page` runs on a desktop
window; a module or test marked `@pytest.mark.devices("desktop", "phone")` runs once on each,
the phone being a Pixel 7 (412x915 CSS px, touch, a mobile viewport). A fresh context is a fresh
profile, so both share the session's one build.

Profiles: `context` (and `page`, which opens in it) is a fresh profile per test, unless the module
is marked `@pytest.mark.shared_profile`: then its tests share one profile per device, as a reader
who comes back does. Before each test its pages are closed and everything the site keeps in the
browser (localStorage, IndexedDB, cookies; sessionStorage lives in the page) is wiped; what stays
is what the browser keeps for itself: the HTTP cache, the service worker and the copy of the site
it saved. Saving that copy (hundreds of files) in every test's fresh profile was a large part of
the browser tests' time; a test that needs a first visit, the network cut, or the service worker
in a particular state asks for `new_context()` instead.

Service worker: blocked in every context unless the test or module is marked
`@pytest.mark.service_worker` (the offline copy, its caches and updates are what it tests). A
feature test then meets the network as it asked for it (`page.route` does not see the requests a
worker answers, so a slowed network would not be slow), and a fresh profile does not save the
whole site (hundreds of files, seconds of CPU) for a test that never goes offline."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.support.browser import ARGS, CHROMIUM

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "e2e"


DEVICES: dict[str, dict[str, object]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 412, "height": 915}, "is_mobile": True, "has_touch": True},
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "devices(*names): run on each device of DEVICES (default desktop)")
    config.addinivalue_line(
        "markers", "shared_profile: `context` is one profile per device for the module, wiped per test"
    )
    config.addinivalue_line(
        "markers", "service_worker: the site's service worker runs in this test's contexts"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "device" in metafunc.fixturenames:
        marker = metafunc.definition.get_closest_marker("devices")
        metafunc.parametrize("device", list(marker.args) if marker else ["desktop"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (make test does)")
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    yield b
    b.close()


@pytest.fixture
def device() -> str:
    return "desktop"  # replaced by pytest_generate_tests


@pytest.fixture
def phone_device(device: str) -> bool:
    return device == "phone"


def open_context(browser: Browser, device: str, worker: bool = False, **options: object) -> BrowserContext:
    """A context of `device` in Russian, the service worker blocked unless `worker`; keywords
    override."""
    base = {"locale": "ru-RU", **DEVICES[device], "service_workers": "allow" if worker else "block"}
    return browser.new_context(**{**base, **options})  # type: ignore[arg-type]


def _worker(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("service_worker") is not None


@pytest.fixture
def new_context(
    browser: Browser, device: str, request: pytest.FixtureRequest
) -> Iterator[Callable[..., BrowserContext]]:
    """Opens browser contexts of the test's device (closed at the end); keywords override."""
    made: list[BrowserContext] = []
    worker = _worker(request)

    def make(**options: object) -> BrowserContext:
        ctx = open_context(browser, device, worker, **options)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture
def new_page(new_context: Callable[..., BrowserContext]) -> Callable[..., Page]:
    """A page in a fresh context of the test's device."""
    return lambda **options: new_context(**options).new_page()


# what the site may keep in a profile between tests (CDP Storage.clearDataForOrigin)
SITE_STORAGE = "cookies,local_storage,indexeddb,file_systems,websql"


class SharedProfile:
    """One browser context per device for a module, and the origins its pages have talked to."""

    def __init__(self, browser: Browser, worker: bool) -> None:
        self.browser = browser
        self.worker = worker
        self.contexts: dict[str, BrowserContext] = {}
        self.origins: dict[str, set[str]] = {}

    def get(self, device: str) -> BrowserContext:
        if device not in self.contexts:
            ctx = open_context(self.browser, device, self.worker)
            seen: set[str] = set()
            ctx.on("request", lambda r: seen.add(_origin(r.url)) if r.url.startswith("http") else None)
            self.contexts[device], self.origins[device] = ctx, seen
        return self.contexts[device]

    def wipe(self, device: str) -> None:
        """The device's profile as a returning reader's with nothing of the site stored: no page
        open, the site's storage on every origin it has seen cleared."""
        ctx = self.get(device)
        for p in ctx.pages:
            p.close()
        blank = ctx.new_page()
        cdp = ctx.new_cdp_session(blank)
        for origin in sorted(self.origins[device]):
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": SITE_STORAGE})
        cdp.detach()
        blank.close()

    def close(self) -> None:
        for ctx in self.contexts.values():
            ctx.close()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture(scope="module")
def shared_profile(browser: Browser, request: pytest.FixtureRequest) -> Iterator[SharedProfile]:
    profiles = SharedProfile(browser, _worker(request))
    yield profiles
    profiles.close()


@pytest.fixture
def context(
    new_context: Callable[..., BrowserContext], device: str, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    if request.node.get_closest_marker("shared_profile") is None:
        yield new_context()
        return
    profiles: SharedProfile = request.getfixturevalue("shared_profile")
    profiles.wipe(device)
    ctx = profiles.get(device)
    yield ctx
    for p in ctx.pages:  # nothing of this test runs on into the next
        p.close()


class ForeignRequests(list[str]):
    """URLs the page asked for outside the site's own origin."""


@pytest.fixture
def page(context: BrowserContext, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    p = context.new_page()
    foreign = ForeignRequests()
    own = (server, "data:", "blob:")
    if "fresh_server" in request.fixturenames:  # the same site on another port
        own = (*own, request.getfixturevalue("fresh_server"))
    p.on("request", lambda r: foreign.append(r.url) if not r.url.startswith(own) else None)
    p.foreign_requests = foreign  # type: ignore[attr-defined]
    yield p
    assert not foreign, f"requests outside the site: {foreign}"


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Path:
    """Folder for this test's screenshots."""
    d = OUTPUT / request.node.name
    d.mkdir(parents=True, exist_ok=True)
    return d
