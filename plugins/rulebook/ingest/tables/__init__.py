"""Tables: TAB-delimited ones (`tab`), space-separated ones rebuilt from per-table hints
(`space`, with the hints file read by `spec`), and `key = value` lines (`tab.kv_table`)."""
