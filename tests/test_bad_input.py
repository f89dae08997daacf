"""Every bad input gives one located error (file, line, column, coup), never a wrong answer."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.errors import CardError, CoupError, LogError, RoadsError
from roads.logs import LogWarning, iter_entries, read_coups, read_outcomes


def write(tmp_path: Path, data: str | bytes, name: str = "log.txt") -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


@pytest.mark.parametrize("data", ["", "\n\n   \n", "# only a comment\n", "# a\n\n# b  \n"])
def test_empty_logs(tmp_path: Path, data: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(LogError, match="no coups: the log is empty or holds only comments") as info:
        read_outcomes(path)
    assert str(info.value).startswith(str(path) + ": ")


@pytest.mark.parametrize("fmt", ["results", "cards", "stream", "jsonl"])
def test_empty_log_with_a_forced_format(tmp_path: Path, fmt: str) -> None:
    with pytest.raises(LogError, match="no coups"):
        read_outcomes(write(tmp_path, "# nothing\n"), fmt)


def test_empty_json() -> None:
    with pytest.raises(LogError, match="no coups"):
        read_outcomes(io.StringIO("  \n"), "json")
    with pytest.raises(LogError, match="no coups"):
        read_outcomes(io.StringIO("[]"))
    with pytest.raises(LogError, match="a JSON log has no comments"):
        read_outcomes(io.StringIO("# nothing\n"), "json")
    with pytest.raises(LogError, match="a JSON log has no comments") as info:
        read_outcomes(io.StringIO('# seed 4\n[{"winner": "tie"}]'))
    assert (info.value.line, info.value.column) == (1, 1)


def test_unknown_token_in_results_names_line_column_and_token(tmp_path: Path) -> None:
    path = write(tmp_path, "# header\nBPPT\nBBXP\n")
    with pytest.raises(LogError) as info:
        read_outcomes(path)
    err = info.value
    assert (err.file, err.line, err.column, err.coup) == (str(path), 3, 3, 7)
    assert str(err).startswith(f"{path}, line 3, column 3, coup 7: 'X' in 'BBXP' is not a result")


@pytest.mark.parametrize(
    ("log", "column", "message"),
    [
        ("B[bx]", 4, "unknown marker 'x' in B[bx]"),
        ("B P[pp]", 6, "marker 'p' (player pair) appears twice"),
        ("B[bn", 2, "'[' after 'B' is never closed"),
        ("B [b]", 3, "'[' must follow a result letter directly"),
        ("B] P", 2, "']' without a matching '['"),
        ("B P Q", 5, "'Q' is not a result"),
    ],
)
def test_bad_results_grammar(log: str, column: int, message: str) -> None:
    with pytest.raises(LogError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")) as e:
        read_outcomes(io.StringIO(log), "results")
    assert e.value.line == 1 and e.value.column == column


def test_unknown_card_token_names_line_column_and_token(tmp_path: Path) -> None:
    path = write(tmp_path, "3 6 K K 6 2\n5 3 K X 8\n")
    with pytest.raises(CardError) as info:
        read_coups(path)
    err = info.value
    assert (err.line, err.column, err.coup) == (2, 7, 2)
    assert "'X' is not a card" in str(err)


@pytest.mark.parametrize(
    ("line", "count", "fragment"),
    [
        ("3 6 K", 3, "3 cards: a coup uses at least 4"),
        ("3 6 K K 6 2 9", 7, "7 cards: a coup uses at most 6"),
    ],
)
def test_a_card_line_with_3_or_7_cards(tmp_path: Path, line: str, count: int, fragment: str) -> None:
    path = write(tmp_path, f"3 6 K K 6 2\n{line}\n7 5 K K 3\n")
    with pytest.raises(CoupError, match=fragment) as info:
        read_coups(path, "cards")
    assert (info.value.line, info.value.coup) == (2, 2)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("P: 3 6 | 6 K 2", "'6' does not name a hand"),
        ("P: 3 6 | B: 6 K | P: 2 2", "Player's hand is given twice"),
        ("P: 3 6", "Banker's hand is missing"),
        ("P: 3 6 | | B: 6 K", "an empty hand around '|'"),
        ("P: 3 : 6 | B: 6 K", "a second ':'"),
    ],
)
def test_bad_explicit_hands(line: str, message: str) -> None:
    with pytest.raises(LogError, match=message):
        read_coups(io.StringIO(line), "cards")


def test_a_stream_ending_mid_coup_keeps_complete_coups_and_reports_the_rest() -> None:
    path = FIXTURES / "stream-cut.txt"
    with pytest.warns(LogWarning) as caught:
        coups = read_coups(path)
    assert len(coups) == 2 and coups[0].cards == 6 and coups[1].cards == 5
    (warning,) = [w.message for w in caught]
    assert isinstance(warning, LogWarning)
    assert (warning.file, warning.line, warning.coup, warning.cards) == (str(path), 3, 3, 3)
    assert str(warning).startswith(
        f"{path}, line 3, coup 3: the stream ends in the middle of coup 3: it has 3 cards (7 5 K)"
    )


@pytest.mark.parametrize(
    ("tail", "have", "need"),
    [
        ("3", 1, "at least 4"),
        ("3 6 K K", 4, "5 or 6"),  # Player 3 draws; the third card decides Banker
        ("7 5 K K", 4, "5"),  # Player 7 stands, Banker 5 draws
        ("3 6 K K 6", 5, "6"),  # Player drew a 6, Banker 6 draws
    ],
)
def test_incomplete_coup_says_how_many_cards_it_had_and_needed(tail: str, have: int, need: str) -> None:
    with pytest.warns(LogWarning, match=f"it has {have} cards? .* the rules call for {need};") as caught:
        entries = list(iter_entries(io.StringIO("9 2 K 3 " + tail), "stream"))
    assert len(entries) == 1 and caught[0].message.cards == have  # type: ignore[union-attr]


def test_strict_turns_an_incomplete_coup_into_an_error_after_the_complete_ones() -> None:
    entries = iter_entries(io.StringIO("9 2 K 3\n7 5"), "stream", strict=True)
    assert next(entries).number == 1  # the complete coup comes out before the error
    with pytest.raises(LogError, match="ends in the middle of coup 2") as info:
        next(entries)
    assert info.value.line == 2 and info.value.coup == 2


def test_stream_with_a_bad_card_names_it() -> None:
    with pytest.raises(CardError, match="'Z' is not a card") as info:
        read_coups(io.StringIO("9 2 K 3\n7 5 Z"), "stream")
    assert (info.value.line, info.value.column, info.value.coup) == (2, 5, 2)


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"B P\nB \xff P\n", 2, 3),
        (b"3 6 K K 6 2\n\xc3\x28 5\n", 2, 1),
        (b"B P T " * 30000 + b"\n\xe9\n", 2, 1),  # past the first chunk
        (b'[{"winner": "tie"},\n{"winner": "\xff"}]', 2, 13),
        (b"B P \xe2\x99", 1, 5),  # cut off in the middle of a character
    ],
)
def test_bytes_that_are_not_utf8(tmp_path: Path, data: bytes, line: int, column: int) -> None:
    path = write(tmp_path, data)
    with pytest.raises(LogError, match="not UTF-8") as info:
        read_outcomes(path)
    assert (info.value.file, info.value.line, info.value.column) == (str(path), line, column)


@pytest.mark.parametrize(
    ("log", "message", "line"),
    [
        ('[{"winner": "tie"},\n {"winner": "tie"\n', "not valid JSON", 2),  # the end of the text, not the empty line 3
        ('[{"winner": "tie"}] [', "more text after the end", 1),
        ('{"seed": 1,\n "x": 2}', 'needs a "coups" list', 1),
        ('[{"winner": "tie"},\n {"winer": "tie"}]', "winer: unknown key", 2),
        ('[{"winner": "banker"},\n "B"]', "a coup must be a JSON object, not a string", 2),
        ('[{"winner": "tied"}]', "winner: Input should be 'banker', 'player' or 'tie'", 1),
        ('[{"winner": "tie", "player_total": 3, "banker_total": 4}]', "winner is tie but Player 3", 1),
        ('[{"cards": ["3", "6", "K", "X"]}]', "cards card 4: 'X' is not a card", 1),
        ('{"winner": "tie"}\n{"winner": "tie", }\n', "not valid JSON", 2),
        ('{"shoe": 1, "results": "BPX"}\n', '"results" character 3', 1),
        ('"BPT"', "a JSON log is a list of coups", 1),
    ],
)
def test_bad_json(log: str, message: str, line: int) -> None:
    from roads.logs import iter_shoes

    def read() -> object:
        if '"shoe"' in log:
            return list(iter_shoes(io.StringIO(log)))
        return read_outcomes(io.StringIO(log), "json" if log.startswith('"') else None)

    with pytest.raises(RoadsError, match=message.replace("(", r"\(")) as info:
        read()
    assert info.value.line == line


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"shoe": 1}', 'exactly one of "results" or "coups"'),
        ('{"shoe": 1, "results": "BP", "coups": []}', 'exactly one of "results" or "coups"'),
        ('{"shoe": 1.5, "results": "BP"}', "shoe"),
        ('{"shoe": 2, "results": ""}', "shoe 2 has no coups"),
        ('{"shoe": 2, "coups": {"winner": "tie"}}', '"coups" must be a list'),
        ('{"shoe": 2, "coups": [{"cards": ["7", "6", "K", "K", "2"]}]}', "Banker 6 must stand"),
    ],
)
def test_bad_shoe_lines(line: str, message: str) -> None:
    from roads.logs import iter_shoes

    with pytest.raises(RoadsError, match=message) as info:
        list(iter_shoes(io.StringIO('{"shoe": 0, "results": "B"}\n' + line + "\n")))
    assert info.value.line == 2


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="no such file"):
        read_outcomes(tmp_path / "nope.txt")
    with pytest.raises(LogError, match="is a folder"):
        read_outcomes(tmp_path)


def test_unknown_format_names() -> None:
    with pytest.raises(LogError, match="unknown log format 'xml': use one of results, cards"):
        read_outcomes(io.StringIO("B"), "xml")
    with pytest.raises(LogError, match="unknown log format 'xls'") as info:
        read_outcomes(io.StringIO("# format: xls\nB"))
    assert info.value.line == 1


def test_a_word_with_no_separator_longer_than_a_megabyte_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "3 6 " + "9" * (1 << 21))
    with pytest.raises(LogError, match="no space or comma"):
        read_outcomes(path, "stream")


def test_errors_are_value_errors_with_one_line() -> None:
    with pytest.raises(ValueError) as info:
        read_outcomes(io.StringIO("BPX"))
    assert "\n" not in str(info.value)


def test_warnings_do_not_stop_results() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(read_outcomes(FIXTURES / "results.txt")) == 17
