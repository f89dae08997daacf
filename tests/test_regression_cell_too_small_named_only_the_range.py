"""Regression: ``roads render --cell 2`` said "cell must be from 4 to 400 pixels", not what can be read.

The issue asks for a refusal that names the smallest legible size. At 4 or 6
px a cell the Bead Plate's letters and the stats panel are a blur, so the
bound is now 8 px (``roads.bounds.LEGIBLE_CELL``), and every command taking
``--cell`` says so: one line, exit status 2, no file written. A lesson page
needs more (24 px tap targets) and names its own smallest cell.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FIXTURES, run

from roads import Scoreboard
from roads.bounds import LEGIBLE_CELL
from roads.errors import RenderError
from roads.render import render

RESULTS = str(FIXTURES / "results.txt")


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["render", RESULTS, "--cell", "2"], "a.svg"),
        (["render", RESULTS, "--cell", "2"], "a.png"),
        (["render", RESULTS, "--cell", "7.5"], "a.pdf"),
        (["render", RESULTS, "--cell", "2", "--animate"], "a.gif"),
    ],
)
def test_a_cell_too_small_to_read_is_refused_naming_the_smallest_legible_cell(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], name: str
) -> None:
    out = tmp_path / name
    status, _, err = run(capsys, *argv, "-o", str(out))
    cell = argv[argv.index("--cell") + 1]
    assert status == 2
    assert f"cell {cell} is too small to read: the smallest legible cell is {LEGIBLE_CELL} px" in err
    assert "Traceback" not in err and "'--cell'" in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_the_smallest_legible_cell_is_accepted_and_one_below_is_not() -> None:
    board = Scoreboard.from_results("BPPBBTPB")
    assert render(board, "png", cell=LEGIBLE_CELL).startswith(b"\x89PNG")
    with pytest.raises(RenderError, match=f"the smallest legible cell is {LEGIBLE_CELL} px"):
        render(board, "svg", cell=LEGIBLE_CELL - 0.5)


def test_lesson_names_its_own_smallest_cell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "lesson.html"
    status, _, err = run(capsys, "lesson", RESULTS, "-o", str(out), "--cell", "2")
    assert status == 2
    assert "cell 2 is too small for a lesson board: the smallest is 48 px" in err
    assert not out.exists()
