"""HTML-level processing of rendered pages (lxml; no MkDocs import)."""
