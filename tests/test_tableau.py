"""The Banker drawing chart: one scene, the SVG and PNG back-ends, every cell agrees with roads.rules."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from roads.cli import main
from roads.errors import LessonError
from roads.lesson.embed import scene_bytes
from roads.lesson.tableau import Cell, parse_cell, tableau_scene
from roads.rules import banker_draws

SVG = "{http://www.w3.org/2000/svg}"


def cells(svg: bytes) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "cell" in g.get("class", "").split()]


def test_every_cell_matches_the_rules() -> None:
    found = cells(scene_bytes(tableau_scene(), "svg"))
    assert len(found) == 8 * 11
    for g in found:
        banker, third = int(g.get("data-banker")), g.get("data-third")
        draws = banker_draws(banker, None if third == "stood" else int(third))
        assert g.get("data-decision") == ("draw" if draws else "stand")
        letter = "".join(t.text or "" for t in g.iter(f"{SVG}text"))
        assert letter == ("D" if draws else "S")  # the letter says it, not only the colour


def test_draw_and_stand_cells_differ_in_fill() -> None:
    fills = {}
    for g in cells(scene_bytes(tableau_scene(theme="print"), "svg")):
        fills.setdefault(g.get("data-decision"), set()).add(g.find(f"{SVG}rect").get("fill"))
    assert len(fills["draw"]) == len(fills["stand"]) == 1 and fills["draw"] != fills["stand"]


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("3:8", Cell(3, 8)),
        ("5:stood", Cell(5, None)),
        ("4:K", Cell(4, 0)),
        (" 0 : 10 ", Cell(0, 0)),
        ("6:a", Cell(6, 1)),
    ],
)
def test_parse_cell(text: str, cell: Cell) -> None:
    assert parse_cell(text) == cell


@pytest.mark.parametrize(
    ("text", "words"),
    [("38", "BANKER:THIRD"), ("8:1", "naturals"), ("x:1", "0 to 7"), ("3:11", "0 to 9"), ("3:", "0 to 9")],
)
def test_bad_cells_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(LessonError, match=words):
        parse_cell(text)


def test_highlight_outlines_one_cell_and_says_the_rule() -> None:
    svg = scene_bytes(tableau_scene(highlight="3:8"), "svg").replace(b'id="r', b'id="').decode()
    svg = re.sub(r'id="[0-9a-f]{10}-', 'id="', svg)
    root = ET.fromstring(svg)
    caption = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "highlight-caption")
    words = " ".join(t.text for t in caption.iter(f"{SVG}text"))
    assert "Banker 3" in words and "stands" in words and "stands on 8" in words
    assert [g.get("id") for g in root.iter(f"{SVG}g") if g.get("id") == "highlight"] == ["highlight"]


@pytest.mark.slow
def test_svg_and_png_are_the_same_picture_and_deterministic() -> None:
    scene = tableau_scene(highlight="5:stood", theme="dark")
    svg = ET.fromstring(scene_bytes(scene, "svg"))
    image = Image.open(io.BytesIO(scene_bytes(scene, "png", scale=2)))
    assert image.size == (int(svg.get("width")) * 2, int(svg.get("height")) * 2)
    assert scene_bytes(scene, "png") == scene_bytes(tableau_scene(highlight="5:stood", theme="dark"), "png")


def test_title_is_text_not_markup() -> None:
    svg = scene_bytes(tableau_scene(title='<script>alert("x")</script> & \u202eevil'), "svg").decode()
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)


def test_cli_writes_svg_and_png(tmp_path) -> None:
    assert main(["tableau", "-o", str(tmp_path / "t.svg"), "--highlight", "3:8"]) == 0
    assert main(["tableau", "-o", str(tmp_path / "t.png"), "--highlight", "5:stood", "--scale", "2"]) == 0
    assert len(cells((tmp_path / "t.svg").read_bytes())) == 88
    assert Image.open(tmp_path / "t.png").format == "PNG"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--highlight", "9:2"], "naturals"),
        (["--highlight", "3:x"], "0 to 9"),
        (["--theme", "neon"], "unknown theme"),
        ([], "name it .svg, .png or .pdf"),
    ],
)
def test_cli_bad_option_values_write_nothing(tmp_path, capsys, args, words) -> None:
    out = tmp_path / ("t.gif" if not args else "t.svg")
    assert main(["tableau", "-o", str(out), *args]) == 2
    assert words in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_snapshot_svg(snapshot_svg) -> None:
    assert scene_bytes(tableau_scene(highlight="3:8"), "svg").decode() == snapshot_svg


def test_snapshot_png(snapshot_png) -> None:
    assert scene_bytes(tableau_scene(highlight="5:stood", theme="print"), "png") == snapshot_png
