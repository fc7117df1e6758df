"""After a build: `.nojekyll` is written, the site root comes from site_url, and a build for a
local address says so once (at info level: it is a fine build for a local preview)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from rulebook.offline import hosting


@pytest.mark.parametrize(
    ("site_url", "root"),
    [
        ("https://user.github.io/rules/", "/rules/"),
        ("https://example.org", "/"),
        ("https://example.org/a/b", "/a/b/"),
        ("", "/"),
        (None, "/"),
    ],
)
def test_the_site_root_is_site_urls_path(site_url: str | None, root: str) -> None:
    assert hosting.site_root(site_url) == root


def test_a_build_writes_nojekyll_and_names_a_local_site_url_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.rulebook"):
        for _ in range(2):
            hosting.finish(tmp_path, "http://127.0.0.1:8123/", serving=False)
        hosting.finish(tmp_path, "https://example.org/rules/", serving=False)
        hosting.finish(tmp_path, "http://localhost:8124/", serving=True)  # `mkdocs serve`: nothing to say
    assert (tmp_path / ".nojekyll").read_bytes() == b""
    said = [r for r in caplog.records if "SITE_URL" in r.getMessage()]
    assert len(said) == 1 and said[0].levelno == logging.INFO
    assert "127.0.0.1:8123" in said[0].getMessage()
