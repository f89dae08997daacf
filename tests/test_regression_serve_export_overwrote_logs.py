"""Regression: ``roads serve --store redis://... --export DIR`` wrote over any ``NAME.jsonl`` already in DIR
(issue 31, review).

``--export roads-data`` replaced the embedded store's logs with the Redis tables' of the same names, without
a word. Now an export writes into a folder only where no table's name is taken, or where an export wrote
before (its mark, ``.roads-export``): a name taken is one line naming the file, status 1, and nothing is
written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run
from redis_helpers import redis_server

CARDS = ["3 6 K K 6 2", "9 2 J 5", "K Q 9 8"]


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_an_export_refuses_a_folder_whose_logs_it_did_not_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from roads.serve.redis_store import EXPORT_MARK, RedisStore

    with redis_server(tmp_path / "redis") as server:
        store = RedisStore(server.url)
        for name in ("main", "side"):
            table, _ = store.create(name)
            for n, cards in enumerate(CARDS, 1):
                store.add(table, n, None, cards)
        # The embedded store's folder: its own log of a table called "side", and one the store does not hold.
        data = tmp_path / "roads-data"
        data.mkdir()
        (data / "side.jsonl").write_text("# format: jsonl\n# roads table: side\n# the embedded store's own\n")
        (data / "other.jsonl").write_text("# format: jsonl\n# roads table: other\n")
        before = _files(data)
        status, out, err = run(capsys, "serve", "--store", server.url, "--export", str(data))
        assert status == 1 and out == ""
        assert len(err.splitlines()) == 1, err
        assert str(data / "side.jsonl") in err and "did not write it" in err
        assert _files(data) == before  # nothing written: not main.jsonl, not the mark
        # A new folder is written, with the mark; an export into it again writes over its own logs.
        out_folder = tmp_path / "backup"
        assert run(capsys, "serve", "--store", server.url, "--export", str(out_folder))[0] == 0
        assert sorted(_files(out_folder)) == [EXPORT_MARK, "main.jsonl", "side.jsonl"]
        store.add(store.get("main"), 4, None, "9 9 9 9")
        assert run(capsys, "serve", "--store", server.url, "--export", str(out_folder))[0] == 0
        assert (out_folder / "main.jsonl").read_bytes() == store.archive("main")
        # A folder with files of other names only is no obstacle.
        loose = tmp_path / "loose"
        loose.mkdir()
        (loose / "notes.txt").write_text("mine\n")
        assert run(capsys, "serve", "--store", server.url, "--export", str(loose))[0] == 0
        assert (loose / "notes.txt").read_text() == "mine\n"
        assert (loose / "side.jsonl").read_bytes() == store.archive("side")
