"""HTML-level processing of rendered pages (BeautifulSoup)."""
