"""Reading every log format: results grammar, cards, hands, raw stream, JSON, JSON Lines, detection."""

from __future__ import annotations

import dataclasses
import io
import json
import sys

import pytest
from helpers import FIXTURES

from roads.cards import Card, parse_card
from roads.coup import resolve
from roads.errors import LogError
from roads.logs import (
    FORMATS,
    Entry,
    ShoeLog,
    detect_format,
    format_result,
    iter_entries,
    iter_shoes,
    read_coups,
    read_outcomes,
)
from roads.outcome import Outcome, Winner


def letters(outcomes: list[Outcome]) -> str:
    return " ".join(format_result(o) for o in outcomes)


def text(content: str) -> io.StringIO:
    return io.StringIO(content)


def dealt(cards: str) -> list[Card]:
    return [parse_card(t) for t in cards.split()]


def test_formats_tuple() -> None:
    assert FORMATS == ("results", "cards", "stream", "json", "jsonl", "csv")


def test_entry_is_a_slotted_dataclass() -> None:
    entry = next(iter_entries(text("B")))
    assert dataclasses.is_dataclass(entry) and not hasattr(entry, "__dict__")
    assert (entry.outcome, entry.coup, entry.line, entry.number) == (Outcome(Winner.BANKER), None, 1, 1)


# --- results ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "log",
    [
        "BPPTB",
        "B P P T B",
        "B,P,P,T,B",
        "b p p t b",
        "B, P,P\tT ,B",
        "BP\nPT\n\nB",
        "  BPPTB  \n",
        "BPPTB # a comment",
        "B P\r\nP T\r\nB\r\n",
    ],
)
def test_a_plain_run_always_reads(log: str) -> None:
    assert letters(read_outcomes(text(log))) == "B P P T B"
    assert detect_format(text(log)) == "results"


def test_markers_set_pairs_and_natural() -> None:
    outcomes = read_outcomes(text("B[bn] P[p] T[bp] B[] P[NBP]"))
    assert outcomes[0] == Outcome(Winner.BANKER, banker_pair=True, natural=True)
    assert outcomes[1] == Outcome(Winner.PLAYER, player_pair=True)
    assert outcomes[2] == Outcome(Winner.TIE, banker_pair=True, player_pair=True)
    assert outcomes[3] == Outcome(Winner.BANKER)
    assert outcomes[4] == Outcome(Winner.PLAYER, True, True, True)


def test_results_fixture_entries_know_their_lines() -> None:
    entries = list(iter_entries(FIXTURES / "results.txt"))
    assert letters([e.outcome for e in entries]) == "B P P T B B B P T B P P T B[bn] P[p] T[bp] B"
    assert [e.line for e in entries] == [3] * 9 + [4] * 4 + [5] * 4
    assert [e.number for e in entries] == list(range(1, 18))
    assert all(e.coup is None for e in entries)


def test_results_only_log_cannot_give_coups() -> None:
    with pytest.raises(LogError, match="needs cards") as info:
        read_coups(FIXTURES / "results.txt")
    assert info.value.line == 3 and info.value.coup == 1


# --- cards, one coup a line ------------------------------------------------------------------


def test_cards_fixture() -> None:
    entries = list(iter_entries(FIXTURES / "cards.txt"))
    assert [e.line for e in entries] == [2, 3, 4, 5, 7, 8]
    assert letters([e.outcome for e in entries]) == "P T B P[n] P[bpn] B"
    first = entries[0].coup
    assert first is not None and first == resolve(dealt("3 6 K K 6 2"))
    assert entries[0].outcome == first.outcome() and entries[0].outcome.player_total == 9
    last = entries[-1].coup
    assert last is not None and [str(c) for c in last.player] == ["2", "T", "4"]
    assert [str(c) for c in last.banker] == ["3", "7", "9"]


@pytest.mark.parametrize(
    "line",
    [
        "P: 3 K 6 | B: 6 K 2",
        "B: 6 K 2 | P: 3 K 6",
        "p 3 k 6 | b 6 k 2",
        "Player: 3, K, 6 | Banker: 6, K, 2",
        "P:3 K 6|B:6 K 2",
        "PUNTO: 3 K 6 | BANCO: 6 K 2",
    ],
)
def test_explicit_hands(line: str) -> None:
    (coup,) = read_coups(text(line + "\n"))
    assert [str(c) for c in coup.player] == ["3", "K", "6"] and [str(c) for c in coup.banker] == ["6", "K", "2"]
    assert coup == resolve(dealt("3 6 K K 6 2"))


def test_explicit_hands_are_checked_not_reordered() -> None:
    # Player 3 6 is a natural 9, so Banker's third card breaks the rules: reported, never fixed.
    from roads.errors import CoupError

    with pytest.raises(CoupError, match="Banker drew 2 although Player has a natural 9") as info:
        read_coups(text("P: 3 K 6 | B: 6 K 2\nP: 3 6 | B: 6 K 2\n"), "cards")
    assert (info.value.line, info.value.coup) == (2, 2)


def test_cards_with_suits_and_symbols() -> None:
    (coup,) = read_coups(text("3♥ 6♠ K♦ kc 6d 10H\n"))
    assert coup.dealt == (
        Card("3", "H"),
        Card("6", "S"),
        Card("K", "D"),
        Card("K", "C"),
        Card("6", "D"),
        Card("T", "H"),
    )


# --- raw stream ------------------------------------------------------------------------------


def test_stream_is_split_by_the_rules() -> None:
    stream = read_coups(FIXTURES / "stream.txt")
    cards = read_coups(FIXTURES / "cards.txt")
    assert stream == cards[:5]
    entries = list(iter_entries(FIXTURES / "stream.txt"))
    assert [e.line for e in entries] == [4, 4, 4, 5, 6]  # the line of each coup's first card


def test_stream_needs_no_line_structure() -> None:
    one_line = "3 6 K K 6 2 5 3 K K 8 7 5 K K 3"
    one_card_a_line = "\n".join(one_line.split())
    assert read_coups(text(one_line), "stream") == read_coups(text(one_card_a_line))
    assert detect_format(text(one_card_a_line)) == "stream"


# --- JSON and JSON Lines -------------------------------------------------------------------

EXPECTED_JSON = "B P[pn] P T T"


@pytest.mark.parametrize("name", ["shoe.json", "shoe.jsonl"])
def test_json_fixtures(name: str) -> None:
    entries = list(iter_entries(FIXTURES / name))
    assert letters([e.outcome for e in entries]) == EXPECTED_JSON
    assert entries[2].coup == resolve(dealt("3 6 K K 6 2"))
    assert entries[0].coup is None and entries[3].coup is not None
    assert entries[4].outcome.player_total == 4
    assert [e.line for e in entries] == ([4, 5, 6, 7, 8] if name.endswith(".json") else [1, 2, 3, 4, 5])


def test_json_list_and_one_line_object() -> None:
    coups = '[{"winner": "banker"}, {"winner": "tie"}]'
    assert letters(read_outcomes(text(coups))) == "B T"
    assert detect_format(text('{"coups": ' + coups + "}")) == "json"
    assert letters(read_outcomes(text('{"coups": ' + coups + ', "seed": 4}'))) == "B T"


def test_roads_coup_json_reads_back() -> None:
    """What `roads coup --json` prints is one coup object: it reads as a log and inside one."""
    coup = resolve(dealt("3 6 K K 6 2"))
    printed = json.dumps(coup.to_dict(), indent=2)
    assert read_coups(text(printed)) == [coup]
    assert read_coups(text("[" + printed + "]")) == [coup]
    assert read_coups(text(json.dumps(coup.to_dict()) + "\n")) == [coup]


def test_json_stated_facts_are_checked() -> None:
    from roads.errors import CoupError

    with pytest.raises(CoupError, match="the log says banker wins, but the cards make Player 9, Banker 8"):
        read_coups(text('[{"cards": ["3", "6", "K", "K", "6", "2"], "winner": "banker"}]'))
    with pytest.raises(CoupError, match="the log says banker_pair is false, but the cards make it true"):
        read_coups(
            text(
                '[{"player_cards": ["3", "6"], "banker_cards": ["K", "K"], "banker_pair": false},'
                ' {"cards": ["3", "6", "K", "K", "6", "2"], "banker_pair": true}]'
            )
        )


def test_iter_shoes_multi_shoe_jsonl() -> None:
    shoes = list(iter_shoes(FIXTURES / "shoes.jsonl"))
    assert [s.id for s in shoes] == [1, "table-7/2", 3]
    assert isinstance(shoes[0], ShoeLog)
    assert letters(list(shoes[0].outcomes)) == "B P P T B B P T"
    assert letters(list(shoes[1].outcomes)) == "B[bn] P T[p] B"
    assert shoes[0].coups is None and shoes[2].coups is None  # one coup of shoe 3 is results only
    assert letters(list(shoes[2].outcomes)) == "P B"
    assert [s.line for s in shoes] == [1, 2, 3]


def test_iter_shoes_is_lazy() -> None:
    def endless():
        n = 0
        while True:
            n += 1
            yield json.dumps({"shoe": n, "results": "BPT" * 20}) + "\n"

    from roads.logs import LineBuffer

    shoes = iter_shoes(LineBuffer(endless()))
    assert [next(shoes).id for _ in range(1000)][-1] == 1000


def test_iter_shoes_reads_any_single_log_as_one_shoe() -> None:
    (shoe,) = iter_shoes(FIXTURES / "cards.txt")
    assert shoe.id == "cards" and len(shoe.outcomes) == 6 and shoe.coups is not None


def test_iter_entries_rejects_a_multi_shoe_log() -> None:
    with pytest.raises(LogError, match=r"a shoe line .* where a coup was expected"):
        read_outcomes(FIXTURES / "shoes.jsonl")


# --- sources ---------------------------------------------------------------------------------


def test_sources_path_str_stream_bytes_and_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    path = FIXTURES / "results.txt"
    expected = read_outcomes(path)
    assert read_outcomes(str(path)) == expected
    assert read_outcomes(io.BytesIO(path.read_bytes())) == expected
    assert read_outcomes(io.StringIO(path.read_text("utf-8"))) == expected
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    assert read_outcomes("-") == expected


def test_utf8_bom_and_crlf() -> None:
    assert letters(read_outcomes(io.BytesIO(b"\xef\xbb\xbfB P\r\nT\r\n"))) == "B P T"


# --- detection -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("log", "fmt"),
    [
        ("BPPT", "results"),
        ("T T T T", "results"),  # T is a ten too, but a line of only B/P/T is results
        ("TTTT\nTTTT", "results"),
        ("B[bn] P", "results"),
        ("BPXB", "results"),  # a B or P means results (with a typo to report)
        ("T T T T T T\n3 6 K K 6 2\n7 5 K K 3", "cards"),  # most lines are cards
        ("3 6 K K 6 2\n5 3 K K 8", "cards"),
        ("P: 3 6 | B: 6 K 2", "cards"),
        ("3 6 K\n3 6 K K 6 2 9\n7 5 K K 3", "cards"),  # bad counts still vote cards (audit will say why)
        ("3\n6\nK\nK\n6\n2", "stream"),
        ("3 6 K K 6 2 5 3 K K 8 7 5 K K 3", "stream"),
        ("# format: stream\n3 6 K K 6 2\n", "stream"),
        ("# format = results\n# the header can say the format\nT T T T T T", "results"),
        ("# format: cards\nT T T T T T", "cards"),
        ('[{"winner": "tie"}]', "json"),
        ('{\n  "coups": []\n}', "json"),
        ('{"coups": [{"winner": "tie"}]}', "json"),
        ('{"winner": "tie"}\n{"winner": "banker"}', "jsonl"),
        ('# comment\n{"winner": "tie"}', "jsonl"),
        ('{"shoe": 1, "results": "BP"}', "jsonl"),
    ],
)
def test_detection(log: str, fmt: str) -> None:
    assert detect_format(text(log)) == fmt


def test_a_forced_format_wins_over_detection() -> None:
    assert letters(read_outcomes(text("T T T T T T"))) == "T T T T T T"
    (coup,) = read_coups(text("T T T T T T"), "cards")
    assert coup.cards == 6 and coup.winner is Winner.TIE
    assert read_coups(text("3 6 K K 6 2\n5 3 K K 8\n"), "stream") == read_coups(text("3 6 K K 6 2 5 3 K K 8"))
    assert read_outcomes(text("B"), "auto") == [Outcome(Winner.BANKER)]


def test_entries_are_lazy_generators() -> None:
    entries = iter_entries(FIXTURES / "cards.txt")
    first = next(entries)
    assert isinstance(first, Entry) and first.number == 1
    entries.close()  # type: ignore[attr-defined]
