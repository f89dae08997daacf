"""`roads coup --help` showed `roads coup 2 3 4 K 3 4 --rules ez`, which fails: "too many cards".

Every example in the command's help is run here as written (in an empty
folder, for the one that draws to -o), so an example that cannot run fails.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from roads.cli import main
from roads.cli.app import cli


def coup_examples() -> list[list[str]]:
    """Return each example of `roads coup --help` as argv (the words after `roads`, before the comment)."""
    text = CliRunner().invoke(cli, ["coup", "--help"]).output
    examples = text.split("Examples:", 1)[1].split("Options:", 1)[0]
    found = []
    for line in examples.splitlines():
        command = re.split(r"\s{2,}", line.strip())[0]  # two spaces or more start the example's comment
        words = shlex.split(command)
        if words and words[0] == "roads":
            found.append(words[1:])
    return found


def test_the_help_has_examples() -> None:
    assert len(coup_examples()) >= 5


@pytest.mark.parametrize("argv", coup_examples(), ids=" ".join)
def test_regression_coup_help_example_runs(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    status = main(argv)
    _, err = capsys.readouterr()
    assert status == 0, err
