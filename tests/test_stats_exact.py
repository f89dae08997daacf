"""Exact where it matters: the exact binomial p for small expected counts, Holm-adjusted p, the group's own word."""

from __future__ import annotations

import csv
import io
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import run

from roads.analytics import holm
from roads.analytics.theory import binomial_two_sided, holm_adjusted, judge, normal_sf
from roads.shoe import deal_shoe

PLAYER_PAIR_8 = 0.0746987951807229
"""The Player pair's chance in one coup of 8 full decks (../shared/figures.md: 0.074699), as the engine gives it."""


def _exact_p(hits: int, trials: int, share: Fraction) -> float:
    """The two-sided exact binomial p counted by hand: every k no likelier than the observed count, in fractions."""
    chance = [math.comb(trials, k) * share**k * (1 - share) ** (trials - k) for k in range(trials + 1)]
    return float(sum(c for c in chance if c <= chance[hits]))


def test_17_player_pairs_in_81_coups_get_the_exact_p_not_the_normal_one() -> None:
    share = Fraction(PLAYER_PAIR_8)
    expected = _exact_p(17, 81, share)
    assert 8.6e-5 < expected < 8.8e-5  # the 8.7e-5, 1 in 11,500
    figure = judge("player_pair", 17, 81, PLAYER_PAIR_8)
    assert figure.p_method == "binomial" and figure.p == pytest.approx(expected, rel=1e-9)
    normal = 2 * normal_sf(abs(figure.z or 0))
    assert 3.6e-6 < normal < 3.8e-6  # what the normal approximation said: 1 in 270,233


@pytest.mark.parametrize(("hits", "trials", "share"), [(0, 81, 0.0952), (3, 81, 0.0952), (12, 40, 0.2), (7, 7, 0.5)])
def test_the_exact_p_matches_a_count_by_hand(hits: int, trials: int, share: float) -> None:
    assert binomial_two_sided(hits, trials, share) == pytest.approx(_exact_p(hits, trials, Fraction(share)), rel=1e-9)


def test_the_normal_p_is_kept_from_10_expected_hits_and_misses() -> None:
    assert judge("tie", 20, 106, 0.0952).p_method == "normal"  # 10.1 ties expected
    assert judge("tie", 20, 104, 0.0952).p_method == "binomial"  # 9.9
    assert judge("tie", 0, 40, 0.0952).p is None  # under 5 expected: still not meaningful


def test_holm_adjusted_p_is_the_step_down_by_hand_and_flags_as_holm_does() -> None:
    p = [0.004, 0.04, 0.003, None, 0.5]
    # sorted 0.003, 0.004, 0.04, 0.5 of m = 4: 4 x 0.003, max(that, 3 x 0.004), max(that, 2 x 0.04), then 0.5
    assert holm_adjusted(p) == pytest.approx([0.012, 0.08, 0.012, None, 0.5])
    for alpha in (0.01, 0.013, 0.05, 0.1):
        assert holm(p, alpha) == [None if a is None else a <= alpha for a in holm_adjusted(p)]


def _letters(seed: int) -> str:
    return "".join(coup.outcome().winner.letter for coup in deal_shoe(8, seed=seed).coups)


def _tie_heavy(tmp_path: Path) -> Path:
    """Two dealt shoes; in the first, Banker and Player wins turned into ties until it holds 23 (8 expected)."""
    first = list(_letters(2))
    for i, letter in enumerate(first):
        if first.count("T") >= 23:
            break
        if letter != "T" and i % 2:
            first[i] = "T"
    shoes = [
        {"shoe": 1, "table": "t1", "results": "".join(first)},
        {"shoe": 2, "table": "t2", "results": _letters(1)},
    ]
    log = tmp_path / "ties.jsonl"
    log.write_text("".join(json.dumps(s) + "\n" for s in shoes), encoding="utf-8")
    return log


@pytest.mark.parametrize(("by", "word"), [("shoe", "shoes"), ("table", "tables")])
def test_a_reading_uses_the_holm_p_and_the_groups_word(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, by: str, word: str
) -> None:
    code, out, _ = run(capsys, "stats", str(_tie_heavy(tmp_path)), "--by", by, "--json")
    assert code == 0
    group = json.loads(out)["groups"][0]
    tie = next(t for t in group["tests"] if t["figure"] == "tie")
    assert tie["flag"] and tie["alpha"] == 0.01 and tie["p"] < tie["p_adjusted"] <= 0.01
    reading = next(line for line in group["flags"] if line.startswith("tie:"))
    assert f"fair {word} would stray this far" in reading and "archives" not in reading
    assert tie["p_method"] == "binomial" and tie["hits"] == 23
    assert f"at most 1 in {1 / tie['p_adjusted']:,.0f} fair" in reading and f"1 in {1 / tie['p']:,.0f} " not in reading


def test_the_holm_p_and_threshold_are_in_text_and_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = _tie_heavy(tmp_path)
    code, text, _ = run(capsys, "stats", str(log), "--by", "shoe")
    assert code == 0 and "Holm p  source" in text and "chi-square B/P/T:" in text and ", Holm p " in text
    assert "flag: Holm p at most 0.01" in text  # the second shoe: nothing stands out, and the threshold says why
    code, out, _ = run(capsys, "stats", str(log), "--by", "shoe", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    tie = next(r for r in rows if r["group"].endswith("shoe 1") and r["figure"] == "tie")
    assert tie["alpha"] == "0.01" and float(tie["p_adjusted"]) >= float(tie["p"])
    chi = [r for r in rows if r["figure"] == "chi_square"]
    assert len(chi) == 3 and all(r["dof"] == "2" and r["p_method"] == "chi_square" for r in chi)
