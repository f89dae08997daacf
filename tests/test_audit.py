"""The audit reports every coup whose cards break the drawing rules, with the rule, and corrects nothing."""

from __future__ import annotations

import io

import pytest
from helpers import FIXTURES

from roads.audit import AuditReport, Finding, audit_log, rule_of
from roads.errors import CardError, LogError
from roads.logs import write_log
from roads.shoe import deal_shoe


def test_broken_cards_fixture_reports_each_coup_with_its_rule() -> None:
    report = audit_log(FIXTURES / "broken-cards.txt")
    assert (report.format, report.coups, report.with_cards) == ("cards", 7, 7)
    assert not report.clean
    found = {f.coup: (f.line, f.problems) for f in report.findings}
    assert sorted(found) == [2, 3, 4, 5, 6, 7]
    assert found[2] == (3, ("Banker 6 must stand (Player stood, so Banker draws on 0-5 and stands on 6-7) but drew 2",))
    assert found[3] == (4, ("Player 3 must draw (Player draws on 0-5) but took no third card",))
    assert found[4][1] == ("Banker drew 4 although Player has a natural 9: nobody draws on a natural",)
    assert found[5][1][0].startswith("3 cards: a coup uses at least 4")
    assert found[6][1][0].startswith("7 cards: a coup uses at most 6")
    assert found[7][1] == ("Player 7 must stand (Player stands on 6-7) but drew 2",)
    assert report.summary() == f"{FIXTURES / 'broken-cards.txt'}: 7 coups (cards), 6 break a rule"


def test_missing_third_card_for_banker() -> None:
    """Player 3 draws a 6; Banker 6 must then draw, but the line stops at 5 cards."""
    report = audit_log(io.StringIO("3 6 K K 6\n"))
    (finding,) = report.findings
    assert finding.problems == (
        "Banker 6 must draw (Player's third card is 6; Banker 6 draws on 6-7 and "
        "stands on 0-5, 8-9) but took no third card",
    )


def test_too_many_cards_when_player_stands() -> None:
    report = audit_log(io.StringIO("7 7 K K K K\n"))
    assert report.findings[0].problems[0].startswith("too many cards: 6 cards, but Player 7 takes no third card")


def test_nothing_is_corrected_the_report_keeps_the_cards_as_given() -> None:
    report = audit_log(io.StringIO("7h 6s kd kc 2h\n"))
    assert report.findings[0].cards == "7H 6S KD KC 2H"
    assert report.findings[0].text("x.txt").endswith("[cards: 7H 6S KD KC 2H]")
    hands = audit_log(io.StringIO("P: 7 K 2 | B: 6 K\n"))
    assert hands.findings[0].cards == "P: 7 K 2 | B: 6 K"


def test_a_dealt_shoe_is_clean() -> None:
    report = audit_log(io.StringIO(write_log(deal_shoe(8, seed=3).coups, "cards")))
    assert report.clean and report.findings == ()
    assert report.summary().endswith("every one follows the drawing rules")
    assert report.lines() == [report.summary()]


def test_results_only_log_has_nothing_to_audit() -> None:
    report = audit_log(FIXTURES / "results.txt")
    assert report.clean and report.with_cards == 0
    assert "results only: no cards, so there are no drawing rules to check" in report.summary()


def test_json_claims_that_contradict_the_cards_are_findings() -> None:
    log = (
        '[{"winner": "tie"},\n'
        ' {"cards": ["3", "6", "K", "K", "6", "2"], "winner": "banker", "player_total": 9},\n'
        ' {"player_cards": ["3", "K"], "banker_cards": ["6", "K"]}]'
    )
    report = audit_log(io.StringIO(log))
    assert (report.coups, report.with_cards) == (3, 2)
    first, second = report.findings
    assert (first.coup, first.line) == (2, 2)
    assert first.problems == ("the log says banker wins, but the cards make Player 9, Banker 8: player wins",)
    assert (second.coup, second.line) == (3, 3)
    assert rule_of(second.problems[0]) == "player"
    assert "2 with cards" in report.summary()


def test_a_cut_stream_is_a_warning_not_a_finding() -> None:
    report = audit_log(FIXTURES / "stream-cut.txt")
    assert report.clean and report.coups == 2
    (warning,) = report.warnings
    assert "line 3, coup 3: the stream ends in the middle of coup 3" in warning


def test_unreadable_input_still_raises() -> None:
    with pytest.raises(CardError, match="'X' is not a card"):
        audit_log(io.StringIO("3 6 K X\n"))
    with pytest.raises(LogError, match="no coups"):
        audit_log(io.StringIO("# nothing\n"))


@pytest.mark.parametrize(
    ("problem", "rule"),
    [
        ("Banker 6 must stand (...) but drew 2", "banker"),
        ("Player 3 must draw (Player draws on 0-5) but took no third card", "player"),
        ("Banker drew 4 although Player has a natural 9: nobody draws on a natural", "natural"),
        ("3 cards: a coup uses at least 4", "cards"),
        ("too many cards: 6 cards, but Player 7 takes no third card", "cards"),
        ("each hand needs two cards", "cards"),
        ("the log says banker wins, but ...", "stated"),
    ],
)
def test_rule_tags(problem: str, rule: str) -> None:
    assert rule_of(problem) == rule


def test_report_as_json_data() -> None:
    report = AuditReport("f", "cards", 2, 2, (Finding(2, 5, "7 6 K K 2", ("Banker 6 must stand",)),))
    assert report.to_dict() == {
        "file": "f",
        "format": "cards",
        "coups": 2,
        "with_cards": 2,
        "clean": False,
        "broken": [
            {
                "coup": 2,
                "line": 5,
                "cards": "7 6 K K 2",
                "problems": [{"rule": "banker", "text": "Banker 6 must stand"}],
            }
        ],
        "shoe": [],
        "warnings": [],
        "summary": "f: 2 coups (cards), 1 breaks a rule",
    }
