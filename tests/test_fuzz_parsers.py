"""Every parser on arbitrary text and bytes: only the documented RoadsError classes may escape.

Never IndexError, KeyError, UnicodeError, RecursionError or a traceback from a
dependency; and every error stays on one line. The longer, coverage-guided
runs of the same targets live in fuzz/ (see fuzz/README.md); their crashes
became tests/test_regression_*.py.
"""

from __future__ import annotations

import io
import json
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from roads.cards import parse_card
from roads.cli import main
from roads.errors import RoadsError
from roads.logs import FORMATS, LogWarning, detect_format, iter_entries, iter_shoes, parse_results
from roads.logs.jsonlog import coup_record, shoe_line

FUZZ = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces every format is made of, so generated text reaches deep into each grammar rather than
# failing on its first character.
ATOMS = [
    "B",
    "P",
    "T",
    "b",
    "p",
    "t",
    "[",
    "]",
    "[bn]",
    "[p]",
    "n",
    " ",
    ",",
    "\n",
    "\r\n",
    "\t",
    "#",
    "# format: cards\n",
    "# format: stream\n",
    "# format: results\n",
    "# format: jsonl\n",
    "A",
    "3",
    "6",
    "9",
    "K",
    "10",
    "T",
    "9H",
    "q♠",
    "P:",
    "B:",
    "Player:",
    "|",
    ":",
    "{",
    "}",
    "[",
    "]",
    '"',
    '"winner"',
    '"banker"',
    '"tie"',
    '"cards"',
    '"shoe"',
    '"results"',
    '"coups"',
    '"player_cards"',
    '"banker_cards"',
    ": ",
    ", ",
    "1",
    "-1",
    "1e999",
    "null",
    "true",
    "\x00",
    "\ufeff",
    "é",
    "\u2028",
    "\u202e",
    '{"shoe": 1, "results": "BP"}\n',
    '{"winner": "tie"}\n',
    '{"cards": ["3", "6", "K", "K", "6", "2"]}',
    "[" * 40,
]
log_text = st.lists(st.sampled_from(ATOMS) | st.text(max_size=4), max_size=40).map("".join)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 2**70)
    | st.floats(allow_nan=False)
    | st.sampled_from(["banker", "player", "tie", "B", "3", "K", "10", "X", "", "BPT", "B[bn] P", "♠"]),
    lambda inner: (
        st.lists(inner, max_size=7)
        | st.dictionaries(
            st.sampled_from(
                [
                    "winner",
                    "cards",
                    "player_cards",
                    "banker_cards",
                    "banker_pair",
                    "player_pair",
                    "natural",
                    "player_total",
                    "banker_total",
                    "steps",
                    "shoe",
                    "results",
                    "coups",
                    "x",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)


def only_roads_errors(call: Callable[[], object]) -> None:
    """Run ``call``; a RoadsError (one line) is fine, any other exception fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LogWarning)
        try:
            call()
        except RoadsError as exc:
            text = str(exc)
            assert len(text.splitlines()) == 1 and len(text) < 2000, text


def read_all(source: object, fmt: str | None) -> None:
    for _ in iter_entries(source, fmt):  # type: ignore[arg-type]
        pass


@FUZZ
@given(log_text, st.sampled_from([None, *FORMATS]))
@example("[" * 5000, None)
@example('{"shoe": 1, "results": "B\u2028X"}\n', None)
@example("B P[,\rx] T", "results")
def test_every_reader_on_arbitrary_text(text: str, fmt: str | None) -> None:
    only_roads_errors(lambda: read_all(io.StringIO(text), fmt))
    only_roads_errors(lambda: list(iter_shoes(io.StringIO(text), fmt)))
    only_roads_errors(lambda: detect_format(io.StringIO(text)))


@FUZZ
@given(st.binary(max_size=300), st.sampled_from([None, *FORMATS]))
@example(b"\xef\xbb\xbfB P T", None)
@example(b"B P \xe2\x99", None)
def test_every_reader_on_arbitrary_bytes(data: bytes, fmt: str | None) -> None:
    only_roads_errors(lambda: read_all(io.BytesIO(data), fmt))
    only_roads_errors(lambda: list(iter_shoes(io.BytesIO(data))))


@FUZZ
@given(st.lists(st.text(max_size=30), min_size=1, max_size=5).map("\n".join) | log_text)
def test_every_reader_on_arbitrary_unicode_lines(text: str) -> None:
    for fmt in (None, *FORMATS):
        only_roads_errors(lambda fmt=fmt: read_all(io.StringIO(text), fmt))


@FUZZ
@given(st.text(max_size=60))
def test_results_grammar(text: str) -> None:
    only_roads_errors(lambda: parse_results(text, file="f", line=1))


@FUZZ
@given(st.text(max_size=12))
def test_card_tokens(token: str) -> None:
    only_roads_errors(lambda: parse_card(token))


@FUZZ
@given(json_values)
def test_json_coup_objects_and_shoe_lines(value: object) -> None:
    only_roads_errors(lambda: coup_record(value, 1, 1, "f"))
    only_roads_errors(lambda: shoe_line(value, 1, "f"))
    text = json.dumps(value)
    for wrapped in (f"[{text}]", f'{{"coups": [{text}]}}', text + "\n", f'{{"shoe": 1, "coups": [{text}]}}\n'):
        only_roads_errors(lambda wrapped=wrapped: read_all(io.StringIO(wrapped), None))
        only_roads_errors(lambda wrapped=wrapped: list(iter_shoes(io.StringIO(wrapped))))


@FUZZ
@given(json_values, st.integers(0, 200), st.sampled_from(["", "]", "}", ",", '"', "\n", "[[[", "#", "\\"]))
def test_json_logs_cut_and_spliced(value: object, at: int, splice: str) -> None:
    text = json.dumps([value, {"winner": "tie"}])
    broken = text[:at] + splice + text[at:]
    for fmt in ("json", "jsonl", None):
        only_roads_errors(lambda fmt=fmt: read_all(io.StringIO(broken), fmt))


# The command line: every option with plausible and hostile values. Exit status is 0, 1 or 2, never a traceback.
WORDS = [
    "build",
    "show",
    "explain",
    "check",
    "coup",
    "deal",
    "render",
    "odds",
    "simulate",
    "drill",
    "tableau",
    "--json",
    "--format",
    "--road",
    "--mark",
    "--last",
    "--color",
    "--per-shoe",
    "--decks",
    "--seed",
    "--cut",
    "--after",
    "--each",
    "--shoes",
    "--engine",
    "--count",
    "--theme",
    "--highlight",
    "--scale",
    "--title",
    "-o",
    "--output",
    "--mistakes",
    "--hands",
    "--exact",
    "-h",
    "--version",
    "LOG",
    "BAD",
    "OUT.svg",
    "OUT.png",
    "-",
    "0",
    "1",
    "2",
    "-3",
    "9",
    "99999",
    "1e9",
    "x",
    "",
    "big-eye-boy",
    "small-road",
    "big-road",
    "dark",
    "big-eye-boy:1",
    "3:8",
    "results",
    "cards",
    "json",
    "stream",
    "auto",
    "always",
    "numpy",
    "scalar",
    "3",
    "6",
    "K",
    "<script>",
    "\x1b[31m",
    "\u202e",
]


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=7))
def test_cli_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("LOG").write_text("3 6 K K 6 2\n5 3 K K 8\n9 2 K 3\n")
    Path("BAD").write_bytes(b"B P \xff [[[")
    if "--shoes" in argv or "simulate" in argv:
        argv = [("2" if w in ("99999", "1e9") else w) for w in argv]  # a real run, not a long one
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"B P T\n")))
    status = main(argv)
    err = capsys.readouterr().err
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err, (argv, err)
    if status == 1:
        errors = [line for line in err.splitlines() if line.startswith("roads: error: ")]
        assert errors, (argv, err)
