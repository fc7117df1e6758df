"""rulebook: ingest rules texts into MkDocs pages, index them for search, and run rules engines."""

__version__ = "0.1.0"
