"""The chart of Banker and Player chances: one geometry, two writers that agree, deterministic bytes."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from roads.errors import RenderError
from roads.odds import odds_through
from roads.odds.chance_chart import HEIGHT, PNG_SCALE, WIDTH, chart, save_chart
from roads.render import scene_bytes
from roads.scene.primitives import Polyline
from roads.shoe import deal_shoe

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def series() -> tuple[list[float], list[float]]:
    odds = odds_through(deal_shoe(8, seed=3).coups, 8)
    return [o.banker for o in odds], [o.player for o in odds]


def test_geometry_has_one_line_per_side_inside_the_plot(series: tuple[list[float], list[float]]) -> None:
    drawing = chart(*series)
    lines = [item for item in drawing.items if isinstance(item, Polyline)]
    assert [line.classes for line in lines] == ["banker", "player"]
    for line in lines:
        assert len(line.points) == len(series[0])
        assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in line.points)
    # Banker is more likely than Player all through this shoe, so its line sits higher (smaller y).
    banker, player = lines
    assert all(b[1] < p[1] for b, p in zip(banker.points, player.points, strict=True))
    assert drawing.desc.splitlines()[1] == "0,45.8597,44.6247"


def test_svg_structure(series: tuple[list[float], list[float]]) -> None:
    root = ET.fromstring(scene_bytes(chart(*series), "svg"))
    assert root.get("viewBox") == f"0 0 {WIDTH:g} {HEIGHT:g}"
    lines = root.findall(f"{SVG}polyline")
    assert [line.get("class") for line in lines] == ["banker", "player"]
    assert len(lines[0].get("points", "").split()) == len(series[0])
    assert "coups dealt" in [t.text for t in root.iter(f"{SVG}text")]
    assert root.find(f"{SVG}desc") is not None


def test_png_has_both_colours(series: tuple[list[float], list[float]]) -> None:
    image = Image.open(io.BytesIO(scene_bytes(chart(*series), "png", scale=PNG_SCALE))).convert("RGB")
    assert image.size == (WIDTH * PNG_SCALE, HEIGHT * PNG_SCALE)
    colours = {c for _, c in image.getcolors(maxcolors=1 << 16)}
    # the classic board's Banker red and Player blue: one palette (roads.scene.themes) for boards and charts
    assert (0xD3, 0x2F, 0x2F) in colours and (0x1F, 0x5F, 0xBF) in colours


def test_bytes_are_deterministic_and_written_atomically(
    series: tuple[list[float], list[float]], tmp_path: Path
) -> None:
    for suffix in (".svg", ".png"):
        a, b = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
        save_chart(chart(*series), a)
        save_chart(chart(*series), b)
        assert a.read_bytes() == b.read_bytes() and len(a.read_bytes()) > 1000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "a.svg", "b.png", "b.svg"]


def test_one_point_and_flat_series_still_draw() -> None:
    assert scene_bytes(chart([0.5], [0.4]), "svg")
    assert scene_bytes(chart([0.45, 0.45], [0.45, 0.45]), "png")


def test_bad_charts(tmp_path: Path) -> None:
    with pytest.raises(RenderError, match="same number"):
        chart([0.4], [0.4, 0.5])
    with pytest.raises(RenderError, match=r"\.svg, \.png or \.pdf"):
        save_chart(chart([0.5], [0.4]), tmp_path / "x.gif")
