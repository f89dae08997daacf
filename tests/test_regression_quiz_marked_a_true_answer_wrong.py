"""`roads quiz demo3.txt --seed 9`, question 10, marked a true answer wrong (issue 33, item 3).

The shoe `roads deal --seed 3` writes asked "Coup 23 puts a bead at column 14,
row 2 ... Cockroach Pig looks at column 11, which has one bead: no bead at
row 2. What colour does the mark get?" and offered both "Blue: column 11 has
no bead at row 2" and "Blue: column 11 stopped exactly one row above row 2":
two true choices, one of them marked wrong. At row 2 an empty row is always one
row short, so the trap cannot bite there. The same pass fixed the other ways a
question misled: boards that showed the answer, a rule question answered by
the row in its words, feedback that said only "Not quite" whatever was chosen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import run

from roads import Scoreboard
from roads.board.marks import RED
from roads.cli.app import cli
from roads.lesson.questions import questions
from roads.lesson.quiz import quiz_page
from roads.shoe import deal_shoe


@pytest.fixture(scope="module")
def demo3(tmp_path_factory: pytest.TempPathFactory) -> Scoreboard:
    """Return the board of the shoe ``roads deal --seed 3 -o demo3.txt`` writes, read back from that file."""
    log = tmp_path_factory.mktemp("demo3") / "demo3.txt"
    result = CliRunner().invoke(cli, ["deal", "--seed", "3", "-o", str(log)])
    assert result.exit_code == 0, result.output
    return Scoreboard.from_log(log)


def many() -> list[Scoreboard]:
    """Return nine dealt shoes, as the issue's count was made over."""
    return [Scoreboard.from_outcomes(deal_shoe(8, seed=seed).coups) for seed in range(1, 10)]


def test_demo3_seed_9_asks_no_empty_row_at_row_2(demo3: Scoreboard) -> None:
    asked = questions([demo3], seed=9)
    empty = [q for q in asked if q.kind == "empty-row"]
    assert empty, "demo3 still has the trap where it bites"
    for q in empty:
        row = q.proofs[0].row
        assert row >= 3, q.prompt
    # The very question of the issue is never made, by any seed.
    for seed in range(20):
        for q in questions([demo3], seed=seed, count=30):
            assert not (q.kind == "empty-row" and "column 14, row 2" in q.prompt), q.prompt


def test_an_empty_row_question_never_offers_two_true_choices() -> None:
    for q in questions(many(), seed="both-true", count=40):
        if q.kind != "empty-row":
            continue
        p = q.proofs[0]
        back, depth = p.compared[0]
        true = [c for c in q.choices if _true_about_empty_row(c, back, depth, p.row)]
        assert true == [q.choices[q.answer]], (q.prompt, q.choices)
        assert (p.color is RED) == (depth <= p.row - 2)


def _true_about_empty_row(choice: str, back: int, depth: int, row: int) -> bool:
    """Return True when ``choice`` gives the mark's colour and states only what is so of column ``back``."""
    colour_of = "Red" if depth <= row - 2 else "Blue"
    if not choice.startswith(colour_of):
        return False
    if "no bead at row" in choice:
        return depth < row  # true of the column, and the colour right: a second true choice
    if "exactly one row above" in choice:
        return depth == row - 1
    return depth <= row - 2


def test_every_wrong_choice_names_its_own_mistake() -> None:
    asked = questions(many(), seed="whys", count=30)
    for q in asked:
        assert len(q.whys) == len(q.choices), q
        wrong = [q.whys[i] for i in range(len(q.choices)) if i != q.answer]
        assert all(wrong), q
        assert len(set(wrong)) == len(wrong), ("one feedback for two mistakes", q.prompt, q.whys)
        assert q.whys[q.answer].startswith("Right"), q
        assert not any(w.startswith("Right") for w in wrong), q


def test_a_board_never_shows_the_answer_before_it_is_given() -> None:
    board = Scoreboard.from_results("TTBPPBBPBBPPB")  # two leading ties
    leading = [q for s in range(5) for q in questions([board], seed=s, count=20) if q.kind == "leading-ties"]
    assert leading
    for q in leading:
        first_mark_coup = int(q.choices[q.answer].split()[1])
        assert q.coups < first_mark_coup, "the board stands before the coup that makes the first mark"
        shown = Scoreboard.from_outcomes(list(board.bead_plate.outcomes)[: q.coups])
        road = next(p.road for p in q.proofs)
        assert len(shown.road(road)) == 0, "no mark of that road is on the board yet"


def test_the_rule_question_does_not_say_the_row(demo3: Scoreboard) -> None:
    rules = [q for s in range(6) for q in questions([demo3], seed=s, count=20) if q.kind == "rule"]
    assert rules
    for q in rules:
        assert not re.search(r"\brow \d", q.prompt), q.prompt
        assert not any(re.search(r"\brow \d", c) for c in q.choices), q.choices
        assert q.bead is not None, "the bead asked about is outlined on the board instead"


def test_quiz_boards_number_their_columns_outline_the_bead_and_carry_a_key(demo3: Scoreboard) -> None:
    page = quiz_page([demo3], seed=9)
    assert page.count('class="key"') == page.count(" data-question data-kind=")
    # The newest question's board ends at the shoe's last column: its number is drawn under it.
    last_column = max(bead.column for bead in demo3.big_road)
    assert re.search(rf'font-size="9" text-anchor="middle" x="[\d.]+" y="[\d.]+">{last_column}</text>', page)
    assert page.count("data-why=") >= page.count("data-choice=")


def test_the_command_of_the_issue_writes_the_fixed_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log, out = tmp_path / "demo3.txt", tmp_path / "quiz.html"
    assert run(capsys, "deal", "--seed", "3", "-o", str(log))[0] == 0
    status, _, err = run(capsys, "quiz", str(log), "--seed", "9", "-o", str(out))
    assert status == 0, err
    page = out.read_text(encoding="utf-8")
    assert "row 2. What colour does the mark get?" not in page
