"""The one way a page inlines a figure: ids made unique (:mod:`roads.scene.ids`), drawn as SVG, in ``<figure>``.

:func:`inline_svg` gives a scene as an ``<svg>`` element; :func:`page_figure`
puts it in a ``<figure>`` with its caption (Markdown and Sphinx fences,
``html_figure``, a notebook's ``_repr_html_``); :func:`decoration_svg` gives the
small pictures beside a page's text (the lesson's and the quiz's proofs).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Mapping

from ..render.inline import inline_svg
from ..scene.ids import content_prefix, prefixed
from ..scene.primitives import Circle, Grid, Group, Item, Line, Rect, Scene, Text, Use
from .safe import esc, xml_attribute, xml_text

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
    "write_items",
]


_ROOT = re.compile(r"<svg\b[^>]*>")
_EMPTY = re.compile(r"\n?<(?:desc|defs|title) ?/>|\n?<title>[^<]*</title>|\n?<rect class=\"background\"[^>]*/>")


def decoration_svg(scene: Scene, classes: str, prefix: str = "") -> str:
    """Return a small ``<svg>`` that only illustrates text beside it: no title, no background, hidden from readers.

    HTML needs no namespaces on an inline SVG, so the root tag is rewritten to
    the few attributes that matter; a page with hundreds of these stays small.
    Its symbols are expected on the page already (a shared sprite), and its
    placements point at them with ``prefix`` before each id. The elements are
    written straight from the primitives, as the SVG back-end writes them
    (tests/test_lesson_speed.py holds the two to the same bytes): a lesson has
    a figure per proof, and an svgwrite document each was most of its time.
    """
    root = (
        f'<svg class="{classes}" viewBox="0 0 {scene.width:g} {scene.height:g}" width="{scene.width:g}" '
        f'height="{scene.height:g}" aria-hidden="true" focusable="false">'
    )
    lines = [root]
    try:
        for item in scene.items:
            _write(item, prefix, lines)
    except _Unwritten:
        # A primitive the short writer does not know: the back-end writes the whole figure instead.
        text = inline_svg(dataclasses.replace(scene, title="", desc="", symbols=()), prefix, fonts=False)
        return _EMPTY.sub("", _ROOT.sub(root, text, count=1))
    lines.append("</svg>")
    return "\n".join(lines)


def write_items(items: Iterable[Item], prefix: str) -> list[str]:
    """Return the element lines of ``items`` as the SVG back-end writes them, ids and references prefixed."""
    lines: list[str] = []
    for item in items:
        _write(item, prefix, lines)
    return lines


class _Unwritten(Exception):
    """A primitive that :func:`_write` leaves to the SVG back-end."""


def _write(item: Item, prefix: str, lines: list[str]) -> None:
    """Append the element lines of ``item``, with attributes as the SVG back-end gives them (sorted)."""
    from ..render.svg import BOLD, label, num, paint

    a: dict[str, str]
    if isinstance(item, Use):
        a = {"x": num(item.x), "y": num(item.y), "xlink:href": f"#{prefix}{item.symbol}"}
        label(a, item.classes, item.data)
        lines.append(f"<use{_attributes(a)} />")
    elif isinstance(item, Group):
        a = {"id": prefix + item.id} if item.id else {}
        label(a, item.classes, item.data)
        if not item.items:
            lines.append(f"<g{_attributes(a)} />")
            return
        lines.append(f"<g{_attributes(a)}>")
        for child in item.items:
            _write(child, prefix, lines)
        lines.append("</g>")
    elif isinstance(item, Rect):
        a = {"x": num(item.x), "y": num(item.y), "width": num(item.w), "height": num(item.h)}
        if item.rx:
            a["rx"] = num(item.rx)
        paint(a, item.fill, item.stroke, item.width)
        lines.append(f"<rect{_attributes(a)} />")
    elif isinstance(item, Circle):
        a = {"cx": num(item.cx), "cy": num(item.cy), "r": num(item.r)}
        paint(a, item.fill, item.stroke, item.width)
        lines.append(f"<circle{_attributes(a)} />")
    elif isinstance(item, Text):
        a = {"x": num(item.x), "y": num(item.y), "fill": item.fill, "font-size": num(item.size)}
        if item.anchor != "start":
            a["text-anchor"] = item.anchor
        if item.halo:
            a.update({"stroke": item.halo, "stroke-width": num(item.halo_width * 2)})
            a.update({"stroke-linejoin": "round", "paint-order": "stroke"})
        elif item.bold:
            a.update({"stroke": item.fill, "stroke-width": num(item.size * BOLD)})
        text = xml_text(item.text)
        lines.append(f"<text{_attributes(a)}>{text}</text>" if text else f"<text{_attributes(a)} />")
    elif isinstance(item, Line):
        a = {"x1": num(item.x1), "y1": num(item.y1), "x2": num(item.x2), "y2": num(item.y2)}
        label(a, item.classes, ())
        a.update({"stroke": item.stroke, "stroke-width": num(item.width), "stroke-linecap": "round"})
        lines.append(f"<line{_attributes(a)} />")
    elif isinstance(item, Grid):
        x0, y0, c = item.x, item.y, item.cell
        x1, y1 = x0 + item.columns * c, y0 + item.rows * c
        parts = [f"M{num(x0 + i * c)} {num(y0)}V{num(y1)}" for i in range(1, item.columns)]
        parts += [f"M{num(x0)} {num(y0 + j * c)}H{num(x1)}" for j in range(1, item.rows)]
        a = {"d": "".join(parts) or f"M{num(x0)} {num(y0)}", "fill": "none", "stroke": item.stroke}
        a.update({"stroke-width": num(item.width), "class": "grid"})
        lines.append(f"<path{_attributes(a)} />")
    else:
        raise _Unwritten


def _attributes(a: dict[str, str]) -> str:
    """Return attributes as ElementTree writes them: sorted by name, values escaped."""
    return "".join(f' {key}="{xml_attribute(a[key])}"' for key in sorted(a))


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
    text = f"<figcaption>{esc(caption)}</figcaption>" if caption else ""
    return f'<figure class="roads">\n{svg}\n{text}</figure>' if text else f'<figure class="roads">\n{svg}\n</figure>'


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
        words = esc(proof)
        if "<figcaption>" in out:
            out = out.replace("</figcaption></figure>", f"<br>{words}</figcaption></figure>")
        else:
            out = out.replace("\n</figure>", f"\n<figcaption>{words}</figcaption></figure>")
    return out


def notebook_html(subject: object) -> str:
    """Return ``subject`` as an HTML ``<figure>`` with inline SVG whose ids cannot clash with another picture's."""
    from ..scene.subjects import drawing

    d = drawing(subject)
    return page_figure(d.scene, d.size)
