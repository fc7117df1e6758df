"""axe-core in the page: the accessibility check every user-facing page must pass.

Usage: `assert_accessible(page, "chapter")` after the page is loaded and in the state to check.
axe-core comes from the npm package (package.json, `npm ci`); nothing is fetched from a CDN.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def violations(page: Page, impacts: tuple[str, ...] = BLOCKING) -> list[dict]:
    """axe's violations of the given impacts on the page as it is now."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} missing: run `npm ci` (make test does)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [v for v in found if v.get("impact") in impacts]


def report(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
        for n in v["nodes"][:5]:
            lines.append(
                f"    {json.dumps(n['target'], ensure_ascii=False)}: {n.get('failureSummary', '')[:300]}"
            )
    return "\n".join(lines)


def assert_accessible(page: Page, label: str) -> None:
    found = violations(page)
    assert not found, f"axe on {label}:\n{report(found)}"
