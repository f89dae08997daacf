"""Pictures inside an HTML page: an ``<svg>`` element with its ids made unique.

Ids are prefixed by :mod:`roads.scene.ids`, so several pictures on one page
each keep pointing at their own symbols. The ``<figure>`` around it is the
pages package's (:mod:`roads.pages.figure`).
"""

from __future__ import annotations

from ..scene.primitives import Scene
from .svg import scene_svg


def inline_svg(
    scene: Scene,
    prefix: str,
    *,
    cell: float | None = None,
    width: int | None = None,
    fonts: bool = True,
    style: bool = True,
) -> str:
    """Return ``scene`` as an ``<svg>`` element for an HTML page (no XML declaration), ids prefixed.

    ``fonts=False`` leaves out the embedded font subsets, for a page that brings its own;
    ``style=False`` the root's ``style`` attribute, for a page whose style sheet sizes it.
    """
    text = scene_svg(scene, cell=cell, width=width, ids=prefix, fonts=fonts, style=style)
    if text.startswith("<?xml"):
        text = text.split("?>", 1)[1].lstrip()
    return text.rstrip("\n")
