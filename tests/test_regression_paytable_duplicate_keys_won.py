"""A hostile ``--paytable`` is one located error line, exit 1 (issue 24, item 6).

Before, ``{"rules": "ez", "rules": "standard", ...}`` ran as Standard (the last key won, exit 0);
``/dev/zero`` was read whole (MemoryError); a 5,000-digit integer, a 4,000-digit one, ``1e308`` or
``1e-320`` and deep nesting in JSON or TOML were tracebacks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run

DEEP = 100_000

CASES = {
    "duplicate.json": ('{"rules": "ez", "rules": "standard", "pays": {"tie": {"tie": 1}}}', "appears twice"),
    "inner-duplicate.json": ('{"rules": "ez", "pays": {"tie": {"tie": 1, "tie": 9}}}', "appears twice"),
    "digits-5000.json": ('{"rules": "ez", "pays": {"tie": {"tie": %s}}}' % ("1" * 5000), "at most 100"),
    "digits-4000.json": ('{"rules": "ez", "pays": {"tie": {"tie": %s}}}' % ("1" * 4000), "at most 100"),
    "huge.json": ('{"rules": "ez", "pays": {"tie": {"tie": 1e308}}}', "at most 1,000,000"),
    "tiny.json": ('{"rules": "ez", "pays": {"tie": {"tie": 1e-320}}}', "decimal places"),
    "deep.json": ('{"rules": "ez", "x": ' + "[" * DEEP + "]" * DEEP + "}", "nested too deeply"),
    "deep.toml": ('rules = "ez"\nx = ' + "[" * DEEP + "]" * DEEP + "\n", "nested too deeply"),
    "digits-5000.toml": ('rules = "ez"\n[pays.tie]\ntie = %s\n' % ("1" * 5000), "line 3"),
    "digits-4000.toml": ('rules = "ez"\n[pays.tie]\ntie = %s\n' % ("1" * 4000), "line 3"),
    "huge.toml": ('rules = "ez"\n[pays.tie]\ntie = 1e308\n', "at most 1,000,000"),
    "duplicate.toml": ('rules = "ez"\nrules = "standard"\n', "line 2"),
    "broken.json": ('{"rules": "ez",\n "pays": }', "line 2"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_paytable_is_one_located_line(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, said = CASES[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "odds", "--paytable", str(path))
    assert status == 1 and out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"roads: error: {path}") and said in err, err


def test_an_endless_paytable_is_read_no_further_than_its_cap(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "odds", "--paytable", "/dev/zero")
    assert status == 1 and out == ""
    assert err == "roads: error: /dev/zero: not a paytable: more than 1,048,576 bytes (a paytable is a few lines)\n"


def test_a_paytable_over_the_cap_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.toml"
    path.write_text('rules = "ez"\n' + "# padding\n" * 120_000, encoding="utf-8")
    status, _, err = run(capsys, "odds", "--paytable", str(path))
    assert status == 1 and "more than 1,048,576 bytes" in err


def test_the_same_paytable_without_the_duplicate_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.json"
    path.write_text('{"rules": "ez", "pays": {"tie": {"tie": 9}}}', encoding="utf-8")
    status, out, err = run(capsys, "odds", "--paytable", str(path))
    assert status == 0 and err == "" and "EZ" in out
