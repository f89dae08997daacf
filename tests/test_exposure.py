"""``roads exposure``: edges against a full enumeration of the cards left, positive moments, net, JSON, errors.

The reference here deals every ordered sequence of the next coup from the
cards left, by value, with the drawing rules and the Dragon 7 and Panda 8
pays written out again: nothing of roads' engine or bets is used.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import run

from roads.bets import prices_for, rule_set
from roads.cards import Card
from roads.odds import Composition
from roads.shoe import deal_shoe


def banker_draws(banker: int, player_third: int | None) -> bool:
    """Return True when Banker draws: the tableau, written out."""
    if player_third is None:
        return banker <= 5
    rows = {0: True, 1: True, 2: True, 3: player_third != 8, 4: 2 <= player_third <= 7}
    rows |= {5: 4 <= player_third <= 7, 6: player_third in (6, 7)}
    return rows.get(banker, False)


def dragon_panda(left: list[int]) -> tuple[Fraction, Fraction]:
    """Return the house edges of Dragon 7 and Panda 8 for the next coup from ``left`` (counts by value 0-9).

    Every ordered sequence of the cards a coup takes is dealt; a coup of k
    cards stands for the falling(n - k, 6 - k) ways the unused cards fall.
    """
    n = sum(left)
    c = list(left)
    den = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    nets = [0, 0]

    def settle(weight: int, k: int, p: int, b: int, p3: int | None, b3: int | None) -> None:
        for i in range(k, 6):
            weight *= n - i
        nets[0] += weight * (40 if b3 is not None and b == 7 and b > p else -1)
        nets[1] += weight * (25 if p3 is not None and p == 8 and p > b else -1)

    def take(v: int) -> int:
        got = c[v]
        c[v] -= 1
        return got

    for p1 in range(10):
        if not c[p1]:
            continue
        w1 = take(p1)
        for b1 in range(10):
            if c[b1]:
                w2 = w1 * take(b1)
                for p2 in range(10):
                    if c[p2]:
                        w3 = w2 * take(p2)
                        for b2 in range(10):
                            if c[b2]:
                                w4 = w3 * take(b2)
                                third(w4, (p1 + p2) % 10, (b1 + b2) % 10, c, settle)
                                c[b2] += 1
                        c[p2] += 1
                c[b1] += 1
        c[p1] += 1
    return Fraction(-nets[0], den), Fraction(-nets[1], den)


Settle = Callable[[int, int, int, int, int | None, int | None], None]
"""Settle one way a coup ends: (ordered ways, cards used, Player total, Banker total, third cards)."""


def third(w4: int, p: int, b: int, c: list[int], settle: Settle) -> None:
    """Deal the third cards of one two-card start, and settle every way it ends."""
    if p >= 8 or b >= 8:
        settle(w4, 4, p, b, None, None)
    elif p >= 6:
        if b <= 5:
            for z in range(10):
                if c[z]:
                    settle(w4 * c[z], 5, p, (b + z) % 10, None, z)
        else:
            settle(w4, 4, p, b, None, None)
    else:
        for z in range(10):
            if not c[z]:
                continue
            wz = w4 * c[z]
            c[z] -= 1
            if banker_draws(b, z):
                for t in range(10):
                    if c[t]:
                        settle(wz * c[t], 6, (p + z) % 10, (b + t) % 10, z, t)
            else:
                settle(wz, 5, (p + z) % 10, b, z, None)
            c[z] += 1


def by_value(decks: int) -> list[int]:
    """Return the counts by value of a full shoe."""
    return [16 * decks if v == 0 else 4 * decks for v in range(10)]


def won(coup: object, bet: str) -> int:
    """Return what one unit on Dragon 7 or Panda 8 netted on a dealt coup, from its cards."""
    player = [card.value for card in coup.player]  # type: ignore[attr-defined]
    banker = [card.value for card in coup.banker]  # type: ignore[attr-defined]
    p, b = sum(player) % 10, sum(banker) % 10
    if bet == "dragon_7":
        return 40 if len(banker) == 3 and b == 7 and b > p else -1
    return 25 if len(player) == 3 and p == 8 and p > b else -1


def scan_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    status, out, err = run(capsys, "exposure", *argv, "--json")
    assert status == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def write_shoe(tmp_path: Path, capsys: pytest.CaptureFixture[str], decks: int, seed: int, fmt: str = "cards") -> Path:
    path = tmp_path / f"shoe{seed}.{'jsonl' if fmt == 'jsonl' else 'txt'}"
    status, _, err = run(capsys, "deal", "--decks", str(decks), "--seed", str(seed), "--format", fmt, "-o", str(path))
    assert status == 0, err
    return path


def known_burns(burned: tuple[Card, ...], known: str) -> tuple[Card, ...]:
    """Return the burned cards a scan counts out: the face-up first one (seen), or all of them."""
    return burned[:1] if known == "seen" else burned


@pytest.mark.slow
@pytest.mark.parametrize("known", ["seen", "all"])
def test_edges_match_a_full_enumeration_of_the_cards_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], known: str
) -> None:
    """Every coup of two one-deck shoes and four coups of an 8-deck one, the known burned cards out, exactly."""
    for decks, seed, every in ((1, 12, 1), (1, 34, 1), (8, 3, 25)):
        shoe = deal_shoe(decks, seed=seed)
        log = str(write_shoe(tmp_path, capsys, decks, seed))
        found = scan_json(capsys, log, "--decks", str(decks), "--known", known)
        (one,) = found["shoes"]  # type: ignore[index]
        left = by_value(decks)
        for card in known_burns(shoe.burned, known):
            left[card.value] -= 1
        checked = 0
        for number, (coup, row) in enumerate(zip(shoe.coups, one["coups"], strict=True), 1):
            assert row["coup"] == number
            if number % every == 1 or every == 1:
                d7, p8 = dragon_panda(left)
                assert row["edges"]["dragon_7"] == float(d7), (decks, seed, number)
                assert row["edges"]["panda_8"] == float(p8), (decks, seed, number)
                checked += 1
            for card in coup.dealt:
                left[card.value] -= 1
        assert checked >= 4


def test_positive_moments_and_ideal_net_of_a_hand_checked_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One-deck shoe 12: the enumeration says which coups favour each bet, its cards what each netted."""
    shoe = deal_shoe(1, seed=12)
    found = scan_json(
        capsys,
        *(str(write_shoe(tmp_path, capsys, 1, 12)), "--decks", "1", "--bet", "dragon_7", "--bet", "panda_8"),
        *("--known", "all"),
    )
    left = by_value(1)
    for card in shoe.burned:
        left[card.value] -= 1
    expected = []
    for number, coup in enumerate(shoe.coups, 1):
        for bet, edge in zip(("dragon_7", "panda_8"), dragon_panda(left), strict=True):
            if edge < 0:
                expected.append({"coup": number, "bet": bet, "edge": float(edge), "net": won(coup, bet)})
        for card in coup.dealt:
            left[card.value] -= 1
    (one,) = found["shoes"]  # type: ignore[index]
    assert one["positive"] == expected
    assert any(m["net"] > 0 for m in expected) and any(m["net"] < 0 for m in expected)  # a shoe worth checking
    assert found["total"] == {
        "shoes": 1,
        "coups": len(shoe.coups),
        "positive_coups": len({m["coup"] for m in expected}),
        "ideal_net": sum(m["net"] for m in expected),
    }


def test_json_has_the_documented_shape_and_the_default_bets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "two.jsonl"
    assert run(capsys, "deal", "--shoes", "2", "--seed", "5", "-o", str(archive))[0] == 0
    found = scan_json(capsys, str(archive))
    side = ["player_pair", "banker_pair", "either_pair", "perfect_pair", "big", "small"]
    side += ["dragon_bonus_player", "dragon_bonus_banker", "dragon_7", "panda_8", "lucky_6"]
    assert found["bets"] == side
    assert list(found) == ["rules", "decks", "bets", "known", "shoes", "total"]
    assert found["known"] == "seen"
    assert [s["shoe"] for s in found["shoes"]] == [5, 6]  # type: ignore[index]
    for shoe in found["shoes"]:  # type: ignore[attr-defined]
        assert list(shoe) == ["shoe", "coups", "positive"]
        assert [c["coup"] for c in shoe["coups"]] == list(range(1, len(shoe["coups"]) + 1))
        assert all(list(c["edges"]) == side for c in shoe["coups"])
        for m in shoe["positive"]:
            assert list(m) == ["coup", "bet", "edge", "net"] and m["edge"] < 0
            assert shoe["coups"][m["coup"] - 1]["edges"][m["bet"]] == m["edge"]
        negative = {(c["coup"], b) for c in shoe["coups"] for b, e in c["edges"].items() if e is not None and e < 0}
        assert negative == {(m["coup"], m["bet"]) for m in shoe["positive"]}
    total = found["total"]
    assert list(total) == ["shoes", "coups", "positive_coups", "ideal_net"]  # type: ignore[arg-type]
    assert total["coups"] == sum(len(s["coups"]) for s in found["shoes"])  # type: ignore[index]


def test_the_first_edge_counts_the_burned_cards_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 1 burns 11 cards, five of them ten-valued: the first coup is not priced from a full shoe.

    Seen (the default) takes out only the first, turned face up; --known all every one of them.
    """
    shoe = deal_shoe(8, seed=1)

    def dragon_7(left: Composition) -> float:
        return {p.bet: p.edge for p in prices_for(left, rule_set("standard")).bets}["dragon_7"]

    full = dragon_7(Composition.shoe(8))
    for fmt in ("cards", "jsonl", "json"):
        log = str(write_shoe(tmp_path, capsys, 8, 1, fmt))
        for known, burned in (("seen", shoe.burned[:1]), ("all", shoe.burned)):
            found = scan_json(capsys, log, "--bet", "dragon_7", "--known", known)
            first = found["shoes"][0]["coups"][0]["edges"]["dragon_7"]  # type: ignore[index]
            assert found["known"] == known
            assert first == dragon_7(Composition.shoe(8).without(burned)) != full, (fmt, known)


def unknown_burns_averaged(left: list[int], hidden: int) -> tuple[Fraction, Fraction]:
    """Return Dragon 7's and Panda 8's edges averaged over every way ``hidden`` face-down burns fall from ``left``.

    Each ordered draw of the burns (by value) is weighted by its ways; the coup is then priced from what is
    left by the enumeration above: the edge a player who did not see the burns could know, by brute force.
    """
    total: list[Fraction] = [Fraction(0), Fraction(0)]
    ways = 0
    priced: dict[tuple[int, ...], tuple[Fraction, Fraction]] = {}

    def burn(c: list[int], k: int, weight: int) -> None:
        nonlocal ways
        if k == 0:
            key = tuple(c)
            if key not in priced:
                priced[key] = dragon_panda(c)
            ways += weight
            for i, edge in enumerate(priced[key]):
                total[i] += weight * edge
            return
        for v in range(10):
            if c[v]:
                got = c[v]
                c[v] -= 1
                burn(c, k - 1, weight * got)
                c[v] += 1

    burn(list(left), hidden, 1)
    return total[0] / ways, total[1] / ways


def test_face_down_burns_unknown_match_a_brute_force_over_the_burns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One-deck shoe 18 turns up a 3 and burns three cards face down: from coup 5 on, each edge the default scan
    gives is the average over every way those three could have fallen, and not the edge with them known."""
    shoe = deal_shoe(1, seed=18)
    assert shoe.burned[0].value == 3 and len(shoe.burned) == 4
    found = scan_json(capsys, str(write_shoe(tmp_path, capsys, 1, 18)), "--decks", "1")
    every = scan_json(capsys, str(write_shoe(tmp_path, capsys, 1, 18)), "--decks", "1", "--known", "all")
    (one,), (house,) = found["shoes"], every["shoes"]  # type: ignore[index]
    unseen = by_value(1)
    unseen[shoe.burned[0].value] -= 1
    differ = 0
    for number, coup in enumerate(shoe.coups, 1):
        if number >= 5:
            d7, p8 = unknown_burns_averaged(unseen, len(shoe.burned) - 1)
            row = one["coups"][number - 1]["edges"]
            assert (row["dragon_7"], row["panda_8"]) == (float(d7), float(p8)), number
            differ += row != house["coups"][number - 1]["edges"]
        for card in coup.dealt:
            unseen[card.value] -= 1
    assert differ >= 3  # the burns known or not make a difference here: the test can tell them apart


def test_csv_is_one_row_per_coup_and_bet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_shoe(tmp_path, capsys, 1, 12)
    status, out, _ = run(capsys, "exposure", str(log), "--decks", "1", "--bet", "dragon_7", "--bet", "panda_8", "--csv")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    found = scan_json(capsys, str(log), "--decks", "1", "--bet", "dragon_7", "--bet", "panda_8")
    coups = found["shoes"][0]["coups"]  # type: ignore[index]
    assert len(rows) == 2 * len(coups)
    positive = [r for r in rows if r["positive"] == "1"]
    assert [(int(r["coup"]), r["bet"], float(r["net"])) for r in positive] == [
        (m["coup"], m["bet"], m["net"])
        for m in found["shoes"][0]["positive"]  # type: ignore[index]
    ]
    assert all(r["net"] == "" for r in rows if r["positive"] == "0")


def test_text_lists_the_positive_moments_and_the_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_shoe(tmp_path, capsys, 1, 12)
    found = scan_json(capsys, str(log), "--decks", "1", "--bet", "dragon_7", "--bet", "panda_8")
    status, out, _ = run(capsys, "exposure", str(log), "--decks", "1", "--bet", "dragon_7", "--bet", "panda_8")
    assert status == 0
    moments = found["shoes"][0]["positive"]  # type: ignore[index]
    assert f"{len(moments)} positive moments" in out
    for m in moments:
        edge = f"{100 * m['edge']:+.4f}%"
        assert f"{m['coup']:>4}  {m['bet']:<21}{edge:>12}{m['net']:>+8}" in out
    net = found["total"]["ideal_net"]  # type: ignore[index]
    assert f"one unit on each would have netted {net:+,}." in out


def test_workers_give_the_same_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "three.jsonl"
    assert run(capsys, "deal", "--shoes", "3", "--seed", "9", "-o", str(archive))[0] == 0
    one = run(capsys, "exposure", str(archive), "--bet", "panda_8", "--json", "-j", "1")
    two = run(capsys, "exposure", str(archive), "--bet", "panda_8", "--json", "-j", "2")
    assert one == two and one[0] == 0


def test_a_results_log_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "results.txt"
    log.write_text("B P P T B\n", encoding="utf-8")
    status, out, err = run(capsys, "exposure", str(log))
    assert status == 1 and out == ""
    assert err.splitlines() == [
        f"roads: error: {log}, line 1, coup 1: this log holds results only, and roads exposure needs the cards "
        "of every coup (a cards, stream, JSON or JSON Lines log with cards)"
    ]


def test_a_bad_shoe_of_an_archive_costs_only_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "mixed.jsonl"
    assert run(capsys, "deal", "--shoes", "2", "--seed", "1", "-o", str(archive))[0] == 0
    lines = archive.read_text(encoding="utf-8").splitlines()
    bad = json.dumps({"shoe": "R", "results": "BPPB"})
    archive.write_text("\n".join([lines[0], bad, '{"shoe": "X", "coups": [{"cards": "9S ZZ"}]}', lines[1]]) + "\n")
    status, out, err = run(capsys, "exposure", str(archive), "--bet", "dragon_7", "--json")
    assert status == 1
    assert [s["shoe"] for s in json.loads(out)["shoes"]] == [1, 2]
    errors = err.splitlines()
    assert len(errors) == 3, err
    assert errors[0].startswith(f"roads: error: {archive}, shoe 'R', line 2, coup 1: this log holds results only")
    assert errors[1].startswith(f"roads: error: {archive}, shoe 'X', line 3")
    assert errors[2] == "2 of 4 shoes scanned (2 failed: see above)"


def test_more_cards_than_the_decks_hold_names_the_coup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_shoe(tmp_path, capsys, 8, 2)
    text = log.read_text(encoding="utf-8")
    log.write_text("".join(line for line in text.splitlines(True) if not line.startswith("# decks:")), "utf-8")
    status, out, err = run(capsys, "exposure", str(log), "--decks", "1")
    assert status == 1 and out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"roads: error: {log}") and ", coup " in err and "1-deck shoe" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--json", "--csv"], "give one of --json and --csv"),
        (["--bet", "dragon_8"], "'dragon_8' is not one of"),
    ],
)
def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    log = write_shoe(tmp_path, capsys, 8, 2)
    status, out, err = run(capsys, "exposure", str(log), *argv)
    assert status == 2 and out == "" and said in err


def test_a_burned_card_the_coups_deal_again_names_the_coup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A one-deck header burns AD, which coup 1 deals again: coup 2 is priced from two AD seen, one too many."""
    text = (Path(__file__).parent.parent / "fixtures" / "exposure" / "one-deck-12.txt").read_text(encoding="utf-8")
    log = tmp_path / "twice.txt"
    log.write_text(text.replace("# burned: KD", "# burned: AD"), encoding="utf-8")
    status, out, err = run(capsys, "exposure", str(log), "--decks", "1")
    assert status == 1 and out == ""
    assert err.splitlines() == [
        f"roads: error: {log}, coup 2: the burned cards and the coups before this one show more AD than "
        "a 1-deck shoe holds: wrong --decks, or a misread card"
    ]


def test_the_help_names_the_default_bets() -> None:
    from roads.analytics.exposure import side_bets
    from roads.cli.exposure import exposure_command

    assert exposure_command.help is not None
    words = " ".join(exposure_command.help.split())
    assert f"the rule set's side bets: {', '.join(side_bets(rule_set('standard')))}." in words
    assert all(side_bets(rule_set(name)) == side_bets(rule_set("standard")) for name in ("super6", "ez"))


def test_a_log_naming_other_decks_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 6-deck log read as 8 decks would price another shoe: one line says which --decks to give."""
    for fmt in ("cards", "json", "jsonl"):
        log = write_shoe(tmp_path, capsys, 6, 3, fmt)
        status, out, err = run(capsys, "exposure", str(log), "--bet", "dragon_7")
        assert status == 1 and out == "", fmt
        assert err.splitlines() == [
            f"roads: error: {log}: the log says this shoe was dealt from 6 decks, but --decks is 8: "
            "give --decks 6 (every edge depends on it)"
        ], fmt
        assert run(capsys, "exposure", str(log), "--bet", "dragon_7", "--decks", "6")[0] == 0
