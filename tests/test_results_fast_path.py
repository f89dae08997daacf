"""The fast way through a results log (whole blocks of lines) reads exactly what the line-by-line reader reads.

read_outcomes, outcome_batches and Scoreboard.from_log take the fast path;
iter_entries reads line by line. Both must give the same outcomes, and the
same error (class, message, file, line, column, coup) on a bad log, however
the log is cut into blocks, chunks and samples.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads.errors import RoadsError
from roads.logs import blocks, detect, iter_entries, read_outcomes, source
from roads.logs.reader import outcome_batches
from roads.outcome import Outcome

TOKENS = ["B", "P", "T", "b", "p", "t", "B[bn]", "P[p]", "T[bpn]", "b[NB]", "B[]", " ", "  ", ",", "\t", "\r"]
MISTAKES = ["X", "B[x]", "B[bb]", "[b]", "]", "B[b", "|", "B[b n]", "\u00a0", "\x00"]
assert 256 % len(TOKENS) == 0
COMMENTS = ["# shoe 2", "#", "# [x] B", "#format: results"]


@st.composite
def results_logs(draw: st.DrawFn) -> bytes:
    """A results log of whole lines: mostly good, sometimes a mistake, comments, CRLF, bad bytes."""
    lines = []
    for _ in range(draw(st.integers(1, 40))):
        kind = draw(st.sampled_from(["results"] * 6 + ["comment", "blank", "mistake", "long"]))
        if kind in {"results", "long"}:
            count = draw(st.integers(1, 30 if kind == "results" else 400))
            # One byte string a line, not one draw a token (a 400-token line was 400 draws, most of the
            # test's time); 256 is a multiple of len(TOKENS), so each token is as likely as before.
            line = "".join(TOKENS[b % len(TOKENS)] for b in draw(st.binary(min_size=count, max_size=count)))
            if not line.strip(" ,\t\r"):
                line += "B"
            if draw(st.booleans()):
                line += " " + draw(st.sampled_from(COMMENTS))
        elif kind == "comment":
            line = draw(st.sampled_from(COMMENTS))
        elif kind == "blank":
            line = draw(st.sampled_from(["", "  ", "\t"]))
        else:
            line = "B P " + draw(st.sampled_from(MISTAKES)) + " T"
        lines.append(line)
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    data = ("B P T\n" + ending.join(lines) + draw(st.sampled_from(["", ending]))).encode("utf-8")
    if draw(st.integers(0, 9)) == 0:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xe2\x99", b"\xc3\x28"])) + data[at:]
    return data


def _read(read: object, data: bytes, binary: bool) -> tuple[object, ...]:
    stream = io.BytesIO(data) if binary else io.StringIO(data.decode("utf-8", "replace"))
    try:
        return ("ok", read(stream))  # type: ignore[operator]
    except RoadsError as exc:
        return (type(exc), exc.message, exc.file, exc.line, exc.column, exc.coup)


def _exact(stream: object) -> list[Outcome]:
    return [entry.outcome for entry in iter_entries(stream, "results")]  # type: ignore[arg-type]


def _fast(stream: object) -> list[Outcome]:
    return read_outcomes(stream, "results")  # type: ignore[arg-type]


@settings(max_examples=examples(300), deadline=None)
@given(results_logs(), st.integers(3, 64), st.integers(2, 64), st.integers(8, 200), st.integers(1, 3), st.booleans())
def test_fast_path_reads_what_the_exact_reader_reads(
    data: bytes, block: int, long_line: int, chunk: int, sample: int, binary: bool
) -> None:
    saved = blocks.BLOCK, blocks.LONG_LINE, source.CHUNK, detect.SAMPLE_LINES
    blocks.BLOCK, blocks.LONG_LINE, source.CHUNK, detect.SAMPLE_LINES = block, long_line, chunk, sample
    try:
        fast, exact = _read(_fast, data, binary), _read(_exact, data, binary)
    finally:
        blocks.BLOCK, blocks.LONG_LINE, source.CHUNK, detect.SAMPLE_LINES = saved
    if max(map(len, data.split(b"\n"))) > long_line and exact[0] != "ok":
        # The fast path cuts a line longer than LONG_LINE between results, and the word an
        # error quotes depends on where a line is cut (so it does on source.CHUNK alone).
        fast, exact = fast[:1] + fast[2:], exact[:1] + exact[2:]
    assert fast == exact


@pytest.mark.parametrize("binary", [True, False])
@pytest.mark.slow
def test_one_long_line_is_cut_between_results(binary: bool) -> None:
    run = "B[bn]PPT BPPBBB,T" * 5000
    data = (run + "\n" + run).encode()
    saved = blocks.BLOCK, blocks.LONG_LINE
    blocks.BLOCK, blocks.LONG_LINE = 4096, 1000
    try:
        assert _read(_fast, data, binary) == _read(_exact, data, binary)
        bad = data[:-3000] + b"X" + data[-3000:]
        assert _read(_fast, bad, binary) == _read(_exact, bad, binary)
        assert _read(_fast, bad, binary)[0] != "ok"  # an error class, not "ok"
    finally:
        blocks.BLOCK, blocks.LONG_LINE = saved


def test_equal_outcomes_are_one_shared_object(tmp_path: Path) -> None:
    path = tmp_path / "shoe.txt"
    path.write_text("B[bn] P T[p] b[NB] B[nb]\n" * 200 + "B\n" * 100)
    outcomes = read_outcomes(path)
    assert len({id(o) for o in outcomes}) == len(set(outcomes)) == 4
    assert outcomes[0] is outcomes[3] is outcomes[4]


def test_card_logs_share_equal_outcomes() -> None:
    from roads.logs import write_log
    from roads.shoe import deal_shoe

    coups = deal_shoe(8, seed=3).coups * 20
    outcomes = read_outcomes(io.StringIO(write_log(coups, "cards")))
    assert outcomes == [coup.outcome() for coup in coups]
    assert len({id(o) for o in outcomes}) == len(set(outcomes)) < len(coups) // 10


def test_batches_are_lists_and_the_log_streams() -> None:
    data = "B P T\n" * 200_000
    reader_ = outcome_batches(io.StringIO(data))
    first = next(reader_)
    assert isinstance(first, list) and len(first) < 600_000
    assert sum(len(batch) for batch in reader_) + len(first) == 600_000


def test_from_log_builds_the_board_of_any_log(tmp_path: Path) -> None:
    from roads.logs import write_log
    from roads.shoe import deal_shoe

    coups = deal_shoe(8, seed=2026).coups
    for fmt in ("results", "cards", "json", "jsonl", "stream"):
        path = tmp_path / f"shoe.{fmt}"
        path.write_text(write_log(coups, fmt))
        board = Scoreboard.from_log(path)
        # A results log keeps pairs and naturals but not totals; every other format keeps the coups.
        want = Scoreboard.from_outcomes([_bare(c.outcome()) for c in coups] if fmt == "results" else coups)
        assert board.bead_plate.outcomes == want.bead_plate.outcomes
        assert board.stats == want.stats
        assert list(board.big_road) == list(want.big_road)
        for name in ("big_eye_boy", "small_road", "cockroach_pig"):
            assert list(board.road(name)) == list(want.road(name))
    assert Scoreboard.from_log(io.StringIO("B P P\n"), "results").coups == 3
    with pytest.raises(RoadsError, match="line 2, column 3, coup 5: 'X' is not a result"):
        Scoreboard.from_log(io.StringIO("B P P\nT X\n"))


def _bare(outcome: Outcome) -> Outcome:
    return Outcome(outcome.winner, outcome.banker_pair, outcome.player_pair, outcome.natural)


@pytest.mark.slow
def test_from_log_on_a_big_log_matches_from_results() -> None:
    letters = ("BPPBBBPTPPB" * 10_000)[:100_000]
    board = Scoreboard.from_log(io.StringIO("\n".join(letters) + "\n"))
    want = Scoreboard.from_results(letters)
    assert board.stats == want.stats and board.coups == 100_000
    assert list(board.big_road.xs) == list(want.big_road.xs)
    assert bytes(board.cockroach_pig.codes) == bytes(want.cockroach_pig.codes)
    assert board.bead_plate.outcomes == want.bead_plate.outcomes
    assert len({id(o) for o in board.bead_plate.outcomes}) == 3  # B, P and T, each one shared object
