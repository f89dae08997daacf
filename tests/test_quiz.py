"""roads quiz: every answer checked again against the road builder, the traps asked, the markup, the command."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import ROOT, run

from roads import Scoreboard
from roads.board import DERIVED
from roads.board.marks import RED
from roads.errors import LessonError
from roads.lesson.questions import KINDS, TRAPS, Question, questions
from roads.lesson.quiz import quiz_page
from roads.outcome import Outcome
from roads.shoe import SeededStream, deal_shoe

TRAPS_LOG = ROOT / "fixtures" / "quiz" / "traps.txt"
"""A shoe with two leading ties, two dragon tails and Rule 2 empty rows (straight drops among them)."""


def random_shoes(n: int) -> list[Scoreboard]:
    """Return dealt 8-deck shoes and letter shoes heavy in ties (so some open with ties), n of each."""
    boards = [Scoreboard.from_outcomes(deal_shoe(8, seed=f"quiz-test-{i}").coups) for i in range(n)]
    for i in range(n):
        stream = SeededStream(f"quiz-letters-{i}")
        boards.append(Scoreboard.from_results("".join("BBBPPPT"[stream.below(7)] for _ in range(30 + i))))
    return boards


def depth(board: Scoreboard, column: int) -> int:
    """Return how many Big Road beads ``column`` holds (a logical column: dragon tails count in full)."""
    return sum(1 for bead in board.big_road if bead.column == column)


def expected(board: Scoreboard, q: Question) -> str:
    """Return the right choice of ``q`` worked out here, from the board, without the quiz's own code."""
    outcomes = list(board.bead_plate.outcomes)
    if q.kind in ("banker-next", "player-next"):
        letter = "B" if q.kind == "banker-next" else "P"
        before = Scoreboard.from_outcomes(outcomes[: q.coups])
        after = Scoreboard.from_outcomes([*outcomes[: q.coups], Outcome.from_letter(letter)])
        asked = before.ask(letter)  # the ask road: another path through the builder, which must agree
        words = []
        for road in DERIVED:
            grew = len(after.road(road)) - len(before.road(road))
            assert grew in (0, 1)
            colour = after.road(road)[-1].color if grew else None
            assert asked[road] is colour
            words.append(f"{road.title} {colour.value if colour else 'no mark yet'}")
        return ", ".join(words)
    p = q.proofs[0]
    mark = board.road(p.road)[p.mark - 1]
    c, r, k = mark.column, mark.row, p.road.k
    bead = next(b for b in board.big_road if (b.column, b.row) == (c, r))
    if q.kind == "columns":
        assert f"is {mark.color.value}" in q.prompt
        return (
            f"Columns {c - 1} and {c - 1 - k}: their depths"
            if r == 1
            else f"Column {c - k}: is there a bead at row {r}?"
        )
    if q.kind == "rule":
        return next(choice for choice in q.choices if choice.startswith(f"Rule {1 if r == 1 else 2}:"))
    if q.kind == "empty-row":
        back = depth(board, c - k)
        assert r >= 2 and back < r, "an empty row: column c-k has no bead at row r"
        assert (mark.color is RED) == (back <= r - 2)
        if mark.color is RED:
            return f"Red: column {c - k} stopped two or more rows above row {r} (a straight drop)"
        return f"Blue: column {c - k} stopped exactly one row above row {r}"
    if q.kind == "dragon-tail":
        assert bead.coup == q.coups and (bead.x, bead.y) != (c, r)
        return f"Column {c}, row {r}: its place in the streak"
    assert q.kind == "leading-ties" and board.leading_ties and p.mark == 1
    return f"Coup {bead.coup}"


def test_every_answer_is_what_the_board_gives_on_many_shoes() -> None:
    boards = random_shoes(12)
    asked = questions(boards, seed="property", count=40)
    kinds = {q.kind for q in asked}
    assert kinds >= {"banker-next", "player-next", "columns", "rule", "empty-row", "leading-ties"}, kinds
    for q in asked:
        assert q.kind in KINDS
        assert len(q.choices) >= 2 and len(set(q.choices)) == len(q.choices), q
        assert 0 <= q.answer < len(q.choices) and q.proofs
        assert q.choices[q.answer] == expected(boards[q.shoe - 1], q), q


def test_a_real_shoe_gives_at_least_ten_questions_of_every_kind_it_has() -> None:
    board = Scoreboard.from_outcomes(deal_shoe(8, seed=2026).coups)
    for seed in range(5):
        asked = questions([board], seed=seed)
        assert len(asked) >= 10
        assert {"banker-next", "player-next", "columns", "rule"} <= {q.kind for q in asked}


@pytest.mark.parametrize("seed", [1, 2, "three"])
def test_the_traps_are_asked_on_a_shoe_that_has_them(seed: int | str) -> None:
    board = Scoreboard.from_log(TRAPS_LOG)
    asked = questions([board], seed=seed)
    assert {q.kind for q in asked} == set(KINDS), "every kind, the traps included"
    drops = [q for q in asked if q.kind == "empty-row" and q.choices[q.answer].startswith("Red")]
    assert drops, "Rule 2's empty row is asked where it is red: the straight drop"
    for q in asked:
        assert q.choices[q.answer] == expected(board, q)


def test_a_shoe_without_traps_asks_none() -> None:
    board = Scoreboard.from_results("BPBPBPBPBPBPBPBPBPBP")  # no tie, no tail, no empty row
    assert not {q.kind for q in questions([board], seed=1)} & set(TRAPS)


def test_same_boards_and_seed_same_bytes() -> None:
    boards = [Scoreboard.from_log(TRAPS_LOG), Scoreboard.from_outcomes(deal_shoe(8, seed=1).coups)]
    page = quiz_page(boards, seed=5, names=["traps.txt", "dealt"])
    assert page == quiz_page(boards, seed=5, names=["traps.txt", "dealt"])
    assert page != quiz_page(boards, seed=6, names=["traps.txt", "dealt"])


def test_a_shoe_with_nothing_to_ask_is_one_clear_error() -> None:
    with pytest.raises(LessonError, match="too short for a quiz"):
        questions([Scoreboard.from_results("TTBBT")], seed=1)
    with pytest.raises(LessonError, match=r"^shoe 2: too short"):
        questions([Scoreboard.from_results("BPPB"), Scoreboard.from_results("B")], seed=1)
    with pytest.raises(LessonError, match="1 to 100"):
        questions([Scoreboard.from_results("BPPB")], seed=1, count=0)
    with pytest.raises(LessonError, match="at most 1000 questions: 11 shoes of 100"):
        questions([Scoreboard.from_results("BPPB")] * 11, seed=1, count=100)
    with pytest.raises(LessonError, match="the shoe has 2001 coups, over 2000"):
        questions([Scoreboard.from_results("BP" * 1000 + "B")], seed=1)


class _Questions(HTMLParser):
    """Collects each [data-question] element: its attributes, choice buttons, and what its feedback holds."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, object]] = []
        self.feedback = False
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-question" in a:
            self.found.append({"attrs": a, "choices": [], "feedback": 0, "pictures": 0, "proofs": 0})
        if not self.found:
            return
        q = self.found[-1]
        if "data-choice" in a:
            assert tag == "button" and a.get("type") == "button"
            q["choices"].append(a["data-choice"])  # type: ignore[attr-defined]
        if "data-feedback" in a:
            q["feedback"] += 1  # type: ignore[operator]
            self.feedback, self.depth = True, 0
        elif self.feedback and tag == "div":
            self.depth += 1
        if self.feedback and tag == "svg" and "comparison" in (a.get("class") or ""):
            q["pictures"] += 1  # type: ignore[operator]
        if self.feedback and tag == "li" and "proof" in (a.get("class") or ""):
            q["proofs"] += 1  # type: ignore[operator]

    def handle_endtag(self, tag: str) -> None:
        if self.feedback and tag == "div":
            if self.depth == 0:
                self.feedback = False
            else:
                self.depth -= 1


def test_the_markup_contract() -> None:
    board = Scoreboard.from_log(TRAPS_LOG)
    asked = questions([board], seed=3)
    page = quiz_page([board], seed=3)
    parsed = _Questions()
    parsed.feed(page)
    assert len(parsed.found) == len(asked) >= 10
    for q, found in zip(asked, parsed.found, strict=True):
        attrs = found["attrs"]
        assert isinstance(attrs, dict)
        assert attrs["data-kind"] == q.kind and attrs["data-answer"] == str(q.answer)
        assert found["choices"] == [str(i) for i in range(len(q.choices))]
        assert found["feedback"] == 1
        assert found["pictures"] == found["proofs"] == len(q.proofs) >= 1, "each proof beside its picture"
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|@import|url\((?!data:)""", page), "no network"
    assert page.count('<svg aria-hidden="true" class="sprite"') == 1, "one sprite of symbols for the page"


def test_the_command_writes_the_page_and_deals_a_shoe_without_a_log(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "quiz.html"
    status, _, err = run(capsys, "quiz", "--seed", "7", "--count", "10", "-o", str(out))
    assert status == 0 and "10 questions, seed 7" in err + _
    dealt = Scoreboard.from_outcomes(deal_shoe(8, seed=7).coups)
    assert out.read_text(encoding="utf-8") == quiz_page(
        [dealt], seed=7, count=10, names=["an 8-deck shoe dealt with seed 7"]
    )
    status, _, _ = run(capsys, "quiz", str(TRAPS_LOG), "--seed", "7", "-o", str(out))
    assert status == 0
    assert out.read_text(encoding="utf-8") == quiz_page([Scoreboard.from_log(TRAPS_LOG)], seed=7, names=["traps.txt"])


def test_a_bad_shoe_is_one_line_and_no_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "quiz.html"
    status, _, err = run(capsys, "quiz", str(ROOT / "fixtures" / "logs" / "broken-cards.txt"), "-o", str(out))
    assert status == 1 and not out.exists()
    assert len(err.splitlines()) == 1 and "broken-cards.txt, line 3, coup 2:" in err
    short = tmp_path / "short.txt"
    short.write_text("T B B T\n", encoding="utf-8")
    status, _, err = run(capsys, "quiz", str(short), "-o", str(out))
    assert status == 1 and not out.exists()
    assert err.startswith(f"roads: error: {short}: too short for a quiz") and len(err.splitlines()) == 1
    status, _, err = run(capsys, "quiz", "--seed", "1")
    assert status == 2 and "give -o QUIZ.html" in err
