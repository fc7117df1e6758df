"""Shared fixtures: the project root, and the unmodified site built once per test run and served
for all of it (tests/support/session.py); a test that changes the project builds its own, small
variant with tests/support/site.py.

Hooks: the process that runs pytest (the xdist controller, or the only process) starts the
session's server, hands its folder and URL to the workers and at the end checks that nothing was
written into the project (tests/support/guard.py); a process whose collected tests need the site
starts building it at once, in the background."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import guard
from tests.support import site as support
from tests.support.session import WORKERINPUT_KEY, SessionSite

ROOT = support.ROOT
SESSION = pytest.StashKey[SessionSite]()
_SERVER = pytest.StashKey[object]()
_BUILDER = pytest.StashKey[threading.Thread]()
_BEFORE = pytest.StashKey[guard.Snapshot]()


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    if _is_worker(config):
        config.stash[SESSION] = SessionSite.load(config.workerinput[WORKERINPUT_KEY])  # type: ignore[attr-defined]
        return
    config.stash[_BEFORE] = guard.snapshot()
    base = config._tmp_path_factory.getbasetemp() / "session-site"  # type: ignore[attr-defined]
    (base / "site").mkdir(parents=True, exist_ok=True)
    server, url = support.start_server(base / "site")
    config.stash[_SERVER] = server
    config.stash[SESSION] = SessionSite(base, url.rstrip("/"))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # type: ignore[no-untyped-def]
    node.workerinput[WORKERINPUT_KEY] = node.config.stash[SESSION].dump()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules none of whose tests need the session's site come first (otherwise in their
    order): they run while the site builds, where the browser tests, collected first, had every
    worker wait for the build."""
    needs: dict[str, bool] = {}
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        needs[module] = needs.get(module, False) or "session_build" in getattr(item, "fixturenames", ())
    items.sort(key=lambda item: needs[item.nodeid.split("::", 1)[0]])


def pytest_collection_finish(session: pytest.Session) -> None:
    """When a collected test needs the session's site, start building it now, in the background
    (the build is a subprocess): the tests that come first run meanwhile. Under xdist every
    worker decides for itself; the file lock lets one of them build."""
    config = session.config
    if any("session_build" in getattr(item, "fixturenames", ()) for item in session.items):
        thread = threading.Thread(target=config.stash[SESSION].ensure_built, daemon=True)
        config.stash[_BUILDER] = thread
        thread.start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if _BUILDER in config.stash:
        config.stash[_BUILDER].join()
    if _is_worker(config):
        return
    support.stop_server(config.stash[_SERVER])  # type: ignore[arg-type]
    changed = guard.changes(config.stash[_BEFORE], guard.snapshot())
    if changed:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        lines = "\n  ".join(changed[:20])
        if reporter is not None:
            reporter.write_line(
                f"the test run wrote into the project (a build must not):\n  {lines}", red=True
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# ---- fixtures ---------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def session_site(pytestconfig: pytest.Config) -> SessionSite:
    return pytestconfig.stash[SESSION]


@pytest.fixture(scope="session")
def session_build(session_site: SessionSite) -> SessionSite:
    """The session's site, built (the test fails when the build did)."""
    built = session_site.ensure_built()
    if not built.ok:
        pytest.fail(f"the project's build failed:\n{built.log}")
    return session_site


@pytest.fixture(scope="session")
def site(session_build: SessionSite) -> Path:
    """The project built once for the whole run (with the session server's site_url)."""
    return session_build.site


@pytest.fixture(scope="session")
def built_site(session_build: SessionSite) -> tuple[Path, Path]:
    """(site folder, its search cache folder)."""
    return session_build.site, session_build.cache


@pytest.fixture(scope="session")
def server(session_build: SessionSite) -> str:
    """Base URL of the session's site (no trailing slash); Material's instant navigation works."""
    return session_build.url


@pytest.fixture
def fresh_server(session_build: SessionSite) -> Iterator[str]:
    """The session's site on another port: an origin no browser of this run has seen yet (without
    instant navigation, as the site_url names the session's port)."""
    with support.serve(session_build.site) as url:
        yield url.rstrip("/")


@pytest.fixture(scope="session")
def runtime_cache(session_build: SessionSite) -> Path:
    """The Pyodide snapshot cache variant builds share with the session's build (after it, so
    the snapshot is made at most once per run)."""
    return session_build.runtime_cache
