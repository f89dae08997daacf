"""``roads stats --integrity`` (issue 35, item 5): a repeated shoe, a slug carried over, new-deck order and card
counts each found, naming the shoes and the card positions; dealt shoes give nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from roads.analytics.integrity import REPEAT_RUN, Integrity, shoe_sequence
from roads.cards import RANKS, SUITS
from roads.coup import Coup
from roads.logs.writer import coup_object
from roads.shoe import deal_shoe

NEW_DECK = [
    # Spades in order: AS 2S 3S 4S 5S (Player 9 on three cards, Banker 6 stands on a third-card 5) ...
    {"player_cards": ["AS", "3S", "5S"], "banker_cards": ["2S", "4S"]},
    # ... 6S 7S 8S 9S TS (Player 4 draws a ten, Banker 6 stands) ...
    {"player_cards": ["6S", "8S", "TS"], "banker_cards": ["7S", "9S"]},
    # ... JS QS KS, then AH breaks the suit (Player 0 draws 2H, Banker 1 draws 3H).
    {"player_cards": ["JS", "KS", "2H"], "banker_cards": ["QS", "AH", "3H"]},
]


def line(shoe: int, coups: list[Any], burned: tuple[object, ...] = ()) -> str:
    """Return one JSON Lines shoe: coups as objects (a dealt Coup, or a dict of cards), burned cards if any."""
    body = [coup_object(c) if isinstance(c, Coup) else c for c in coups]
    head: dict[str, object] = {"shoe": shoe}
    if burned:
        head["burned"] = [str(card) for card in burned]
    return json.dumps({**head, "coups": body}) + "\n"


def integrity(capsys: pytest.CaptureFixture[str], path: Path, *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "stats", str(path), "--integrity", "--json", *argv)
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_dealt_shoes_give_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "dealt.jsonl"
    assert run(capsys, "deal", "--shoes", "30", "--seed", "3", "-o", str(log))[0] == 0
    data = integrity(capsys, log)
    assert data["shoes"] == 30 and data["findings"] == []
    code, text, _ = run(capsys, "stats", str(log), "--integrity")
    assert code == 0 and "nothing found" in text


def test_a_repeated_shoe_and_a_repeated_run_are_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shoe 3 is shoe 1 dealt again; shoe 4 starts with shoe 2's burn and first ten coups, then goes its own way."""
    one, two, four = (deal_shoe(8, seed=s) for s in (1, 2, 4))
    log = tmp_path / "again.jsonl"
    log.write_text(
        line(1, list(one.coups), one.burned)
        + line(2, list(two.coups), two.burned)
        + line(3, list(one.coups), one.burned)
        + line(4, [*two.coups[:10], *four.coups[12:]], two.burned)
    )
    data = integrity(capsys, log)
    repeats = [f for f in data["findings"] if f["kind"] == "repeat"]
    length = len(shoe_sequence(one.burned, one.coups))
    shared = len(shoe_sequence(two.burned, two.coups[:10]))
    assert repeats[0]["whole"] and repeats[0]["positions"] == [[1, length], [1, length]]
    assert repeats[0]["shoes"] == [f"{log}, shoe 1", f"{log}, shoe 3"]
    assert not repeats[1]["whole"] and repeats[1]["shoes"] == [f"{log}, shoe 2", f"{log}, shoe 4"]
    assert repeats[1]["positions"][1][0] == 1 and repeats[1]["cards"] >= shared >= REPEAT_RUN
    assert len(repeats) == 2
    code, text, _ = run(capsys, "stats", str(log), "--integrity")
    assert code == 0
    assert f"FOUND {log}, shoe 3 is the same shoe as {log}, shoe 1: its cards 1-{length}" in text


def test_a_slug_carried_over_is_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shoe 2 starts with the last three coups of shoe 1, unshuffled."""
    one, two = deal_shoe(8, seed=5), deal_shoe(8, seed=6)
    log = tmp_path / "slug.jsonl"
    log.write_text(line(1, list(one.coups), one.burned) + line(2, [*one.coups[-3:], *two.coups]))
    (slug,) = [f for f in integrity(capsys, log)["findings"] if f["kind"] == "slug"]
    carried = len(shoe_sequence((), one.coups[-3:]))
    total = len(shoe_sequence(one.burned, one.coups))
    assert slug["shoes"] == [f"{log}, shoe 1", f"{log}, shoe 2"]
    assert slug["cards"] >= carried and slug["positions"][1] == [1, slug["cards"]]
    assert slug["positions"][0][1] == total  # the slug runs to the last card shoe 1 dealt


def test_new_deck_order_is_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "new.jsonl"
    log.write_text(line(1, [*NEW_DECK, *deal_shoe(8, seed=7).coups[:20]]))
    (order,) = [f for f in integrity(capsys, log)["findings"] if f["kind"] == "new_deck_order"]
    assert order["positions"] == [[1, 13]] and order["cards"] == 13
    assert "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS" in order["text"]


def test_a_card_too_many_is_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A one-deck shoe dealing its first coup twice: the ace of spades at cards 1 and 6 (and four more cards)."""
    log = tmp_path / "twice.jsonl"
    log.write_text(line(1, [NEW_DECK[0], NEW_DECK[0]]))
    counts = [f for f in integrity(capsys, log, "--decks", "1")["findings"] if f["kind"] == "card_count"]
    assert len(counts) == 5
    (count,) = [f for f in counts if " AS " in f["text"]]
    assert count["shoes"] == [f"{log}, shoe 1"] and count["positions"] == [[1, 1], [6, 6]]
    assert "AS appears 2 times, more than 1 decks hold (1)" in count["text"]


def test_a_fully_logged_shoe_short_of_a_card_is_found() -> None:
    """Every card of a one-deck shoe logged, the ace of hearts replaced by a second ace of spades."""
    cards = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
    cards[cards.index("AH")] = "AS"
    check = Integrity(1)
    check.add("shoe 1", tuple(cards))
    texts = [f.text for f in check.findings if f.kind == "card_count"]
    assert any("AS appears 2 times" in t for t in texts)
    assert any("all 52 cards are logged, but these are short of 1: AH 0" in t for t in texts)


def test_a_results_log_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "r.jsonl"
    log.write_text('{"shoe": 1, "results": "BPB"}\n')
    code, out, err = run(capsys, "stats", str(log), "--integrity")
    assert code == 1 and out == "" and "roads stats --integrity reads the cards of every coup" in err
