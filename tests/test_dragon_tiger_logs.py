"""Dragon Tiger logs: results in both alphabets, two-card lines, and the located errors for what is not one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.errors import CardError, LogError, RoadsError
from roads.logs.dragon_tiger import dragon_tiger_shoes, read_dragon_tiger
from roads.outcome import Winner

B, P, T = Winner.BANKER, Winner.PLAYER, Winner.TIE


def _winners(text: str, fmt: str | None = None) -> list[Winner]:
    return [entry.outcome.winner for entry in read_dragon_tiger(io.StringIO(text), fmt)]


@pytest.mark.parametrize(
    "text",
    [
        "D T Tie D",
        "d,t,tie,d",
        "DT\nTie D",
        "Dragon Tiger TIE dragon",
        "龙 虎 和 龙",
        "龙虎和龍",
        "# shoe 1\nD T  # a comment\nTie\n\nD\n",
    ],
)
def test_results_read_in_letters_words_and_chinese(text: str) -> None:
    assert _winners(text) == [B, P, T, B]


def test_regression_a_run_mixing_letters_and_characters_reads_one_result_each() -> None:
    # "D龙" once ended in an AssertionError: a run was letters only or characters only.
    assert _winners("D龙t和") == [B, B, P, T]


def test_t_is_tiger_in_dragon_tiger_and_a_run_of_letters_is_one_result_each() -> None:
    assert _winners("DTTD") == [B, P, P, B]


def test_a_cards_log_is_two_cards_a_line_dragon_then_tiger() -> None:
    entries = read_dragon_tiger(io.StringIO("KS 7H\n3C 3C\n2 9\n"))
    assert [e.outcome.winner for e in entries] == [B, T, P]
    assert [(e.line, e.number) for e in entries] == [(1, 1), (2, 2), (3, 3)]
    assert entries[1].coup is not None and entries[1].coup.suited_tie is True
    assert entries[0].outcome.cards == 2


def test_a_first_line_of_two_tens_is_two_tigers_unless_cards_are_forced() -> None:
    assert _winners("T T\n") == [P, P]
    assert _winners("T T\n", "cards") == [T]


def _error(text: str, fmt: str | None = None, tmp: Path | None = None) -> RoadsError:
    source: object = io.StringIO(text)
    if tmp is not None:
        path = tmp / "shoe.txt"
        path.write_text(text, encoding="utf-8")
        source = str(path)
    with pytest.raises(RoadsError) as caught:
        read_dragon_tiger(source, fmt)  # type: ignore[arg-type]
    return caught.value


def test_a_third_card_is_one_error_naming_the_file_line_and_coup(tmp_path: Path) -> None:
    error = _error("KS 7H\n2C 5D\n3 5 6\n", tmp=tmp_path)
    assert isinstance(error, LogError)
    assert (error.file, error.line, error.coup) == (str(tmp_path / "shoe.txt"), 3, 3)
    assert str(error) == (
        f"{tmp_path / 'shoe.txt'}, line 3, column 5, coup 3: 3 cards (a third card): "
        "a Dragon Tiger coup is one card to Dragon and one to Tiger"
    )


def test_a_baccarat_cards_log_read_as_dragon_tiger_says_so() -> None:
    error = _error("3 6 K K 6 2\n")
    assert (error.line, error.coup) == (1, 1)
    assert "6 cards" in error.message and "read it without --game dragon-tiger" in error.message


def test_a_baccarat_results_log_read_as_dragon_tiger_names_the_line_and_coup(tmp_path: Path) -> None:
    error = _error("D T\nD B P\n", tmp=tmp_path)
    assert (error.file, error.line, error.column, error.coup) == (str(tmp_path / "shoe.txt"), 2, 3, 4)
    assert error.message == (
        "'B' is a baccarat result, not a Dragon Tiger one: this reads as a baccarat log: "
        "read it without --game dragon-tiger"
    )


@pytest.mark.parametrize(("text", "coup"), [("BPPT", 1), ("Banker Player", 1), ("庄 闲 和", 1), ("D DB", 3)])
def test_every_spelling_of_a_baccarat_result_is_refused(text: str, coup: int) -> None:
    error = _error(text)
    assert "baccarat result" in error.message
    assert error.coup == coup


def test_baccarat_hands_read_as_dragon_tiger_are_refused_with_the_hint() -> None:
    error = _error("P: 3 6 | B: 6 K 2\n")
    assert isinstance(error, CardError)
    assert "without --game dragon-tiger" in error.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("D X", "'X' is not a result"),
        ("KS\n", "1 card: a Dragon Tiger coup"),
        ("", "no coups"),
        ("# only a comment\n", "no coups"),
    ],
)
def test_other_bad_logs_are_one_located_error(text: str, message: str) -> None:
    assert message in _error(text).message


def test_a_dragon_tiger_log_is_results_cards_or_a_served_tables_json_lines_only() -> None:
    assert "results, cards (one coup a line) or jsonl" in _error("D", "json").message


ATOMS = ["D", "T", "Tie", "tie", "龙", "虎", "和", "B", "P", "KS", "7H", "10", "T", "Q♠", "#", ",", " ", "\n", "[", "x"]


@given(st.lists(st.sampled_from(ATOMS), max_size=40).map("".join))
@settings(max_examples=examples(300), deadline=None)
def test_any_text_reads_or_is_one_located_line(text: str) -> None:
    # Only the documented errors escape, each on one line, and whatever reads keeps one number a coup.
    try:
        entries = read_dragon_tiger(io.StringIO(text))
    except RoadsError as exc:
        error = str(exc)
    else:
        error = ""
    assert "\n" not in error
    if error:
        return
    assert [e.number for e in entries] == list(range(1, len(entries) + 1))
    assert all((e.coup is None) == (entries[0].coup is None) for e in entries)


SERVED = """# format: jsonl
# roads table: dt
# game: dragon-tiger
{"winner": "dragon", "dragon_card": "KS", "tiger_card": "2H"}
{"winner": "tie"}
{"undo": 2}
{"winner": "tiger"}
{"new_shoe": 2, "burned": ["5C"]}
{"winner": "tie", "dragon_card": "7D", "tiger_card": "7D"}
"""


def test_a_served_tables_json_lines_log_reads_with_its_undos_and_shoes() -> None:
    entries = read_dragon_tiger(io.StringIO(SERVED))
    assert [(e.shoe, e.number, e.outcome.winner.value) for e in entries] == [
        (1, 1, "banker"),
        (1, 2, "player"),
        (2, 1, "tie"),
    ]
    assert entries[0].coup is not None and str(entries[0].coup.dragon) == "KS"
    assert entries[2].coup is not None and entries[2].coup.suited_tie is True
    stream = io.StringIO(SERVED)
    stream.name = "dt.jsonl"
    shoes = dragon_tiger_shoes(stream)
    assert [(s.id, s.number, len(s.outcomes())) for s in shoes] == [(1, 1, 2), (2, 2, 1)]


def test_a_json_lines_log_without_new_shoes_is_one_shoe_named_by_its_file() -> None:
    stream = io.StringIO('{"winner": "dragon"}\n{"winner": "tiger"}\n')
    stream.name = "one.jsonl"
    [shoe] = dragon_tiger_shoes(stream)
    assert shoe.id == "one" and [o.winner.value for o in shoe.outcomes()] == ["banker", "player"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"winner": "banker"}', "winner banker is a baccarat winner: this reads as a baccarat log"),
        ('{"winner": "dragon", "dragon_card": "KS"}', '"tiger_card" is missing or not a card'),
        ('{"winner": "tiger", "dragon_card": "KS", "tiger_card": "2H"}', "winner tiger, but Dragon has KS"),
        ('{"winner": "dragon", "dragon_card": "KX", "tiger_card": "2H"}', "dragon_card: "),
        ('{"winner": "dragon", "pair": true}', "not a Dragon Tiger coup"),
        ('{"winner": "dragon"', "not a JSON object"),
        ('{"undo": 5}', "undo 5: only the last coup, 1, can be taken back"),
        ('{"new_shoe": 3}', "new shoe 3 after shoe 1: the next is 2"),
    ],
)
def test_a_bad_line_of_a_json_lines_log_is_one_located_error(line: str, message: str) -> None:
    error = _error('{"winner": "dragon"}\n' + line + "\n")
    assert message in error.message and "\n" not in str(error)
    assert error.line == 2


def test_a_dragon_tiger_json_lines_log_read_as_baccarat_says_to_read_it_as_dragon_tiger(tmp_path: Path) -> None:
    from roads.logs import read_outcomes

    log = tmp_path / "dt.jsonl"
    log.write_text('{"winner": "dragon"}\n', "utf-8")
    with pytest.raises(LogError, match="read it with --game dragon-tiger"):
        read_outcomes(log)
