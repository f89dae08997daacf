"""Polyline and Polygon: the SVG and PNG back-ends draw them, in the same place."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from PIL import Image

from roads.render import scene_bytes
from roads.scene import Polygon, Polyline, Scene

SVG = "{http://www.w3.org/2000/svg}"
RED, BLUE = "#c62828", "#1f5fbf"


def scene() -> Scene:
    triangle = Polygon(((10.0, 40.0), (30.0, 5.0), (50.0, 40.0)), fill=RED, stroke=RED, width=2.0)
    line = Polyline(((60.0, 10.0), (75.0, 30.0), (90.0, 10.0)), BLUE, 3.0, classes="series")
    return Scene(
        width=100,
        height=50,
        background="#ffffff",
        symbols=(),
        items=(triangle, line),
        title="shapes",
        desc="a triangle and a line",
        font_family="sans-serif",
    )


def test_svg_elements() -> None:
    root = ET.fromstring(scene_bytes(scene(), "svg"))
    polygon, polyline = root.find(f"{SVG}polygon"), root.find(f"{SVG}polyline")
    assert polygon is not None and polyline is not None
    assert polygon.get("points") == "10,40 30,5 50,40" and polygon.get("fill") == RED
    assert polygon.get("stroke-linejoin") == "round"
    assert polyline.get("points") == "60,10 75,30 90,10" and polyline.get("fill") == "none"
    assert polyline.get("class") == "series" and polyline.get("stroke-linecap") == "round"


def test_png_paints_them_where_the_svg_does() -> None:
    image = Image.open(io.BytesIO(scene_bytes(scene(), "png", scale=2))).convert("RGB")
    assert image.size == (200, 100)
    assert image.getpixel((60, 60)) == (0xC6, 0x28, 0x28)  # inside the triangle
    assert image.getpixel((150, 60)) == (0x1F, 0x5F, 0xBF)  # on the line's middle joint
    assert image.getpixel((150, 90)) == (255, 255, 255)  # below the line: nothing painted
