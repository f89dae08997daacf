"""Regression: a followed log holding a ``{"new_shoe": N}`` record (the server's own log format) was followed no
more: the whole text was read as one shoe, refused at the record, and the table stayed "kept as it was" with
0 coups. The log is read as the store reads a table's log: the lines after the last new-shoe record are the
current shoe, and the table's shoe number is the record's."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from roads.serve import views
from roads.serve.follow import Follower, add_followed
from roads.serve.store import Store, load_log


def _append(log: Path, *lines: str) -> None:
    with log.open("a") as handle:
        handle.write("".join(line + "\n" for line in lines))


def test_a_followed_log_with_a_new_shoe_record_follows_its_current_shoe(tmp_path: Path) -> None:
    log = tmp_path / "f.jsonl"
    _append(log, '{"winner": "banker"}', '{"winner": "player"}', '{"new_shoe": 2}', '{"winner": "banker"}')
    follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
    assert follower.look() == "shoe"
    table = follower.table
    assert (table.coups, table.shoe) == (1, 2)
    assert views.state(table)["where"] == "shoe 2, coup 1"
    assert b"<svg" in views.picture(table, "svg", {})  # the board reads the current shoe alone
    _append(log, '{"winner": "tie"}')
    assert follower.look() == "coup" and (table.coups, table.shoe) == (2, 2)
    _append(log, '{"undo": 2}')
    assert follower.look() == "undo" and table.coups == 1
    _append(log, '{"new_shoe": 3, "burned": ["KS", "5D"]}')
    assert follower.look() == "shoe" and (table.coups, table.shoe, table.burned) == (0, 3, ("KS", "5D"))
    _append(log, '{"winner": "player"}')
    assert follower.look() == "coup" and (table.coups, table.shoe) == (1, 3)


def test_a_followed_table_reads_as_the_store_loads_the_same_log(tmp_path: Path) -> None:
    """The server's own log of two shoes, followed: the same shoe number and coups the store loads from it."""
    data = tmp_path / "data"
    store = Store(data)
    table, _ = store.create("main")
    store.add(table, 1, None, "9S 8D KC KH")
    store.new_shoe(table, 2, None)
    store.add(table, 1, "B", None)
    store.add(table, 2, None, "2C 3D 9H 4S 5C")
    path = data / "main.jsonl"
    follower = Follower(add_followed(Store(tmp_path / "other"), str(path)))
    follower.look()
    loaded = load_log(path, "standard", 8)
    assert follower.table.shoe == loaded.shoe == 2
    assert follower.table.items == loaded.items and len(loaded.items) == 2
    # GET .../log answers the followed file whole, every shoe (it answered the current shoe, earlier ones blanked)
    assert Store(tmp_path / "other").log(follower.table) == path.read_bytes()


def test_a_bad_line_after_a_new_shoe_record_is_named_by_its_line_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "f.jsonl"
    _append(log, '{"winner": "banker"}', '{"new_shoe": 2}', '{"winner": "player"}', "not json")
    follower = Follower(add_followed(Store(tmp_path / "data"), str(log)))
    assert follower.look() is None
    assert f"{log}, line 4" in capsys.readouterr().err
