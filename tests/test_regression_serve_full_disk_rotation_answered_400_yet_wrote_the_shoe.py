"""A rotation that could not write (a full disk) escaped as an OutputError: ``POST /shoes`` answered 400 while
the new shoe was on the disk and in memory, and no event was published (reviewer, store.py ``_rotate``).

The new-shoe line is durably appended before the rotation, so the honest answer is 201 with the new shoe
(its event published); the rotation's failure is a logged note and leaves the log and the folder as they were.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import post, served_client

from roads import files
from roads.serve.hub import Hub
from roads.serve.routes import create_app
from roads.serve.store import Store, load_log


@pytest.mark.parametrize("fails", [1, 2], ids=["dated-file", "log"])
def test_a_full_disk_while_rotating_answers_the_new_shoe_and_moves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fails: int
) -> None:
    folder = tmp_path / "data"
    hub = Hub()
    with served_client(create_app(Store(folder, keep_shoes=1), hub=hub)) as served:
        assert served.put("/api/tables/main").status_code == 201
        assert post(served, 1, result="B").status_code == 201
        before = (folder / "main.jsonl").read_bytes()
        real, calls = files.make_temp, []

        def full_disk(*args: Any, **kwargs: Any) -> tuple[int, str]:
            calls.append(1)
            if len(calls) >= fails:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(*args, **kwargs)

        monkeypatch.setattr(files, "make_temp", full_disk)
        answer = served.post("/api/tables/main/shoes", json={"expect_shoe": 2})
        monkeypatch.setattr(files, "make_temp", real)
        assert answer.status_code == 201, answer.text
        assert answer.json()["shoe"] == 2 and hub.positions["main"] == 2  # the new shoe's event went out
        log = (folder / "main.jsonl").read_bytes()
        assert log == before + b'{"new_shoe": 2}\n'
        assert [p.name for p in folder.iterdir()] == ["main.jsonl"]  # no dated file, no part left
        assert "No space left on device" in capsys.readouterr().err
        assert load_log(folder / "main.jsonl", "standard", 8).shoe == 2
        assert post(served, 1, result="P").status_code == 201  # state and log agree
