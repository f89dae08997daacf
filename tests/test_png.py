"""The PNG back-end: size, mode, colours where the marks are, stable pixels, and the CJK font rule."""

from __future__ import annotations

import pytest
from helpers import decode_png, demo_board, example_board

from roads import Scoreboard
from roads.errors import RenderError
from roads.render import png, svg
from roads.scene import THEMES, lay_out
from roads.scene.layout import CELL, PAD


@pytest.fixture(scope="module")
def demo() -> Scoreboard:
    """The demo shoe: 82 coups from cards, with pairs, naturals and ties."""
    return demo_board()


def rgb(hex_colour: str) -> tuple[int, int, int]:
    """Return ``#rrggbb`` as a tuple."""
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    """Return True when two colours differ by at most ``tolerance`` per channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def cell_centre(column: int, row: int, scale: float = 1.0) -> tuple[float, float]:
    """Return the pixel centre of a Bead Plate cell (the first grid of a scoreboard, no title)."""
    origin = PAD + 0.5
    return ((origin + (column - 0.5) * CELL) * scale, (origin + (row - 0.5) * CELL) * scale)


@pytest.mark.slow
def test_size_and_mode_follow_the_scene_and_scale(demo: Scoreboard) -> None:
    scene = lay_out(demo)
    one = decode_png(png(demo))
    two = decode_png(png(demo, scale=2))
    assert one.mode == "RGB" and one.format == "PNG"
    assert one.size == (scene.width, scene.height)
    assert two.size == (2 * scene.width, 2 * scene.height)
    assert decode_png(png(demo, width=600)).size[0] == 600
    assert decode_png(png(demo, cell=48)).size == two.size


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_marks_are_painted_in_their_colours(theme: str) -> None:
    t = THEMES[theme]
    board = Scoreboard.from_results("BPT")
    picture = decode_png(png(board, theme=theme, scale=2))
    for row, colour in ((1, t.banker), (2, t.player), (3, t.tie)):
        x, y = cell_centre(1, row, 2)
        # Left of the letter, inside the disc.
        assert near(picture.getpixel((round(x - 0.3 * CELL * 2), round(y))), rgb(colour)), (theme, row)
    x, y = cell_centre(1, 4, 2)
    assert near(picture.getpixel((round(x), round(y))), rgb(t.panel), 2)
    assert near(picture.getpixel((1, 1)), rgb(t.background), 2)


def test_big_road_rings_are_hollow() -> None:
    t = THEMES["classic"]
    scene = lay_out(Scoreboard.from_results("B"), road="big-road")
    picture = decode_png(png(Scoreboard.from_results("B"), road="big-road", scale=4))
    use = next(i for i in scene.items[0].items if getattr(i, "classes", "").startswith("bead"))  # type: ignore[union-attr]
    cx, cy = use.x * 4, use.y * 4  # type: ignore[union-attr]
    assert near(picture.getpixel((round(cx), round(cy))), rgb(t.panel), 2)
    assert near(picture.getpixel((round(cx + 0.35 * CELL * 4), round(cy))), rgb(t.banker), 20)


def test_same_board_same_bytes(demo: Scoreboard) -> None:
    assert png(demo, highlight=("big-eye-boy", 29)) == png(demo, highlight=("big-eye-boy", 29))


def test_png_and_svg_come_from_one_scene(demo: Scoreboard) -> None:
    scene = lay_out(demo, theme="dark")
    text = svg(demo, theme="dark")
    assert f'viewBox="0 0 {scene.width} {scene.height}"' in text
    assert decode_png(png(demo, theme="dark")).size == (scene.width, scene.height)


def test_a_huge_picture_is_refused_with_advice() -> None:
    with pytest.raises(RenderError, match="too large to draw: show fewer columns"):
        png(Scoreboard.from_results("BP" * 2000), scale=16)


def test_chinese_labels_are_drawn_from_the_bundled_font() -> None:
    board = Scoreboard.from_results("BPT")
    zh, en = decode_png(png(board, labels="zh", scale=2)), decode_png(png(board, scale=2))
    assert zh.size == en.size and zh.tobytes() != en.tobytes()
    assert svg(board, labels="zh")


# -- snapshots (decoded pixels): look at the picture before accepting a change -----------------


@pytest.mark.parametrize("road", ["bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig"])
def test_snapshot_each_road(road: str, demo: Scoreboard, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    assert png(demo, road=road, last=12) == snapshot_png


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_snapshot_scoreboard_themes(theme: str, demo: Scoreboard, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    assert png(demo, theme=theme) == snapshot_png


CASES = {
    "highlight-rule-1": ("demo", {"highlight": ("big-eye-boy", 29), "last": 16}),
    "highlight-rule-2": ("demo", {"highlight": ("small-road", 66), "last": 20, "theme": "print"}),
    "last-12-scale-2": ("demo", {"last": 12, "scale": 2}),
    "dragon-tails": ("double-dragon", {}),
    "leading-ties": ("ties-at-start", {"road": "big-road"}),
    "empty": ("", {}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_snapshot_cases(case: str, demo: Scoreboard, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    board, options = CASES[case]
    made = demo if board == "demo" else example_board(board) if "-" in board else Scoreboard.from_results(board)
    assert png(made, **options) == snapshot_png
