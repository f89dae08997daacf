"""Regression: an out-of-range option value exited 1 or 2 depending on the command.

``odds --decks 0``, ``show --last 0`` and ``simulate --shoes 1`` were usage
errors (status 2) while ``deal --decks 0``, ``render --last 0`` and
``drill --count 0`` were "bad input" (status 1). A value that cannot work
whatever the log holds is bad usage on every command: status 2, click's usage
text, and a message naming the option. What depends on the log (a mark the
shoe has not made yet) is still bad input, status 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.cli import main
from roads.cli.app import all_commands

RESULTS = str(FIXTURES / "results.txt")
CARDS = str(FIXTURES / "cards.txt")

BAD_VALUES: list[tuple[list[str], str]] = [
    (["deal", "--decks", "0"], "--decks"),
    (["deal", "--decks", "1001"], "--decks"),
    (["deal", "--cut", "5"], "--cut"),
    (["deal", "--decks", "1", "--cut", "40"], "--cut"),
    (["coup", "3", "6", "K", "K", "6", "2", "--render", "-o", "{out}.gif"], "--output"),
    (["coup", "3", "6", "K", "K", "6", "2", "--render", "-o", "{out}.svg", "--scale", "0"], "--scale"),
    (["coup", "3", "6", "K", "K", "6", "2", "--render", "-o", "{out}.svg", "--theme", "neon"], "--theme"),
    (["check", RESULTS, "--format", "xml"], "--format"),
    (["check", RESULTS, "--decks", "-1"], "--decks"),
    (["convert", RESULTS, "--to", "xml"], "--to"),
    (["build", RESULTS, "--coups", "0-3"], "--coups"),
    (["show", RESULTS, "--coups", "5-2"], "--coups"),
    (["build", RESULTS, "--format", "xml"], "--format"),
    (["explain", RESULTS, "--road", "pig"], "--road"),
    (["explain", RESULTS, "--road", "big-road"], "--road"),
    (["explain", RESULTS, "--road", "small-road", "--mark", "0"], "--mark"),
    (["show", RESULTS, "--last", "0"], "--last"),
    (["show", RESULTS, "--road", "nope"], "--road"),
    (["render", RESULTS, "-o", "{out}.svg", "--last", "0"], "--last"),
    (["render", RESULTS, "-o", "{out}.svg", "--last", "10001"], "--last"),
    (["render", RESULTS, "-o", "{out}.svg", "--cell", "1"], "--cell"),
    (["render", RESULTS, "-o", "{out}.svg", "--width", "1"], "--width"),
    (["render", RESULTS, "-o", "{out}.png", "--scale", "0"], "--scale"),
    (["render", RESULTS, "-o", "{out}.svg", "--theme", "neon"], "--theme"),
    (["render", RESULTS, "-o", "{out}.svg", "--road", "nope"], "--road"),
    (["render", RESULTS, "-o", "{out}.svg", "--highlight", "big-eye-boy:0"], "--highlight"),
    (["render", RESULTS, "-o", "{out}.svg", "--highlight", "five"], "--highlight"),
    (["render", RESULTS, "-o", "{out}.svg", "--from", "xml"], "--from"),
    (["render", RESULTS, "-o", "{out}.svg", "-j", "0"], "--jobs"),
    (["render", RESULTS, "-o", "{out}.gif"], "--output"),
    (["render", RESULTS, "-o", "{out}.svg", "--format", "png"], "--output"),
    (["demo", "--seed", "x" * 1001, "--dir", "{dir}"], "--seed"),
    (["odds", "--decks", "0"], "--decks"),
    (["odds", "--after", CARDS, "--plot", "{out}.gif"], "--plot"),
    (["quiz", RESULTS, "-o", "{out}.html", "--count", "0"], "--count"),
    (["course", "-o", "{dir}", "--seed", "x" * 1001], "--seed"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--decks", "0"], "--decks"),
    (["simulate", "--shoes", "1"], "--shoes"),
    (["simulate", "--shoes", "2", "--decks", "0"], "--decks"),
    (["simulate", "--shoes", "2", "--decks", "1001"], "--decks"),
    (["simulate", "--shoes", "2", "--cut", "1"], "--cut"),
    (["simulate", "--shoes", "2", "--seed", "9" * 101], "--seed"),
    (["lesson", RESULTS, "-o", "{out}.html", "--marks", "0-3"], "--marks"),
    (["lesson", RESULTS, "-o", "{out}.html", "--marks", "5-3"], "--marks"),
    (["lesson", RESULTS, "-o", "{out}.html", "--marks", "x"], "--marks"),
    (["lesson", RESULTS, "-o", "{out}.html", "--road", "pig"], "--road"),
    (["lesson", RESULTS, "-o", "{out}.html", "--theme", "neon"], "--theme"),
    (["tableau", "-o", "{out}.svg", "--highlight", "9:9"], "--highlight"),
    (["tableau", "-o", "{out}.svg", "--highlight", "x"], "--highlight"),
    (["tableau", "-o", "{out}.svg", "--scale", "0"], "--scale"),
    (["tableau", "-o", "{out}.svg", "--theme", "neon"], "--theme"),
    (["tableau", "-o", "{out}.gif"], "--output"),
    (["drill", "--count", "0", "-o", "{out}.txt"], "--count"),
    (["drill", "--count", "1001", "-o", "{out}.txt"], "--count"),
    (["stats", RESULTS, "--decks", "0"], "--decks"),
    (["stats", RESULTS, "--decks", "1001"], "--decks"),
    (["report", RESULTS, "-o", "{out}.html", "--decks", "0"], "--decks"),
    (["exposure", CARDS, "--decks", "0"], "--decks"),
    (["exposure", CARDS, "-j", "0"], "--jobs"),
    (["report", RESULTS, "-o", "{out}.html", "--by", "month"], "--by"),
]


@pytest.mark.parametrize(("argv", "option"), BAD_VALUES, ids=[" ".join(a[:1] + a[-2:]) for a, _ in BAD_VALUES])
def test_regression_option_value_exit_status_is_2_naming_the_option(
    argv: list[str], option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [a.format(out=tmp_path / "out", dir=tmp_path) for a in argv]
    status = main(args)
    out, err = capsys.readouterr()
    assert status == 2, err
    assert out == "" and "Traceback" not in err
    assert f"Usage: roads {argv[0]}" in err
    assert f"Invalid value for '{option}'" in err or f"/ '{option}'" in err, err
    assert list(tmp_path.iterdir()) == []


def test_regression_option_value_exit_status_covers_every_command() -> None:
    assert {argv[0] for argv, _ in BAD_VALUES} == set(all_commands())


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["explain", RESULTS, "--road", "small-road", "--mark", "999"], "Small Road has 9 marks"),
        (["render", RESULTS, "-o", "{out}.svg", "--highlight", "big-eye-boy:999"], "Big Eye Boy has 11 marks"),
        (["lesson", RESULTS, "-o", "{out}.html", "--marks", "900"], "no road on the page reaches mark 900"),
    ],
)
def test_regression_option_value_exit_status_beyond_the_log_is_bad_input(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([a.format(out=tmp_path / "out") for a in argv])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith("roads: error: ") and err.count("\n") == 1 and words in err
    assert list(tmp_path.iterdir()) == []
