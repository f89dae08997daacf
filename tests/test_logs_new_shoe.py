"""New-shoe records: ``{"new_shoe": N}`` splits a JSON Lines log of coups into shoes (docs/logs.md).

A live table's log runs shoe after shoe; every command reads it as an archive.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import run

from roads.errors import LogError
from roads.logs import iter_entries
from roads.logs.archive import open_archive

LOG = """# decks: 6
{"winner": "banker"}
{"winner": "player"}
{"undo": 2}
{"new_shoe": 2, "burned": ["K", "5"]}
{"winner": "tie"}
{"winner": "player"}
{"new_shoe": 3}
{"winner": "banker"}
"""


def _write(tmp_path: Path, text: str = LOG) -> Path:
    path = tmp_path / "main.jsonl"
    path.write_text(text)
    return path


def test_a_log_with_new_shoe_records_reads_as_an_archive(tmp_path: Path) -> None:
    with open_archive(_write(tmp_path)) as shoes:
        found = list(shoes)
    assert [s.id for s in found] == [1, 2, 3]
    assert [[e.outcome.winner.value for e in s.entries()] for s in found] == [["banker"], ["tie", "player"], ["banker"]]
    assert [s.burned for s in found] == [None, "K 5", None]
    assert {s.decks for s in found} == {6}


def test_a_stream_with_new_shoe_records_reads_as_an_archive() -> None:
    with open_archive(io.StringIO(LOG)) as shoes:
        assert len(list(shoes)) == 3


def test_an_undo_never_crosses_a_new_shoe(tmp_path: Path) -> None:
    text = '{"winner": "banker"}\n{"new_shoe": 2}\n{"undo": 1}\n{"winner": "player"}\n'
    with open_archive(_write(tmp_path, text)) as shoes:
        found = list(shoes)
    assert found[0].error is None
    assert found[1].error is not None and "no coup to take back" in str(found[1].error)


def test_a_new_shoe_number_out_of_order_fails_its_shoe_only(tmp_path: Path) -> None:
    text = '{"winner": "banker"}\n{"new_shoe": 5}\n{"winner": "player"}\n{"new_shoe": 6}\n{"winner": "tie"}\n'
    with open_archive(_write(tmp_path, text)) as shoes:
        found = list(shoes)
    assert [s.error is None for s in found] == [True, False, True]
    assert "the next is 2" in str(found[1].error)


def test_read_as_one_shoe_a_new_shoe_record_says_the_log_holds_several(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="holds several shoes"):
        list(iter_entries(_write(tmp_path), "jsonl"))


def test_stats_by_shoe_and_render_by_shoe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = _write(tmp_path)
    code, out, _ = run(capsys, "stats", str(path), "--by", "shoe", "--json")
    assert code == 0
    assert [g["coups"] for g in json.loads(out)["groups"]] == [1, 2, 1]
    svg = tmp_path / "two.svg"
    assert run(capsys, "render", str(path), "--shoe", "2", "-o", str(svg))[0] == 0
    alone = tmp_path / "alone.jsonl"
    alone.write_text('{"winner": "tie"}\n{"winner": "player"}\n')
    assert run(capsys, "render", str(alone), "-o", str(tmp_path / "alone.svg"))[0] == 0
    assert svg.read_text().replace("two", "") == (tmp_path / "alone.svg").read_text().replace("alone", "")


def test_a_log_whose_older_shoes_were_rotated_starts_at_its_first_shoe(tmp_path: Path) -> None:
    text = '# decks: 8\n\n{"new_shoe": 4, "burned": ["Q"]}\n{"winner": "banker"}\n{"new_shoe": 5}\n{"winner": "tie"}\n'
    with open_archive(_write(tmp_path, text)) as shoes:
        found = list(shoes)
    assert [(s.id, s.number, s.burned, s.error) for s in found] == [(4, 1, "Q", None), (5, 2, None, None)]
