"""Pictures inside an HTML page: an ``<svg>`` element with its ids made unique, and a ``<figure>`` around it.

Ids are prefixed by :mod:`roads.scene.ids`, so several pictures on one page
each keep pointing at their own symbols.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from ..scene.ids import content_prefix
from ..scene.primitives import Scene
from ..scene.safe import clean
from .svg import scene_svg


def inline_svg(
    scene: Scene, prefix: str, *, cell: float | None = None, width: int | None = None, fonts: bool = True
) -> str:
    """Return ``scene`` as an ``<svg>`` element for an HTML page (no XML declaration), ids prefixed.

    ``fonts=False`` leaves out the embedded font subsets, for a page that brings its own.
    """
    text = scene_svg(scene, cell=cell, width=width, ids=prefix, fonts=fonts)
    if text.startswith("<?xml"):
        text = text.split("?>", 1)[1].lstrip()
    return text.rstrip("\n")


def figure_html(scene: Scene, size: Mapping[str, object], caption: str | None = None, *, fonts: bool = True) -> str:
    """Return ``<figure>`` with ``scene`` as inline SVG (ids unique to its content) and an escaped caption."""
    prefix = content_prefix(repr(scene), dict(size), caption)  # the picture itself names its ids
    cell, width = size.get("cell"), size.get("width")
    svg = inline_svg(
        scene,
        prefix,
        cell=cell if isinstance(cell, int | float) else None,
        width=width if isinstance(width, int) else None,
        fonts=fonts,
    )
    text = f"<figcaption>{html.escape(clean(caption))}</figcaption>" if caption else ""
    return f'<figure class="roads">\n{svg}\n{text}</figure>' if text else f'<figure class="roads">\n{svg}\n</figure>'
