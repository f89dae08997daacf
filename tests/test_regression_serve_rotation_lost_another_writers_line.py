"""``--keep-shoes`` rotated a log another program had just appended to: it read only the bytes the server
knew of and replaced the log, so the other program's line ended up in neither file (reviewer, store.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from roads.serve import store as store_module
from roads.serve.store import Store, load_log

THEIRS = b'{"winner": "player"}\n'
"""The line another program appends to the served log."""


def _all_lines(folder: Path) -> list[bytes]:
    """Return the lines of every log in ``folder`` (the served one and the dated ones)."""
    return [line for path in sorted(folder.glob("main*.jsonl")) for line in path.read_bytes().splitlines(True)]


def _append_theirs(path: Path) -> None:
    with open(path, "ab") as handle:
        handle.write(THEIRS)


def test_a_line_appended_right_after_the_new_shoe_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data"
    store = Store(folder, keep_shoes=1)
    table, _ = store.create("main")
    store.add(table, 1, "B", None)
    real = store_module._append

    def append_then_theirs(table: Any, line: bytes, **how: Any) -> None:
        real(table, line, **how)
        if b"new_shoe" in line:  # another program writes in the instant after the server's new-shoe line
            _append_theirs(folder / "main.jsonl")

    monkeypatch.setattr(store_module, "_append", append_then_theirs)
    store.new_shoe(table, 2, None)
    assert _all_lines(folder).count(THEIRS) == 1
    again = load_log(folder / "main.jsonl", "standard", 8)
    assert (table.shoe, table.coups, table.items) == (again.shoe, again.coups, again.items) == (2, 1, again.items)
    monkeypatch.setattr(store_module, "_append", real)
    store.add(table, 2, "T", None)  # the state and the file agree: the next coup is 2
    assert load_log(folder / "main.jsonl", "standard", 8).coups == 2


def test_a_log_changed_while_it_is_rotated_is_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    store = Store(folder, keep_shoes=1)
    table, _ = store.create("main")
    store.add(table, 1, "B", None)
    real = store_module.atomic_write

    def write_then_theirs(path: Path, data: bytes, **how: Any) -> Path:
        written = real(path, data, **how)
        if path.name != "main.jsonl":  # the dated file is written: the log changes before it is replaced
            _append_theirs(folder / "main.jsonl")
        return written

    monkeypatch.setattr(store_module, "atomic_write", write_then_theirs)
    store.new_shoe(table, 2, None)
    assert [p.name for p in folder.glob("main*.jsonl")] == ["main.jsonl"]  # the dated file is taken back
    assert _all_lines(folder).count(THEIRS) == 1 and (folder / "main.jsonl").read_bytes().endswith(THEIRS)
    assert "another program changed" in capsys.readouterr().err
    assert load_log(folder / "main.jsonl", "standard", 8).shoe == table.shoe == 2
