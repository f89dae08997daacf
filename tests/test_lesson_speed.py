"""The fast ways a lesson page is written give what the slow ways gave.

A lesson has a figure and a focus per proof. The figures are written straight
from their primitives instead of an svgwrite document each, and a focus reads
only the Big Road columns it needs; both are held here to the general code
they replace (the SVG back-end, a walk over the whole Big Road).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from roads import Scoreboard
from roads.board import Bead
from roads.board.names import DERIVED
from roads.lesson.compare import columns_of, comparison_scene
from roads.pages.figure import _EMPTY, _ROOT, decoration_svg, inline_svg
from roads.scene.highlight import focus
from roads.scene.primitives import Group, Polygon, Scene


def back_end_figure(scene: Scene, classes: str, prefix: str) -> str:
    """Return a figure as the SVG back-end writes it, trimmed as decoration_svg trims it."""
    root = (
        f'<svg class="{classes}" viewBox="0 0 {scene.width:g} {scene.height:g}" width="{scene.width:g}" '
        f'height="{scene.height:g}" aria-hidden="true" focusable="false">'
    )
    # Decorations sit in a lesson page, which carries no embedded fonts (its policy allows none).
    text = inline_svg(dataclasses.replace(scene, title="", desc="", symbols=()), prefix, fonts=False)
    return _EMPTY.sub("", _ROOT.sub(root, text, count=1))


def shoe(seed: int, coups: int) -> Scoreboard:
    """Return a seeded board with the game's frequencies and some long streaks."""
    rng = random.Random(seed)
    letters = "".join(rng.choice(("B", "P", "T", "BBBBBBBB", "PPPPPPP")) for _ in range(coups))
    return Scoreboard.from_results(letters)


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["classic", "dark", "print"])
def test_figures_are_the_back_ends_bytes(theme: str) -> None:
    board = shoe(1, 120)
    columns = columns_of(board)
    for name in DERIVED:
        for p in board.proofs(name):
            scene = comparison_scene(p, columns, theme=theme)
            assert decoration_svg(scene, "comparison", "cmp-") == back_end_figure(scene, "comparison", "cmp-")


def test_a_figure_with_other_primitives_falls_back_to_the_back_end() -> None:
    board = shoe(2, 40)
    scene = comparison_scene(next(iter(board.proofs("big_eye_boy"))), columns_of(board))
    odd = dataclasses.replace(scene, items=(Group((Polygon(((0, 0), (4, 0), (2, 3)), fill="#112233"),)),))
    assert decoration_svg(odd, "comparison", "x-") == back_end_figure(odd, "comparison", "x-")
    assert "<polygon" in decoration_svg(odd, "comparison", "x-")


def walked_focus_cells(board: Scoreboard, name: str, number: int) -> tuple[Bead, tuple[tuple[int, int], ...]]:
    """Return the source bead and compared cells the way focus found them before: walking the whole Big Road."""
    why = board.proof(name, number)
    wanted = {column for column, _ in why.compared}
    by_column: dict[int, list[Bead]] = {}
    source = None
    for bead in board.big_road:
        if bead.column in wanted:
            by_column.setdefault(bead.column, []).append(bead)
        if (bead.column, bead.row) == (why.column, why.row):
            source = bead
    assert source is not None
    return source, tuple((b.x, b.y) for column, _ in why.compared for b in by_column.get(column, ()))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_focus_reads_the_columns_a_walk_would_find(seed: int) -> None:
    board = shoe(seed, 200)
    for name in DERIVED:
        for number in range(1, len(board.road(name)) + 1):
            found = focus(board, name.cli, number)
            source, cells = walked_focus_cells(board, name, number)
            assert found.source == source
            assert found.compared_cells == cells
