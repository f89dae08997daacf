"""repr of a board read from cards printed ``Scoreboard.from_results('...')`` as if that gave it back.

A board built from coups (or from a card log) knows each coup's cards, totals,
pairs and naturals; the letters alone rebuild its roads and nothing more. The
repr still pastes as the call that rebuilds the roads, and now says what it
leaves out.
"""

from __future__ import annotations

from roads import Scoreboard
from roads.board import Board
from roads.logs import write_log
from roads.shoe import deal_shoe

COUPS = deal_shoe(8, seed=2026).coups[:30]


def test_regression_repr_of_a_board_of_coups_says_it_was_read_from_cards() -> None:
    board = Scoreboard.from_outcomes(COUPS)
    text = repr(board)
    assert text.startswith("Scoreboard.from_results('")
    assert text.endswith("  # read from cards: this call rebuilds the roads, not the cards, totals, pairs and naturals")
    rebuilt = eval(text, {"Scoreboard": Scoreboard})
    assert rebuilt.big_road.columns == board.big_road.columns
    assert rebuilt.stats.naturals == 0 < board.stats.naturals  # what the comment warns of


def test_regression_repr_of_a_card_log_says_so_too() -> None:
    board = Scoreboard.from_text(write_log(COUPS, "cards"))
    assert repr(board) == repr(Scoreboard.from_outcomes(COUPS))


def test_a_log_with_pairs_but_no_cards_says_what_it_leaves_out() -> None:
    board = Scoreboard.from_text('{"coups": [{"winner": "banker", "banker_pair": true}, {"winner": "tie"}]}')
    assert repr(board) == (
        "Scoreboard.from_results('BT')  # read from a log with pairs and naturals: "
        "this call rebuilds the roads, not the pairs and naturals"
    )


def test_a_long_board_of_coups_says_so_after_its_count() -> None:
    coups = deal_shoe(8, seed=7).coups
    assert repr(Scoreboard.from_outcomes(coups)).endswith(f"  # {len(coups)} coups, read from cards")


def test_a_board_of_results_is_still_exactly_its_call_and_names_its_class() -> None:
    assert repr(Scoreboard.from_results("BPPT")) == "Scoreboard.from_results('BPPT')"
    assert repr(Board.from_results("BPPT")) == "Board.from_results('BPPT')"
    assert repr(Board()) == "Board()"
