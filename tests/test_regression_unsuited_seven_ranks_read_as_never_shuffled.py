"""A shuffled shoe logged without suits was called "never shuffled" by ``roads stats --integrity``: seven ranks
in a row (``7 8 9 T J Q K``) come by chance about once in 4.3 million positions of an 8-deck shoe, far more often
than the one in ten million the docs promised. Without suits the run reported is now eight ranks long."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run

from roads.analytics.integrity import ORDER_RUN, ORDER_RUN_RANKS, Integrity, order_chance

_SUIT = re.compile(r"([0-9TJQKA])[CDHS]")


def _unsuited(capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int) -> Path:
    """Return a dealt shoe's cards log with its suits taken off (as ``sed -E 's/([0-9TJQKA])[CDHS]/\\1/g'``)."""
    suited = tmp_path / "s.txt"
    assert run(capsys, "deal", "--seed", str(seed), "-o", str(suited))[0] == 0
    ranks = tmp_path / "r.txt"
    ranks.write_text(_SUIT.sub(r"\1", suited.read_text()))
    return ranks


def test_the_seed_4472_shoe_without_suits_gives_no_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _unsuited(capsys, tmp_path, 4472)
    assert "7 8 9 T J Q K" in log.read_text().replace("\n", " ")  # the seven ranks in a row are there
    code, out, err = run(capsys, "stats", str(log), "--integrity", "--json")
    assert code == 0, err
    assert json.loads(out)["findings"] == []


def test_a_new_deck_run_without_suits_is_still_found() -> None:
    """Thirteen ranks in new-deck order, and the boundary: eight ranks are reported, seven are not."""
    check = Integrity(8)
    check.add("new", ("9", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "4"))
    check.add("eight", ("9", "K", "Q", "J", "T", "9", "8", "7", "6", "2"))
    check.add("seven", ("9", "3", "4", "5", "6", "7", "8", "9", "2"))
    found = [(f.shoes, f.positions, f.cards) for f in check.findings if f.kind == "new_deck_order"]
    assert found == [(("new",), ((2, 14),), 13), (("eight",), ((2, 9),), 8)]


def test_the_runs_reported_are_rarer_than_one_in_ten_million_per_position() -> None:
    assert order_chance(ORDER_RUN, suited=True) < 1e-7
    assert order_chance(ORDER_RUN_RANKS, suited=False) < 1e-7
    assert order_chance(ORDER_RUN_RANKS - 1, suited=False) > 1e-7  # one shorter would not be
