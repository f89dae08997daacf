"""roads stats: counts of an archive, tested against the exact odds (issue 16)."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from roads import Scoreboard
from roads.analytics import Tally, chi_square_sf, holm, normal_sf
from roads.analytics.theory import chi_square, judge, wilson
from roads.analytics.verdicts import group_document
from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.odds import exact_odds
from roads.outcome import Outcome, Winner
from roads.shoe import deal_shoe

GROUP_KEYS = {"key", "coups", "counts", "tests", "chi_square", "streaks", "derived"}
COUNT_KEYS = {"banker", "player", "tie", "banker_pair", "player_pair", "natural", "cards_4", "cards_5", "cards_6"}
TEST_KEYS = {
    "figure",
    "observed",
    "expected",
    "low",
    "high",
    "z",
    "p",
    "p_method",
    "p_adjusted",
    "alpha",
    "flag",
    "family",
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["stats", *args])
    out, err = capsys.readouterr()
    return code, out, err


def stats_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive of 300 shoes dealt by the project's own shoe, with their cards."""
    path = tmp_path_factory.mktemp("stats") / "dealt.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for seed in range(300):
            out.write(write_shoe_line(seed, deal_shoe(8, seed=seed).coups, results=False))
    return path


@pytest.fixture(scope="module")
def some(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20 dealt shoes with their cards: for what holds of any archive (300 shoes are for verdicts)."""
    path = tmp_path_factory.mktemp("stats") / "some.jsonl"
    path.write_text(
        "".join(write_shoe_line(seed, deal_shoe(8, seed=seed).coups, results=False) for seed in range(20)),
        encoding="utf-8",
    )
    return path


# --- counts ---


def test_counts_of_a_hand_counted_archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "two.jsonl"
    log.write_text(
        '{"shoe": "a", "results": "B B P T P P P B[p]"}\n{"shoe": "b", "results": "T T P[bn] B"}\n', encoding="utf-8"
    )
    data = stats_json(capsys, str(log), "--by", "shoe", "--detail")
    a, b = data["groups"]
    assert a["coups"] == 8 and b["coups"] == 4
    assert a["counts"] == {
        "banker": 3,
        "player": 4,
        "tie": 1,
        "banker_pair": 0,
        "player_pair": 1,
        "natural": 0,
        "cards_4": None,
        "cards_5": None,
        "cards_6": None,
    }
    assert (b["counts"]["banker_pair"], b["counts"]["natural"], b["counts"]["tie"]) == (1, 1, 2)
    total = data["total"]
    assert total["coups"] == 12 and total["shoes"] == 2
    c = total["counts"]
    assert (c["banker"], c["player"], c["tie"], c["banker_pair"], c["player_pair"], c["natural"]) == (4, 5, 3, 1, 1, 1)
    # Big Road columns: a is B2 P4 B1 (the tie sits on a column), b is P1 B1.
    assert a["streaks"]["banker_depths"] == {"1": 1, "2": 1} and a["streaks"]["player_depths"] == {"4": 1}
    s = total["streaks"]
    assert s["banker_depths"] == {"1": 2, "2": 1} and s["player_depths"] == {"1": 1, "4": 1}
    assert (s["columns"], s["longest_banker"], s["longest_player"], s["longest_tie_run"]) == (5, 2, 4, 2)
    # results only: pairs and naturals are counted, but only coups with cards are tested on them
    exact = [t["figure"] for t in total["tests"] if t["source"] == "exact"]
    assert exact == ["banker", "player", "tie"]
    assert total["chi_square_cards"] is None


def test_counts_of_dealt_shoes_equal_a_count_of_their_coups(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "some.jsonl"
    shoes = [deal_shoe(6, seed=f"count-{i}").coups for i in range(12)]
    log.write_text("".join(write_shoe_line(i, coups, results=False) for i, coups in enumerate(shoes)), encoding="utf-8")
    total = stats_json(capsys, str(log), "--decks", "6")["total"]
    coups = [c for shoe in shoes for c in shoe]
    expected = {
        "banker": sum(c.winner is Winner.BANKER for c in coups),
        "player": sum(c.winner is Winner.PLAYER for c in coups),
        "tie": sum(c.winner is Winner.TIE for c in coups),
        "banker_pair": sum(c.banker_pair for c in coups),
        "player_pair": sum(c.player_pair for c in coups),
        "natural": sum(c.natural for c in coups),
        **{f"cards_{n}": sum(len(c.player) + len(c.banker) == n for c in coups) for n in (4, 5, 6)},
    }
    assert total["counts"] == expected and total["coups"] == len(coups) == total["coups_with_cards"]
    boards = [Scoreboard.from_outcomes(shoe) for shoe in shoes]
    depths = [d for board in boards for d in board.big_road.depths]
    streaks = total["streaks"]
    assert streaks["columns"] == len(depths)
    assert sum(streaks["banker_depths"].values()) + sum(streaks["player_depths"].values()) == len(depths)
    assert sorted(
        int(d) * 0 + int(d)
        for side in ("banker_depths", "player_depths")
        for d, n in streaks[side].items()
        for _ in range(n)
    ) == sorted(depths)
    assert streaks["longest_banker"] == max(b.stats.longest_banker for b in boards)
    assert streaks["longest_player"] == max(b.stats.longest_player for b in boards)
    for road in boards[0].derived_roads():
        name = str(road.name.value)
        marks = sum(len(r) for b in boards for r in b.derived_roads() if r.name == road.name)
        red = sum(r.red for b in boards for r in b.derived_roads() if r.name == road.name)
        assert total["derived"][name] == {"marks": marks, "red": red, "red_share": round(red / marks, 6)}


@pytest.mark.slow
def test_total_is_the_sum_of_its_groups(dealt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = stats_json(capsys, str(dealt), "--by", "shoe", "--detail")
    assert len(data["groups"]) == 300
    for key in COUNT_KEYS:
        assert sum(g["counts"][key] for g in data["groups"]) == data["total"]["counts"][key]
    assert sum(g["coups"] for g in data["groups"]) == data["total"]["coups"]


# --- theory ---


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_expected_shares_are_the_exact_odds_engines(
    decks: int, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "shoe.jsonl"
    log.write_text(write_shoe_line(1, deal_shoe(decks, seed=1).coups, results=False), encoding="utf-8")
    tests = stats_json(capsys, str(log), "--decks", str(decks))["total"]["tests"]
    odds = exact_odds(decks, exact=True)
    for t in (t for t in tests if t["source"] == "exact"):
        exact = getattr(odds, t["figure"])
        assert isinstance(exact, Fraction)
        assert t["expected"] == round(float(exact), 6), t["figure"]


@pytest.mark.parametrize("x", [0.001, 0.5, 1.0, 2.0, 5.991464547107979, 9.21034, 20.0, 60.0, 300.0])
def test_chi_square_with_2_dof_is_exp_minus_half_x(x: float) -> None:
    assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-14)


@pytest.mark.parametrize("x", [0.01, 0.3, 1.0, 3.0, 7.5, 15.0, 40.0, 90.0])
def test_chi_square_closed_forms_of_other_dof(x: float) -> None:
    h = x / 2
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(h)), rel=1e-11)
    assert chi_square_sf(x, 3) == pytest.approx(
        math.erfc(math.sqrt(h)) + math.sqrt(2 * x / math.pi) * math.exp(-h), rel=1e-11
    )
    assert chi_square_sf(x, 4) == pytest.approx(math.exp(-h) * (1 + h), rel=1e-11)
    assert chi_square_sf(x, 6) == pytest.approx(math.exp(-h) * (1 + h + h * h / 2), rel=1e-11)


def test_known_critical_values() -> None:
    assert chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi_square_sf(11.344866730144373, 3) == pytest.approx(0.01, rel=1e-9)
    assert chi_square_sf(9.21034037197618, 2) == pytest.approx(0.01, rel=1e-12)
    assert chi_square_sf(124.34211340400407, 100) == pytest.approx(0.05, rel=1e-9)
    # Many degrees of freedom near the mean: what the incomplete gamma's continued fraction gave.
    assert chi_square_sf(2000.0, 2001) == pytest.approx(0.502102849858, rel=1e-9)
    assert chi_square_sf(0.0, 2) == 1.0
    assert 2 * normal_sf(1.959963984540054) == pytest.approx(0.05, rel=1e-12)
    assert 2 * normal_sf(2.5758293035489004) == pytest.approx(0.01, rel=1e-12)


def test_chi_square_statistic_of_a_known_table() -> None:
    # 50/30/20 against 0.4/0.4/0.2 of 100: (10²/40) + (10²/40) + 0 = 5
    test = chi_square("bpt", [50, 30, 20], [0.4, 0.4, 0.2])
    assert test.statistic == pytest.approx(5.0) and test.dof == 2
    assert test.p == pytest.approx(math.exp(-2.5))


def test_z_and_interval_of_a_known_share() -> None:
    figure = judge("banker", 60, 100, 0.5)
    assert figure.z == pytest.approx(2.0)
    assert figure.p == pytest.approx(math.erfc(2 / math.sqrt(2)))
    low, high = wilson(60, 100)
    assert low < 0.6 < high and (figure.low, figure.high) == (low, high)
    assert judge("banker", 0, 100, 0.5).low == 0.0


def test_holm_steps_down() -> None:
    # m = 4 at 0.05: 0.01 <= 0.0125 yes, 0.015 <= 0.0167 yes, 0.03 > 0.025 stops, so 0.04 is not rejected either
    assert holm([0.03, 0.01, 0.04, 0.015], alpha=0.05) == [False, True, False, True]
    assert holm([None, 0.001, 0.5]) == [None, True, False]
    assert holm([]) == []


@pytest.mark.slow
def test_an_archive_of_the_projects_own_shoe_is_not_flagged(dealt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    total = stats_json(capsys, str(dealt))["total"]
    assert total["coups"] > 20_000
    assert [t["figure"] for t in total["tests"] if t["flag"]] == []
    assert not total["chi_square"]["flag"] and not total["chi_square_cards"]["flag"]
    assert total["flags"] == []
    assert all(t["p"] is not None for t in total["tests"])
    assert [t["source"] for t in total["tests"]] == ["exact"] * 9 + ["simulated"] * 15
    _, out, _ = run(capsys, str(dealt))
    assert "nothing stands out" in out and "FLAG" not in out


def test_an_archive_with_banker_forced_above_theory_is_flagged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "biased.jsonl"
    lines = []
    for seed in range(100):
        outcomes = [c.outcome() for c in deal_shoe(8, seed=seed).coups]
        # every third Player win becomes a Banker win: Banker near 60%, far above 45.86%
        flipped, players = [], 0
        for o in outcomes:
            if o.winner is Winner.PLAYER:
                players += 1
            flipped.append(Outcome(Winner.BANKER) if o.winner is Winner.PLAYER and players % 3 == 0 else o)
        lines.append(write_shoe_line(seed, flipped))
    log.write_text("".join(lines), encoding="utf-8")
    total = stats_json(capsys, str(log))["total"]
    flags = {t["figure"]: t["flag"] for t in total["tests"]}
    assert flags["banker"] is True and flags["player"] is True and flags["tie"] is False
    assert total["chi_square"]["flag"] is True and total["chi_square"]["p"] < 1e-9
    banker = next(t for t in total["tests"] if t["figure"] == "banker")
    assert banker["z"] > 5 and banker["observed"] > banker["high"] - 0.05 and banker["low"] > banker["expected"]
    assert any(line.startswith("banker: ") and "above" in line for line in total["flags"])
    _, out, _ = run(capsys, str(log))
    assert "FLAG banker: " in out
    _, out, _ = run(capsys, str(log), "--csv")
    row = next(r for r in out.splitlines() if r.startswith("total,") and ",banker," in r)
    assert row.split(",")[12:14] == ["True", "exact"]


# --- outputs ---


def test_json_contract_keys(some: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = stats_json(capsys, str(some), "--by", "file")
    assert {"groups", "total"} <= set(data)
    for group in [*data["groups"], data["total"]]:
        assert set(group) >= GROUP_KEYS
        assert set(group["counts"]) == COUNT_KEYS
        assert {"statistic", "dof", "p"} <= set(group["chi_square"]) and group["chi_square"]["dof"] == 2
        for t in group["tests"]:
            simulated = t["source"] == "simulated"
            extra = {"source", "hits", "trials"} | ({"expected_low", "expected_high"} if simulated else set())
            assert set(t) == TEST_KEYS | extra and t["source"] in ("exact", "simulated")
            if simulated:
                assert t["expected_low"] < t["expected"] < t["expected_high"]
        assert {"banker_depths", "player_depths", "longest_banker", "longest_player"} <= set(group["streaks"])
        assert set(group["derived"]) == {"big_eye_boy", "small_road", "cockroach_pig"}
    assert data["groups"][0]["key"] == str(some)


@pytest.mark.slow
def test_same_input_same_bytes(dealt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, str(dealt), "--json") == run(capsys, str(dealt), "--json")


def test_csv_has_a_row_per_group_and_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "t.jsonl"
    log.write_text(
        '{"shoe": 1, "table": "7", "results": "BPBPBBPTPBPB"}\n{"shoe": 2, "table": "9", "results": "PPBT"}\n'
        '{"shoe": 3, "table": 7, "results": "B"}\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, str(log), "--by", "table", "--csv")
    assert code == 0
    rows = out.splitlines()
    assert rows[0].startswith("group,shoes,coups,figure,count")
    assert [r.split(",")[:4] for r in rows[1:4]] == [
        ["7", "2", "13", "banker"],
        ["7", "2", "13", "player"],
        ["7", "2", "13", "tie"],
    ]
    # 3 exact figures (results only), 15 simulated ones, the B/P/T chi-square, the depths and red-share omnibus
    # tests, runs and lag1, for 2 tables and the total; and the total's homogeneity of the tables
    assert len(rows) == 1 + 3 * (3 + 15 + 1 + 4) + 1
    assert rows[0].endswith(",flag,source,expected_low,expected_high,p_adjusted,alpha,p_method,statistic,dof")
    assert {r.split(",")[13] for r in rows[1:]} == {"exact", "simulated"}
    assert all(len(r.split(",")) == len(rows[0].split(",")) for r in rows)
    chi = [r.split(",") for r in rows[1:] if r.split(",")[3] == "chi_square"]
    assert len(chi) == 3 and all(r[18] == "chi_square" and r[20] == "2" and r[17] == "0.01" for r in chi)


# --- grouping ---


def test_by_table_and_date_from_a_spreadsheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "month.csv"
    sheet.write_text(
        "table,date,shoe,coup,result\n"
        "T1,2026-03-01T10:00,1,1,B\nT1,2026-03-01T10:00,1,2,P\n"
        "T2,2026-03-01 12:00,2,1,T\nT2,2026-03-01 12:00,2,2,B\n"
        "T1,2026-03-02,3,1,P\n",
        encoding="utf-8",
    )
    by_table = stats_json(capsys, str(sheet), "--by", "table")
    assert [(g["key"], g["coups"], g["shoes"]) for g in by_table["groups"]] == [("T1", 3, 2), ("T2", 2, 1)]
    by_date = stats_json(capsys, str(sheet), "--by", "date")
    assert [(g["key"], g["coups"]) for g in by_date["groups"]] == [("2026-03-01", 4), ("2026-03-02", 1)]


# --- bad input ---


def _one_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("roads: error: "), err
    for word in words:
        assert word in err


def test_by_table_on_a_log_without_tables(some: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _one_error(*run(capsys, str(some), "--by", "table"), "--by table", "shoe 0", "table")


def test_decks_zero_is_bad_usage_like_every_command(some: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--decks 0 cannot work whatever the log holds: status 2 naming the option, as on odds, deal, simulate."""
    for bad in ("0", "-3", "1001"):
        code, out, err = run(capsys, str(some), "--decks", bad)
        assert code == 2 and out == ""
        assert "Invalid value for '--decks'" in err and "Traceback" not in err


def test_an_archive_with_no_readable_shoe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    code, out, err = run(capsys, str(empty))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("roads: error: ") and "empty.jsonl" in err and "empty" in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"shoe": 1, "results": "BXQ"}\n{"shoe": 2}\n', encoding="utf-8")
    code, out, err = run(capsys, str(broken))
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3 and lines[-1].endswith("no shoe could be read (2 failed: see above)")
    assert "shoe 1" in lines[0] and "shoe 2" in lines[1]


def test_a_group_of_one_coup_is_not_meaningful(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "one.jsonl"
    log.write_text('{"shoe": 1, "results": "B"}\n', encoding="utf-8")
    data = stats_json(capsys, str(log), "--by", "shoe", "--detail")
    for group in [*data["groups"], data["total"]]:
        assert group["coups"] == 1 and group["meaningful"] is False
        assert all(t["z"] is None and t["p"] is None and t["flag"] is None for t in group["tests"])
        assert group["chi_square"]["p"] is None and group["chi_square"]["flag"] is None
        assert group["flags"] == []
    code, out, _ = run(capsys, str(log))
    assert code == 0 and "not be meaningful" not in out and "too few coups" in out


def test_tally_of_no_coups_divides_by_nothing() -> None:
    data = group_document(Tally("empty"), 8)
    assert data["coups"] == 0 and all(t["observed"] is None for t in data["tests"])
    assert data["chi_square"]["statistic"] is None
