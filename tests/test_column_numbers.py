"""The Big Road's column numbers and the outlined bead (render options ``column_numbers`` and ``bead``)."""

from __future__ import annotations

from roads import Scoreboard
from roads.scene import lay_out, render_options
from roads.scene.primitives import Group, Item, Rect, Text


def _all(items: tuple[Item, ...]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        out.append(item)
        if isinstance(item, Group):
            out.extend(_all(item.items))
    return out


def numbers(board: Scoreboard, **options: object) -> list[Text]:
    scene = lay_out(board, render_options(column_numbers=True, **options))  # type: ignore[arg-type]
    return [i for i in _all(scene.items) if isinstance(i, Text) and i.classes == "column-number"]


def test_each_streak_is_numbered_as_the_proofs_count_it_even_past_a_dragon_tail() -> None:
    board = Scoreboard.from_results("BBBBBBBBPPPPPPPBP")  # two tails: logical columns 1-4
    drawn = numbers(board, road="big-road")
    assert [t.text for t in drawn] == ["1", "2", "3", "4"]
    xs = [t.x for t in drawn]
    assert xs == sorted(xs) and len(set(xs)) == 4


def test_without_the_option_nothing_is_numbered_and_the_picture_is_as_before() -> None:
    board = Scoreboard.from_results("BBPPBP")
    plain = lay_out(board, render_options())
    assert not [i for i in _all(plain.items) if isinstance(i, Text) and i.classes == "column-number"]
    assert lay_out(board, render_options(column_numbers=True)).height > plain.height


def test_only_the_columns_in_view_are_numbered() -> None:
    board = Scoreboard.from_results("BP" * 20)
    assert [t.text for t in numbers(board, road="big-road", last=6)] == [str(n) for n in range(35, 41)]


def test_the_bead_of_a_coup_is_outlined_and_a_tie_outlines_the_bead_it_sits_on() -> None:
    board = Scoreboard.from_results("BPTP")  # coup 3 is a tie on coup 2's bead
    plain = [i for i in _all(lay_out(board, render_options(road="big-road")).items) if isinstance(i, Rect)]
    for coup in (2, 3):
        scene = lay_out(board, render_options(road="big-road", bead=coup))
        rects = [i for i in _all(scene.items) if isinstance(i, Rect)]
        (outline,) = [r for r in rects if r not in plain]
        assert outline.stroke and outline.x > 24, "column 2, the Player bead"
