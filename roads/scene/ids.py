"""Ids unique to one figure: every symbol and group id of a scene gets a prefix derived from its content.

Several pictures on one page each define symbols with the same names
(``big-road-banker``), sized and coloured for their own cell and theme; a
``<use>`` always finds the first one in the document. Prefixing every id with
a digest of what the figure shows keeps each picture pointing at its own
symbols, and the same figure still gets the same bytes.
"""

from __future__ import annotations

import dataclasses

# hashlib.blake2b is this class; importing hashlib also loads OpenSSL's _hashlib (a few ms of every picture's
# start-up) for hashes a prefix never uses.
from _blake2 import blake2b

from .primitives import Group, Item, Scene, Symbol, Use


def prefixed(scene: Scene, prefix: str) -> Scene:
    """Return ``scene`` with every symbol id, placement and group id starting with ``prefix``."""
    if not prefix:
        return scene
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
    digest = blake2b("\x1f".join(str(p) for p in parts).encode("utf-8", "replace"), digest_size=5)
    return f"r{digest.hexdigest()}-"


def figure_prefix(scene: Scene, width: int, height: int) -> str:
    """Return the id prefix of ``scene`` drawn at ``width`` x ``height`` pixels.

    The text copy (every road as shown, the highlight, the title) and the symbols
    (theme colours, sizes, labels) say what the figure is; hashing them is much
    cheaper than hashing every placement.
    """
    return content_prefix(
        scene.title, scene.desc, scene.symbols, scene.background, scene.font_family, width, height, len(scene.items)
    )
