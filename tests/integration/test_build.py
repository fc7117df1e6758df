"""The site builds with --strict and zero warnings, and every internal link and anchor resolves."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup

from tests.support.session import SessionSite


def test_strict_build_has_no_warnings(session_site: SessionSite) -> None:
    built = session_site.ensure_built()  # the session's build of the project, and its log
    assert built.ok, built.log
    assert "Documentation built in" in built.log, built.log  # the log is the build's, complete
    assert "WARNING" not in built.log, built.log


def _target_file(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:", "data:")):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    base = site if parts.path.startswith("/") else page.parent
    target = (base / unquote(parts.path.lstrip("/"))).resolve()
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target, unquote(parts.fragment)


def test_every_internal_link_and_anchor_resolves(site: Path) -> None:
    ids: dict[Path, set[str]] = {}
    soups: dict[Path, BeautifulSoup] = {}
    for html in site.rglob("*.html"):
        soup = BeautifulSoup(html.read_text(encoding="utf-8"), "lxml")
        soups[html.resolve()] = soup
        ids[html.resolve()] = {str(t["id"]) for t in soup.find_all(id=True)}
    broken: list[str] = []
    checked = 0
    for page, soup in soups.items():
        for tag, attr in (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src")):
            for el in soup.find_all(tag):
                href = el.get(attr)
                if not href:
                    continue
                found = _target_file(site, page, str(href))
                if found is None:
                    continue
                target, frag = found
                checked += 1
                rel = page.relative_to(site.resolve())
                if not target.exists():
                    broken.append(f"{rel}: {href} (no such file)")
                elif frag and target.suffix == ".html" and frag not in ids.get(target, set()):
                    broken.append(f"{rel}: {href} (no #{frag})")
    assert checked > 1000
    assert not broken, "\n".join(broken[:50])


def test_pages_load_no_assets_from_other_hosts(site: Path) -> None:
    offenders = []
    for html in site.rglob("*.html"):
        soup = BeautifulSoup(html.read_text(encoding="utf-8"), "lxml")
        for tag, attr in (("link", "href"), ("script", "src"), ("img", "src"), ("iframe", "src")):
            for el in soup.find_all(tag):
                url = str(el.get(attr) or "")
                if (
                    tag == "link"
                    and "stylesheet" not in (el.get("rel") or [])
                    and "preconnect" not in (el.get("rel") or [])
                ):
                    continue
                if url.startswith(("http:", "https:", "//")):
                    offenders.append(f"{html.relative_to(site)}: {url}")
    assert not offenders, offenders[:20]
