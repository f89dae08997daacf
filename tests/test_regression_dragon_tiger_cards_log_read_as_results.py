"""A Dragon Tiger cards log that ``roads deal`` wrote was read as a results log when its first coup was two
tens of diamonds (``TD TD``: Tiger Dragon Tiger Dragon as results), its own ``# format: cards`` header ignored:
``roads show`` then failed on line 9 with "'5' in '5D' is not a result". The header names the kind now."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import run

from roads.errors import LogError
from roads.logs.dragon_tiger import read_dragon_tiger
from roads.outcome import Winner


def test_the_seed_3740_cards_log_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "dt.txt"
    assert run(capsys, "deal", "--game", "dragon-tiger", "--seed", "3740", "--format", "cards", "-o", str(log))[0] == 0
    first = next(line for line in log.read_text().splitlines() if not line.startswith("#"))
    assert first == "TD TD"  # the line both kinds read
    code, out, err = run(capsys, "show", str(log), "--game", "dragon-tiger")
    assert code == 0, err
    dealt = len([line for line in log.read_text().splitlines() if not line.startswith("#")])
    assert f"{dealt} coups" in out


def test_the_header_names_the_kind_and_without_it_the_first_line_tells() -> None:
    """With ``# format: cards`` a ``TD TD`` line is one coup (a tie); without a header it is four results, as
    docs/dragon-tiger.md says; ``# format: results`` reads a line of tens as results."""
    (coup,) = read_dragon_tiger(io.StringIO("# format: cards\nTD TD\n"))
    assert coup.coup is not None and coup.outcome.winner is Winner.TIE
    assert len(read_dragon_tiger(io.StringIO("TD TD\n"))) == 4
    assert len(read_dragon_tiger(io.StringIO("# game: dragon-tiger\n# format: results\nT T\n"))) == 2


def test_a_header_naming_no_dragon_tiger_kind_is_one_located_error() -> None:
    with pytest.raises(LogError) as caught:
        read_dragon_tiger(io.StringIO("# deal\n# format: stream\nAS KD 5C 9H\n"))
    assert caught.value.line == 2 and "read it without --game dragon-tiger" in str(caught.value)
