"""Markdown syntax for the site's widgets (book list, calculators, rule cards) as pymdownx blocks."""
