"""Every corner of every bounded drawing option draws a PNG (issue 24 item 9).

`--scale 0.1`, `--width 16` and `--cell 8 --scale 0.25` ended in Pillow's
"x1 must be greater than or equal to x0", and `--width 16 --scale 0.1` in
"invalid ppem value": a dot or a letter that small rounded to a box that ends
before it starts, or to a font size FreeType refuses. The corners come from the
option table, so a new bounded option is covered without touching this file.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any

import pytest
from helpers import decode_png, run

from roads import Scoreboard
from roads.errors import RenderError
from roads.outcome import Outcome
from roads.render import png
from roads.render.animate import animate
from roads.scene import RenderOptions
from roads.scene.options import OPTIONS, SCALES

SHOE = "BPPBTBBBPBPPBBTPB"
BOARD = Scoreboard.from_results(SHOE)
BOUNDED = [row for row in OPTIONS if row.bounds is not None and row.name != "scale"]
CORNERS = [
    pytest.param(
        {row.name: row.convert(bound), "scale": scale},
        id=f"{row.name}={bound:g}-scale={scale:g}",
        # The largest scale draws pictures of millions of pixels: seconds each, so with the slow tests.
        marks=[pytest.mark.slow] if scale == SCALES[1] else [],
    )
    for row in BOUNDED
    for bound, scale in product(row.bounds or (), SCALES)
]


def _drawn_or_too_large(draw: Any, options: dict[str, Any]) -> None:
    """Draw; the refusals allowed are the stated picture-size limit and a bead past the board's end, in their words."""
    try:
        data = draw(**options)
    except RenderError as exc:
        message = str(exc)
        data = b""
    else:
        message = ""
    allowed = ("too large to draw", f"the board has {len(SHOE)} coups")
    assert message == "" or any(words in message for words in allowed), message
    assert message or decode_png(data).size[0] >= 1


@pytest.mark.parametrize("options", CORNERS)
def test_every_corner_of_the_option_table_draws(options: dict[str, Any]) -> None:
    _drawn_or_too_large(BOARD.png, options)
    _drawn_or_too_large(lambda **o: png(BOARD, RenderOptions(**o)), options)


def test_the_table_has_corners_to_try() -> None:
    assert {row.name for row in BOUNDED} >= {"cell", "width", "last"}


@pytest.mark.parametrize("kind", ["GIF", "WEBP", "PNG"])
def test_the_smallest_animation_draws(kind: str) -> None:
    outcomes = [Outcome.from_letter(ch) for ch in SHOE[:4]]
    for options in ({"width": 16, "scale": 0.1}, {"cell": 8, "scale": 0.25}, {"scale": 0.1}):
        assert animate(outcomes, RenderOptions(**options), kind)[:3] in (b"GIF", b"RIF", b"\x89PN")


def test_the_command_line_draws_the_smallest_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(" ".join(SHOE) + "\n")
    out = tmp_path / "tiny.png"
    code, _, err = run(capsys, "render", str(log), "-o", str(out), "--width", "16", "--scale", "0.1")
    assert (code, err) == (0, "")
    assert decode_png(out.read_bytes()).size[0] >= 1
