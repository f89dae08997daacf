"""Regression: a JSON log cut off mid-value was reported at "line 4, column 1" of a 3-line file.

The reader added a line break after the last line even when the file had none,
and placed "the end of the file" after it, on a line that does not exist. The
end of a file is now the end of its last text: line 3, just past its last
character, and the message says the file ends in the middle of the JSON.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from roads.cli import main
from roads.errors import LogError
from roads.logs import read_outcomes

CUT = '{"coups": [\n {"winner": "banker"},\n {"winner": "player"'


def _error(path: Path) -> LogError:
    with pytest.raises(LogError) as info:
        read_outcomes(path)
    return info.value


def test_regression_json_error_at_end_of_file_is_on_the_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "b.json"
    log.write_text(CUT)
    assert main(["build", str(log)]) == 1
    assert capsys.readouterr().err == (
        f"roads: error: {log}, line 3, column 21: not valid JSON: Expecting ',' delimiter "
        "(the file ends in the middle of the JSON)\n"
    )


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        (CUT + "\n", 3, 21),  # a final line break adds no line
        (CUT + "\n\n  \n", 3, 21),  # nor do blank lines after the text
        ('[\n {"winner": "banker"},\n {"winner": "player"}', 3, 22),  # ']' missing
        ('[\n {"winner": "banker"},', 2, 23),  # a coup missing after ','
        ('[\n {"winner": "banker"}' + "\n" * 5000, 2, 22),  # the text ends chunks before the file
    ],
)
def test_regression_json_error_at_end_of_file_points_past_the_last_text(
    tmp_path: Path, text: str, line: int, column: int
) -> None:
    log = tmp_path / "cut.json"
    log.write_text(text)
    err = _error(log)
    assert (err.line, err.column) == (line, column), str(err)


def test_regression_json_error_at_end_of_file_unterminated_string(tmp_path: Path) -> None:
    log = tmp_path / "cut.json"
    log.write_text('[\n {"winner": "pla')
    err = _error(log)
    assert (err.line, err.column) == (2, 13)
    assert err.message == "not valid JSON: Unterminated string (the file ends in the middle of the JSON)"
