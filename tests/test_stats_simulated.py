"""roads stats against simulated expectations: Big Road column depths and derived-road red shares (issue 16)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from helpers import ROOT

from roads import Scoreboard
from roads.analytics.simulated import (
    SEED,
    SHIPPED_DECKS,
    SHIPPED_SHOES,
    expectations,
    simulate_expectations,
    to_json,
)
from roads.analytics.tally import Tally
from roads.analytics.theory import SIM_FIGURES, Z99, judge_simulated
from roads.analytics.verdicts import judge_group
from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.outcome import Outcome, Winner
from roads.shoe import deal_shoe
from roads.simulate import play_shoes, shuffled_shoes

SHIPPED = json.loads((ROOT / "roads" / "data" / "simulated.json").read_text(encoding="utf-8"))


def stats_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    code = main(["stats", *args, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def simulated_tests(group: dict) -> dict[str, dict]:  # type: ignore[type-arg]
    return {t["figure"]: t for t in group["tests"] if t["source"] == "simulated"}


@pytest.fixture(scope="module")
def outcomes() -> list[list[Outcome]]:
    """120 shoes dealt by the project's own shoe, as outcomes."""
    return [[c.outcome() for c in deal_shoe(8, seed=f"sim-{i}").coups] for i in range(120)]


def write(path: Path, shoes: list[list[Outcome]]) -> Path:
    path.write_text("".join(write_shoe_line(i, shoe) for i, shoe in enumerate(shoes)), encoding="utf-8")
    return path


# --- the shipped file ---


def test_the_shipped_file_covers_every_deck_count_and_figure() -> None:
    assert SHIPPED["seed"] == SEED and SHIPPED["shoes"] == SHIPPED_SHOES and SHIPPED["cut"] == 16
    assert SHIPPED["command"] == f"python scripts/simulate_expectations.py --shoes {SHIPPED_SHOES} --seed {SEED}"
    assert list(SHIPPED["decks"]) == [str(d) for d in SHIPPED_DECKS]
    for entry in SHIPPED["decks"].values():
        figures = entry["figures"]
        assert list(figures) == list(SIM_FIGURES)
        for side in ("banker", "player"):
            total = sum(figures[f"{side}_depth_{d}"]["expected"] for d in ("1", "2", "3", "4", "5", "6+"))
            assert total == pytest.approx(1.0, abs=1e-6)  # every column has one depth
        for f in figures.values():
            assert 0 < f["se"] < 0.01 and 0.8 < f["deff"] < 1.3
        # A derived mark is red about half the time; columns of 1 are the commonest depth.
        for road in ("big_eye_boy", "small_road", "cockroach_pig"):
            assert 0.45 < figures[f"{road}_red"]["expected"] < 0.55
        assert figures["banker_depth_1"]["expected"] > figures["banker_depth_2"]["expected"]


def test_simulation_is_deterministic_and_its_file_bytes_too() -> None:
    a, b = simulate_expectations(3, 150), simulate_expectations(3, 150)
    assert a == b and to_json([a]) == to_json([b])
    assert simulate_expectations(3, 150, seed=SEED + 1) != a


@pytest.mark.slow
def test_the_shipped_file_is_what_the_script_makes() -> None:
    # One deck count (the quickest) stands for the file: same seed, same shoes, same figures.
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "simulate_expectations.py"), "--decks", "1", "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr


def test_counts_of_a_tally_are_what_the_simulation_counts() -> None:
    board_outcomes = [Outcome.from_letter(x) for x in "BBPPPTBPBBBBBBBPT"]
    tally = Tally("t")
    tally.add(board_outcomes, Scoreboard.from_outcomes(board_outcomes))
    counts = tally.simulated_counts()
    # Columns: B2 P3 B1 P1 B7 P1 -> Banker 1, 2, 7 deep; Player 3, 1, 1 deep.
    assert counts["banker_depth_1"] == (1, 3) and counts["banker_depth_2"] == (1, 3)
    assert counts["banker_depth_6+"] == (1, 3) and counts["banker_depth_3"] == (0, 3)
    assert counts["player_depth_1"] == (2, 3) and counts["player_depth_3"] == (1, 3)
    board = Scoreboard.from_outcomes(board_outcomes)
    for road in board.derived_roads():
        assert counts[f"{road.name.value}_red"] == (road.red, len(road))


# --- the test itself ---


def test_a_simulated_test_widens_by_the_simulations_uncertainty() -> None:
    exact_like = judge_simulated("x", 520, 1000, 0.5, 0.0, 1.0)
    assert exact_like.z == pytest.approx(20 / math.sqrt(250))
    uncertain = judge_simulated("x", 520, 1000, 0.5, 0.01, 1.0)
    assert uncertain.z == pytest.approx(0.02 / math.sqrt(0.25 / 1000 + 0.0001))
    assert uncertain.p is not None and exact_like.p is not None and uncertain.p > exact_like.p
    assert (uncertain.high or 0) - (uncertain.low or 0) > (exact_like.high or 0) - (exact_like.low or 0)
    assert uncertain.expected_low == pytest.approx(0.5 - Z99 * 0.01)
    assert uncertain.source == "simulated"
    # The interval is where the expectation must fall for |z| < 2.576.
    for hits in (450, 470, 530, 560):
        t = judge_simulated("x", hits, 1000, 0.5, 0.004, 1.1)
        assert ((t.low or 0) <= 0.5 <= (t.high or 0)) == (abs(t.z or 0) < Z99)


def test_a_group_too_small_is_not_meaningful_and_never_flagged() -> None:
    t = judge_simulated("banker_depth_6+", 1, 3, 0.03, 0.001, 1.0)
    assert t.z is None and t.p is None and t.flag is None and t.low is not None


# --- archives ---


@pytest.mark.slow
def test_an_archive_dealt_by_the_simulator_with_another_seed_is_not_flagged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dealt = play_shoes(shuffled_shoes(np.random.default_rng(20261201), 1500, 6))
    p, b = dealt.player_total, dealt.banker_total
    letters = np.where(b > p, "B", np.where(p > b, "P", "T"))
    shoes = [[Outcome.from_letter(x) for x in letters[dealt.shoe == i]] for i in range(1500)]
    total = stats_json(capsys, str(write(tmp_path / "sim.jsonl", shoes)), "--decks", "6")["total"]
    sim = simulated_tests(total)
    assert len(sim) == 15 and all(t["p"] is not None for t in sim.values())
    assert [name for name, t in sim.items() if t["flag"]] == []
    assert total["flags"] == []
    shipped = SHIPPED["decks"]["6"]["figures"]
    assert {name: t["expected"] for name, t in sim.items()} == {
        name: round(f["expected"], 6) for name, f in shipped.items()
    }


@pytest.mark.slow
def test_an_archive_with_doubled_streaks_is_flagged(
    outcomes: list[list[Outcome]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every Banker or Player win is told twice: no column is 1 deep any more.
    doubled = [[o for o in shoe for _ in range(1 if o.winner is Winner.TIE else 2)] for shoe in outcomes]
    total = stats_json(capsys, str(write(tmp_path / "long.jsonl", doubled)))["total"]
    sim = simulated_tests(total)
    for side in ("banker", "player"):
        depth_1 = sim[f"{side}_depth_1"]  # a descriptive row: the depths are tested once, by their omnibus test
        assert depth_1["observed"] == 0 and depth_1["flag"] is None and depth_1["family"] is False
        assert depth_1["z"] < -10 and depth_1["high"] < depth_1["expected_low"]
    assert sim["banker_depth_6+"]["z"] > 0
    assert total["depths"]["flag"] is True and total["depths"]["dof"] == 10
    assert any(line.startswith("depths: ") and "simulation" in line for line in total["flags"])
    code = main(["stats", str(tmp_path / "long.jsonl"), "--csv"])
    out, _ = capsys.readouterr()
    assert code == 0
    row = next(r.split(",") for r in out.splitlines() if r.startswith("total,") and ",banker_depth_1," in r)
    assert row[12:14] == ["", "simulated"] and float(row[14]) < float(row[7]) < float(row[15])
    row = next(r.split(",") for r in out.splitlines() if r.startswith("total,") and ",depths," in r)
    assert row[12:14] == ["True", "simulated"]
    code = main(["stats", str(tmp_path / "long.jsonl")])
    out, _ = capsys.readouterr()
    line = next(x for x in out.splitlines() if x.strip().startswith("banker_depth_1 "))
    assert line.split()[-2:] == ["desc.", "simulated"]
    assert next(x for x in out.splitlines() if x.strip().startswith("depths (omnibus")).endswith("FLAG")


def test_an_archive_whose_derived_roads_are_forced_red_is_flagged(
    outcomes: list[list[Outcome]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each shoe's Big Road columns in order of depth: neighbours match, so the derived roads turn red,
    # while each shoe keeps its columns (and so nearly its depth shares).
    sorted_shoes = []
    for shoe in outcomes:
        board = Scoreboard.from_outcomes(shoe)
        first = next(o.winner for o in shoe if o.winner is not Winner.TIE)
        other = Winner.PLAYER if first is Winner.BANKER else Winner.BANKER
        sides = [first, other]
        sorted_shoes.append(
            [Outcome(sides[i % 2]) for i, depth in enumerate(sorted(board.big_road.depths)) for _ in range(depth)]
        )
    total = stats_json(capsys, str(write(tmp_path / "red.jsonl", sorted_shoes)))["total"]
    sim = simulated_tests(total)
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        t = sim[f"{road}_red"]
        assert t["flag"] is None and t["observed"] > 0.7 and t["low"] > t["expected_high"]
    assert total["red_shares"]["flag"] is True and total["red_shares"]["tests"] == 3
    assert any(line.startswith("red shares: ") for line in total["flags"])


@pytest.mark.slow
def test_a_deck_count_not_shipped_is_simulated_on_the_fly(
    outcomes: list[list[Outcome]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = write(tmp_path / "nine.jsonl", outcomes[:20])
    data = stats_json(capsys, str(log), "--decks", "9")
    assert data["simulation"]["source"] == "simulated on the fly" and data["simulation"]["decks"] == 9
    assert data["simulation"]["shoes"] >= 40 and data["simulation"]["seed"] == SEED
    assert len(simulated_tests(data["total"])) == 15
    assert stats_json(capsys, str(log), "--decks", "9") == data  # deterministic (and cached)
    again = expectations.__wrapped__(9)  # type: ignore[attr-defined]
    assert again == expectations(9)
    shipped = stats_json(capsys, str(log), "--decks", "8")["simulation"]
    assert shipped == {
        "decks": 8,
        "shoes": SHIPPED_SHOES,
        "coups": SHIPPED["decks"]["8"]["coups"],
        "seed": SEED,
        "cut": 16,
        "source": "roads/data/simulated.json",
    }


def test_holm_corrects_exact_and_simulated_tests_together(
    outcomes: list[list[Outcome]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from roads.analytics import verdicts as tally_module

    seen: list[int] = []
    real = tally_module.holm

    def counting(p_values: list[float | None], *args: float) -> list[bool | None]:
        seen.append(len(p_values))
        return real(p_values, *args)

    monkeypatch.setattr(tally_module, "holm", counting)
    group = Tally("g")
    for shoe in outcomes[:30]:
        group.add(shoe, Scoreboard.from_outcomes(shoe))
    figures, chis, order = judge_group(group, 8)
    # 9 exact figures, 2 chi-squares, the depths and red-share omnibus tests, runs and lag-1 in one family;
    # the 15 simulated shares are descriptive rows
    assert seen == [15] and len(figures) == 24 and len(chis) == 2
    assert [t.name for t in order] == ["depths", "red_shares", "runs", "lag1"]
    assert [f.family for f in figures] == [True] * 9 + [False] * 15
    results = Tally("r")
    for shoe in outcomes[:30]:
        bare = [Outcome(o.winner) for o in shoe]
        results.add(bare, Scoreboard.from_outcomes(bare))
    judge_group(results, 8)
    assert seen[-1] == 3 + 1 + 4  # results only: no card figures, no 4/5/6 chi-square


def test_a_shoe_of_ties_only_has_nothing_to_test(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "ties.jsonl"
    log.write_text('{"shoe": 1, "results": "T T T"}\n', encoding="utf-8")
    total = stats_json(capsys, str(log))["total"]
    for t in simulated_tests(total).values():
        assert (t["trials"], t["observed"], t["z"], t["p"], t["flag"]) == (0, None, None, None, None)
        assert t["expected_low"] < t["expected"] < t["expected_high"]
    assert total["meaningful"] is False
