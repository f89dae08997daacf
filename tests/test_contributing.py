"""CONTRIBUTING.md stays true: every file it names exists, and every rule is where its table says."""

from __future__ import annotations

import re

import pytest
from helpers import ROOT

PAGE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
ROWS = [
    (rule, re.findall(r"`([^`]+)`", files), re.findall(r"`([^`]+)`", names))
    for rule, files, names in re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$", PAGE, re.M)
    if rule != "rule" and not set(rule) <= {"-"}
]


def test_the_table_lists_the_rules() -> None:
    rules = " ".join(rule for rule, _, _ in ROWS)
    for rule in ("Bead Plate", "Big Road", "dragon tails", "Rule 1 and Rule 2", "odds engine", "PNG back-end"):
        assert rule in rules, rule


@pytest.mark.parametrize(("rule", "files", "names"), ROWS, ids=[row[0] for row in ROWS])
def test_each_rule_is_where_the_table_says(rule: str, files: list[str], names: list[str]) -> None:
    text = ""
    for name in files:
        assert (ROOT / name).is_file(), f"{rule}: {name} does not exist"
        text += (ROOT / name).read_text(encoding="utf-8")
    for name in names:
        assert re.search(rf"^\s*(def|class) {re.escape(name)}\b", text, re.M), f"{rule}: no {name} in {files}"


def test_every_path_it_names_exists() -> None:
    paths = set(re.findall(r"`((?:roads|tests|docs|benchmarks|fixtures)/[\w./<>-]+)`", PAGE))
    paths |= set(re.findall(r"\]\(([\w./-]+)\)", PAGE))
    assert paths, "the page names no paths"
    for path in sorted(paths):
        if "<" in path:  # a pattern, such as tests/test_regression_<what_broke>.py
            continue
        assert (ROOT / path).exists(), path
