"""Good roads (issue 34, items 1-4): each recogniser just met and just missed, a brute-force check on dealt shoes,
prices equal to the odds engine's, the pattern file's bad inputs, and the commands that show them."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import groupby, pairwise
from pathlib import Path

import pytest
from helpers import run

from roads.board import Board
from roads.board.good_roads import PATTERNS, columns_of, detect, good_roads, in_play, load_patterns, price, under_way
from roads.errors import PatternError
from roads.odds import odds_for
from roads.odds.api import compositions_through
from roads.outcome import Winner
from roads.shoe import deal_shoe

B, P = Winner.BANKER, Winner.PLAYER


def active(results: str) -> set[str]:
    """Return the ids of the built-in patterns active on the board of a run of B/P/T letters."""
    return {found.pattern.id for found in good_roads(Board.from_results(results))}


# Each: (pattern, a board that just meets it, a board that just misses it).
CASES = [
    ("long-banker", "P BBBB", "P BBB"),
    ("long-banker", "T BBTBB", "BBBB P"),
    ("long-player", "B PPPP", "B PPP"),
    ("single-jump", "B P B P", "B P B PP"),
    ("single-jump", "TT B T P B P T", "B P B PP T"),
    ("double-jump", "BB PP BB PP", "BB PP BB PPP"),
    ("double-jump", "B PP BB PP BB", "B PP BB PP B"),
    ("one-hall-two-rooms", "B PP B PP", "B PP B P"),
    ("two-halls-one-room", "BB P BB P", "BB P BB PP"),
    ("banker-jump", "B P B PP B", "B P BB P B"),
    ("banker-jump", "B P B P B PPP", "B P B P BB PPP"),
    ("player-jump", "P B P BB P", "P B PP B P"),
    ("banker-sticks", "BB P BBB P BB", "BB P BB P B"),
    ("player-sticks", "PP B PP B PPPP B", "PP B P B PP B"),
    ("sticky", "BB PP BBB PPPP", "B PP BB PP BB P"),
    ("slope-up", "B PP BBB PPPP", "B PP BBB PPPPP"),
    ("slope-up", "PPP B PP BBB PPPP", "B PP BB PPPP"),
    ("slope-down", "BBBB PPP BB P", "BBBB PPP BB PP"),
    # A dragon tail turns beads 7 on along the bottom row; they still count in the streak.
    ("long-banker", "P " + "B" * 9, "B" * 9 + " P"),
    ("double-jump", "T B" * 6 + " PP BB PP BB", "B" * 6 + " PP BB PP BBB"),
]


@pytest.mark.parametrize(("pattern", "meets", "misses"), CASES)
def test_each_recogniser_just_meets_and_just_misses(pattern: str, meets: str, misses: str) -> None:
    assert pattern in active(meets)
    assert pattern not in active(misses)


def test_leading_ties_and_ties_make_no_column() -> None:
    assert active("TTT") == set()
    assert active("TT BTTTBTBTB") == {"long-banker"}
    assert active("T B T P T B T P") >= {"single-jump"}


def test_a_dragon_tails_turned_beads_count_in_their_streak() -> None:
    board = Board.from_results("P " + "B" * 10)
    assert board.big_road[-1].y == 6 and board.big_road[-1].row == 10  # drawn along the bottom row, logically row 10
    (found,) = [f for f in good_roads(board) if f.pattern.id == "long-banker"]
    assert found.columns == ((2, B, 10),)


def runs(results: str) -> list[tuple[Winner, int]]:
    """Return the Big Road's streaks from the bead sequence, written independently of the board."""
    winners = [Winner.from_letter(c) for c in results if c in "BP"]
    return [(w, len(list(g))) for w, g in groupby(winners)]


def brute(results: str) -> dict[str, frozenset[Winner]]:
    """Return each active built-in pattern with the results that continue it, by the issue's table, by hand."""
    cols = runs(results)
    if not cols:
        return {}
    depths = [d for _, d in cols]
    newest, last = cols[-1]
    other = P if newest is B else B
    out: dict[str, frozenset[Winner]] = {}
    if last >= 4:
        out[f"long-{newest.value}"] = frozenset({newest})
    four = depths[-4:] if len(depths) >= 4 else None
    change = frozenset({other})
    if four == [1, 1, 1, 1]:
        out["single-jump"] = change
    if four == [2, 2, 2, 2]:
        out["double-jump"] = change
    if four == [1, 2, 1, 2]:
        out["one-hall-two-rooms"] = change
    if four == [2, 1, 2, 1]:
        out["two-halls-one-room"] = change
    if four is not None and min(four) >= 2:
        out["sticky"] = frozenset({B, P})
    if four is not None and all(b == a + 1 for a, b in pairwise(four)):
        out["slope-up"] = change
    if four is not None and all(b == a - 1 for a, b in pairwise(four)):
        out["slope-down"] = change if last >= 2 else frozenset()
    for side in (B, P):
        mine = [d for w, d in cols if w is side][-3:]
        if len(mine) < 3:
            continue
        if mine == [1, 1, 1]:
            out[f"{side.value}-jump"] = frozenset({B, P}) if newest is not side else frozenset({P if side is B else B})
        if min(mine) >= 2:
            out[f"{side.value}-sticks"] = frozenset({B, P})
    return out


@pytest.mark.parametrize("seed", range(12))
def test_every_recogniser_agrees_with_a_brute_force_on_dealt_shoes(seed: int) -> None:
    shoe = deal_shoe(8, seed=seed)
    letters = "".join(coup.outcome().winner.letter for coup in shoe.coups)
    board = Board()
    for n, coup in enumerate(shoe.coups, 1):
        board.add(coup.outcome())
        got = {f.pattern.id: f.continues for f in good_roads(board)}
        assert got == brute(letters[:n]), letters[:n]


# Each: (pattern, a board where it is under way and the newest colour continues it, one where it just is not:
# its newest column grew deep enough, and it is active again, or ended short, and it is broken).
UNDER_WAY = [
    ("sticky", "BB PP BBB PP B", "BB PP BBB PP BB"),
    ("sticky", "BB PP BBB PP B", "BB PP BBB P B"),
    ("banker-sticks", "BB P BBB PP BB P B", "BB P BBB PP BB P BB"),
    ("banker-sticks", "BB P BBB PP BB P B", "BB P BBB PP BB P B P"),
    ("player-sticks", "PP B PP B PPP B P", "PP B PP B PPP B"),
    ("double-jump", "BB PP BB PP B", "BB PP BB P B"),
    ("two-halls-one-room", "BB P BB P B", "BB P BB P BB"),
    ("slope-up", "B PP BBB PPPP BBBB", "B PP BBB PPPP BBBBB"),
]


@pytest.mark.parametrize(("pattern", "meets", "misses"), UNDER_WAY)
def test_a_pattern_under_way_waits_for_its_newest_column(pattern: str, meets: str, misses: str) -> None:
    board = Board.from_results(meets)
    (found,) = [f for f in under_way(columns_of(board)) if f.pattern.id == pattern]
    newest = board.bead_plate.outcomes[-1].winner
    assert found.waiting and found.continues == {newest} and pattern not in active(meets)
    assert pattern not in {f.pattern.id for f in under_way(columns_of(Board.from_results(misses)))}


def test_nothing_is_under_way_that_cannot_be_decided_next() -> None:
    # A single jump's new column is the jump itself; a long Banker's next column is Player's; a slope down at 1 ends.
    for results in ("B P B P", "B P B P B", "BBBB P", "BBBB PPP BB P B"):
        assert not under_way(columns_of(Board.from_results(results))), results


@pytest.mark.parametrize("seeds", [range(4), range(4, 8)])
def test_under_way_is_decided_by_the_next_decisive_coup(seeds: range) -> None:
    """Under way: active (by the brute force) through the column before; the newest colour keeps it in play,
    the other ends it (by the brute force too: not active, and not under way)."""
    shoes = ["".join(coup.outcome().winner.letter for coup in deal_shoe(8, seed=seed).coups) for seed in seeds]
    seen = 0
    for letters, n in ((one, n) for one in shoes for n in range(1, len(one) + 1)):
        board = Board.from_results(letters[:n])
        cols = runs(letters[:n])
        for found in under_way(columns_of(board)):
            seen += 1
            newest, _ = cols[-1]
            before = " ".join(w.letter * d for w, d in cols[:-1])
            assert found.pattern.id in brute(before) and found.pattern.id not in brute(letters[:n])
            assert found.continues == {newest}
            grown = Board.from_results(letters[:n] + newest.letter)
            grown_cols = runs(letters[:n] + newest.letter)
            size = found.pattern.size
            # It stays in play, or (one hall, two rooms and its shift) the newest column now matches the one a
            # period back: the pattern went round, and the shifted pattern is the one active.
            assert found.pattern.id in {f.pattern.id for f in in_play(columns_of(grown))} or (
                grown_cols[-1][1] == grown_cols[-1 - size][1]
            )
            other = (P if newest is B else B).letter
            cut = Board.from_results(letters[:n] + other)
            assert found.pattern.id not in brute(letters[:n] + other)
            assert found.pattern.id not in {f.pattern.id for f in under_way(columns_of(cut))}
    assert seen > 5


def test_every_continuation_chance_is_the_odds_engines() -> None:
    shoe = deal_shoe(8, seed=5)
    left = compositions_through(shoe.coups, 8)
    board = Board()
    priced = 0
    for n, coup in enumerate(shoe.coups, 1):
        board.add(coup.outcome())
        odds = odds_for(left[n], exact=True)
        chance = {B: odds.banker, P: odds.player}
        for found in good_roads(board):
            got = price(found, odds.banker, odds.player, odds.tie)
            keep = sum((chance[w] for w in found.continues), Fraction(0))
            assert got.continues == keep
            assert got.breaks == odds.banker + odds.player - keep
            assert got.tie == odds.tie
            assert got.continues + got.breaks + got.tie == 1
            priced += 1
    assert priced > 20


def test_build_json_prices_from_the_cards_left(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shoe = deal_shoe(8, seed=3)
    log = tmp_path / "shoe.txt"
    assert run(capsys, "deal", "--seed", "3", "-o", str(log))[0] == 0
    status, out, _ = run(capsys, "build", str(log), "--coups", "1-25", "--json")
    assert status == 0
    (long,) = [g for g in json.loads(out)["good_roads"] if g["id"] == "long-banker"]
    odds = odds_for(compositions_through(shoe.coups[:25], 8)[-1])
    assert long["chance"] == pytest.approx({"continues": odds.banker, "breaks": odds.player, "tie": odds.tie})
    assert long["columns"] == [{"column": 14, "winner": "banker", "depth": 4}]
    assert "does not change" in long["note"]


def test_explain_proves_a_good_road_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "r.txt"
    log.write_text("B P B P B P\n")
    status, out, _ = run(capsys, "explain", str(log), "--good-road", "single-jump")
    assert status == 0
    assert "Columns 3, 4, 5, 6 (Banker, Player, Banker, Player) hold 1, 1, 1, 1 beads" in out
    assert "Banker next continues it; Player next breaks it." in out
    assert "from a full 8-deck shoe" in out and "does not change these numbers" in out
    status, out, _ = run(capsys, "explain", str(log), "--good-road", "single-jump", "--json")
    (data,) = json.loads(out)
    assert data["continued_by"] == ["banker"] and [c["column"] for c in data["columns"]] == [3, 4, 5, 6]
    status, out, _ = run(capsys, "explain", str(log), "--good-road", "long-banker")
    assert status == 0 and "long-banker is not active" in out


@pytest.mark.slow
def test_stats_good_roads_counts_and_tests(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    assert run(capsys, "deal", "--shoes", "5", "--seed", "1", "-o", str(archive))[0] == 0
    status, out, _ = run(capsys, "stats", str(archive), "--good-roads", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["shoes"] == 5 and [row["id"] for row in data["patterns"]] == [p.id for p in PATTERNS]
    for row in data["patterns"]:
        assert row["continued"] <= row["trials"] <= row["active"] + row["waiting"]
    sticks = {row["id"]: row for row in data["patterns"]}
    # Stuck patterns are decided while under way: they have trials (they had none when only active ones counted).
    assert sticks["sticky"]["waiting"] > 0 and sticks["sticky"]["trials"] > 0
    status, out, _ = run(capsys, "stats", str(archive), "--good-roads")
    assert status == 0 and out.startswith("Good roads over 5 shoes")


BAD_FILES = [
    pytest.param(
        "[sticky]\ncolumns = 4\nbeads = 'two'\n",
        3,
        "[sticky] beads: a whole number",
        id="[sticky] beads: a whole number",
    ),
    pytest.param("[sticky]\nbeads = true\n", 2, "[sticky] beads: a whole number", id="[sticky] beads: a whole number"),
    pytest.param("[long-banker]\ncolumns = 3\n", 2, "not a setting of long-banker", id="not a setting of long-banker"),
    pytest.param("[mine]\ncolumns = ['B2', 'Q1']\n", 2, "'Q1' is not a column", id="'Q1' is not a column"),
    pytest.param(
        "[mine]\ncolumns = ['B0']\n", 2, "a column holds at least 1 bead", id="a column holds at least 1 bead"
    ),
    pytest.param("[mine]\ncolumns = []\n", 2, "a list of 1 to 50 columns", id="a list of 1 to 50 columns"),
    pytest.param(
        "[mine]\ncolumns = ['B1']\ncolour = 'red'\n", 3, "not a key of a pattern", id="not a key of a pattern"
    ),
    pytest.param(
        "[mine]\ncolumns = ['P1']\nside = 'banker'\n", 2, "reads only Banker columns", id="reads only Banker columns"
    ),
    pytest.param("[mine]\ncolumns = ['B1']\nside = 'dragon'\n", 3, "banker, player or all", id="banker, player or all"),
    pytest.param("[Mine]\ncolumns = ['B1']\n", 1, "an id is lower-case words", id="an id is lower-case words"),
    pytest.param("mine = 3\n", 1, "every pattern is a table", id="every pattern is a table"),
    pytest.param("[mine\ncolumns = 1\n", 1, "not TOML", id="not TOML"),
]

NESTED = "a table nested in a pattern"
DOTTED_FILES = [
    # A dotted header or key makes a table TOML nests in another: one located error, never a line of None.
    pytest.param("# mine\n[patterns.x]\ncolumns = ['B1']\n", 2, f"[patterns] x: {NESTED}", id="[patterns.x]"),
    pytest.param("[sticky]\nbeads = 3\n\n[sticky.more]\nx = 1\n", 4, f"[sticky] more: {NESTED}", id="[sticky.more]"),
    pytest.param("[mine]\ncolumns = ['B1']\nname.first = 'x'\n", 3, f"[mine] name: {NESTED}", id="name.first ="),
    pytest.param("a.b.c = 1\n", 1, f"[a] b: {NESTED}", id="a.b.c = 1"),
    pytest.param("[[mine]]\ncolumns = ['B1']\n", 1, "every pattern is a table", id="[[mine]]"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD_FILES + DOTTED_FILES)
def test_a_bad_pattern_file_is_one_located_error(tmp_path: Path, text: str, line: int | None, message: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(PatternError) as caught:
        load_patterns(str(path))
    assert caught.value.file == str(path) and caught.value.line == line
    assert message in caught.value.message


def test_a_bad_pattern_file_exits_1_on_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, log = tmp_path / "mine.toml", tmp_path / "r.txt"
    path.write_text("[sticky]\nbeads = 0\n")
    log.write_text("BBPP\n")
    status, out, err = run(capsys, "build", str(log), "--json", "--good-roads", str(path))
    assert status == 1 and out == ""
    assert err.strip().count("\n") == 0 and f"{path}, line 2: [sticky] beads" in err


def test_a_pattern_file_changes_settings_and_adds_patterns(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        "[long-banker]\nbeads = 6\n\n[sticky]\nenabled = false\n\n"
        "[two-bankers-one-player]\nname = '两庄一闲'\ncolumns = ['B2', 'P1', 'B2', 'P1']\n\n"
        "[banker-any]\nside = 'banker'\ncolumns = ['*3+', '**']\n"
    )
    chosen = load_patterns(str(path))
    ids = [p.id for p in chosen]
    assert "sticky" not in ids and ids[-2:] == ["two-bankers-one-player", "banker-any"]
    board = Board.from_results("BB P BB P")
    found = {f.pattern.id: f for f in good_roads(board, chosen)}
    assert "two-bankers-one-player" in found and found["two-bankers-one-player"].continues == {B}
    assert "long-banker" not in {f.pattern.id for f in good_roads(Board.from_results("BBBBB"), chosen)}
    assert "long-banker" in {f.pattern.id for f in good_roads(Board.from_results("BBBBBB"), chosen)}
    assert "banker-any" in {f.pattern.id for f in good_roads(Board.from_results("BBB P B PP"), chosen)}


def test_detect_needs_no_board() -> None:
    assert [f.pattern.id for f in detect([(1, B, 4)])] == ["long-banker"]


@pytest.fixture
def tabled(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """Return a 4-shoe dealt archive whose shoes sit at two tables, T1 and T2."""
    archive = tmp_path / "a.jsonl"
    assert run(capsys, "deal", "--shoes", "4", "--seed", "2", "-o", str(archive))[0] == 0
    lines = archive.read_text().splitlines()
    archive.write_text(
        "".join(json.dumps({**json.loads(x), "table": f"T{n % 2 + 1}"}) + "\n" for n, x in enumerate(lines))
    )
    return archive


def test_stats_good_roads_by_group_adds_up_to_the_total(capsys: pytest.CaptureFixture[str], tabled: Path) -> None:
    status, out, _ = run(capsys, "stats", str(tabled), "--good-roads", "--by", "table", "--json")
    assert status == 0
    data = json.loads(out)
    assert [g["group"] for g in data["groups"]] == ["T1", "T2"] and data["by"] == "table"
    assert sum(g["shoes"] for g in data["groups"]) == data["shoes"] == 4
    for n, row in enumerate(data["patterns"]):
        for key in ("active", "waiting", "trials", "continued"):
            assert sum(g["patterns"][n][key] for g in data["groups"]) == row[key], (row["id"], key)
    status, text, _ = run(capsys, "stats", str(tabled), "--good-roads", "--by", "table")
    assert status == 0 and text.index("Good roads (table T1)") < text.index("Good roads (table T2)")
    assert text.count("Good roads over 4 shoes") == 1


def test_stats_good_roads_csv_is_the_json_a_row_a_group_and_pattern(
    capsys: pytest.CaptureFixture[str], tabled: Path
) -> None:
    import csv
    import io

    data = json.loads(run(capsys, "stats", str(tabled), "--good-roads", "--by", "table", "--json")[1])
    status, out, _ = run(capsys, "stats", str(tabled), "--good-roads", "--by", "table", "--csv")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 3 * len(PATTERNS) and [r["group"] for r in rows[:: len(PATTERNS)]] == ["T1", "T2", "total"]
    total = {r["pattern"]: r for r in rows if r["group"] == "total"}
    for row in data["patterns"]:
        assert int(total[row["id"]]["trials"]) == row["trials"]
        assert int(total[row["id"]]["continued"]) == row["continued"]


def test_stats_good_roads_counts_the_same_on_any_number_of_workers(
    capsys: pytest.CaptureFixture[str], tabled: Path
) -> None:
    one = run(capsys, "stats", str(tabled), "--good-roads", "--by", "shoe", "-j", "1", "--json")
    two = run(capsys, "stats", str(tabled), "--good-roads", "--by", "shoe", "-j", "2", "--json")
    assert one[0] == two[0] == 0 and one[1] == two[1]


@pytest.mark.parametrize("flags", [["--drift"], ["--parquet", "x"], ["--csv-tables", "x"], ["--dask", "local"]])
def test_stats_good_roads_refuses_what_counts_coups_and_marks(
    capsys: pytest.CaptureFixture[str], tabled: Path, flags: list[str]
) -> None:
    status, out, err = run(capsys, "stats", str(tabled), "--good-roads", *flags)
    assert status == 2 and out == "" and "--good-roads counts patterns, not coups and marks" in err


def test_explain_shows_a_pattern_under_way_and_prices_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "r.txt"
    log.write_text("BB PP BBB PP B\n")
    status, out, _ = run(capsys, "explain", str(log), "--good-road", "sticky")
    assert status == 0
    assert "sticky is not active" in out and "sticky (排排连): under way" in out
    assert "was active through column 4; column 5 (Banker) holds 1 bead" in out
    assert "Banker next continues it; Player next breaks it." in out and "does not change these numbers" in out
    status, out, _ = run(capsys, "explain", str(log), "--good-road", "single-jump")
    assert status == 0 and out.strip() == "After coup 10 (5 Big Road columns), single-jump is not active."


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stats_good_roads_names_the_shoe_a_worker_could_not_count(
    capsys: pytest.CaptureFixture[str], tabled: Path, jobs: str
) -> None:
    lines = tabled.read_text().splitlines()
    shoe = json.loads(lines[1])
    shoe["decks"] = 1  # more cards of a rank than one deck holds: the odds of the cards left cannot be had
    tabled.write_text("\n".join([lines[0], json.dumps(shoe), *lines[2:]]) + "\n")
    status, out, err = run(capsys, "stats", str(tabled), "--good-roads", "-j", jobs, "--json")
    assert status == 1 and json.loads(out)["shoes"] == 3
    assert f"roads: error: {tabled}, shoe {shoe['shoe']}: coup" in err and "1-deck shoe holds only 4" in err
