"""Notebook display: what Jupyter's ``_repr_svg_``, ``_repr_png_`` and ``_repr_html_`` return for anything drawable.

The drawer that ``roads/__init__.py`` binds for :mod:`roads.display` imports
this module only when a notebook asks; it asks :func:`roads.scene.subjects.drawing`
for the object's scene, so the model never knows how it is drawn.
"""

from __future__ import annotations

import dataclasses
import html
import math
from collections.abc import Iterable, Mapping

from ..scene.primitives import Group, Item, Scene, Text
from ..scene.subjects import drawing
from .inline import figure_html
from .png import scene_png
from .svg import scene_svg


def notebook_svg(subject: object) -> str:
    """Return ``subject`` drawn as an SVG document."""
    d = drawing(subject)
    return scene_svg(d.scene, cell=d.size.get("cell"), width=d.size.get("width"))


def notebook_png(subject: object) -> bytes:
    """Return ``subject`` drawn as PNG bytes."""
    d = drawing(subject)
    return scene_png(d.scene, cell=d.size.get("cell"), width=d.size.get("width"), scale=d.size.get("scale", 1.0))


def notebook_html(subject: object) -> str:
    """Return ``subject`` as an HTML ``<figure>`` with inline SVG whose ids cannot clash with another picture's."""
    d = drawing(subject)
    return page_figure(d.scene, d.size)


MIN_TEXT = 9.0
"""CSS px: an embedded figure never renders narrower than the width at which its smallest text is this size."""


def _texts(items: Iterable[Item]) -> Iterable[Text]:
    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)


def lift_caption(scene: Scene) -> tuple[Scene, str]:
    """Return ``scene`` without the highlighted mark's proof drawn under it, and that proof as one line of text.

    In a page the proof is HTML (``<figcaption>``): it keeps the page's type size
    however narrow the picture is drawn.
    """
    kept: list[Item] = []
    lifted: list[Text] = []
    for item in scene.items:
        if isinstance(item, Group) and "caption" in item.classes.split():
            lifted.extend(_texts(item.items))
        else:
            kept.append(item)
    if not lifted:
        return scene, ""
    top = min(t.y - t.size for t in lifted)
    return dataclasses.replace(scene, items=tuple(kept), height=math.ceil(top)), " ".join(t.text for t in lifted)


def min_width(scene: Scene) -> int:
    """Return the narrowest CSS width at which the scene's smallest text is :data:`MIN_TEXT` px (0: no text)."""
    sizes = [t.size for t in _texts(scene.items)] + [t.size for s in scene.symbols for t in _texts(s.shapes)]
    return math.ceil(MIN_TEXT * scene.width / min(sizes)) if sizes else 0


def page_figure(scene: Scene, size: Mapping[str, object], caption: str | None = None, *, fonts: bool = True) -> str:
    """Return ``<figure>`` for a page: the caption and any highlight proof as ``<figcaption>``, never shrunk illegible.

    The picture keeps ``max-width:100%`` down to :func:`min_width`; below it the
    figure scrolls sideways instead of shrinking its text under 9 px.
    """
    scene, proof = lift_caption(scene)
    out = figure_html(scene, size, caption, fonts=fonts)
    narrowest = min_width(scene)
    if narrowest:
        out = out.replace(
            'style="max-width:100%;height:auto"', f'style="max-width:100%;height:auto;min-width:{narrowest}px"', 1
        )
    # Narrower than that, the picture scrolls in its own box: the page never scrolls sideways.
    head, svg_end = '<figure class="roads">\n', out.rindex("</svg>") + len("</svg>")
    out = f'{head}<div class="roads-scroll" style="overflow-x:auto">\n{out[len(head) : svg_end]}\n</div>{out[svg_end:]}'
    if proof:
        words = html.escape(proof)
        if "<figcaption>" in out:
            out = out.replace("</figcaption></figure>", f"<br>{words}</figcaption></figure>")
        else:
            out = out.replace("\n</figure>", f"\n<figcaption>{words}</figcaption></figure>")
    return out
