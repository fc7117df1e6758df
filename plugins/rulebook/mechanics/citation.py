"""What one rule citation is: a key, the URL of the paragraph that decides it and a quote from it.

Its own module so the `rules_*` files that list citations and `rules`, which joins them, share the
type without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    key: str
    url: str
    quote: str
