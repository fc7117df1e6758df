"""Offline use: the service worker's file manifest, the web app manifest and its icons."""
