"""Progress on a terminal for long commands (report, exposure, stats), and not a byte of it when piped."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run

from roads.cli import progress as progress_module
from roads.cli.progress import Progress


@pytest.fixture
def archive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Three dealt shoes with cards, as one JSON Lines archive."""
    path = tmp_path / "shoes.jsonl"
    assert run(capsys, "deal", "--shoes", "3", "--seed", "1", "-o", str(path))[0] == 0
    return str(path)


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as standard error is when a person watches."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_it_counts_in_place_and_clears_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "EVERY", 0.0)  # every update redraws
    screen = Terminal()
    with Progress("counted", stream=screen) as shown:
        shown.update()
        shown.update(119)
    said = screen.getvalue()
    assert said.startswith("\rroads: 1 shoe counted")
    assert "\rroads: 120 shoes counted\r" in said
    assert "\n" not in said
    assert said.endswith("\r" + " " * len("roads: 120 shoes counted") + "\r")  # cleared at the end


def test_it_redraws_a_few_times_a_second_not_every_shoe() -> None:
    screen = Terminal()
    with Progress("scanned", total=10_000, stream=screen) as shown:
        for _ in range(10_000):
            shown.update()
    assert shown.text() == "roads: 10,000 of 10,000 shoes scanned"
    assert screen.getvalue().count("roads:") <= 5  # the first draw, and no more than 4 a second


def test_piped_it_writes_nothing() -> None:
    pipe = io.StringIO()
    with Progress("counted", stream=pipe) as shown:
        shown.update(5)
    assert pipe.getvalue() == ""


def test_a_closed_stream_is_not_a_terminal() -> None:
    closed = io.StringIO()
    closed.close()
    assert not Progress("counted", stream=closed).on


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["stats", "-j", "1"], "roads: 3 shoes counted"),
        (["exposure", "--bet", "dragon_7", "-j", "1"], "shoes scanned"),
        (["stats", "--good-roads"], "roads: 3 shoes counted"),
    ],
)
def test_commands_show_it_on_a_terminal_only(
    argv: list[str], said: str, archive: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    piped = run(capsys, argv[0], archive, *argv[1:])
    assert "\r" not in piped[2]
    monkeypatch.setattr(progress_module, "on_terminal", lambda stream: True)
    monkeypatch.setattr(progress_module, "EVERY", 0.0)
    status, out, err = run(capsys, argv[0], archive, *argv[1:])
    assert (status, out) == piped[:2]
    assert said in err
    assert re.sub(r"\r[^\r\n]*\r", "", err) == piped[2]  # the progress lines, and nothing else, were added


@pytest.mark.slow
def test_a_piped_report_prints_nothing_extra(archive: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "roads", "report", archive, "-o", str(tmp_path / "r.html")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stderr and "counted" not in done.stderr and "scanned" not in done.stderr


def drawn(err: str) -> list[str]:
    """Return each text the progress line showed, in order ("" where it was cleared)."""
    return [text.rstrip() for text in re.findall(r"\r([^\r\n]*)\r", err)]


@pytest.mark.parametrize(
    ("argv", "done"),
    [
        (["exposure", "--bet", "dragon_7", "-j", "1"], "scanned"),
        (["stats", "--by", "shoe", "--csv", "-j", "1"], "counted"),
    ],
)
def test_regression_progress_line_blank_between_shoes(
    argv: list[str], done: str, archive: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """roads exposure showed nothing for minutes on a terminal: nothing before the first shoe was done, and the
    line was cleared as each shoe was printed and stayed blank while the next one was worked on. It now shows
    from the start, and steps aside only while a shoe is printed."""
    monkeypatch.setattr(progress_module, "on_terminal", lambda stream: True)  # standard output too
    monkeypatch.setattr(progress_module, "EVERY", 0.0)
    status, out, err = run(capsys, argv[0], archive, *argv[1:])
    assert status == 0 and out
    shown = drawn(err)
    assert shown[0] == f"roads: 0 shoes {done}"  # before any shoe is done
    assert f"roads: 3 shoes {done}" in shown
    assert shown[-1] == ""  # cleared at the end
    cleared = [i for i, text in enumerate(shown[:-1]) if text == ""]
    assert cleared  # it made room for what was printed
    for i in cleared:
        assert shown[i + 1] == shown[i - 1]  # and came back at once, as it was


def test_piped_output_leaves_the_line_alone(archive: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With standard output piped (stats --json > file), the line on the terminal is never cleared mid-run."""
    monkeypatch.setattr(progress_module, "EVERY", 0.0)
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    with Progress("scanned", stream=screen) as shown:
        shown.update(0)
        for _ in range(3):
            shown.update()
            with shown.aside():
                sys.stdout.write("a shoe\n")
    assert drawn(screen.getvalue()) == [
        f"roads: {n} shoes scanned" if n != 1 else "roads: 1 shoe scanned" for n in range(4)
    ] + [""]


def test_regression_report_was_silent_through_its_passes(
    archive: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One progress line for the whole report: the shoes read in its one pass, then the page being written."""
    page = tmp_path / "r.html"
    piped = run(capsys, "report", archive, "-o", str(page))
    assert piped[0] == 0 and "\r" not in piped[2]
    monkeypatch.setattr(progress_module, "on_terminal", lambda stream: True)
    monkeypatch.setattr(progress_module, "EVERY", 0.0)
    status, out, err = run(capsys, "report", archive, "-o", str(page))
    assert (status, out) == piped[:2]
    said = [line for line in re.findall(r"\r([^\r\n]+)\r", err) if line.strip()]  # the last clears the line
    assert said[:3] == ["roads: 1 shoe read", "roads: 2 shoes read", "roads: 3 shoes read"]
    assert said[3:] == [f"roads: writing {page}"]  # no second count: every log is read once
    assert re.sub(r"\r[^\r\n]*\r", "", err) == piped[2]
