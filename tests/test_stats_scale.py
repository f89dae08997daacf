"""roads stats at scale: blocks on every core, the same bytes for any number of workers (issue 16, item 5)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from peak_memory import command
from test_regression_batch_signals import alive, children

from roads.analytics import Tally, counting
from roads.analytics.counting import Block, blocks, count_block, count_shoe, lost_block
from roads.analytics.verdicts import group_document
from roads.cli import gather, main
from roads.cli.output import stats as stats_output
from roads.logs.archive import open_archive
from roads.logs.writer import write_shoe_line
from roads.shoe import deal_shoe


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["stats", *args])
    out, err = capsys.readouterr()
    return code, out, err


def in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make roads stats read every log shoe by shoe in this process: the reading the blocks must equal."""
    monkeypatch.setattr(gather, "archive_file", lambda log, inputs: False)


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """120 shoes dealt by the project's shoe, with cards, tables and dates; some as results."""
    path = tmp_path_factory.mktemp("scale") / "dealt.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for seed in range(120):
            line = json.loads(write_shoe_line(seed, deal_shoe(8, seed=seed).coups, results=seed % 3 == 0))
            line["table"] = f"T{seed % 4}"
            line["date"] = f"2026-0{1 + seed % 3}-1{seed % 7}T12:00"
            out.write(json.dumps(line) + "\n")
            if seed % 10 == 0:
                out.write("\n# a comment line, then a blank one\n\n")
    return path


@pytest.fixture(scope="module")
def few(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three dealt shoes: for a test about a refusal or an error, where 120 shoes would only take time."""
    path = tmp_path_factory.mktemp("few") / "few.jsonl"
    path.write_text(
        "".join(write_shoe_line(seed, deal_shoe(8, seed=seed).coups) for seed in range(3)), encoding="utf-8"
    )
    return path


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of a few shoes, so a small archive is many blocks."""
    monkeypatch.setattr(counting, "BLOCK_BYTES", 3000)


@pytest.mark.slow
@pytest.mark.parametrize("by", [None, "shoe", "file", "table", "date"])
def test_same_json_bytes_for_any_number_of_workers(
    dealt: Path,
    by: str | None,
    small_blocks: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grouping = ["--by", by] if by else []
    outputs = {}
    for jobs in ("1", "2", "3"):
        code, out, err = run(capsys, str(dealt), "--json", "-j", jobs, *grouping)
        assert code == 0 and err == "", err
        outputs[jobs] = out
    in_one_process(monkeypatch)
    code, outputs["here"], err = run(capsys, str(dealt), "--json", *grouping)
    assert code == 0, err
    assert len(set(outputs.values())) == 1
    data = json.loads(outputs["1"])
    assert data["total"]["shoes"] == 120
    if by == "shoe":
        assert [g["key"] for g in data["groups"]] == [f"{dealt}, shoe {n}" for n in range(120)]


def test_blocks_equal_one_reading_on_random_archives(tmp_path: Path) -> None:
    """The block counter against the shoe-by-shoe one, on random archives cut into blocks of random sizes."""
    chance = random.Random(16)
    for round_ in range(25):
        log = tmp_path / f"r{round_}.jsonl"
        with log.open("w", encoding="utf-8") as out:
            for shoe in range(chance.randint(1, 30)):
                results = " ".join(
                    chance.choice("BPT") + chance.choice(["", "", "", "[p]", "[bn]", "[n]"])
                    for _ in range(chance.randint(1, 90))
                )
                table = f', "table": "t{chance.randint(1, 3)}"'
                out.write(f'{{"shoe": {shoe}, "results": "{results}"{table}}}\n' + "\n" * chance.randint(0, 2))
        by = chance.choice([None, "shoe", "table"])
        one: dict[str | None, Tally] = {}
        with open_archive(str(log)) as shoes:
            for shoe in shoes:
                count_shoe(one, shoe, by)
        merged: dict[str | None, Tally] = {}
        for block in blocks(str(log), by, chance.randint(1, 4000)):
            part = count_block(block)
            assert part.stop is None and part.broken is None
            for key, tally in part.tallies.items():
                merged.setdefault(key, Tally(tally.key, unit=tally.unit)).merge(tally)
        assert list(merged) == list(one)
        assert [group_document(t, 8) for t in merged.values()] == [group_document(t, 8) for t in one.values()]


def hostile(tmp_path: Path) -> Path:
    """An archive with a bad shoe line, a bad result, a repeated id and a byte order mark in the middle."""
    lines = [write_shoe_line(n, deal_shoe(8, seed=n).coups) for n in range(40)]
    lines[7] = '{"shoe": 7, "results": "B P X"}\n'
    lines[15] = "{not json\n"
    lines[22] = write_shoe_line(3, deal_shoe(8, seed=22).coups)
    lines[30] = "\ufeff" + lines[30]
    log = tmp_path / "hostile.jsonl"
    log.write_text("".join(lines), encoding="utf-8")
    return log


def test_bad_shoes_are_reported_alike_with_their_lines(
    tmp_path: Path, small_blocks: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    log = hostile(tmp_path)
    found = {}
    for jobs in ("1", "2"):
        found[jobs] = run(capsys, str(log), "--json", "-j", jobs, "--by", "shoe")
    in_one_process(monkeypatch)
    found["here"] = run(capsys, str(log), "--json", "--by", "shoe")
    assert found["1"] == found["2"] == found["here"]
    code, out, err = found["2"]
    assert code == 1
    lines = err.splitlines()
    assert any("line 8" in e and "shoe 7" in e for e in lines), lines
    assert any("line 16" in e and "not valid JSON" in e for e in lines), lines
    assert any("line 23" in e and "shoe 3 appears twice" in e for e in lines), lines
    assert any("line 31" in e for e in lines), lines
    assert lines[-1] == "37 of 40 shoes counted (3 failed: see above)"  # a repeated id is a warning: both are kept
    # One bad shoe never costs the good ones: every other shoe is counted.
    assert json.loads(out)["total"]["shoes"] == 37


def test_a_file_that_turns_unreadable_stops_there_alike(
    tmp_path: Path, small_blocks: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = "".join(write_shoe_line(n, deal_shoe(8, seed=n).coups) for n in range(20))
    bad_bytes = tmp_path / "bytes.jsonl"
    bad_bytes.write_bytes(good.encode() + b'{"shoe": "x", "results": "B \xff P"}\n' + good.encode())
    too_long = tmp_path / "long.jsonl"
    too_long.write_text(good + '{"shoe": "y", "results": "' + "B" * (2 << 20) + '"}\n' + good, encoding="utf-8")
    for log in (bad_bytes, too_long):
        found = [run(capsys, str(log), "-j", jobs) for jobs in ("1", "2")]
        in_one_process(monkeypatch)
        found.append(run(capsys, str(log)))
        monkeypatch.undo()
        monkeypatch.setattr(counting, "BLOCK_BYTES", 3000)
        assert found[0] == found[1] == found[2]
        code, _, err = found[0]
        assert code == 1 and "line 21" in err, err


def test_a_long_line_of_wide_characters_is_one_bad_shoe_alike(
    tmp_path: Path, small_blocks: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """1.5 MB but 750,000 characters: under the line limit, which counts characters, so the shoes after it count."""
    good = "".join(write_shoe_line(n, deal_shoe(8, seed=n).coups) for n in range(20))
    log = tmp_path / "wide.jsonl"
    log.write_text(good + '{"shoe": "w", "results": "' + "\u00e9" * 750_000 + '"}\n' + good, encoding="utf-8")
    found = [run(capsys, str(log), "--json", "-j", jobs) for jobs in ("1", "2")]
    in_one_process(monkeypatch)
    found.append(run(capsys, str(log), "--json"))
    assert found[0] == found[1] == found[2]
    code, out, err = found[0]
    assert code == 1 and "line 21" in err and "shoe 'w'" in err, err
    assert json.loads(out)["total"]["shoes"] == 40


def test_a_grouping_the_log_cannot_give_ends_the_command(
    tmp_path: Path, small_blocks: None, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        json.dumps({"shoe": n, "results": "BPBBT" * 10, **({"table": "A"} if n != 25 else {})}) + "\n"
        for n in range(30)
    ]
    log = tmp_path / "tables.jsonl"
    log.write_text("".join(lines), encoding="utf-8")
    for jobs in ("1", "2"):
        code, out, err = run(capsys, str(log), "--by", "table", "-j", jobs)
        assert code == 1 and out == ""
        assert err.splitlines() == [
            f"roads: error: {log}, shoe 25: --by table needs a table for every shoe, and this one has none "
            '(a JSON Lines "table" field, or a table column in a spreadsheet)'
        ]


def test_fail_fast_stops_at_the_first_bad_shoe(
    tmp_path: Path, small_blocks: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, str(hostile(tmp_path)), "-j", "2", "--fail-fast")
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and "line 8" in err


def test_logs_of_every_kind_mix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text("".join(write_shoe_line(n, deal_shoe(8, seed=n).coups) for n in range(5)), encoding="utf-8")
    one = tmp_path / "one.txt"
    one.write_text("B P P T B B P\n", encoding="utf-8")
    outs = [run(capsys, str(one), str(archive), str(one), "--json", "--by", "file", "-j", j) for j in ("1", "2")]
    assert outs[0] == outs[1] and outs[0][0] == 0
    groups = json.loads(outs[0][1])["groups"]
    assert [g["key"] for g in groups] == [str(one), str(archive)] and groups[0]["shoes"] == 2


def test_a_lost_worker_fails_its_block_by_lines() -> None:
    part = lost_block(Block("big.jsonl", 41, b"a\nb\nc\n", None))
    assert part.broken is not None
    assert str(part.broken) == "big.jsonl: lines 41-44: the counting process ended unexpectedly"


def test_jobs_must_be_at_least_one(few: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(few), "-j", "0")
    assert code == 2 and "--jobs" in err


# --- the progress bar ---


@pytest.mark.slow
def test_a_progress_bar_on_a_terminal_only(dealt: Path, tmp_path: Path) -> None:
    import fcntl
    import pty
    import struct
    import termios
    import threading

    ours, theirs = pty.openpty()
    fcntl.ioctl(theirs, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a new terminal has 0 columns
    shown = bytearray()

    def read() -> None:
        # Read while the command runs: once it ends, Linux may drop what the terminal still holds.
        while True:
            try:
                more = os.read(ours, 65536)
            except OSError:
                return
            if not more:
                return
            shown.extend(more)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    out = tmp_path / "out.json"
    with out.open("wb") as sink:
        done = subprocess.run(
            command(["stats", str(dealt), "--json", "-j", "2"]), stdout=sink, stderr=theirs, timeout=120, check=False
        )
    os.close(theirs)
    reader.join(10)
    os.close(ours)
    assert done.returncode == 0
    assert b"shoe" in shown and b"roads: error" not in shown, bytes(shown)
    json.loads(out.read_text(encoding="utf-8"))  # the bar never reaches the JSON
    piped = subprocess.run(command(["stats", str(dealt), "--json"]), capture_output=True, timeout=120, check=False)
    assert piped.returncode == 0 and piped.stderr == b""
    assert piped.stdout == out.read_bytes()


# --- stopping ---


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
def test_ctrl_c_stops_the_count_and_its_workers(tmp_path: Path) -> None:
    chance = random.Random(5)
    log = tmp_path / "big.jsonl"
    with log.open("w", encoding="utf-8") as out:
        for n in range(30_000):
            out.write(json.dumps({"shoe": n, "results": "".join(chance.choice("BPPBT") for _ in range(80))}) + "\n")
    counting_run = subprocess.Popen(
        command(["stats", str(log), "-j", "2"]), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:
            assert counting_run.poll() is None, counting_run.communicate()
            workers = children(counting_run.pid)
            time.sleep(0.02)
        time.sleep(0.3)
        sent = time.monotonic()
        counting_run.send_signal(signal.SIGINT)
        stdout, stderr = counting_run.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if counting_run.poll() is None:
            counting_run.kill()
    assert took < 2.0, f"{took:.2f} s from SIGINT to exit"
    assert counting_run.returncode == 130
    assert stderr.decode().splitlines() == ["roads: aborted"] and stdout == b""
    time.sleep(0.1)
    assert [pid for pid in workers if alive(pid)] == []


# --- Dask ---


def test_without_the_extra_dask_names_it(
    few: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, out, err = run(capsys, str(few), "--dask", "local")
    assert code == 1 and out == ""
    assert err == "roads: error: --dask needs Dask: pip install 'roads[dask]'\n"


@pytest.mark.slow
def test_dask_equals_the_local_run(dealt: Path, small_blocks: None, capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    code, local, err = run(capsys, str(dealt), "--json", "--by", "table", "-j", "2")
    assert code == 0, err
    with distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster:
        code, on_dask, err = run(capsys, str(dealt), "--json", "--by", "table", "--dask", cluster.scheduler_address)
    assert code == 0, err
    assert on_dask == local


@pytest.mark.slow
def test_dask_local_starts_its_own_cluster(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    log = tmp_path / "a.jsonl"
    log.write_text("".join(write_shoe_line(n, deal_shoe(8, seed=n).coups) for n in range(200)), encoding="utf-8")
    here = subprocess.run(
        command(["stats", str(log), "--json", "-j", "1"]), capture_output=True, timeout=300, check=False
    )
    dask = subprocess.run(
        command(["stats", str(log), "--json", "--dask", "local", "-j", "2"]),
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert here.returncode == 0 and dask.returncode == 0, dask.stderr
    assert dask.stdout == here.stdout


@pytest.mark.slow
def test_a_scheduler_that_cannot_be_reached_is_one_line(
    few: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(counting, "DASK_CONNECT", 0.5)
    for address in ("tcp://127.0.0.1:9", "no port here"):
        code, out, err = run(capsys, str(few), "--dask", address)
        assert code == 1 and out == ""
        assert len(err.splitlines()) == 1
        assert err.startswith(f"roads: error: --dask {address}: cannot reach the scheduler (")


@pytest.mark.slow
def test_each_sees_every_counted_shoe_in_order_in_this_process(dealt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from roads.cli.flags import Inputs

    seen: list[tuple[str | int, int]] = []
    here = Inputs((str(dealt),), None, None, False)
    tallies, total = gather.tally_logs(here, "table", 2, None, lambda shoe, board: seen.append((shoe.id, board.coups)))
    assert [shoe_id for shoe_id, _ in seen] == list(range(120))
    assert sum(coups for _, coups in seen) == total.counts.coups
    spread = Inputs((str(dealt),), None, None, False)
    other, other_total = gather.tally_logs(spread, "table", 2)
    assert stats_output.stats_data(tallies, total, 8) == stats_output.stats_data(other, other_total, 8)


def test_an_error_of_each_ends_the_count(few: Path) -> None:
    from roads.cli.flags import Inputs
    from roads.errors import OutputError

    def refuse(shoe: object, board: object) -> None:
        raise OutputError("the disk is full", file="tables/coups.csv")

    with pytest.raises(OutputError, match="the disk is full"):
        gather.tally_logs(Inputs((str(few),), None, None, False), None, 1, None, refuse)


@pytest.mark.slow
def test_tables_are_written_in_shoe_order_with_the_same_figures(
    dealt: Path, tmp_path: Path, small_blocks: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, spread, err = run(capsys, str(dealt), "--json", "--by", "table", "-j", "2")
    assert code == 0, err
    folder = tmp_path / "tables"
    code, here, err = run(capsys, str(dealt), "--json", "--by", "table", "-j", "2", "--csv-tables", str(folder))
    assert code == 0, err
    assert here == spread
    coups = (folder / "coups.csv").read_text(encoding="utf-8").splitlines()
    header = coups[0].split(",")
    shoes = [row.split(",")[header.index("shoe")] for row in coups[1:]]
    assert list(dict.fromkeys(shoes)) == [str(n) for n in range(120)]
