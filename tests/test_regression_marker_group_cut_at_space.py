"""A read chunk ending at a space inside a marker group split the group: the error moved to another coup."""

from __future__ import annotations

import io

import pytest

from roads.errors import LogError
from roads.logs import read_outcomes, source

DATA = "B P T\nB\nB P B[b n] T\nBBBBBBBBBBBB"


@pytest.mark.parametrize("chunk", [3, 5, 8, 13, 64, 65536])
def test_regression_marker_group_cut_at_space(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source, "CHUNK", chunk)
    with pytest.raises(LogError) as info:
        read_outcomes(io.StringIO(DATA), fmt="results")
    err = info.value
    assert (err.line, err.column, err.coup) == (3, 8, 7)


def test_safe_cut_never_inside_an_open_group() -> None:
    assert source.safe_cut("B P B[b ") == 4  # cut before the group's letter, not at its space
    assert source.safe_cut("B P B[bn] ") == 10
    assert source.safe_cut("B[b n]") == 6  # the only space is inside a closed group
    assert source.safe_cut("P B[b n]B") == 2
