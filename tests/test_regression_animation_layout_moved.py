"""``--animate`` drew each frame on its own board's grids: the Bead Plate grew from 8 to 14 columns and pushed
the Big Road right (x 225 -> 250 -> 345 px), the Small Road / Cockroach Pig divider moved, and the 82-coup GIF
was 2.1 MB. Every frame now has the last frame's geometry, and frames hold only what changed."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from roads import Scoreboard
from roads.outcome import Outcome
from roads.render.animate import animate, frame_scenes
from roads.scene import Scene, lay_out, render_options, sizes_of
from roads.scene.primitives import Group, Rect, Use, walk
from roads.shoe import deal_shoe

SHOE = "TTBPBBBBBBBBPPBTPBPPPBBPBPPBPBBTPPPPBPBBPBBBBPT" + "BP" * 12 + "PPBBTBPPPBPBTPBB"
"""Leading ties, a dragon tail, ties on beads, and enough coups and columns (87, 45) to widen the Bead Plate,
the Big Road and the derived roads past their smallest grids."""
ROADS = ("bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig")


def _outcomes(results: str) -> list[Outcome]:
    return [Outcome.from_letter(ch) for ch in results]


def _placed(scene: Scene) -> dict[tuple[str, str], tuple[str, float, float]]:
    """Every bead, mark and tie count by (what, which coup or mark), with its symbol and centre."""
    out = {}
    for item in walk(scene.items):
        if isinstance(item, Use) and item.data:
            data = dict(item.data)
            what = data.get("road", item.classes.split()[0])
            which = data.get("coup") or data.get("mark", "")
            out[(what, which)] = (item.symbol, item.x, item.y)
    return out


def _regions(scene: Scene) -> dict[str, Rect]:
    """Each road's panel rectangle: where the road and its dividers are."""
    found: dict[str, Rect] = {}

    def visit(items: tuple[object, ...]) -> Iterator[None]:
        for item in items:
            if isinstance(item, Group):
                if item.id in ROADS and isinstance(item.items[0], Rect):
                    found[item.id] = item.items[0]
                yield from visit(item.items)

    list(visit(scene.items))
    return found


@pytest.mark.parametrize("options", [{}, {"road": "big-road"}, {"theme": "dark", "labels": "zh"}])
def test_regression_animation_layout_moved(options: dict[str, str]) -> None:
    outcomes = _outcomes(SHOE)
    chosen = render_options(**options)  # type: ignore[arg-type]
    scenes = list(frame_scenes(outcomes, chosen))
    last = scenes[-1]
    whole = lay_out(Scoreboard.from_results(SHOE), chosen)
    assert (last.width, last.height) == (whole.width, whole.height)
    final, regions = _placed(last), _regions(last)
    for n, scene in enumerate(scenes, 1):
        assert (scene.width, scene.height) == (last.width, last.height), f"frame {n} has its own size"
        assert _regions(scene) == regions, f"frame {n} moves a road or a divider"
        for key, (symbol, x, y) in _placed(scene).items():
            assert final[key][1:] == (x, y), f"frame {n}: {key} at {(x, y)}, in the last frame at {final[key][1:]}"
            if key[0] != "tie":  # a tie count grows with later ties; a bead or mark never changes
                assert final[key][0] == symbol, f"frame {n}: {key} is {symbol}, in the last frame {final[key][0]}"


def test_a_young_board_keeps_the_whole_shoes_grids_but_never_smaller_ones() -> None:
    board = Scoreboard.from_results(SHOE)
    whole = sizes_of(board)
    young = Scoreboard.from_results(SHOE[:5])
    assert sizes_of(young) != whole
    kept = lay_out(young, sizes=whole)
    assert (kept.width, kept.height) == (lay_out(board).width, lay_out(board).height)
    # Sizes smaller than the board's own are overruled: nothing is ever cut off.
    assert lay_out(board, sizes=sizes_of(young)).width == lay_out(board).width


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "most"), [("GIF", 800_000), ("WEBP", 800_000), ("PNG", 800_000)])
def test_regression_animation_of_82_coups_was_2_mb(kind: str, most: int) -> None:
    outcomes = [coup.outcome() for coup in deal_shoe(8, seed=2026).coups]
    assert len(outcomes) == 82
    data = animate(outcomes, render_options(), kind)
    assert len(data) <= most, f"{kind}: {len(data):,} bytes"
    with Image.open(io.BytesIO(data)) as image:
        assert image.n_frames == 82
        image.seek(81)
        drawn = image.convert("RGB")
    whole = lay_out(Scoreboard.from_outcomes(outcomes))
    assert drawn.size == (whole.width, whole.height)
