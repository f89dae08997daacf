"""The smallest cell that draws a board's text (issue 21, item 8): no word or figure under 9 px.

A board's smallest words and figures (the statistics' B/P/T letters, a tie
count) are 9 model units, so the default 24 px cell draws them at 9 px and 24
px is the smallest cell with all of its text (``TEXT_CELL``). Below it the
statistics panel, the tie counts, the road names and whatever else would be
under 9 px are left out; the marks stay. Checked on random shoes with ties,
leading ties, pairs and a highlight (whose caption is text too), at cells on
both sides of every threshold.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers import run

from roads import Scoreboard
from roads.scene import lay_out
from roads.scene.options import LEGIBLE_TEXT, SMALLEST_TEXT, TEXT_CELL, option_table
from roads.scene.primitives import Group, Item, Scene, Text
from roads.shoe import deal_shoe


def _texts(scene: Scene) -> Iterator[tuple[Text, str]]:
    """Yield every text the scene draws with the classes of its nearest group; symbols' texts as 'symbol'."""
    stack: list[tuple[Item, str]] = [(item, "") for item in scene.items]
    while stack:
        item, classes = stack.pop()
        if isinstance(item, Group):
            stack.extend((i, item.classes or classes) for i in item.items)
        elif isinstance(item, Text):
            yield item, classes
    for symbol in scene.symbols:
        for shape in symbol.shapes:
            if isinstance(shape, Text):
                yield shape, f"symbol {symbol.id}"


def _groups(scene: Scene) -> set[str]:
    """Return the classes of every group the scene holds."""
    found: set[str] = set()
    stack: list[Item] = list(scene.items)
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            found.add(item.classes)
            stack.extend(item.items)
    return found


def _shoes() -> list[Scoreboard]:
    """Dealt shoes, and random result strings heavy in ties (leading ties, counts of 2 to 12 on one bead)."""
    rng = random.Random(21)
    boards = [Scoreboard.from_outcomes(deal_shoe(8, seed=seed).coups) for seed in (3, 2026)]
    for _ in range(6):
        results = "".join(rng.choice("BBBPPPT") for _ in range(rng.randint(10, 70)))
        boards.append(Scoreboard.from_outcomes(list("TTT" + results + "B" + "T" * rng.randint(2, 12) + "P")))
    return boards


BOARDS = _shoes()


@pytest.mark.parametrize("cell", [None, TEXT_CELL, 30, 48])
def test_from_the_text_cell_up_every_text_is_at_least_9_px(cell: float | None) -> None:
    assert TEXT_CELL == 24 and SMALLEST_TEXT * TEXT_CELL / 24 == LEGIBLE_TEXT
    for board in BOARDS:
        for options in ({"road_labels": True}, {"highlight": "big-eye-boy:1", "title": "A shoe"}):
            scene = lay_out(board, cell=cell, **options)  # type: ignore[arg-type]
            texts = list(_texts(scene))
            small = [(t.text, t.size, where) for t, where in texts if t.size * (cell or 24) / 24 < LEGIBLE_TEXT]
            assert not small, small
            # Everything is there: the panel with its figures, the tie counts, the names.
            assert "stats" in _groups(scene)
            assert board.leading_ties == 0 or {"tie-count", "tie-count leading"} <= _groups(scene)
            # Named roads (asked for, or on by default with a highlight) keep their names.
            assert any(where == "road-labels" for _, where in texts)


@pytest.mark.parametrize("cell", [8, 12, 17.5, 20, 23.5])
def test_below_the_text_cell_the_panel_and_tie_counts_are_left_out_and_nothing_is_under_9_px(cell: float) -> None:
    for board in BOARDS:
        scene = lay_out(board, cell=cell, road_labels=True, highlight="big-eye-boy:1", title="A shoe")
        texts = list(_texts(scene))
        small = [(t.text, t.size, where) for t, where in texts if t.size * cell / 24 < LEGIBLE_TEXT]
        assert not small, small
        groups = _groups(scene)
        assert "stats" not in groups and not {"tie-count", "tie-count leading"} & groups
        assert not any(where == "road-labels" for _, where in texts) or cell >= 24 * LEGIBLE_TEXT / 11
        # The marks stay: every bead of the Bead Plate, lettered only while its letter is 9 px or more.
        plate = [u for u in _uses(scene) if "bead-plate" in u]
        assert len(plate) == board.coups
        assert all(u.endswith("-plain") for u in plate) == (cell * 12 / 24 < LEGIBLE_TEXT)


def _uses(scene: Scene) -> list[str]:
    """Return 'classes symbol' for every placement of a symbol."""
    from roads.scene.primitives import Use

    out: list[str] = []
    stack: list[Item] = list(scene.items)
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            stack.extend(item.items)
        elif isinstance(item, Use):
            out.append(f"{item.classes} {item.symbol}")
    return out


def test_the_help_and_the_docs_say_where_the_panel_goes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "render", "--help")
    said = " ".join(out.split())
    assert status == 0 and "below 24, where its smallest text would be under 9 px, the statistics panel" in said
    row = next(line for line in option_table().splitlines() if line.startswith("| `cell`"))
    assert "the statistics panel, tie counts and road names are left out" in row
