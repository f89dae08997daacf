"""Every command on hostile input: one error line and status 1 (2 for usage), never a traceback or a lost file.

One test per command, each walking the inputs that break programs: a folder
given as LOG, a missing file, /dev/null, binary bytes, a megabyte line with no
separator, JSON nested past Python's recursion limit, Ctrl-C, and outputs that
must stay whole (docs/reliability.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from helpers import run

from roads.logs import write_log
from roads.shoe import deal_shoe

RANDOM_BYTES = bytes(range(256)) * 64 + b"\x00\xff\xfe" * 100


@pytest.fixture
def logs(tmp_path: Path) -> dict[str, Path]:
    """Good and hostile logs, by name."""
    made: dict[str, Path] = {}

    def put(name: str, data: bytes) -> None:
        made[name] = tmp_path / name
        made[name].write_bytes(data)

    put("cards.txt", write_log(deal_shoe(8, seed=7).coups, "cards").encode())
    put("results.txt", b"B P P T B B P P P B\n")
    put("binary.bin", b"\x7fELF\x02\x01\x01\x00" + RANDOM_BYTES)
    put("long-line.txt", b"3 6 " + b"9" * (1 << 21))
    put("deep.json", b"[" * 50_000)
    put("empty.txt", b"")
    put("not-utf8.txt", b"B P \xff T\n")
    made["folder"] = tmp_path
    made["missing"] = tmp_path / "no-such-log.txt"
    made["devnull"] = Path(os.devnull)
    return made


HOSTILE = ("folder", "missing", "devnull", "binary.bin", "long-line.txt", "deep.json", "empty.txt", "not-utf8.txt")


def assert_one_error_line(status: int, err: str) -> None:
    """A user error: status 1, one line on stderr saying where and what, no traceback."""
    assert status == 1, err
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1 and err.startswith("roads: error: "), err


def assert_usage(status: int, err: str) -> None:
    """A usage error: status 2 and click's usage text, no traceback."""
    assert status == 2 and "Traceback" not in err and "Usage:" in err, err


def assert_untouched(folder: Path, before: dict[str, bytes]) -> None:
    """Every file as it was, and no temporary .part file left behind."""
    now = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert now == before


def snapshot(folder: Path) -> dict[str, bytes]:
    """Return every file of ``folder`` with its bytes."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.mark.parametrize(
    "command",
    [
        ["build"],
        ["build", "--json"],
        ["build", "--per-shoe"],
        ["show"],
        ["explain"],
        ["check"],
        ["check", "--json"],
        ["stats"],
        ["stats", "--json"],
        ["stats", "--csv", "--by", "shoe"],
        ["exposure"],
        ["exposure", "--json", "--bet", "dragon_7"],
    ],
)
def test_log_readers_on_hostile_logs(
    command: list[str], logs: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    for name in HOSTILE:
        status, _out, err = run(capsys, *command, str(logs[name]))
        assert_one_error_line(status, err)
        assert str(logs[name]) in err
    assert run(capsys, *command, str(logs["cards.txt"]))[0] == 0


def test_build_show_explain_bad_options(logs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    log = str(logs["cards.txt"])
    assert_usage(*run(capsys, "build", log, "--from", "xml")[::2])
    assert_usage(*run(capsys, "show", log, "--last", "0")[::2])
    assert_usage(*run(capsys, "explain", log, "--mark", "3")[::2])
    assert_usage(*run(capsys, "show", log, "--road", "<script>")[::2])
    assert_usage(*run(capsys, "explain", log, "--road", "big-road")[::2])
    assert_one_error_line(*run(capsys, "explain", log, "--road", "small-road", "--mark", "100000")[::2])
    assert_one_error_line(*run(capsys, "build", log, "--from", "json")[::2])


def test_coup(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for cards in (
        ["X"],
        ["3", "6", "K"],
        ["3", "6", "K", "K", "6", "2", "9"],
        ["7", "6", "K", "K", "2"],
        ["\x1b[31m"],
        ["9" * 100_000],
    ):
        status, _, err = run(capsys, "coup", *cards)
        assert_one_error_line(status, err)
        assert len(err) < 400
    assert_usage(*run(capsys, "coup")[::2])
    good = tmp_path / "hand.svg"
    good.write_text("<svg/>")
    assert_one_error_line(*run(capsys, "coup", "3", "6", "K", "--render", "-o", str(good))[::2])
    assert good.read_text() == "<svg/>"


def test_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "shoe.txt"
    good.write_text("B P\n")
    before = snapshot(tmp_path)
    for argv in (["--decks", "0"], ["--decks", "1001"], ["--cut", "5"], ["--cut", "100000"]):
        assert_usage(*run(capsys, "deal", *argv, "-o", str(good))[::2])
        assert_untouched(tmp_path, before)
    assert_one_error_line(*run(capsys, "deal", "-o", str(tmp_path / "no" / "shoe.txt"))[::2])
    assert_usage(*run(capsys, "deal", "-o", str(tmp_path))[::2])
    assert_usage(*run(capsys, "deal", "--decks", "many")[::2])


def test_check_reports_broken_coups_and_stays_one_line_per_problem(
    logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("3 6 K K 6 2\n7 6 K K 2\n")
    status, out, err = run(capsys, "check", str(broken))
    assert status == 1 and err == "" and "Banker 6 must stand" in out


def test_render(logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    good = out / "board.png"
    good.write_bytes(b"\x89PNG good")
    before = snapshot(out)
    for name in HOSTILE:
        assert_one_error_line(*run(capsys, "render", str(logs[name]), "-o", str(good))[::2])
        assert_untouched(out, before)
    for argv in (
        ["--theme", "neon"],
        ["--last", "0"],
        ["--scale", "100"],
        ["--highlight", "big-eye-boy:0"],
        ["--road", "nope"],
        ["--cell", "1"],
        ["--cell", "10", "--width", "300"],
        ["--log-format", "x"],
    ):
        assert_usage(*run(capsys, "render", str(logs["cards.txt"]), "-o", str(good), *argv)[::2])
        assert_untouched(out, before)
    assert_one_error_line(
        *run(capsys, "render", str(logs["cards.txt"]), "-o", str(good), "--highlight", "big-eye-boy:999")[::2]
    )  # a mark this shoe has not made: input
    assert_untouched(out, before)
    assert_usage(*run(capsys, "render", str(logs["cards.txt"]), "-o", str(out / "x.bmp"))[::2])
    assert_one_error_line(*run(capsys, "render", str(logs["cards.txt"]), "-o", str(tmp_path / "no" / "x.svg"))[::2])
    assert_usage(*run(capsys, "render", str(logs["cards.txt"]))[::2])
    assert_usage(*run(capsys, "render", str(logs["cards.txt"]), str(logs["results.txt"]), "-o", "x.svg")[::2])


def test_render_batch_names_each_bad_log_and_draws_the_rest(
    logs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pictures"
    status, _stdout, err = run(
        capsys,
        "render",
        str(logs["cards.txt"]),
        str(logs["binary.bin"]),
        str(logs["empty.txt"]),
        "-d",
        str(out),
        "-j",
        "1",
    )
    assert status == 1 and "Traceback" not in err
    assert sorted(p.name for p in out.iterdir()) == ["cards.svg"]
    lines = err.splitlines()
    assert len(lines) == 3 and all(line.startswith("roads: error: ") for line in lines[:2])
    assert "binary.bin" in lines[0] and "empty.txt" in lines[1]
    assert lines[2] == "1 of 3 shoes written (2 failed: see above)"


def test_odds(logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "plot.svg"
    plot.write_text("<svg/>")
    for name in ("missing", "devnull", "binary.bin", "long-line.txt", "deep.json", "results.txt"):
        assert_one_error_line(*run(capsys, "odds", "--after", str(logs[name]), "--each", "--plot", str(plot))[::2])
        assert plot.read_text() == "<svg/>"
    assert_one_error_line(*run(capsys, "odds", "--after", str(logs["folder"]))[::2])  # as every command: 1
    assert_usage(*run(capsys, "odds", "--decks", "0")[::2])
    assert_usage(*run(capsys, "odds", "--each")[::2])


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert_usage(*run(capsys, "simulate", "--shoes", "2", "--cut", "1")[::2])
    assert_usage(*run(capsys, "simulate", "--shoes", "2", "--decks", "5000")[::2])
    assert_usage(*run(capsys, "simulate", "--shoes", "1")[::2])
    assert_usage(*run(capsys, "simulate", "--shoes", "2", "--engine", "gpu")[::2])


def test_demo(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A missing folder is made, as render -d and lesson -d make theirs.
    assert run(capsys, "demo", "--dir", str(tmp_path / "new" / "er"))[0] == 0
    assert (tmp_path / "new" / "er" / "scoreboard.png").is_file()
    file_in_the_way = tmp_path / "file"
    file_in_the_way.write_text("x")
    for folder in (file_in_the_way, file_in_the_way / "under"):
        status, _, err = run(capsys, "demo", "--dir", str(folder))
        assert_one_error_line(status, err)
    assert_usage(*run(capsys, "demo", "--seed", "x" * 1001, "--dir", str(tmp_path))[::2])


def test_lesson(logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "pages"
    out.mkdir()
    page = out / "lesson.html"
    page.write_text("<p>good</p>")
    before = snapshot(out)
    for name in HOSTILE:
        assert_one_error_line(*run(capsys, "lesson", str(logs[name]), "-o", str(page))[::2])
        assert_untouched(out, before)
    for argv in (["--marks", "x"], ["--marks", "5-1"], ["--road", "big-road"], ["--theme", "neon"]):
        assert_usage(*run(capsys, "lesson", str(logs["cards.txt"]), "-o", str(page), *argv)[::2])
        assert_untouched(out, before)
    assert_one_error_line(*run(capsys, "lesson", str(logs["cards.txt"]), "-o", str(page), "--marks", "900")[::2])
    assert_untouched(out, before)


def test_report(logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "pages"
    out.mkdir()
    page = out / "report.html"
    page.write_text("<p>good</p>")
    before = snapshot(out)
    for name in HOSTILE:
        assert_one_error_line(*run(capsys, "report", str(logs[name]), "-o", str(page))[::2])
        assert_untouched(out, before)
    for argv in (["--decks", "0"], ["--by", "month"]):
        assert_usage(*run(capsys, "report", str(logs["cards.txt"]), "-o", str(page), *argv)[::2])
        assert_untouched(out, before)
    assert_usage(*run(capsys, "report", str(logs["cards.txt"]))[::2])
    assert_one_error_line(*run(capsys, "report", str(logs["cards.txt"]), "-o", str(page), "--by", "table")[::2])
    assert_untouched(out, before)
    assert run(capsys, "report", str(logs["cards.txt"]), "-o", str(page))[0] == 0
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_tableau_and_drill(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart = tmp_path / "chart.svg"
    chart.write_text("<svg/>")
    for argv in (["--highlight", "9:9"], ["--highlight", "x"], ["--theme", "neon"], ["--scale", "0"]):
        assert_usage(*run(capsys, "tableau", "-o", str(chart), *argv)[::2])
        assert chart.read_text() == "<svg/>"
    assert_usage(*run(capsys, "tableau", "-o", str(tmp_path / "chart.bmp"))[::2])
    quiz = tmp_path / "quiz.html"
    quiz.write_text("<p>good</p>")
    for count in ("0", "1001", "-5"):
        assert_usage(*run(capsys, "drill", "--count", count, "--format", "html", "-o", str(quiz))[::2])
        assert quiz.read_text() == "<p>good</p>"
    assert_usage(*run(capsys, "drill", "--format", "html")[::2])


def test_stdin_dash_reads_binary_empty_and_closed_input(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    page = tmp_path / "page.html"
    for data in (b"", RANDOM_BYTES, b"[" * 50_000, None):
        stdin = None if data is None else io.TextIOWrapper(io.BytesIO(data))
        for argv in (
            ["build", "-"],
            ["check", "-"],
            ["render", "-", "-o", str(tmp_path / "x.svg")],
            ["lesson", "-", "-o", str(page)],
        ):
            monkeypatch.setattr(sys, "stdin", stdin if stdin is None else io.TextIOWrapper(io.BytesIO(data or b"")))
            assert_one_error_line(*run(capsys, *argv)[::2])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["roads.board.board.Board.add", "roads.files.os.replace"])
def test_ctrl_c_is_one_line_status_130_and_no_part_file(
    where: str,
    logs: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(where, interrupt)
    target = tmp_path / "out"
    target.mkdir()
    status, _, err = run(capsys, "render", str(logs["cards.txt"]), "-o", str(target / "board.svg"))
    assert (status, err.strip().splitlines()[-1]) == (130, "roads: aborted")
    assert "Traceback" not in err and list(target.iterdir()) == []


def test_convert(logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "old.csv").write_text("kept\n")
    before = snapshot(target)
    for name in HOSTILE:
        for to in ("csv", "results"):
            status, _out, err = run(capsys, "convert", str(logs[name]), "--to", to, "-o", str(target / "old.csv"))
            assert_one_error_line(status, err)
            assert str(logs[name]) in err
    assert_untouched(target, before)
    assert_usage(*run(capsys, "convert", str(logs["cards.txt"]), "--to", "xml")[::2])
    assert run(capsys, "convert", str(logs["cards.txt"]), "--to", "csv", "-o", str(target / "new.csv"))[0] == 0


def test_quiz_refuses_hostile_logs_in_one_line_and_keeps_the_old_page(
    logs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "quiz.html").write_text("kept\n")
    before = snapshot(target)
    for name in HOSTILE:
        status, _out, err = run(capsys, "quiz", str(logs[name]), "-o", str(target / "quiz.html"))
        assert_one_error_line(status, err)
    assert_untouched(target, before)
    assert_usage(*run(capsys, "quiz", "--count", "0", "-o", str(target / "quiz.html"))[::2])
    assert run(capsys, "quiz", str(logs["cards.txt"]), "-o", str(target / "new.html"))[0] == 0


def test_serve_bad_options_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")
    for args in (["--port", "-1"], ["--rules", "nope"], ["--host", "10.0.0.1"]):
        assert_usage(*run(capsys, "serve", "--data", str(tmp_path / "d"), *args)[::2])
    assert not (tmp_path / "d").exists()


def test_course_refuses_a_file_for_its_folder_and_a_bad_seed_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file where the folder should be is one line and status 1; a seed too long is bad usage; nothing is written."""
    taken = tmp_path / "course"
    taken.write_text("kept\n")
    status, out, err = run(capsys, "course", "-o", str(taken))
    assert status == 1 and out == "" and len(err.splitlines()) == 1 and "course" in err, err
    assert taken.read_text() == "kept\n"
    assert_usage(*run(capsys, "course", "-o", str(tmp_path / "new"), "--seed", "9" * 101)[::2])
    assert not (tmp_path / "new").exists()


def test_every_command_is_covered() -> None:
    """A new command gets a test here before it ships."""
    from roads.cli.app import all_commands

    covered = {
        "build",
        "show",
        "explain",
        "check",
        "coup",
        "deal",
        "render",
        "odds",
        "simulate",
        "demo",
        "lesson",
        "tableau",
        "drill",
        "convert",
        "stats",
        "exposure",
        "report",
        "quiz",  # tests/test_quiz.py and the hostile logs above
        "course",  # tests/test_course.py and the bad folder below
        "serve",  # tests/test_serve.py, tests/test_serve_live.py and the bad options below
    }
    assert set(all_commands()) <= covered, set(all_commands()) - covered
