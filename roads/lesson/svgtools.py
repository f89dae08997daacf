"""Scenes made ready to sit inside an HTML page: ids made unique, then translated by the SVG back-end.

Several pictures on one page each define symbols with the same ids (``big-road-banker``),
sized for their own cell; a ``<use>`` always finds the first one in the document.
Prefixing every id of a scene keeps each picture pointing at its own symbols.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re

from ..scene.primitives import Group, Item, Scene, Symbol, Use


def prefixed(scene: Scene, prefix: str) -> Scene:
    """Return ``scene`` with every symbol id, placement and group id starting with ``prefix``."""
    symbols = tuple(Symbol(prefix + s.id, s.shapes) for s in scene.symbols)
    return dataclasses.replace(scene, symbols=symbols, items=tuple(_item(i, prefix) for i in scene.items))


def _item(item: Item, prefix: str) -> Item:
    if isinstance(item, Use):
        return dataclasses.replace(item, symbol=prefix + item.symbol)
    if isinstance(item, Group):
        return dataclasses.replace(
            item, id=prefix + item.id if item.id else None, items=tuple(_item(i, prefix) for i in item.items)
        )
    return item


def content_prefix(*parts: object) -> str:
    """Return a short id prefix that depends only on ``parts``: the same figure always gets the same ids."""
    digest = hashlib.blake2b("\x1f".join(str(p) for p in parts).encode("utf-8", "replace"), digest_size=5)
    return f"r{digest.hexdigest()}-"


def inline_svg(scene: Scene, prefix: str, *, cell: float | None = None, width: int | None = None) -> str:
    """Return ``scene`` as an ``<svg>`` element for an HTML page (no XML declaration), ids prefixed."""
    from ..render.svg import scene_svg  # the renderer is only needed once a picture is asked for

    text = scene_svg(prefixed(scene, prefix), cell=cell, width=width)
    if text.startswith("<?xml"):
        text = text.split("?>", 1)[1].lstrip()
    return text.rstrip("\n")


_ROOT = re.compile(r"<svg\b[^>]*>")
_EMPTY = re.compile(r"\n?<(?:desc|defs|title) ?/>|\n?<title>[^<]*</title>|\n?<rect class=\"background\"[^>]*/>")


def decoration_svg(scene: Scene, classes: str) -> str:
    """Return a small ``<svg>`` that only illustrates text beside it: no title, no background, hidden from readers.

    HTML needs no namespaces on an inline SVG, so the root tag is rewritten to
    the few attributes that matter; a page with hundreds of these stays small.
    """
    text = inline_svg(dataclasses.replace(scene, title="", desc=""), "")
    root = (
        f'<svg class="{classes}" viewBox="0 0 {scene.width:g} {scene.height:g}" width="{scene.width:g}" '
        f'height="{scene.height:g}" aria-hidden="true" focusable="false">'
    )
    return _EMPTY.sub("", _ROOT.sub(root, text, count=1))
