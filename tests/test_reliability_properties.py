"""The whole chain on generated shoes: logs -> engine -> builder -> JSON -> SVG and PNG, and back.

Any results log and any card stream goes through every step without an
exception other than the documented RoadsError classes; every log format and
the JSON view round-trip without losing a pair, a natural or a card; and the
same board drawn twice gives the same bytes.
"""

from __future__ import annotations

import io
import json
import warnings
import xml.etree.ElementTree as ET

from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads.board.jsonview import board_dict, board_json
from roads.cards import RANKS, SUITS, Card
from roads.coup import Coup
from roads.errors import LogError
from roads.logs import FORMATS, LogWarning, iter_entries, iter_shoes, read_outcomes, write_log, write_shoe_line
from roads.outcome import Outcome, Winner
from roads.render import render
from roads.terminal import show, summary

FAST = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""Enough examples to find shape bugs (empty, ties only, long streaks) while the suite stays quick."""

outcomes = st.builds(Outcome, st.sampled_from(list(Winner)), st.booleans(), st.booleans(), st.booleans())
results_logs = st.lists(outcomes, min_size=1, max_size=120)
streaky = st.lists(st.tuples(st.sampled_from(list(Winner)), st.integers(1, 14)), min_size=1, max_size=12).map(
    lambda runs: [Outcome(w) for w, n in runs for _ in range(n)]
)
"""Long runs of one winner: dragon tails, tails running into each other, ties stacking on one bead."""

cards = st.builds(Card, st.sampled_from(RANKS), st.none() | st.sampled_from(SUITS))
card_streams = st.lists(cards, min_size=0, max_size=90)


def _stream_coups(stream: list[Card]) -> list[Coup]:
    """Return the coups the drawing rules split from a raw card stream (an incomplete tail is dropped)."""
    text = "# format: stream\n" + " ".join(map(str, stream)) + "\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LogWarning)
        try:
            return [e.coup for e in iter_entries(io.StringIO(text)) if e.coup is not None]
        except LogError as exc:
            # Fewer cards than one coup: the one documented way such a stream fails; any other error fails the test.
            if "no complete coup" in str(exc) or "no coups" in str(exc):
                return []
            raise


def _through_every_view(board: Scoreboard) -> None:
    """Every view of a board works: text, JSON, proofs, asks, SVG (parsed) and PNG (small)."""
    assert summary(board) and show(board, last=12)
    data = json.loads(board_json(board))
    assert data["coups"] == board.coups == len(data["bead_plate"])
    assert sum(1 for _ in board.proofs()) == sum(
        len(board.road(n)) for n in ("big_eye_boy", "small_road", "cockroach_pig")
    )
    root = ET.fromstring(render(board, "svg", cell=8))
    assert root.tag.endswith("svg")
    assert render(board, "png", cell=8).startswith(b"\x89PNG\r\n\x1a\n")


@FAST
@given(results_logs | streaky)
def test_any_results_log_goes_through_the_whole_chain(log: list[Outcome]) -> None:
    board = Scoreboard.from_outcomes(log)
    assert board.coups == len(log)
    _through_every_view(board)


@FAST
@given(card_streams)
def test_any_card_stream_goes_through_engine_builder_and_renderers(stream: list[Card]) -> None:
    coups = _stream_coups(stream)
    assert sum(c.cards for c in coups) <= len(stream)
    # The rules split the stream without skipping or reordering a card.
    dealt = [card for c in coups for card in c.dealt]
    assert dealt == stream[: len(dealt)]
    if coups:
        _through_every_view(Scoreboard.from_outcomes(coups))


@FAST
@given(results_logs)
def test_results_logs_round_trip_through_every_format_that_holds_them(log: list[Outcome]) -> None:
    for fmt in ("results", "json", "jsonl"):
        assert read_outcomes(io.StringIO(write_log(log, fmt))) == log, fmt
    (shoe,) = iter_shoes(io.StringIO(write_shoe_line("s", log)))
    assert list(shoe.outcomes) == log


@FAST
@given(card_streams)
def test_card_logs_round_trip_through_every_format(stream: list[Card]) -> None:
    coups = _stream_coups(stream)
    if not coups:
        return
    # Results keep what the roads need (winner, pairs, natural) and, by design, no cards.
    bare = [Outcome(c.winner, c.banker_pair, c.player_pair, c.natural) for c in coups]
    assert read_outcomes(io.StringIO(write_log(coups, "results"))) == bare
    for fmt in FORMATS[1:]:
        for hands in (False, True) if fmt == "cards" else (False,):
            back = [e.coup for e in iter_entries(io.StringIO(write_log(coups, fmt, hands=hands)))]
            assert back == coups, (fmt, hands)
            assert [c.dealt for c in back] == [c.dealt for c in coups]  # suits kept too
    (shoe,) = iter_shoes(io.StringIO(write_shoe_line(1, coups, results=False)))
    assert shoe.coups == tuple(coups)


@FAST
@given(results_logs | streaky)
def test_log_to_board_json_keeps_every_outcome(log: list[Outcome]) -> None:
    """The board's JSON says every coup's result, pairs and natural: a log can be written back from it."""
    cells = json.loads(board_json(Scoreboard.from_outcomes(log)))["bead_plate"]
    again = [Outcome(Winner(c["winner"]), c["banker_pair"], c["player_pair"], c["natural"]) for c in cells]
    assert again == log
    assert read_outcomes(io.StringIO(write_log(again, "json"))) == log


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    results_logs | streaky,
    st.sampled_from(["classic", "dark", "print"]),
    st.none() | st.integers(1, 30),
    st.sampled_from(["scoreboard", "big-road", "big-eye-boy"]),
)
def test_renders_are_deterministic(log: list[Outcome], theme: str, last: int | None, road: str) -> None:
    board = Scoreboard.from_outcomes(log)
    other = Scoreboard.from_outcomes(list(log))
    for kind, cell in (("svg", 8), ("png", 8)):
        first = render(board, kind, theme=theme, last=last, road=road, cell=cell)
        assert render(other, kind, theme=theme, last=last, road=road, cell=cell) == first
    assert board_dict(board) == board_dict(other)
