"""Undo records in JSON Lines logs: ``{"undo": N}`` takes back coup N, the last coup standing (docs/logs.md).

A live table (``roads serve``) logs an undo instead of rewriting the log, so
every reader must honour the record; a log without one reads as before.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.cli import main
from roads.errors import LogError
from roads.logs import iter_entries, read_outcomes
from roads.logs.undo import HELD

UNDO = FIXTURES / "undo.jsonl"


def _log(*lines: str) -> io.StringIO:
    return io.StringIO("".join(line + "\n" for line in lines))


def test_an_undo_record_takes_back_the_last_coup() -> None:
    entries = list(iter_entries(UNDO))
    assert [e.outcome.winner.value for e in entries] == ["banker", "player"]
    assert [e.number for e in entries] == [1, 2]
    assert [e.line for e in entries] == [5, 12]
    assert entries[1].outcome.player_pair


def test_every_command_reads_the_board_after_the_undos(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(UNDO), "--json"]) == 0
    assert '"coups": 2' in capsys.readouterr().out


def test_a_log_without_undo_reads_as_before() -> None:
    text = "".join(f'{{"winner": "{w}"}}\n' for w in ["banker", "player", "tie"] * 500)
    got = [(e.line, e.number, e.outcome) for e in iter_entries(io.StringIO(text))]
    assert [n for _, n, _ in got] == list(range(1, 1501)) and [line for line, _, _ in got] == list(range(1, 1501))


def test_undo_only_takes_back_the_last_coup() -> None:
    with pytest.raises(LogError, match=r"line 3: undo 1: only the last coup, 2, can be taken back"):
        read_outcomes(_log('{"winner": "banker"}', '{"winner": "player"}', '{"undo": 1}'))


def test_undo_of_no_coup_is_an_error() -> None:
    with pytest.raises(LogError, match=r"line 3: undo 1: there is no coup to take back"):
        read_outcomes(_log('{"winner": "banker"}', '{"undo": 1}', '{"undo": 1}'))


def test_a_malformed_undo_record_is_an_error() -> None:
    with pytest.raises(LogError, match=r'line 2: an undo record is \{"undo": N\} alone'):
        read_outcomes(_log('{"winner": "banker"}', '{"undo": "1"}'))


def test_the_first_error_is_still_the_first_line_wrong() -> None:
    """A coup held back for a later undo is handed on before the reader's next error: lines keep their order."""
    with pytest.raises(Exception, match=r"line 1, coup 1: Banker 6 must draw"):
        read_outcomes(_log('{"cards": ["3", "6", "K", "K", "6"]}', '{"winner": "banker"}', "not json"))


def test_undo_reaches_back_at_most_held_coups(tmp_path: Path) -> None:
    lines = ['{"winner": "banker"}'] * (HELD + 2) + [f'{{"undo": {n}}}' for n in range(HELD + 2, 0, -1)]
    with pytest.raises(LogError, match=f"more than {HELD} coups taken back in a row"):
        read_outcomes(_log(*lines))
