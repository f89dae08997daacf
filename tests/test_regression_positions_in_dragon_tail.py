"""A bead a dragon tail moves was named by its logical place only ("column 2, row 7"), not where it is drawn.

The coup table, every proof (``roads explain``, the lesson page, JSON) and the
quiz now give both places in words when they differ, and only the one place
when they agree.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from roads import Scoreboard
from roads.cli import main
from roads.lesson.page import lesson_page

TAIL = "PBBBBBBBB"
"""Column 2 holds eight Bankers: beads 7 and 8 of the streak turn right along row 6 (columns 3 and 4)."""
MOVED = "column 2, row 7 of its streak, drawn at column 3, row 6 in the dragon tail"


def test_a_bead_names_its_drawn_cell_only_when_a_tail_moved_it() -> None:
    beads = list(Scoreboard.from_results(TAIL).big_road)
    assert beads[6].where == "column 2, row 6"
    assert beads[7].where == MOVED
    assert beads[8].where == "column 2, row 8 of its streak, drawn at column 4, row 6 in the dragon tail"


def test_a_proof_from_a_moved_bead_gives_both_places_and_its_json_the_drawn_cell() -> None:
    road = Scoreboard.from_results(TAIL).road("big-eye-boy")
    before, moved = road.proof(5), road.proof(6)
    assert before.where == "column 2, row 6" and "drawn" not in before.to_dict()
    assert moved.where == MOVED
    assert moved.to_dict()["drawn"] == {"column": 3, "row": 6}
    assert [p.where for p in road.proofs()] == [road.proof(n).where for n in range(1, len(road) + 1)]


def test_explain_says_where_the_board_draws_the_bead(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "tail.txt"
    log.write_text(" ".join(TAIL) + "\n")
    assert main(["explain", str(log), "--road", "big-eye-boy", "--mark", "6"]) == 0
    assert f"from the Big Road bead at {MOVED}\n" in capsys.readouterr().out
    assert main(["explain", str(log), "--road", "big-eye-boy", "--mark", "6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["drawn"] == {"column": 3, "row": 6}


def test_the_lesson_coup_table_and_proofs_name_the_drawn_cell() -> None:
    page = lesson_page(TAIL)
    rows = re.findall(r'<tr id="coup-(\d+)".*?</tr>', page, re.S)
    assert rows, "the coup table has no rows"
    assert MOVED in page.split('id="coups"', 1)[1]
    assert f"the Big Road bead at {MOVED}: Rule 2." in page
