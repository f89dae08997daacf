"""The CLI wrapper: one line per problem, the right exit status, for every command."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.cli import main


def test_regression_cut_stream_warning_was_two_python_lines_and_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """build on a stream cut mid-coup: keep the complete coups, say so in one line, exit 1."""
    code = main(["build", str(FIXTURES / "stream-cut.txt"), "--json"])
    out, err = capsys.readouterr()
    assert code == 1
    assert '"coups": 2' in out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("roads: warning: ")
    assert "stream-cut.txt, line 3, coup 3" in lines[0]


def test_bad_input_is_one_line_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coup", "3", "6", "K"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("roads: error: ")


def test_bad_usage_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert main(["coup"]) == 2


def test_help_and_version_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "A tour:" in capsys.readouterr().out
    assert main(["--version"]) == 0
    assert "roads" in capsys.readouterr().out


@pytest.mark.slow
def test_regression_every_command_loaded_the_renderer_at_start_up(tmp_path: Path) -> None:
    """roads build imported svgwrite, numpy and the scene (0.44 s) though it draws nothing."""
    import subprocess
    import sys

    code = (
        "import sys; from roads.cli import main; "
        f"status = main(['build', {str(FIXTURES / 'results.txt')!r}]); "
        "heavy = [m for m in ('svgwrite', 'numpy', 'PIL', 'roads.render', 'roads.scene.layout', 'roads.odds') "
        "if m in sys.modules]; print(status, heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "0 []"
