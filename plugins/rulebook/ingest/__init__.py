"""Text -> Markdown: read and normalise a source, drop site chrome, classify blocks, write pages."""

from rulebook.ingest.errors import IngestError

__all__ = ["IngestError"]
