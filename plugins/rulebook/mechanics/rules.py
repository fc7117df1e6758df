"""Every paragraph the calculators cite, looked up by key.

A citation is a key (what the engine decides), the site URL of the paragraph that decides it
(`fatum/<page>/#<block-id>`) and a short verbatim quote from that paragraph. The citations are
listed by chapter in the `rules_*` modules; this one joins them. Block ids count blocks under
their heading, so an edit to a section (a table that becomes a real table) can shift them:
`scripts/update_rule_ids.py` rewrites every URL from its quote against a built site, and an
integration test fails when a cited block no longer contains its quote. Edit keys and quotes by
hand; let the script maintain the URLs.
"""

from __future__ import annotations

from rulebook.mechanics import (
    rules_checks,
    rules_creation,
    rules_equipment,
    rules_hits,
    rules_sheet,
    rules_wounds,
)
from rulebook.mechanics.citation import Rule

_RULES = (
    *rules_checks.CITATIONS,
    *rules_hits.CITATIONS,
    *rules_wounds.CITATIONS,
    *rules_equipment.CITATIONS,
    *rules_creation.CITATIONS,
    *rules_sheet.CITATIONS,
)

RULES: dict[str, Rule] = {r.key: r for r in _RULES}
assert len(RULES) == len(_RULES), "duplicate rule key"


def url(key: str) -> str:
    """The site URL of the paragraph that decides `key` (KeyError for an unknown key)."""
    return RULES[key].url
