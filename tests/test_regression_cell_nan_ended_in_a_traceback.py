"""``roads render --cell nan`` ended in a traceback (``cannot convert float NaN to integer``).

NaN passed the cell check (every comparison with it is false) and broke the
picture's size; ``board.svg(cell=float("nan"))`` did the same. The option
table's number converter refuses any value that is not finite, on every path.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from roads import Scoreboard
from roads.cli.app import cli
from roads.errors import RenderError


@pytest.mark.parametrize("name", ["cell", "scale"])
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_number_that_is_not_finite_is_refused(name: str, value: float) -> None:
    with pytest.raises(RenderError, match=f"^{name} should be a number, got "):
        Scoreboard.from_results("BPPB").svg(**{name: value})


def test_cell_nan_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "shoe.txt").write_text("B P P B\n")
    out = tmp_path / "b.svg"
    result = CliRunner().invoke(cli, ["render", str(tmp_path / "shoe.txt"), "-o", str(out), "--cell", "nan"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: Invalid value for '--cell': cell should be a number, got 'nan'"
    assert not out.exists()
