"""Regression: ``roads demo --help`` had no examples, though every other command's help has them."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from roads.cli import main
from roads.cli.app import all_commands


def _examples(command: str, capsys: pytest.CaptureFixture[str]) -> list[list[str]]:
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    assert "Examples:" in text, f"roads {command} --help has no examples"
    block = text.split("Examples:", 1)[1].split("\n\n", 1)[0]
    # An example is its command; two or more spaces then start what it does.
    return [
        shlex.split(re.split(r"\s{2,}", line.strip())[0])
        for line in block.strip().splitlines()
        if line.strip().startswith("roads ")
    ]


@pytest.mark.parametrize("command", sorted(all_commands()))
def test_regression_demo_help_examples_every_command_has_them(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    examples = _examples(command, capsys)
    assert examples and all(command in argv for argv in examples)


@pytest.mark.slow
def test_regression_demo_help_examples_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for example in _examples("demo", capsys):
        argv = [str(tmp_path) if arg == "/tmp" else arg for arg in example]
        assert main(argv[1:]) == 0, argv
        assert "wrote" in capsys.readouterr().out
    assert {p.name for p in tmp_path.iterdir()} == {"scoreboard.svg", "scoreboard.png"}
