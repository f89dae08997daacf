"""The terminal view: grids put every item at its drawn place, ties show, colour only when asked."""

from __future__ import annotations

import io
import re

import pytest
from helpers import demo_board

from roads import Scoreboard
from roads.board import DERIVED
from roads.board.stats import percent
from roads.outcome import Outcome, Winner
from roads.scene.text import summary as desc_summary
from roads.terminal import (
    compact,
    compact_big_road,
    compact_derived,
    grid,
    pair_tag,
    show,
    summary,
    tie_tag,
    use_color,
)

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def cells(text: str, cell_width: int) -> dict[tuple[int, int], str]:
    """Read a rendered grid back into {(x, y): cell text}, x and y from 1."""
    rows = text.splitlines()[1:7]
    step = cell_width + 1
    out = {}
    for y, line in enumerate(rows, 1):
        for i in range(0, len(line), step):
            cell = line[i : i + cell_width].strip()
            if cell and cell != "·":
                out[i // step + 1, y] = cell
    return out


def test_big_road_grid_puts_every_bead_at_its_drawn_place_with_its_ties() -> None:
    board = Scoreboard.from_results("TTBTTBPPTBBBTPTTT" + "B" * 9)
    got = cells(grid(board, "big_road"), 2)
    want = {}
    for i, bead in enumerate(board.big_road):
        ties = bead.ties + (board.leading_ties if i == 0 else 0)
        want[bead.x, bead.y] = bead.winner.letter + tie_tag(ties)
    assert got == want
    assert got[1, 1] == "B4"  # two leading ties and two ties after the first bead
    assert "2 leading ties on the first cell" in grid(board, "big_road").splitlines()[0]


def test_leading_ties_alone_show_on_the_first_cell() -> None:
    text = grid(Scoreboard.from_results("TTT"), "big_road")
    assert "3 leading ties" in text.splitlines()[0]
    assert cells(text, 2) == {(1, 1): "3"}


def test_tie_and_pair_tags() -> None:
    assert [tie_tag(n) for n in (0, 1, 2, 9, 10, 40)] == ["", "/", "2", "9", "+", "+"]
    assert [pair_tag(b, p) for b, p in ((0, 0), (1, 0), (0, 1), (1, 1))] == ["", "'", ",", ":"]


def test_bead_plate_grid_fills_six_rows_with_pairs() -> None:
    outcomes = [Outcome(Winner.BANKER, banker_pair=True), Outcome(Winner.TIE), Outcome(Winner.PLAYER, player_pair=True)]
    outcomes += [Outcome(Winner.BANKER)] * 4
    got = cells(grid(Scoreboard.from_outcomes(outcomes), "bead_plate"), 2)
    assert got == {(1, 1): "B'", (1, 2): "T", (1, 3): "P,", (1, 4): "B", (1, 5): "B", (1, 6): "B", (2, 1): "B"}


@pytest.mark.parametrize("road", DERIVED)
def test_derived_grid_puts_every_mark_at_its_drawn_place(road: str) -> None:
    board = demo_board()
    got = cells(grid(board, road), 1)
    assert got == {(m.x, m.y): "=" if m.color.value == "red" else "≠" for m in board.road(road)}


def test_last_columns_only() -> None:
    board = Scoreboard.from_results("BP" * 10)
    text = grid(board, "big_road", last=4)
    assert "drawn columns 17-20 of 20" in text.splitlines()[0]
    assert text.splitlines()[1] == "B  P  B  P"
    assert text.splitlines()[-1].startswith("17")


def test_empty_road_is_only_its_header() -> None:
    text = grid(Scoreboard.from_results("BP"), "cockroach_pig")
    assert text == "Cockroach Pig · 0 marks (starts at column 4, row 2)"


def test_no_ansi_without_colour_and_colour_when_asked() -> None:
    board = Scoreboard.from_results("BPPTBBP" * 5)
    plain = show(board)
    assert not ANSI.search(plain)
    coloured = show(board, color=True)
    assert "\x1b[31m" in coloured and "\x1b[34m" in coloured and "\x1b[32m" in coloured
    # Same layout: only the derived glyphs change (symbols with colour, =/≠ without).
    stripped = ANSI.sub("", coloured)
    assert len(stripped.splitlines()) == len(plain.splitlines())
    assert stripped.split("Big Eye Boy")[0] == plain.split("Big Eye Boy")[0]
    assert "○" in stripped and "●" in stripped and "╱" in stripped


def test_compact_form() -> None:
    board = Scoreboard.from_results("BBBTPPBPPPP")
    lines = compact(board).splitlines()
    assert lines[0] == "Big Road      BBB PP B PPPP"
    assert lines[1] == "Big Eye Boy   " + " ".join(
        "".join("=" if c.value == "red" else "≠" for c in group)
        for group in _groups([m.color for m in board.big_eye_boy])
    )
    assert compact(Scoreboard.from_results("BPPB")).splitlines()[3] == "Cockroach Pig (no marks yet)"
    assert lines[4].startswith("Banker ask") and lines[5].startswith("Player ask")


def test_compact_forms_take_a_window_and_ties() -> None:
    board = Scoreboard.from_results("TBBBTPPTTBPPPP")
    assert compact_big_road(board) == "BBB PP B PPPP"
    assert compact_big_road(board, ties=True) == "BBBT PPTT B PPPP"
    assert compact_big_road(board, first=3, ties=True) == "B PPPP"
    road = board.big_eye_boy
    assert compact_derived(road, first=road.xs[-1]) == compact_derived(road).split()[-1]


def test_one_percent_helper_rounds_the_exact_share() -> None:
    # 23 of 80 is exactly 28.75%: computed as 100 * 23 / 80 it rounds to 28.8, not 28.7.
    assert percent(23, 80) == "28.8%" and percent(0, 0) == "0.0%"
    assert "Banker 23 (28.8%)" in summary(Scoreboard.from_results("B" * 23 + "P" * 57))
    assert desc_summary(Scoreboard.from_results("T")).startswith("1 coup: ")


def _groups(colors: list) -> list[list]:
    groups: list[list] = []
    for c in colors:
        if groups and groups[-1][-1] is c:
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def test_summary_has_stats_and_leading_ties() -> None:
    text = summary(Scoreboard.from_results("TTBPB"))
    assert text.startswith("5 coups: Banker 2 (40.0%), Player 1 (20.0%), Tie 2 (40.0%)\n")
    assert "Leading ties: 2" in text
    assert "Longest streak: Banker 1, Player 1" in text


def test_output_is_deterministic() -> None:
    board = demo_board()
    again = demo_board()
    assert show(board, color=True) == show(again, color=True)
    assert summary(board) == summary(again)


def test_use_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color("always", io.StringIO()) is True
    assert use_color("never", Tty()) is False
    assert use_color("auto", Tty()) is True
    assert use_color("auto", io.StringIO()) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color("auto", Tty()) is False
    assert use_color("always", io.StringIO()) is True
