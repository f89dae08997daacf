"""Per-shoe laws (issue 23, item 5): ties, pairs and the longest column per shoe against dealt shoes; mid-p values."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from helpers import run

from roads.analytics.pershoe import (
    LAWS,
    ShoeLaws,
    fits,
    laws_of,
    merged_bins,
    mid_p,
    reference_block,
    reference_blocks,
    reference_laws,
    two_sample_chi_square,
)
from roads.analytics.tally import Tally
from roads.analytics.theory import MIN_EXPECTED, chi_square_sf
from roads.analytics.verdicts import group_document
from roads.board import Board
from roads.outcome import Outcome, Winner
from roads.simulate import play_shoes, shuffled_shoes

OUTCOMES = {0: Outcome(Winner.BANKER), 1: Outcome(Winner.PLAYER), 2: Outcome(Winner.TIE)}


def test_two_sample_chi_square_of_a_hand_made_table() -> None:
    # archive 10, 20, 10 shoes and dealt 100, 100, 100 in three bins: Brandt and Snedecor's form of the
    # 2 x K chi-square, sum (n2 a - n1 b)^2 / (a + b) / (n1 n2), is worked out here apart from the code's.
    bins = [(0, 0, 10, 100), (1, 1, 20, 100), (2, 2, 10, 100)]
    n1, n2 = 40, 300
    by_hand = sum(Fraction((n2 * a - n1 * b) ** 2, a + b) for _, _, a, b in bins) / (n1 * n2)
    assert by_hand == Fraction(425, 99)  # (1e6 / 110 + 4e6 / 120 + 1e6 / 110) / 12000
    statistic, dof, p = two_sample_chi_square(bins)
    assert statistic == pytest.approx(float(by_hand)) and dof == 2
    assert p == pytest.approx(math.exp(-float(by_hand) / 2))  # 2 degrees of freedom: e^(-x/2)


def test_sparse_tails_are_merged_until_each_bin_expects_five_shoes() -> None:
    observed = Counter({0: 1, 1: 3, 2: 10, 3: 20, 4: 12, 5: 2, 6: 1, 9: 1})
    reference = Counter({0: 50, 1: 300, 2: 1000, 3: 1500, 4: 1000, 5: 300, 6: 80, 7: 20, 8: 5})
    bins = merged_bins(observed, reference)
    n1, n2 = sum(observed.values()), sum(reference.values())
    assert [b[2] for b in bins] and sum(b[2] for b in bins) == n1 and sum(b[3] for b in bins) == n2
    assert bins[0][0] == 0 and bins[-1][1] == 9
    assert all(b[0] == a[1] + 1 for a, b in itertools.pairwise(bins))  # bins follow one another
    assert all(n1 * (a + b) / (n1 + n2) >= MIN_EXPECTED for _, _, a, b in bins)
    # 0-2 (14 shoes), 3 (20), then 4-9: 5-9 alone would expect 50 * 409 / 4305 = 4.75 shoes, too thin to stand
    assert [(b[0], b[1]) for b in bins] == [(0, 2), (3, 3), (4, 9)]
    statistic, dof, p = two_sample_chi_square(bins)
    assert dof == 2 and p == pytest.approx(chi_square_sf(statistic or 0.0, 2))


def test_mid_p_against_exact_fractions() -> None:
    chance = Fraction(1, 3)
    for banker, decisions in ((0, 5), (2, 6), (7, 12), (12, 12)):
        pmf = [math.comb(decisions, k) * chance**k * (1 - chance) ** (decisions - k) for k in range(decisions + 1)]
        exact = sum(pmf[banker + 1 :], Fraction(0)) + pmf[banker] / 2
        assert mid_p(banker, decisions, 1 / 3) == pytest.approx(float(exact), abs=1e-12)


def test_the_dealt_laws_agree_with_the_tally_on_random_shoes() -> None:
    """The reference's numpy counts are a second counter of ties, pairs and columns: the Tally's must agree."""
    rng = np.random.default_rng(2323)
    for decks in (1, 8):
        shoes = 60
        dealt = play_shoes(shuffled_shoes(rng, shoes, decks))
        laws = laws_of(dealt, shoes)
        winners = np.where(
            dealt.banker_total > dealt.player_total, 0, np.where(dealt.player_total > dealt.banker_total, 1, 2)
        )
        pairs = (dealt.cards[:, 1] == dealt.cards[:, 3]).astype(int) + (dealt.cards[:, 0] == dealt.cards[:, 2])
        for shoe in range(shoes):
            mine = dealt.shoe == shoe
            outcomes = [OUTCOMES[int(w)] for w in winners[mine]]
            tally = Tally("shoe")
            tally.add(outcomes, Board.from_outcomes(outcomes))
            streaks = tally.streaks()
            assert laws["ties"][shoe] == tally.counts.tie
            assert laws["longest_column"][shoe] == max(streaks["longest_banker"], streaks["longest_player"])
            assert laws["pairs"][shoe] == int(pairs[mine].sum())


def test_the_reference_is_seeded_and_cached() -> None:
    first = reference_laws(8)
    assert reference_block(8, 0) is reference_block(8, 0)  # once a process
    assert reference_laws(8) == first
    assert {law: sum(c.values()) for law, c in first.items()} == dict.fromkeys(LAWS, 19_608)
    mean_ties = sum(v * n for v, n in first["ties"].items()) / 19_608
    assert 7.4 < mean_ties < 8.0  # about 9.5% of some 81 coups


def _dealt_documents(seed: int, shoes: int) -> ShoeLaws:
    """Return the per-shoe laws of ``shoes`` fair dealt shoes with cards (a stream apart from the reference's)."""
    rng = np.random.default_rng((seed, 8))
    dealt = play_shoes(shuffled_shoes(rng, shoes, 8))
    laws = laws_of(dealt, shoes)
    kept = ShoeLaws()
    for law in LAWS:
        kept.counts[law].update(int(v) for v in laws[law])
    return kept


def test_fair_archives_do_not_flag_above_the_level() -> None:
    """Calibration, small: 30 fair archives of 150 dealt shoes; scripts/calibrate_drift.py runs the large one."""
    flagged = sum(any(f.test.flag for f in fits(_dealt_documents(700 + a, 150).counts, 8)) for a in range(30))
    assert flagged <= 2  # 1% of 30 is 0.3: three would happen by chance less than 1 time in 250


def test_a_shoe_document_feeds_every_law() -> None:
    outcomes = [OUTCOMES[w] for w in (0, 0, 0, 2, 1, 0, 2, 2, 1, 1)]
    tally = Tally("s", unit="shoe")
    tally.add(outcomes, Board.from_outcomes(outcomes))
    kept = ShoeLaws()
    kept.add(group_document(tally, 8))
    # results only: no shoe's pairs are known; three ties; the longest column is the first three Bankers
    assert kept.counts["ties"] == Counter({3: 1}) and kept.counts["pairs"] == Counter()
    assert kept.counts["longest_column"] == Counter({3: 1})
    assert kept.decided == Counter({(4, 7): 1})
    assert kept.p_values(0.5) == [pytest.approx(mid_p(4, 7, 0.5))]


def test_a_law_far_from_dealt_shoes_is_flagged_in_the_report() -> None:
    from roads.pages.report.laws import laws_section

    # 200 shoes with about twice the ties of a dealt shoe: the ties law is flagged, the others are not counted
    observed = {"ties": Counter({15: 60, 16: 80, 17: 60}), "pairs": Counter(), "longest_column": Counter({6: 200})}
    found = fits(observed, 8)
    ties = found[0]
    assert ties.law == "ties" and ties.test.flag and ties.test.p is not None and ties.test.p < 1e-10
    html = laws_section(found)
    assert '<figcaption class="flagged">Ties per shoe, 200 shoes' in html and "FLAG" in html
    assert "Pairs per shoe: no shoe has the cards of every coup." in html
    assert 'data-plot="law-ties"' in html and 'data-plot="law-longest_column"' in html


def test_the_reference_grows_to_ten_times_the_archive() -> None:
    """Issue 35, item 1: a fixed reference of 19,608 shoes over-flagged fair archives of 5,000 shoes and more.

    Up to 1,960 shoes the reference is the one block of old (same bytes); 5,000 shoes take three blocks, 58,824
    dealt shoes, each block its own stream, the first unchanged."""
    assert reference_blocks(8, 1_960) == 1 and reference_blocks(8, 1_961) == 2
    assert reference_blocks(8, 5_000) == 3 and reference_blocks(8, 20_000) == 11
    grown = reference_laws(8, 5_000)
    assert {law: sum(c.values()) for law, c in grown.items()} == dict.fromkeys(LAWS, 3 * 19_608)
    assert reference_block(8, 1) != reference_block(8, 0) != reference_block(8, 2)
    for law in LAWS:
        assert grown[law] == reference_block(8, 0)[law] + reference_block(8, 1)[law] + reference_block(8, 2)[law]


def test_fits_use_a_reference_of_ten_times_the_archive() -> None:
    observed = {law: Counter({7: 2_500, 8: 2_500}) for law in LAWS}
    (one, *_) = fits(observed, 8)
    assert sum(one.reference.values()) == 3 * 19_608 >= 10 * 5_000


def test_stats_laws_prints_the_three_laws_against_the_grown_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``roads stats --laws [--json]``: the per-shoe laws outside the report (issue 35, item 1)."""
    log = tmp_path / "d.jsonl"
    assert run(capsys, "deal", "--shoes", "30", "--seed", "9", "-o", str(log))[0] == 0
    code, out, err = run(capsys, "stats", str(log), "--laws", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["shoes"] == 30 and data["reference_shoes"] == 19_608
    assert [law["law"] for law in data["laws"]] == list(LAWS)
    assert all(sum(law["observed"].values()) == 30 for law in data["laws"])
    code, text, _ = run(capsys, "stats", str(log), "--laws")
    assert code == 0 and text.startswith("== Per-shoe laws: 30 shoes against 19,608 dealt shoes of 8 decks")
    code, _, err = run(capsys, "stats", str(log), "--laws", "--by", "shoe")
    assert code == 2 and "give no --by" in err
