"""``roads serve`` removed every ``.NAME.jsonl.XXXXXXXX.part`` in ``--data`` at start: the very name
:func:`roads.files.atomic_write` writes through, so a ``roads deal -o DATA/t.jsonl`` running as the server
started lost its write (reviewer, store.py ``_remove_parts``). Only parts untouched for STALE_PART go now."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from roads.files import make_temp
from roads.serve.store import STALE_PART, Store


def _part(folder: Path, name: str, data: bytes) -> Path:
    """Return a temporary file as atomic_write makes it for ``folder/name``, holding ``data``."""
    fd, tmp = make_temp(folder, name)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    return Path(tmp)


def test_a_running_writers_part_is_kept_and_a_stale_one_removed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    running = _part(folder, "t.jsonl", b"# format: jsonl\n")
    stale = _part(folder, "old.jsonl", b"# half a log")
    old = time.time() - STALE_PART - 60
    os.utime(stale, (old, old))
    Store(folder)
    assert running.read_bytes() == b"# format: jsonl\n"  # the running writer's file is untouched
    os.replace(running, folder / "t.jsonl")  # and its write completes
    assert not stale.exists()
    said = capsys.readouterr().err
    assert f"removed 1 unfinished write older than {STALE_PART // 60} minutes" in said and stale.name in said
    assert running.name not in said
