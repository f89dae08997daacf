"""The one walk over a scene's primitives that the PNG and PDF back-ends share: a method a kind of shape.

SVG translates shapes into elements and does not paint; PNG and PDF paint one
shape at a time, moved by (dx, dy) model units, and differ only in how each
kind is painted. A line and a polyline are both strokes through points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..scene.primitives import Circle, Grid, Line, Polygon, Polyline, Rect, Shape, Text


class Painter:
    """Sends each primitive to the method that paints its kind; a back-end writes those methods."""

    __slots__ = ()

    def shape(self, shape: Shape, dx: float, dy: float) -> None:
        """Paint one primitive moved by (dx, dy) model units."""
        if isinstance(shape, Circle):
            self.circle(shape, dx, dy)
        elif isinstance(shape, Rect):
            self.rect(shape, dx, dy)
        elif isinstance(shape, Line):
            self.stroke(((shape.x1 + dx, shape.y1 + dy), (shape.x2 + dx, shape.y2 + dy)), shape.stroke, shape.width)
        elif isinstance(shape, Polyline):
            self.stroke([(x + dx, y + dy) for x, y in shape.points], shape.stroke, shape.width)
        elif isinstance(shape, Polygon):
            self.polygon(shape, dx, dy)
        elif isinstance(shape, Text):
            self.text(shape, dx, dy)
        elif isinstance(shape, Grid):
            self.grid(shape)
        else:
            raise TypeError(f"not a scene shape: {shape!r}")

    def circle(self, shape: Circle, dx: float, dy: float) -> None:
        """Paint a disc, a ring or both."""
        raise NotImplementedError

    def rect(self, shape: Rect, dx: float, dy: float) -> None:
        """Paint a rectangle."""
        raise NotImplementedError

    def stroke(self, points: Sequence[tuple[float, float]], color: str, width: float) -> None:
        """Paint a stroke through ``points`` (model units) with round joins and caps."""
        raise NotImplementedError

    def polygon(self, shape: Polygon, dx: float, dy: float) -> None:
        """Paint a closed shape, filled, stroked or both."""
        raise NotImplementedError

    def text(self, shape: Text, dx: float, dy: float) -> None:
        """Paint one line of text."""
        raise NotImplementedError

    def grid(self, shape: Grid) -> None:
        """Paint a road's grid lines; a back-end that paints grids on their own (PNG's masks) sends none here."""
        raise TypeError(f"not a scene shape: {shape!r}")
