"""The files ``roads serve`` gives from the package: the script and style its pages (:mod:`roads.pages.served`) load."""

from __future__ import annotations

from functools import cache
from importlib import resources

ASSETS = {"serve.js": "text/javascript", "serve.css": "text/css"}
"""The only files the server gives from the package."""


@cache
def asset(name: str) -> tuple[str, str] | None:
    """Return the text and media type of one of the page's files, None for any other name."""
    media = ASSETS.get(name)
    if media is None:
        return None
    text = resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")
    return text, media
