"""Suit pips built from the scene's own primitives (circles and round-capped lines).

The PNG back-end's bundled font has no suit glyphs, and the scene has no
polygons, so the triangles of a heart, spade, diamond and club are filled with
a fan of overlapping strokes. Each stroke is pulled in by half its width, so
the outer edges fall exactly on the triangle's sides in both back-ends.
"""

from __future__ import annotations

import math

from ..scene.primitives import Circle, Line, Shape

Point = tuple[float, float]

RED_SUITS = frozenset({"H", "D"})


def _fan(apex: Point, left: Point, right: Point, color: str, width: float) -> list[Shape]:
    """Return strokes that fill the triangle (apex, left, right), sides exact, corners rounded by width/2."""
    (ax, ay), (bx, by), (cx, cy) = apex, left, right
    a, b, c = math.dist(left, right), math.dist(apex, right), math.dist(apex, left)
    perimeter = a + b + c
    ix, iy = (a * ax + b * bx + c * cx) / perimeter, (a * ay + b * by + c * cy) / perimeter
    area = abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2
    inradius = 2 * area / perimeter
    # Shrinking about the incentre by width/2 moves every side in by exactly width/2.
    s = max(0.0, (inradius - width / 2) / inradius)
    ax, ay, bx, by, cx, cy = (ix + (ax - ix) * s, iy + (ay - iy) * s, ix + (bx - ix) * s,
                              iy + (by - iy) * s, ix + (cx - ix) * s, iy + (cy - iy) * s)
    steps = max(1, math.ceil(math.dist((bx, by), (cx, cy)) / (width * 0.6)))
    return [Line(ax, ay, bx + (cx - bx) * i / steps, by + (cy - by) * i / steps, color, width)
            for i in range(steps + 1)]


def _diamond(half_w: float, half_h: float, color: str, width: float) -> tuple[Shape, ...]:
    """Return strokes from the top corner to the whole lower outline: two fans meeting in the middle leave a seam."""
    inradius = half_w * half_h / math.hypot(half_w, half_h)
    s = max(0.0, (inradius - width / 2) / inradius)
    top, left, bottom, right = (0, -half_h * s), (-half_w * s, 0), (0, half_h * s), (half_w * s, 0)
    steps = max(2, math.ceil(math.dist(left, bottom) / (width * 0.3)))
    ends = [(left[0] + (bottom[0] - left[0]) * i / steps, left[1] + (bottom[1] - left[1]) * i / steps)
            for i in range(steps)]
    ends += [(bottom[0] + (right[0] - bottom[0]) * i / steps, bottom[1] + (right[1] - bottom[1]) * i / steps)
             for i in range(steps + 1)]
    return tuple(Line(top[0], top[1], x, y, color, width) for x, y in ends)


def pip(suit: str, size: float, color: str) -> tuple[Shape, ...]:
    """Return the shapes of one suit pip ``size`` high, centred on (0, 0); suit is S, H, D or C."""
    h = size
    w = h * 0.13
    if suit == "H":
        r = h * 0.26
        return (Circle(-h * 0.235, -h * 0.2, r, fill=color), Circle(h * 0.235, -h * 0.2, r, fill=color),
                *_fan((0, h * 0.46), (-h * 0.49, -h * 0.12), (h * 0.49, -h * 0.12), color, w))
    if suit == "S":
        r = h * 0.24
        return (Circle(-h * 0.225, h * 0.1, r, fill=color), Circle(h * 0.225, h * 0.1, r, fill=color),
                *_fan((0, -h * 0.5), (-h * 0.46, h * 0.02), (h * 0.46, h * 0.02), color, w),
                *_fan((0, h * 0.08), (-h * 0.18, h * 0.5), (h * 0.18, h * 0.5), color, w * 0.7))
    if suit == "D":
        return _diamond(h * 0.36, h * 0.5, color, w)
    if suit == "C":
        r = h * 0.2
        return (Circle(0, -h * 0.27, r, fill=color), Circle(-h * 0.24, h * 0.08, r, fill=color),
                Circle(h * 0.24, h * 0.08, r, fill=color), Circle(0, h * 0.0, h * 0.12, fill=color),
                *_fan((0, h * 0.0), (-h * 0.17, h * 0.5), (h * 0.17, h * 0.5), color, w * 0.7))
    raise ValueError(f"not a suit: {suit!r}")
