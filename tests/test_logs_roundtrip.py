"""Round trips: log -> write -> read is lossless for what each format holds; reading never depends on chunking."""

from __future__ import annotations

import dataclasses
import io

import pytest
from helpers import FIXTURES, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.errors import LogError
from roads.logs import (
    FORMATS,
    coup_object,
    iter_entries,
    iter_shoes,
    read_coups,
    read_outcomes,
    source,
    write_log,
    write_shoe_line,
)
from roads.outcome import Outcome, Winner
from roads.shoe import deal_shoe

CARD_FORMATS = ("cards", "stream", "json", "jsonl")


def read_back(text: str, fmt: str | None = None) -> list:
    return list(iter_entries(io.BytesIO(text.encode("utf-8")), fmt))


def bare(outcome: Outcome) -> Outcome:
    """What a results log can hold: winner, pairs, natural."""
    return dataclasses.replace(outcome, player_total=None, banker_total=None, cards=None)


@pytest.mark.parametrize("seed", [1, 2, "table 9"])
@pytest.mark.parametrize("fmt", CARD_FORMATS)
def test_dealt_shoe_round_trips_in_every_card_format(seed: int | str, fmt: str) -> None:
    shoe = deal_shoe(6, seed=seed)
    text = write_log(shoe.coups, fmt)
    assert read_coups(io.StringIO(text)) == list(shoe.coups)
    assert read_coups(io.StringIO(text), fmt) == list(shoe.coups)
    assert write_log(read_coups(io.StringIO(text)), fmt) == text


def test_explicit_hands_round_trip() -> None:
    shoe = deal_shoe(2, seed=4)
    text = write_log(shoe.coups, "cards", hands=True)
    assert text.splitlines()[1].startswith("P: ")
    assert read_coups(io.StringIO(text)) == list(shoe.coups)


@pytest.mark.parametrize("fmt", FORMATS)
def test_results_of_a_shoe_round_trip(fmt: str) -> None:
    shoe = deal_shoe(8, seed=11)
    outcomes = [c.outcome() for c in shoe.coups]
    if fmt in ("cards", "stream"):
        with pytest.raises(LogError, match=f"the {fmt} format needs cards, but coup 1 is a result only"):
            write_log(outcomes, fmt)
        return
    back = read_outcomes(io.StringIO(write_log(outcomes, fmt)))
    if fmt == "csv":  # a spreadsheet keeps the totals, not the count of cards
        assert back == [dataclasses.replace(o, cards=None) for o in outcomes]
        return
    assert back == (outcomes if fmt.startswith("json") else [bare(o) for o in outcomes])


@pytest.mark.parametrize(
    "name", sorted(p.name for p in FIXTURES.iterdir() if p.name not in ("broken-cards.txt", "shoes.jsonl"))
)
def test_every_fixture_round_trips_in_its_own_format(name: str) -> None:
    import warnings

    path = FIXTURES / name
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        entries = list(iter_entries(path))
        from roads.logs import detect_format

        fmt = detect_format(path)
    items = [e.coup if e.coup is not None else e.outcome for e in entries]
    again = read_back(write_log(items, fmt))
    assert [e.outcome for e in again] == [e.outcome for e in entries]
    assert [e.coup for e in again] == [e.coup for e in entries]


def test_write_log_meta_lands_in_the_header_and_reads_past_it() -> None:
    shoe = deal_shoe(1, seed=3)
    meta = {"seed": 3, "burned": ["KS", "5D"]}
    text = write_log(shoe.coups, "stream", meta=meta)
    assert text.splitlines()[:3] == ["# format: stream", "# seed: 3", "# burned: KS 5D"]
    assert read_coups(io.StringIO(text)) == list(shoe.coups)
    doc = write_log(shoe.coups, "json", meta=meta)
    assert doc.startswith('{\n  "seed": 3,\n  "burned": ["KS", "5D"],\n  "coups": [\n')
    assert read_coups(io.StringIO(doc)) == list(shoe.coups)
    lines = write_log(shoe.coups, "jsonl", meta=meta)
    assert lines.splitlines()[:3] == ["# format: jsonl", "# seed: 3", "# burned: KS 5D"]
    assert read_coups(io.StringIO(lines)) == list(shoe.coups)


def test_empty_and_unknown_writes() -> None:
    assert write_log([], "json") == '{\n  "coups": [\n  ]\n}\n'
    with pytest.raises(LogError, match="unknown log format"):
        write_log([], "xls")


def test_coup_object_leaves_out_false_flags_of_outcomes() -> None:
    assert coup_object(Outcome(Winner.TIE)) == {"winner": "tie"}
    assert coup_object(Outcome(Winner.BANKER, natural=True, player_total=2, banker_total=9, cards=4)) == {
        "winner": "banker",
        "natural": True,
        "player_total": 2,
        "banker_total": 9,
        "cards": 4,
    }


def test_shoe_lines_round_trip() -> None:
    shoes = [deal_shoe(1, seed=s) for s in range(5)]
    text = "".join(write_shoe_line(i, shoe.coups, results=(i % 2 == 0)) for i, shoe in enumerate(shoes))
    back = list(iter_shoes(io.StringIO(text)))
    assert [s.id for s in back] == list(range(5))
    for i, (shoe, read) in enumerate(zip(shoes, back, strict=True)):
        outcomes = [c.outcome() for c in shoe.coups]
        if i % 2 == 0:
            assert list(read.outcomes) == [bare(o) for o in outcomes] and read.coups is None
        else:
            assert list(read.outcomes) == outcomes and read.coups == shoe.coups
    assert '"results": "' in write_shoe_line("x", [Outcome(Winner.BANKER)] * 3)
    assert write_shoe_line("x", [Outcome(Winner.BANKER)] * 3) == '{"shoe": "x", "results": "BBB"}\n'


outcomes_strategy = st.lists(
    st.builds(Outcome, st.sampled_from(list(Winner)), st.booleans(), st.booleans(), st.booleans()),
    min_size=1,
    max_size=60,
)


@given(outcomes_strategy)
@settings(max_examples=examples(60), deadline=None)
def test_any_results_round_trip(outcomes: list[Outcome]) -> None:
    for fmt in ("results", "json", "jsonl"):
        assert read_outcomes(io.StringIO(write_log(outcomes, fmt))) == outcomes


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=1, max_value=3))
@settings(max_examples=examples(25), deadline=None)
def test_any_shoe_round_trips(seed: int, decks: int) -> None:
    shoe = deal_shoe(decks, seed=seed, cut=14)
    for fmt in CARD_FORMATS:
        assert read_coups(io.StringIO(write_log(shoe.coups, fmt))) == list(shoe.coups)


SAMPLES = {
    "results": "# r\nBPPTB[bn] p,t\nT[p]BBBBPPPPT[bpn]T\n" + "BP" * 40,
    "results-run": "B[bn]PPT[p]BPBPBPT" * 30,
    "cards": (FIXTURES / "cards.txt").read_text("utf-8"),
    "stream": "# format: stream\n" + "3♠ 6♥ K♦ K♣ 6d 2h 5 3 K K 8 7 5 K K 3 " * 20,
    "json": (FIXTURES / "shoe.json").read_text("utf-8"),
    "jsonl": (FIXTURES / "shoe.jsonl").read_text("utf-8"),
}


@given(st.integers(min_value=1, max_value=40), st.sampled_from(sorted(SAMPLES)))
@settings(max_examples=examples(80), deadline=None)
def test_reading_never_depends_on_how_the_file_is_chunked(size: int, name: str) -> None:
    data = SAMPLES[name].encode("utf-8")
    expected = [(e.outcome, e.coup, e.line, e.number) for e in iter_entries(io.BytesIO(data))]
    saved = source.CHUNK
    source.CHUNK = size
    try:
        got = [(e.outcome, e.coup, e.line, e.number) for e in iter_entries(io.BytesIO(data))]
    finally:
        source.CHUNK = saved
    assert got == expected


@given(st.integers(min_value=1, max_value=30))
@settings(max_examples=examples(30), deadline=None)
def test_error_columns_never_depend_on_chunking(size: int) -> None:
    data = ("BPPT " * 50 + "\nBBP[b]PX").encode()
    saved = source.CHUNK
    source.CHUNK = size
    try:
        with pytest.raises(LogError) as info:
            read_outcomes(io.BytesIO(data))
    finally:
        source.CHUNK = saved
    assert (info.value.line, info.value.column, info.value.coup) == (2, 8, 205)
