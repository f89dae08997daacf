"""Scenes made ready to sit inside an HTML page: ids made unique (:mod:`roads.scene.ids`), then drawn as SVG."""

from __future__ import annotations

import dataclasses
import re

from ..scene.ids import content_prefix, prefixed
from ..scene.primitives import Scene

__all__ = ["content_prefix", "decoration_svg", "inline_svg", "prefixed"]


def inline_svg(scene: Scene, prefix: str, *, cell: float | None = None, width: int | None = None) -> str:
    """Return ``scene`` as an ``<svg>`` element for an HTML page (no XML declaration), ids prefixed."""
    from ..render.inline import inline_svg as write  # the renderer is only needed once a picture is asked for

    return write(scene, prefix, cell=cell, width=width)


_ROOT_STYLE = re.compile(r'^(<svg\b[^>]*?) style="[^"]*"')


def without_style(svg: str) -> str:
    """Return an inline ``<svg>`` without its root ``style`` attribute, for a page under a strict CSP.

    The page's own stylesheet sizes its pictures; a ``style`` attribute would
    need ``'unsafe-hashes'`` in the Content-Security-Policy, and is refused without.
    """
    return _ROOT_STYLE.sub(r"\1", svg.lstrip(), count=1)


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
