"""``roads stats --hold`` (issue 35, item 4): every bet's money against its exact edge, on a hand-settled archive,
grouped by any key the archive carries."""

from __future__ import annotations

import csv
import io
import json
import math
import statistics
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from roads.bets import prices_for, rule_set
from roads.odds import Composition

COUPS = {
    # Player 9 natural against Banker 0: Player wins.
    "A": {"player_cards": ["9H", "KD"], "banker_cards": ["KS", "QC"]},
    # Player 3 draws a 7 (0); Banker 6 draws on a third-card 7, takes an ace: a three-card 7 wins (Dragon 7).
    "B": {"player_cards": ["KH", "3D", "7H"], "banker_cards": ["4C", "2S", "AC"]},
    # Player pair of fives (0) draws an 8; Banker 7 stands: Player 8 wins.
    "C": {"player_cards": ["5S", "5D", "8C"], "banker_cards": ["7C", "QH"]},
    # Player 7 and Banker 7 stand: a tie.
    "D": {"player_cards": ["4S", "3H"], "banker_cards": ["2D", "5C"]},
}
HAND_SETTLED = {
    # Standard rules, one unit on each bet, settled by hand from the pays of docs/variants.md.
    "banker": {"A": -1, "B": Fraction(95, 100), "C": -1, "D": 0},
    "player": {"A": 1, "B": -1, "C": 1, "D": 0},
    "tie": {"A": -1, "B": -1, "C": -1, "D": 8},
    "player_pair": {"A": -1, "B": -1, "C": 11, "D": -1},
    "dragon_7": {"A": -1, "B": 40, "C": -1, "D": -1},
}


def archive(path: Path, shoes: list[tuple[str, str]]) -> Path:
    """Write shoes of the coups above, each with a dealer: (dealer, coup letters)."""
    lines = [
        json.dumps({"shoe": n, "dealer": dealer, "coups": [COUPS[c] for c in coups]}) + "\n"
        for n, (dealer, coups) in enumerate(shoes, 1)
    ]
    path.write_text("".join(lines), encoding="utf-8")
    return path


def hold_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "stats", *argv, "--hold", "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_hold_by_dealer_is_the_hand_settled_money(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = archive(tmp_path / "two.jsonl", [("bob", "AB"), ("ann", "CD")])
    data = hold_json(capsys, str(log), "--by", "dealer")
    edges = {p.bet: p.edge for p in prices_for(Composition.shoe(8), rule_set("standard"), exact=True).bets}
    assert [g["key"] for g in data["groups"]] == ["bob", "ann"]
    for group, letters in ((data["groups"][0], "AB"), (data["groups"][1], "CD"), (data["total"], "ABCD")):
        rows = {row["bet"]: row for row in group["bets"]}
        assert list(rows) == [bet.id for bet in rule_set("standard").bets]
        for bet, nets in HAND_SETTLED.items():
            net = sum(nets[c] for c in letters)
            assert rows[bet]["coups"] == len(letters)
            assert rows[bet]["net"] == pytest.approx(float(net)), (bet, letters)
            assert rows[bet]["hold"] == pytest.approx(float(-net / len(letters)))
            assert rows[bet]["edge"] == float(edges[bet])
            assert rows[bet]["low"] is None and rows[bet]["flag"] is None  # too few coups for an interval


def test_the_interval_and_flag_of_40_coups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Ten shoes of the four coups: Dragon 7 won 40 in a quarter of them, far above its edge (flagged);
    Banker's hold of 26% is 1.95 standard errors from its 1.06% edge, inside the 99% interval (not flagged)."""
    log = archive(tmp_path / "many.jsonl", [("bob", "ABCD")] * 10)
    total = {row["bet"]: row for row in hold_json(capsys, str(log))["total"]["bets"]}
    edges = {p.bet: p.edge for p in prices_for(Composition.shoe(8), rule_set("standard"), exact=True).bets}
    for bet, nets in HAND_SETTLED.items():
        coups = [float(nets[c]) for c in "ABCD"] * 10
        hold = -statistics.fmean(coups)
        se = statistics.stdev(coups) / math.sqrt(len(coups))
        row = total[bet]
        assert row["low"] == pytest.approx(hold - 2.5758293035489004 * se)
        assert row["high"] == pytest.approx(hold + 2.5758293035489004 * se)
        assert row["z"] == pytest.approx((hold - float(edges[bet])) / se)
        assert row["flag"] is (not row["low"] <= float(edges[bet]) <= row["high"])
    assert total["dragon_7"]["flag"] is True and total["banker"]["flag"] is False


def test_text_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = archive(tmp_path / "many.jsonl", [("bob", "ABCD")] * 10 + [("ann", "ABCD")] * 10)
    code, text, _ = run(capsys, "stats", str(log), "--hold", "--by", "Dealer")
    assert code == 0 and "== dealer bob: 10 shoes" in text and "== Total: 20 shoes" in text
    assert any(line.split()[0] == "dragon_7" and line.endswith("FLAG") for line in text.splitlines())
    code, out, _ = run(capsys, "stats", str(log), "--hold", "--by", "dealer", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and {r["group"] for r in rows} == {"bob", "ann", "total"}
    assert next(r for r in rows if r["group"] == "total" and r["bet"] == "tie")["net"] == str(5 * 20)


def test_a_column_of_a_spreadsheet_groups_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "t.csv"
    rows = ["shoe,coup,player_cards,banker_cards,shift"]
    for shoe, shift in ((1, "night"), (2, "day")):
        for n, letter in enumerate("AB", 1):
            c = COUPS[letter]
            rows.append(f"{shoe},{n},{' '.join(c['player_cards'])},{' '.join(c['banker_cards'])},{shift}")
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    data = hold_json(capsys, str(sheet), "--by", "shift")
    assert [(g["key"], g["shoes"]) for g in data["groups"]] == [("night", 1), ("day", 1)]


def test_a_shoe_without_the_key_or_without_cards_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = archive(tmp_path / "two.jsonl", [("bob", "AB"), ("ann", "CD")])
    code, _, err = run(capsys, "stats", str(log), "--hold", "--by", "table")
    assert code == 1 and "--by table needs a table for every shoe" in err
    results = tmp_path / "r.jsonl"
    results.write_text('{"shoe": 1, "results": "BPBT"}\n', encoding="utf-8")
    code, out, err = run(capsys, "stats", str(results), "--hold")
    assert code == 1 and out == "" and "roads stats --hold settles every bet from the cards" in err


def test_any_column_needs_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = archive(tmp_path / "two.jsonl", [("bob", "AB")])
    code, _, err = run(capsys, "stats", str(log), "--by", "dealer")
    assert code == 2 and "any other column needs --hold" in err
