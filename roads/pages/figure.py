"""The one way a page inlines a figure: ids made unique (:mod:`roads.scene.ids`), drawn as SVG, in ``<figure>``.

:func:`inline_svg` (the SVG back-end's, :mod:`roads.render.svg`) gives a scene
as an ``<svg>`` element; :func:`page_figure` puts it in a ``<figure>`` with its
caption (Markdown and Sphinx fences, ``html_figure``, a notebook's
``_repr_html_``); :func:`decoration_svg` gives the small pictures beside a
page's text (the lesson's and the quiz's proofs). Every ``<svg>`` comes from
that one writer, as it writes it: nothing here edits SVG text.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping

from ..render.svg import inline_svg
from ..scene.ids import content_prefix, prefixed
from ..scene.primitives import Group, Item, Scene, Text
from .safe import esc

__all__ = [
    "content_prefix",
    "decoration_svg",
    "figure_html",
    "inline_svg",
    "lift_caption",
    "min_width",
    "notebook_html",
    "page_figure",
    "prefixed",
]


def decoration_svg(scene: Scene, classes: str, prefix: str = "") -> str:
    """Return a small ``<svg>`` that only illustrates text beside it: no title, no background, hidden from readers.

    Its symbols are expected on the page already (a shared sprite), and its
    placements point at them with ``prefix`` before each id: :func:`inline_svg`
    with ``decoration``, which writes no namespaces (HTML needs none), so a page
    with hundreds of these stays small.
    """
    return inline_svg(dataclasses.replace(scene, symbols=()), prefix, decoration=classes)


def figure_html(scene: Scene, size: Mapping[str, object], caption: str | None = None, *, fonts: bool = True) -> str:
    """Return ``<figure>`` with ``scene`` as inline SVG (ids unique to its content) and an escaped caption."""
    return _figure(scene, size, caption, esc(caption) if caption else "", fonts=fonts)


def _figure(
    scene: Scene,
    size: Mapping[str, object],
    caption: str | None,
    words: str,
    *,
    fonts: bool,
    narrowest: int = 0,
    scroll: bool = False,
) -> str:
    """Return the ``<figure>`` of ``scene`` with ``words`` (HTML) as its caption, at least ``narrowest`` px wide.

    Its ids are named by the picture and ``caption``; with ``scroll`` the picture scrolls in its own box.
    """
    prefix = content_prefix(repr(scene), dict(size), caption)  # the picture itself names its ids
    cell, width = size.get("cell"), size.get("width")
    svg = inline_svg(
        scene,
        prefix,
        cell=cell if isinstance(cell, int | float) else None,
        width=width if isinstance(width, int) else None,
        fonts=fonts,
        min_width=narrowest,
    )
    if scroll:
        svg = f'<div class="roads-scroll" style="overflow-x:auto">\n{svg}\n</div>'
    end = f"\n<figcaption>{words}</figcaption></figure>" if words else "\n</figure>"
    return f'<figure class="roads">\n{svg}{end}'


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
    figure scrolls sideways in its own box instead of shrinking its text under
    9 px (the page never scrolls sideways).
    """
    scene, proof = lift_caption(scene)
    words = [esc(text) for text in (caption, proof) if text]
    return _figure(scene, size, caption, "<br>".join(words), fonts=fonts, narrowest=min_width(scene), scroll=True)


def notebook_html(subject: object) -> str:
    """Return ``subject`` as an HTML ``<figure>`` with inline SVG whose ids cannot clash with another picture's."""
    from ..scene.subjects import drawing

    d = drawing(subject)
    return page_figure(d.scene, d.size)
