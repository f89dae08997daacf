"""One rule for every command that writes a file, walked from the CLI's own parser (issue 24, the writer rule).

Every command that reads LOG arguments and takes ``-o``: an output that is one of its inputs (by
path or through a symlink) is refused before anything is read, exit 1, the input unchanged; a
command that fails on bad input leaves an existing output exactly as it was, and no temporary
file beside it. A new command with ``-o`` is walked without touching this file; one that needs an
option to run at all (``convert --to``) or an output suffix names it below.
"""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest
from helpers import run

from roads.cli.app import cli

NEEDS = {"convert": ["--to", "jsonl"], "explain": ["--good-road", "single-jump"]}
"""Options a command cannot run without."""
SUFFIX = {"render": ".svg", "lesson": ".html", "quiz": ".html", "report": ".html", "explain": ".svg"}
"""The output suffix a command checks before anything else (default: .txt)."""

LOG = "B P B B T P\n"


def writers() -> list[str]:
    """Return every command that reads LOG arguments and writes its output with -o."""
    ctx = click.Context(cli)
    found = []
    for name in sorted(cli.list_commands(ctx)):
        command = cli.get_command(ctx, name)
        assert command is not None
        reads_logs = any(isinstance(p, click.Argument) and p.name == "logs" for p in command.params)
        if reads_logs and any("-o" in p.opts for p in command.params):
            found.append(name)
    return found


def test_the_walk_finds_the_writers() -> None:
    assert {"convert", "lesson", "render", "report"} <= set(writers())


@pytest.mark.parametrize("link", [False, True], ids=["path", "symlink"])
@pytest.mark.parametrize("name", writers())
def test_an_output_that_is_an_input_is_refused(
    name: str, link: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / f"shoe{SUFFIX.get(name, '.txt')}"
    log.write_text(LOG, encoding="utf-8")
    out = log
    if link:
        out = tmp_path / f"link{SUFFIX.get(name, '.txt')}"
        os.symlink(log, out)
    status, stdout, err = run(capsys, name, str(log), *NEEDS.get(name, []), "-o", str(out))
    assert (status, stdout) == (1, ""), err
    assert "input file is output file" in err and len(err.splitlines()) == 1, err
    assert log.read_text(encoding="utf-8") == LOG


@pytest.mark.parametrize("name", writers())
def test_a_failing_command_leaves_the_old_output(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("B P X\n", encoding="utf-8")
    out = tmp_path / f"old{SUFFIX.get(name, '.txt')}"
    out.write_bytes(b"the old output\n")
    status, _, err = run(capsys, name, str(bad), *NEEDS.get(name, []), "-o", str(out))
    assert status == 1, err
    assert out.read_bytes() == b"the old output\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt", out.name]
