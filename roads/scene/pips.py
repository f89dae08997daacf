"""Suit pips built from the scene's own primitives: circles and round-cornered polygons.

The PNG back-end's bundled font has no suit glyphs, so each pip is drawn. A
triangle or diamond is pulled in by half the stroke width, then filled and
stroked in its own colour with round joins: its sides fall exactly where they
were meant to, and its corners are rounded like the circles beside them.
"""

from __future__ import annotations

import math

from .primitives import Circle, Polygon, Shape

Point = tuple[float, float]

RED_SUITS = frozenset({"H", "D"})


def _rounded(corners: tuple[Point, ...], inradius: float, centre: Point, color: str, width: float) -> Polygon:
    """Return the polygon with these corners, sides exact, corners rounded by width/2."""
    # Shrinking about the incentre by width/2 moves every side in by exactly width/2; the stroke puts it back.
    s = max(0.0, (inradius - width / 2) / inradius)
    cx, cy = centre
    return Polygon(
        tuple((cx + (x - cx) * s, cy + (y - cy) * s) for x, y in corners), fill=color, stroke=color, width=width
    )


def _triangle(apex: Point, left: Point, right: Point, color: str, width: float) -> Polygon:
    """Return the triangle (apex, left, right), sides exact, corners rounded by width/2."""
    (ax, ay), (bx, by), (cx, cy) = apex, left, right
    a, b, c = math.dist(left, right), math.dist(apex, right), math.dist(apex, left)
    perimeter = a + b + c
    incentre = (a * ax + b * bx + c * cx) / perimeter, (a * ay + b * by + c * cy) / perimeter
    area = abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2
    return _rounded((apex, left, right), 2 * area / perimeter, incentre, color, width)


def _diamond(half_w: float, half_h: float, color: str, width: float) -> Polygon:
    """Return the diamond ``2 * half_w`` wide and ``2 * half_h`` high around (0, 0), corners rounded by width/2."""
    corners = ((0.0, -half_h), (half_w, 0.0), (0.0, half_h), (-half_w, 0.0))
    return _rounded(corners, half_w * half_h / math.hypot(half_w, half_h), (0.0, 0.0), color, width)


def pip(suit: str, size: float, color: str) -> tuple[Shape, ...]:
    """Return the shapes of one suit pip ``size`` high, centred on (0, 0); suit is S, H, D or C."""
    h = size
    w = h * 0.13
    if suit == "H":
        r = h * 0.26
        return (
            Circle(-h * 0.235, -h * 0.2, r, fill=color),
            Circle(h * 0.235, -h * 0.2, r, fill=color),
            _triangle((0, h * 0.46), (-h * 0.49, -h * 0.12), (h * 0.49, -h * 0.12), color, w),
        )
    if suit == "S":
        r = h * 0.24
        return (
            Circle(-h * 0.225, h * 0.1, r, fill=color),
            Circle(h * 0.225, h * 0.1, r, fill=color),
            _triangle((0, -h * 0.5), (-h * 0.46, h * 0.02), (h * 0.46, h * 0.02), color, w),
            _triangle((0, h * 0.08), (-h * 0.18, h * 0.5), (h * 0.18, h * 0.5), color, w * 0.7),
        )
    if suit == "D":
        return (_diamond(h * 0.36, h * 0.5, color, w),)
    if suit == "C":
        r = h * 0.2
        return (
            Circle(0, -h * 0.27, r, fill=color),
            Circle(-h * 0.24, h * 0.08, r, fill=color),
            Circle(h * 0.24, h * 0.08, r, fill=color),
            Circle(0, h * 0.0, h * 0.12, fill=color),
            _triangle((0, h * 0.0), (-h * 0.17, h * 0.5), (h * 0.17, h * 0.5), color, w * 0.7),
        )
    raise ValueError(f"not a suit: {suit!r}")
