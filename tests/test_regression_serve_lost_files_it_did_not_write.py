"""Regression: ``roads serve`` lost what it did not write (issue 29, item 1).

It rewrote every log whole from its memory at each write: a log another
program made or appended to while it served was cut back, a last line
without its newline was dropped at start, and killed writes left ``.part``
files behind for good. Now each change is one appended line, and a log that
changed under the server is read again, never overwritten.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from test_serve import post, served_client

from roads.cli import main
from roads.serve.routes import create_app
from roads.serve.store import STALE_PART, Store


def test_put_of_a_log_made_while_serving_loads_it_and_never_truncates(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with served_client(create_app(Store(data))) as client:
        imported = data / "imported.jsonl"
        assert main(["deal", "--seed", "9", "--format", "jsonl", "-o", str(imported)]) == 0
        before = imported.read_bytes()
        coups = sum(1 for line in before.splitlines() if line.startswith(b"{"))
        answer = client.put("/api/tables/imported", json={})
        assert answer.status_code == 200, answer.text
        assert answer.json()["coups"] == coups > 60
        assert imported.read_bytes() == before
        assert client.put("/api/tables/imported", json={}).status_code == 200
        assert imported.read_bytes() == before


def test_a_line_another_program_appended_while_serving_is_kept_and_counted(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with served_client(create_app(Store(data))) as client:
        assert client.put("/api/tables/main", json={}).status_code == 201
        assert post(client, 1, result="B").status_code == 201
        log = data / "main.jsonl"
        with open(log, "a", encoding="utf-8") as other:  # a table system adds a note and a coup
            other.write("# dealer change: Ana\n")
            other.write(json.dumps({"winner": "player"}) + "\n")
        stale = post(client, 2, result="T")
        assert stale.status_code == 409 and "the next coup is 3" in stale.json()["error"]
        assert post(client, 3, result="T").status_code == 201
    text = log.read_text(encoding="utf-8")
    assert "# dealer change: Ana\n" in text
    assert [json.loads(line)["winner"] for line in text.splitlines() if line.startswith("{")] == [
        "banker",
        "player",
        "tie",
    ]


def test_a_last_line_without_its_newline_is_kept_at_start_and_on_the_next_write(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    log = data / "main.jsonl"
    text = '# format: jsonl\n# roads table: main\n{"winner": "banker"}\n{"winner": "player"}'
    log.write_text(text, encoding="utf-8")
    with served_client(create_app(Store(data))) as client:
        assert client.get("/api/tables/main").json()["coups"] == 2
    assert log.read_text(encoding="utf-8") == text  # started and stopped: not a byte changed
    with served_client(create_app(Store(data))) as client:
        assert post(client, 3, result="B").status_code == 201
    assert log.read_text(encoding="utf-8") == text + '\n{"winner": "banker"}\n'


def test_a_write_appends_one_line_to_the_same_file(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with served_client(create_app(Store(data))) as client:
        client.put("/api/tables/main", json={})
        log = data / "main.jsonl"
        for n in range(1, 6):
            inode, before = os.stat(log).st_ino, log.read_bytes()
            assert post(client, n, result="BPT"[n % 3]).status_code == 201
            after = log.read_bytes()
            assert os.stat(log).st_ino == inode  # appended to, not replaced
            assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
        assert client.delete("/api/tables/main/coups/last").status_code == 200
        assert log.read_bytes().endswith(b'{"undo": 5}\n')


def test_stray_part_files_are_removed_at_start_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "main.jsonl").write_text("# format: jsonl\n", encoding="utf-8")
    parts = [data / ".main.jsonl.k3_9abcd.part", data / ".other.jsonl.zz00zz00.part"]
    old = time.time() - STALE_PART - 60  # left by a killed writer: a younger part may be a running one's
    for part in parts:
        part.write_text("half a log", encoding="utf-8")
        os.utime(part, (old, old))
    mine = data / "notes.part"  # not a name the server ever wrote: left alone
    mine.write_text("mine", encoding="utf-8")
    Store(data)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "removed 2 unfinished writes older than 10 minutes" in err
    assert not any(part.exists() for part in parts) and mine.exists()


def test_a_log_removed_while_serving_is_not_made_again_by_a_coup(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with served_client(create_app(Store(data))) as client:
        client.put("/api/tables/main", json={})
        (data / "main.jsonl").unlink()
        answer = post(client, 1, result="B")
        assert answer.status_code == 409 and "gone" in answer.json()["error"]
        assert not (data / "main.jsonl").exists()
        assert client.put("/api/tables/main", json={}).status_code == 201


def test_a_log_another_program_made_unreadable_is_never_written(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with served_client(create_app(Store(data))) as client:
        client.put("/api/tables/main", json={})
        log = data / "main.jsonl"
        with open(log, "a", encoding="utf-8") as other:
            other.write("{not json\n")
        broken = log.read_bytes()
        answer = post(client, 1, result="B")
        assert answer.status_code == 409 and "nothing was written" in answer.json()["error"]
        assert log.read_bytes() == broken


def test_a_bad_decks_header_is_one_line_and_the_other_tables_are_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    for name, decks in (("sup", "²"), ("zero", "0"), ("huge", "9" * 30), ("arabic", "٣"), ("good", "6")):
        (data / f"{name}.jsonl").write_text(f"# format: jsonl\n# decks: {decks}\n", encoding="utf-8")
    store = Store(data)
    err = capsys.readouterr().err.splitlines()
    assert sorted(store.tables) == ["good"] and store.tables["good"].decks == 6
    assert len(err) == 4 and all("line 2" in line and "is not served" in line for line in err)
