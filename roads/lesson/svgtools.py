"""Scenes made ready to sit inside an HTML page: ids made unique (:mod:`roads.scene.ids`), then drawn as SVG."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from ..scene.ids import content_prefix, prefixed
from ..scene.primitives import Circle, Grid, Group, Item, Line, Rect, Scene, Text, Use

__all__ = ["content_prefix", "decoration_svg", "inline_svg", "prefixed"]


def inline_svg(
    scene: Scene, prefix: str, *, cell: float | None = None, width: int | None = None, fonts: bool = True
) -> str:
    """Return ``scene`` as an ``<svg>`` element for an HTML page (no XML declaration), ids prefixed."""
    from ..render.inline import inline_svg as write  # the renderer is only needed once a picture is asked for

    return write(scene, prefix, cell=cell, width=width, fonts=fonts)


_ROOT_STYLE = re.compile(r'^(<svg\b[^>]*?) style="[^"]*"')


def without_style(svg: str) -> str:
    """Return an inline ``<svg>`` without its root ``style`` attribute, for a page under a strict CSP.

    The page's own stylesheet sizes its pictures; a ``style`` attribute would
    need ``'unsafe-hashes'`` in the Content-Security-Policy, and is refused without.
    """
    return _ROOT_STYLE.sub(r"\1", svg.lstrip(), count=1)


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
        text = item.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
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


_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;"})
_UNSAFE = re.compile('[&<>"\n]')


def _attributes(a: dict[str, str]) -> str:
    """Return attributes as ElementTree writes them: sorted by name, values escaped."""
    parts = []
    for key in sorted(a):
        value = a[key]
        if _UNSAFE.search(value):
            value = value.translate(_ATTRIBUTE_ESCAPES)
        parts.append(f' {key}="{value}"')
    return "".join(parts)
