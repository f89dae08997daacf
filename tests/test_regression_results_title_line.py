"""Regression: a results log with a title line "Shoe 1" got "'Shoe' is not a card"; 庄/闲/和 and `1 B` were refused."""

from __future__ import annotations

import io

import pytest

from roads.errors import LogError
from roads.logs import read_outcomes


@pytest.mark.parametrize(
    "text", ["Shoe 1\nB P P T\n", "1 B\n2 P\n3 P\n4 T\n", "庄 闲 闲 和\n", "Banker Player player TIE\n"]
)
def test_regression_results_read_titles_numbers_words_and_chinese(text: str) -> None:
    assert "".join(o.winner.letter for o in read_outcomes(io.StringIO(text))) == "BPPT"


def test_a_typo_is_still_not_a_title() -> None:
    with pytest.raises(LogError, match="'X' in 'BBXP' is not a result"):
        read_outcomes(io.StringIO("BBXP\nBPPT\n"))
