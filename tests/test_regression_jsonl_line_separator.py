"""Regression: a shoe id holding U+2028 split one `roads build --per-shoe --json` line in two for line readers.

JSON allows U+2028 and U+2029 raw inside strings, and json.dumps(ensure_ascii=False)
writes them raw; Python's str.splitlines (and JavaScript before ES2019) end a
line there. Found by the markup-safety tests. They are written as escapes now.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roads.cli import main


@pytest.mark.parametrize("shoe_id", ["table\u20287", "table\u20297"])
def test_regression_line_separator_in_a_shoe_id_split_the_json_line(
    shoe_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(json.dumps({"shoe": shoe_id, "results": "BPPB"}) + "\n", encoding="utf-8")
    assert main(["build", str(log), "--per-shoe", "--json"]) == 0
    out = capsys.readouterr().out
    (line,) = out.splitlines()
    assert json.loads(line)["shoe"] == shoe_id and "\u2028" not in out and "\u2029" not in out
