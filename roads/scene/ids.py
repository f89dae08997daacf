"""Scene ids made unique: several pictures on one HTML page must not share a symbol id.

Several pictures on one page each define symbols with the same ids (``big-road-banker``),
sized for their own cell; a ``<use>`` always finds the first one in the document.
Prefixing every id of a scene keeps each picture pointing at its own symbols.
"""

from __future__ import annotations

import dataclasses
import hashlib

from .primitives import Group, Item, Scene, Symbol, Use


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
