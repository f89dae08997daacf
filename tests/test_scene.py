"""The layout step: options checked at the edge, windows, geometry and highlight, before any back-end."""

from __future__ import annotations

import pytest
from helpers import demo_board, example_board

from roads import Scoreboard
from roads.errors import RenderError
from roads.scene import ROADS, THEMES, Group, RenderOptions, Use, lay_out, render_options
from roads.scene.highlight import focus
from roads.scene.layout import CELL, MIN_LEFT, MIN_RIGHT, window
from roads.scene.primitives import walk


def uses(scene, road: str) -> list[Use]:  # type: ignore[no-untyped-def]
    """Return the placements that carry data-road=``road``."""
    return [item for item in walk(scene.items) if isinstance(item, Use) and ("road", road) in item.data]


def group(scene, id: str) -> Group:  # type: ignore[no-untyped-def]
    """Return the top-level group with ``id``."""
    return next(item for item in scene.items if isinstance(item, Group) and item.id == id)


# -- options ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"theme": "neon"}, "unknown theme 'neon': choose one of classic, dark, print"),
        ({"road": "big-rd"}, "unknown road 'big-rd': choose one of scoreboard, bead-plate, big-road"),
        ({"highlight": ("big-road", 1)}, "cannot highlight 'big-road': choose one of big-eye-boy, small-road"),
        ({"highlight": "big-eye-boy"}, "should be ROAD:MARK"),
        ({"highlight": "big-eye-boy:x"}, "highlight mark 'x' is not a number"),
        ({"highlight": "big-eye-boy:0"}, "count from 1"),
        ({"cell": 30, "width": 800}, "give cell or width, not both"),
        ({"last": 0}, "last must be from 1 to 10000 columns, got 0"),
        ({"scale": 0}, "scale must be from 0.1 to 16"),
        ({"labels": "fr"}, "unknown labels 'fr': choose one of en, zh"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_one_render_error(changes: dict[str, object], words: str) -> None:
    with pytest.raises(RenderError) as info:
        render_options(**changes)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_road_names_are_forgiving_and_normalised() -> None:
    assert render_options(road="Big_Eye Boy").road == "big-eye-boy"
    assert render_options(highlight="small_road:3").highlight == ("small-road", 3)
    assert set(ROADS) == {"scoreboard", "bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig"}
    assert set(THEMES) == {"classic", "dark", "print"}


def test_options_update_keeps_what_was_set() -> None:
    base = RenderOptions(theme="dark", last=10)
    assert render_options(base, last=None) == RenderOptions(theme="dark")
    assert render_options(base) is base


# -- windows and geometry ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "grid", "last", "first"),
    [
        (10, 24, None, 1),
        (30, 24, None, 7),
        (30, 40, 12, 19),
        (5, 40, 12, 1),
        (0, 6, None, 1),
    ],
)
def test_window_shows_the_newest_columns(content: int, grid: int, last: int | None, first: int) -> None:
    assert window(content, grid, last) == first


def test_empty_shoe_is_an_empty_board_of_minimum_size() -> None:
    scene = lay_out(Scoreboard())
    assert scene.width == round(2 * 8 + (MIN_LEFT + MIN_RIGHT) * CELL + 1)
    assert scene.height == round(8.5 + 12 * CELL + 8 + 0.5)
    for road in ("bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig"):
        assert not uses(scene, road)
    assert "Big Road: (empty)" in scene.desc


def test_whole_shoe_draws_every_mark_once() -> None:
    board = demo_board()
    scene = lay_out(board)
    assert len(uses(scene, "bead-plate")) == board.coups
    assert len(uses(scene, "big-road")) == len(board.big_road)
    for name in ("big_eye_boy", "small_road", "cockroach_pig"):
        marks = uses(scene, name.replace("_", "-"))
        assert [int(dict(u.data)["mark"]) for u in marks] == list(range(1, len(board.road(name)) + 1))
        assert [dict(u.data)["color"] for u in marks] == [c.value for c in board.road(name).colors]


def test_last_n_is_a_window_that_never_renumbers_or_recolours_a_mark() -> None:
    board = demo_board()
    scene = lay_out(board, last=10)
    shown = uses(scene, "big-road")
    width = board.big_road.width
    assert {b.x for b in board.big_road if b.x > width - 10} == {
        b.x for b in board.big_road if str(b.coup) in {dict(u.data)["coup"] for u in shown}
    }
    assert len(shown) == sum(1 for b in board.big_road if b.x > width - 10)
    road = board.big_eye_boy
    for use in uses(scene, "big-eye-boy"):
        data = dict(use.data)
        assert data["color"] == road.colors[int(data["mark"]) - 1].value
    # Every shown bead sits in one of the 10 grid columns.
    frame_left = min(u.x for u in shown) - CELL / 2
    assert max(u.x for u in shown) < frame_left + 10 * CELL
    assert "from drawn column" in scene.desc


def test_dragon_tails_are_drawn_where_the_board_puts_them() -> None:
    board = example_board("double-dragon")
    scene = lay_out(board, road="big-road")
    placed = {dict(u.data)["coup"]: (u.x, u.y) for u in uses(scene, "big-road")}
    x0, y0 = placed["1"]
    for bead in board.big_road:
        assert placed[str(bead.coup)] == (x0 + (bead.x - 1) * CELL, y0 + (bead.y - 1) * CELL)


def test_leading_ties_show_on_the_first_cell_then_are_counted_apart() -> None:
    alone = lay_out(Scoreboard.from_results("TTT"), road="big-road")
    ties = [i for i in walk(alone.items) if isinstance(i, Use) and "tie" in i.classes.split()]
    assert [dict(t.data)["ties"] for t in ties] == ["3"]
    assert not uses(alone, "big-road")
    later = lay_out(Scoreboard.from_results("TTTBTTP"), road="big-road")
    counts = [g for g in walk((group(later, "big-road"),)) if getattr(g, "text", None) == "3"]
    assert counts, "the leading count is written beside the first bead"
    assert "3 ties before the first result; BTT P" in later.desc


def test_desc_is_a_text_copy_of_the_roads() -> None:
    scene = lay_out(Scoreboard.from_results("BPPPB"))
    lines = scene.desc.splitlines()
    assert lines[0] == "Scoreboard, 5 coups."
    assert "Bead Plate: BPPPB" in lines
    assert "Big Road: B PPP B" in lines
    assert "Big Eye Boy: ≠ = ≠" in lines
    assert any(line.startswith("Banker ask:") for line in lines)


# -- highlight --------------------------------------------------------------------------


def test_focus_rule_1_compares_the_finished_column_and_its_partner() -> None:
    board = Scoreboard.from_results("BPPPB")
    f = focus(board, "big-eye-boy", 3)
    assert (f.rule, f.compared) == (1, ((2, 3), (1, 1)))
    assert set(f.compared_cells) == {(1, 1), (2, 1), (2, 2), (2, 3)}
    assert (f.source.column, f.source.row) == (3, 1)
    assert f.looked_at is None


@pytest.mark.parametrize(
    ("results", "mark", "looked_at"),
    [
        ("BPPP", 1, (1, 2)),  # column 1 stopped one row above row 2: blue, the empty cell is drawn
        ("BBPPP", 2, (1, 3)),  # column 1 stopped at row 2, bead at row 3 of column 2: the empty row 3
        ("BBBPPP", 2, (1, 3)),  # column 1 reaches row 3: the bead there is what was found
    ],
)
def test_focus_rule_2_points_at_the_row_looked_at(results: str, mark: int, looked_at: tuple[int, int]) -> None:
    f = focus(Scoreboard.from_results(results), "big-eye-boy", mark)
    assert f.rule == 2
    assert f.looked_at == looked_at


def test_highlight_errors_are_render_errors() -> None:
    board = Scoreboard.from_results("BPPPB")
    with pytest.raises(RenderError, match="Big Eye Boy has 3 marks: there is no mark 9"):
        lay_out(board, highlight=("big-eye-boy", 9))
    with pytest.raises(RenderError, match="is not on the bead-plate"):
        lay_out(board, road="bead-plate", highlight=("big-eye-boy", 1))


def test_highlight_scrolls_each_window_to_what_it_points_at() -> None:
    board = demo_board()
    scene = lay_out(board, last=4, highlight=("big-eye-boy", 1))
    f = focus(board, "big-eye-boy", 1)
    shown = {dict(u.data)["coup"] for u in uses(scene, "big-road")}
    assert str(f.source.coup) in shown
    assert "1" in {dict(u.data)["mark"] for u in uses(scene, "big-eye-boy")}
    # Roads without anything highlighted keep showing their newest columns.
    assert str(board.coups) in {dict(u.data)["coup"] for u in uses(scene, "bead-plate")}


def test_highlight_outlines_the_mark_and_its_bead_and_says_why() -> None:
    scene = lay_out(Scoreboard.from_results("BPPPB"), highlight=("big-eye-boy", 3))
    assert "Highlighted: Big Eye Boy mark 3 (blue). Column 3 starts, so Rule 1 applies" in scene.desc
    caption = group(scene, "highlight-caption")
    assert " ".join(t.text for t in caption.items).startswith("Big Eye Boy mark 3 (blue): Column 3 starts")
