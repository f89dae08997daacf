"""roads.bets.save_events: the board `roads render --mark-events` draws, from Python."""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.bets import save_events
from roads.cli import main
from roads.errors import BetError
from roads.logs import read_coups

DEMO = Path(__file__).resolve().parent.parent / "docs" / "images" / "demo-shoe.txt"


@pytest.mark.parametrize("name", ["board.svg", "board.png"])
def test_save_events_draws_what_render_draws(name: str, tmp_path: Path) -> None:
    cli_out, python_out = tmp_path / f"cli-{name}", tmp_path / name
    argv = [str(DEMO), "--mark-events", "ez", "--lucky-6", "--last", "10", "--theme", "dark", "-o", str(cli_out)]
    assert main(["render", *argv]) == 0
    written = save_events(read_coups(str(DEMO)), python_out, "ez", lucky_6=True, last=10, theme="dark")
    assert written == python_out
    assert python_out.read_bytes() == cli_out.read_bytes()


def test_save_events_marks_what_the_rule_set_marks(tmp_path: Path) -> None:
    coups = read_coups(str(DEMO))
    standard = save_events(coups, tmp_path / "standard.svg").read_text(encoding="utf-8")
    ez = save_events(coups, tmp_path / "ez.svg", "ez").read_text(encoding="utf-8")
    assert "Dragon 7" in ez and "Dragon 7" not in standard


def test_save_events_refuses_an_unknown_rule_set(tmp_path: Path) -> None:
    with pytest.raises(BetError, match="unknown rule set 'vegas': use one of standard, super6, ez"):
        save_events(read_coups(str(DEMO)), tmp_path / "x.svg", "vegas")
    assert not (tmp_path / "x.svg").exists()
