"""Archives: every spreadsheet shape, many shoes in every command, --shoe, keep-going, --coups, convert."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from roads import Scoreboard
from roads.cli import main
from roads.coup import Coup
from roads.errors import RoadsError
from roads.logs import detect_format, iter_shoes, read_coups, read_outcomes
from roads.logs.archive import open_archive
from roads.logs.source import LineBuffer
from roads.outcome import Outcome, Winner
from roads.shoe import deal_shoe

ROOT = Path(__file__).resolve().parent.parent
ARCHIVES = ROOT / "fixtures" / "archives"
# The fixtures were written from these dealt shoes (see docs/logs.md): shoe 21's first 6 coups, shoe 22's first 5.
A = deal_shoe(8, seed=21).coups[:6]
B = deal_shoe(8, seed=22).coups[:5]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def winners(outcomes: list[Outcome] | tuple[Outcome, ...]) -> str:
    return "".join(o.winner.letter for o in outcomes)


def letters(coups: tuple[Coup, ...]) -> str:
    return "".join(c.winner.letter for c in coups)


# --- every spreadsheet shape ---


@pytest.mark.parametrize(
    ("name", "shoes"),
    [
        ("table7.csv", [("7-1", A), ("7-2", B)]),
        ("per-card.csv", [("per-card", A)]),
        ("no-header.tsv", [("no-header", B)]),
    ],
)
def test_sheets_with_cards_read_the_dealt_coups(name: str, shoes: list[tuple[str, tuple[Coup, ...]]]) -> None:
    assert detect_format(ARCHIVES / name) == "csv"
    got = list(iter_shoes(ARCHIVES / name))
    assert [shoe.id for shoe in got] == [shoe_id for shoe_id, _ in shoes]
    assert [shoe.coups for shoe in got] == [coups for _, coups in shoes]


def test_zh_results_with_shoe_and_coup_columns_inferred() -> None:
    got = list(iter_shoes(ARCHIVES / "zh.csv"))
    assert [(s.id, winners(s.outcomes)) for s in got] == [(1, letters(A)), (2, letters(B))]


def test_words_any_case_semicolons_bom_crlf_and_pair_columns() -> None:
    outcomes = read_outcomes(ARCHIVES / "words.csv")
    assert winners(outcomes) == "BPTBPPBT"
    assert [i for i, o in enumerate(outcomes, 1) if o.player_pair] == [2]
    assert [i for i, o in enumerate(outcomes, 1) if o.banker_pair] == [4]


def test_plain_results_with_a_title_numbered_rows_and_words() -> None:
    assert detect_format(ARCHIVES / "numbered.txt") == "results"
    assert winners(read_outcomes(ARCHIVES / "numbered.txt")) == letters(A)


@pytest.mark.parametrize(
    "text",
    [
        "1 B\n2 P\n3 T\n",
        "1. Banker\n2. player\n3. TIE\n",
        "Shoe 1\nB P T\n",
        "庄 闲 和\n",
        "莊閒和\n",
        "# a comment\n\nBanker Player Tie  # words\n",
    ],
)
def test_results_format_reads_words_numbers_and_titles(text: str) -> None:
    assert detect_format(io.StringIO(text)) == "results"
    assert winners(read_outcomes(io.StringIO(text))) == "BPT"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1,B\n2,P\n3,T\n", "BPT"),
        ("1, B\n2, P\n3, T\n", "BPT"),
        ('"coup","result"\n"1","Banker"\n"2","Player"\n"3","Tie"\n', "BPT"),
        ("shoe;coup;winner\n1;1;B\n1;2;P\n1;3;T\n", "BPT"),
        ("# exported\nCoup,Outcome\n\n1,b\n# a note\n2,p\n3,t\n", "BPT"),
        ("\ufeffcoup,result\r\n1,B\r\n2,P\r\n3,T\r\n", "BPT"),
        ("hand\tcards\n1\t9H KS KD 4C\n", "P"),
        ("round,player,banker,winner\n1,9H KS,KD 4C,player\n", "P"),
        ("date,table,result\n2026-03-01,7,庄\n2026-03-01,7,闲\n", "BP"),
        ("1,2026-03-01,B\n2,2026-03-01,P\n", "BP"),
    ],
)
def test_sheet_shapes(text: str, expected: str) -> None:
    assert detect_format(io.StringIO(text)) == "csv"
    assert winners(read_outcomes(io.StringIO(text))) == expected


@pytest.mark.parametrize("text", ["B,P,T\n", "9H,KS,KD,4C\n", "b, p, p, t\n", "3 6 K K 6 2\n"])
def test_rows_of_single_tokens_stay_their_own_format(text: str) -> None:
    assert detect_format(io.StringIO(text)) != "csv"


def test_forced_csv_format() -> None:
    assert winners(read_outcomes(io.StringIO("B\nP\n"), "csv")) == "BP"


def test_a_sheet_of_100_mb_streams(tmp_path: Path) -> None:
    # An endless sheet: only a reader that streams can hand out its first shoes.
    rows = (f"{n // 80},{n % 80 + 1},{'BPT'[n % 3]}\n" for n in itertools.count(80))
    source = LineBuffer(itertools.chain(["shoe,coup,result\n"], rows), name="big.csv")
    first = list(itertools.islice(iter_shoes(source), 3))
    assert [s.id for s in first] == [1, 2, 3] and all(len(s.outcomes) == 80 for s in first)


# --- bad input ---


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,notes\nx,y\n", "cannot tell which column holds the coups: the first row is 'name', 'notes'"),
        ("shoe,notes\n1,y\n", "cannot tell which column holds the coups: columns seen 'shoe', 'notes'; missing"),
        ("coup,result,winner\n1,B,B\n", "line 1, column 13: two result columns ('result' and 'winner')"),
        ("coup,player\n1,9H KS\n", "a player cards column but no banker column"),
        (
            "1,2026-03-01,x\n2,2026-03-02,y\n",
            "cannot tell which column holds the coups: the first row is '1', '2026-03-01', 'x' (column 1 int",
        ),
        ("coup,result\n1,B\n2,X\n", "line 3, column 3, coup 2: 'X' is not a result"),
        ("coup,result\n1,B P\n", "'B P' holds 2 results: one row is one coup"),
        ("coup,result\n1,\n", "line 2, coup 1: a row with no result and no cards"),
        ("coup,result,player_pair\n1,B,maybe\n", "player_pair 'maybe' is not yes or no"),
        ("coup,cards\n1,9H ZZ KD 4C\n", "line 2, column 6, coup 1: 'ZZ' is not a card"),
    ],
)
def test_bad_sheets_say_where_and_what(text: str, message: str) -> None:
    with pytest.raises(RoadsError, match=re.escape(message)):
        read_outcomes(io.StringIO(text))


def test_a_result_that_contradicts_its_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "x.csv"
    log.write_text("shoe,coup,player,banker,result\n1,1,9H KS,KD 4C,Banker\n2,1,9H KS,KD 4C,Player\n")
    status, out, err = run(capsys, "check", str(log))
    assert status == 1
    assert f"{log}, shoe 1, line 2, coup 1: the log says banker wins, but the cards make Player 9, Banker 4" in out
    assert f"{log}, shoe 2: 1 coup (csv), every one follows the drawing rules" in out
    status, out, err = run(capsys, "build", str(log), "--per-shoe")
    assert status == 1 and out.startswith("2: 1 coup") and "shoe 1, line 2, coup 1: the log says banker" in err


def test_an_empty_shoe_and_a_bad_line_in_an_archive(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", str(ARCHIVES / "month.jsonl"), "--per-shoe")
    assert status == 1
    assert [line.split(":")[0] for line in out.splitlines()[:3]] == ["03-01", "03-03", "03-01"]
    lines = err.splitlines()
    assert lines[0].startswith(f"roads: error: {ARCHIVES / 'month.jsonl'}, shoe '03-02', line 2, coup 3:")
    assert lines[1] == f"roads: error: {ARCHIVES / 'month.jsonl'}, shoe '03-04', line 4: shoe '03-04' has no coups"
    assert "shoe '03-01' appears twice (first as shoe 1, line 1): both are kept, as shoes 1 and 5" in lines[2]
    assert lines[-1] == "3 of 5 shoes built (2 failed: see above)"


def test_a_shoe_id_twice_is_kept_twice_and_numbered() -> None:
    with open_archive(ARCHIVES / "month.jsonl") as shoes:
        got = [(s.id, s.number, s.error is None) for s in shoes]
    assert got == [("03-01", 1, True), ("03-02", 2, False), ("03-03", 3, True), ("03-04", 4, False), ("03-01", 5, True)]


# --- many shoes, in every command ---

MONTH = str(ARCHIVES / "month.jsonl")


@pytest.mark.parametrize(
    "argv",
    [
        ["build"],
        ["show", "--color", "never"],
        ["explain"],
        ["render", "-o", "{tmp}/x.svg"],
        ["lesson", "-o", "{tmp}/x.html"],
        ["odds", "--after"],
        ["convert", "--to", "results"],
    ],
)
def test_one_shoe_commands_say_so_and_name_shoe(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = [a.format(tmp=tmp_path) for a in argv]
    status, _, err = run(capsys, *args, MONTH)
    assert status == 2
    assert "holds 5 shoes and roads" in err and "pick it with --shoe ID or --shoe N" in err
    assert "iter_shoes" not in err and "ShoeLog" not in err


@pytest.mark.parametrize(
    ("argv", "expect"),
    [
        (["build"], "5 coups: Banker 1"),
        (["build", "--shoe", "5"], "4 coups: Banker 3"),
        (["build", "--shoe", "03-01"], "8 coups: Banker 3"),
        (["show", "--color", "never"], "Bead Plate · 5 coups"),
        (["explain"], "Big Eye Boy (k = 1)"),
        (["check"], "shoe '03-03': 5 coups (jsonl), results only"),
        (["convert", "--to", "results"], "P P B P T"),
    ],
)
def test_shoe_picks_one_shoe_in_every_command(argv: list[str], expect: str, capsys: pytest.CaptureFixture[str]) -> None:
    shoe = [] if "--shoe" in argv else ["--shoe", "03-03"]
    status, out, err = run(capsys, *argv, MONTH, *shoe)
    assert status == 0, err
    assert expect in out


def test_shoe_picks_one_shoe_in_render_lesson_and_odds(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "render", MONTH, "--shoe", "03-03", "-o", str(tmp_path / "x.svg"))
    assert status == 0 and (tmp_path / "x.svg").read_text().count('data-coup="') >= 5
    status, out, _ = run(capsys, "render", MONTH, "--shoe", "3", "-d", str(tmp_path / "d"))
    assert status == 0 and sorted(p.name for p in (tmp_path / "d").iterdir()) == ["03-03.svg"]
    status, out, _ = run(capsys, "lesson", MONTH, "--shoe", "03-03", "-o", str(tmp_path / "x.html"))
    assert status == 0 and "03-03" in (tmp_path / "x.html").read_text()
    status, out, _ = run(capsys, "lesson", MONTH, "--shoe", "1", "-d", str(tmp_path / "p"))
    assert status == 0 and sorted(p.name for p in (tmp_path / "p").iterdir()) == ["03-01.html"]
    log = tmp_path / "two.jsonl"
    log.write_text(
        json.dumps({"shoe": "a", "coups": [{"cards": [str(c) for c in A[0].dealt]}]})
        + "\n"
        + json.dumps({"shoe": "b", "coups": [{"cards": [str(c) for c in B[0].dealt]}]})
        + "\n"
    )
    status, out, _ = run(capsys, "odds", "--after", str(log), "--shoe", "b")
    assert status == 0 and f"after 1 coup of an 8-deck shoe ({416 - len(B[0].dealt)} cards left)" in out


def test_an_unknown_shoe_lists_how_many_and_some_ids(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "build", MONTH, "--shoe", "nope")
    assert status == 1
    assert "no shoe 'nope': the log holds 5 shoes (ids '03-01', '03-02', '03-03', '03-04', '03-01'" in err


def test_several_logs_in_build_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    logs = [str(ARCHIVES / n) for n in ("table7.csv", "per-card.csv", "numbered.txt")]
    status, out, err = run(capsys, "build", *logs, "--per-shoe")
    assert (status, err) == (0, "")
    assert [line.split(":")[0] for line in out.splitlines()] == [
        "7-1",
        "7-2",
        "per-card",
        "numbered",
        "4 shoes, 23 coups",
    ]
    status, out, err = run(capsys, "check", *logs[:2])
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 3


def test_one_shoe_commands_refuse_several_logs(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", str(ARCHIVES / "numbered.txt"), str(ARCHIVES / "words.csv"))
    assert status == 2 and "roads show reads one shoe, but 2 logs were given" in err


# --- keep going, on every multi-shoe command ---


@pytest.mark.parametrize(
    ("argv", "good", "verb"),
    [
        (["build", "--per-shoe"], 3, "built"),
        (["check"], 3, "checked"),
        (["render", "-d", "{tmp}/pictures", "-j", "1"], 3, "written"),
        (["lesson", "-d", "{tmp}/pages"], 3, "written"),
        (["convert", "--to", "jsonl"], 3, "written"),
        (["convert", "--to", "csv"], 3, "written"),
    ],
)
def test_keep_going_and_fail_fast(
    argv: list[str], good: int, verb: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.txt")
    args = [a.format(tmp=tmp_path) for a in argv]
    status, _, err = run(capsys, *args, MONTH, missing)
    assert status == 1
    errors = [line for line in err.splitlines() if line.startswith("roads: error:")]
    assert len(errors) == 3 and errors[-1] == f"roads: error: {missing}: no such file"
    # Given: the month's 5 shoes and a missing file; 2 bad shoes and the file failed.
    assert err.splitlines()[-1] == f"{good} of {good + 3} shoes {verb} (3 failed: see above)"
    status, _, err = run(capsys, *[a.format(tmp=tmp_path / "ff") for a in argv], MONTH, missing, "--fail-fast")
    assert status == 1
    assert [line for line in err.splitlines() if line.startswith("roads: error:")] == errors[:1]
    assert "done" not in err


# --- a coup range ---


THIRD_ON = "T B[b] P P B T\n"
"""words.csv from its third coup on (its 4th coup has a Banker pair)."""


@pytest.mark.parametrize("command", [["build"], ["show", "--color", "never"], ["explain", "--json"]])
def test_coups_range_is_the_board_of_those_coups(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text(THIRD_ON)
    _, whole, _ = run(capsys, *command, str(plain))
    status, part, err = run(capsys, *command, str(ARCHIVES / "words.csv"), "--coups", "3-")
    assert status == 0, err
    assert part == whole


def test_coups_range_render_and_lesson(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = str(ARCHIVES / "words.csv")
    plain = tmp_path / "plain.txt"
    plain.write_text(THIRD_ON)
    for cmd, out_a, out_b in (("render", "a.svg", "b.svg"), ("lesson", "a.html", "b.html")):
        assert run(capsys, cmd, log, "--coups", "3-8", "-o", str(tmp_path / out_a))[0] == 0
        assert run(capsys, cmd, str(plain), "-o", str(tmp_path / out_b))[0] == 0
        a, b = (tmp_path / out_a).read_text(), (tmp_path / out_b).read_text()
        if cmd == "lesson":  # the page names its log
            a, b = a.replace("words.csv", "X"), b.replace("plain.txt", "X")
        assert a == b


def test_coups_range_errors(capsys: pytest.CaptureFixture[str]) -> None:
    log = str(ARCHIVES / "words.csv")
    status, _, err = run(capsys, "build", log, "--coups", "9-")
    assert status == 1 and "--coups 9- starts at coup 9, but the shoe has 8 coups" in err
    status, _, err = run(capsys, "build", log, "--coups", "5-2")
    assert status == 2 and "the range 5-2 ends before it starts" in err
    status, _, err = run(capsys, "build", log, "--coups", "x")
    assert status == 2 and "'x' is not a coup range" in err


# --- check --decks ---


def test_check_decks_finds_a_rank_dealt_too_often(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "nines.txt"
    log.write_text("9 9 9 9\n" * 40)
    status, out, _ = run(capsys, "check", str(log))
    assert status == 1 and f"{log}: coup 9 (line 9): the 33rd 9 dealt, but 8 decks hold 32" in out
    status, out, _ = run(capsys, "check", str(log), "--decks", "1")
    assert status == 1 and "coup 2 (line 2): the 5th 9 dealt, but 1 deck hold 4" in out
    assert run(capsys, "check", str(log), "--decks", "0")[0] == 0
    stream = tmp_path / "stream.txt"
    stream.write_text("# format: stream\n" + "9H 9H 9H 9H " * 3)
    status, out, _ = run(capsys, "check", str(stream), "--decks", "2")
    assert status == 1 and "coup 1 (line 2): 9H dealt 3 times, but 2 decks hold 2" in out


def test_check_decks_reads_a_dealt_logs_burn_and_cut(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, text, _ = run(capsys, "deal", "--seed", "3")
    log = tmp_path / "dealt.txt"
    log.write_text(text)
    assert run(capsys, "check", str(log))[0] == 0
    burned = re.search(r"# burned: (.*)", text)
    assert burned is not None
    log.write_text(text.replace(burned.group(0), "# burned: " + burned.group(1) + " 9C"))
    status, out, _ = run(capsys, "check", str(log))
    assert status == 1 and "burns 1 more" not in out and "but a first card" in out
    log.write_text(text.replace("# cut: 16", "# cut: 100"))
    status, out, _ = run(capsys, "check", str(log))
    assert status == 1 and "the cut card (100 cards from the end) came out in coup" in out


def test_check_decks_on_every_shoe_of_an_archive(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "a.csv"
    log.write_text("shoe,cards\n" + "1,9 9 9 9\n" * 2 + "2,3 6 K K 6 2\n")
    status, out, _ = run(capsys, "check", str(log), "--decks", "1")
    assert status == 1
    assert f"{log}, shoe 1: coup 2 (line 3): the 5th 9 dealt" in out
    assert f"{log}, shoe 2: 1 coup (csv), every one follows the drawing rules" in out


# --- convert and deal: round trips ---

FORMATS_OUT = ("csv", "jsonl", "json", "cards", "results", "stream")


@pytest.mark.parametrize("target", FORMATS_OUT)
def test_convert_a_card_log_round_trips(target: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    coups = deal_shoe(8, seed=5).coups
    source = tmp_path / "shoe.txt"
    source.write_text("\n".join(" ".join(map(str, c.dealt)) for c in coups) + "\n")
    out = tmp_path / f"out.{target}"
    status, _, err = run(capsys, "convert", str(source), "--to", target, "-o", str(out))
    assert status == 0, err
    if target == "results":
        assert read_outcomes(out) == [Outcome(c.winner, c.banker_pair, c.player_pair, c.natural) for c in coups]
    else:
        assert read_coups(out) == list(coups)


@pytest.mark.parametrize("target", ["csv", "jsonl", "json", "results"])
def test_convert_results_round_trip(target: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = ARCHIVES / "words.csv"
    out = tmp_path / "out"
    assert run(capsys, "convert", str(source), "--to", target, "-o", str(out))[0] == 0
    assert read_outcomes(out) == read_outcomes(source)


@pytest.mark.parametrize("target", ["csv", "jsonl"])
def test_convert_an_archive_round_trips_every_shoe(
    target: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("table7.csv", "zh.csv"):
        source = ARCHIVES / name
        out = tmp_path / f"{name}.{target}"
        assert run(capsys, "convert", str(source), "--to", target, "-o", str(out))[0] == 0
        assert list(iter_shoes(out)) == [
            type(s)(s.id, s.outcomes, s.coups, back.line)
            for s, back in zip(iter_shoes(source), iter_shoes(out), strict=True)
        ]


def test_convert_to_one_shoe_formats_needs_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "convert", str(ARCHIVES / "words.csv"), "--to", "cards")
    assert status == 1 and "the cards format needs cards, but coup 1 is a result only" in err


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_deal_writes_jsonl_and_csv_that_read_back(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, text, _ = run(capsys, "deal", "--seed", "9", "--format", fmt)
    assert status == 0 and text.startswith(f"# format: {fmt}\n# decks: 8\n# seed: 9\n")
    assert read_coups(io.StringIO(text)) == list(deal_shoe(8, seed=9).coups)


# --- streamed JSON ---


def test_streamed_board_json_is_the_same_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import random

    from roads.board.jsonview import board_json

    rng = random.Random(12)
    for size in (0, 1, 2, 7, 80, 500):
        results = "".join(rng.choice("BBBPPPT") for _ in range(size)) or "T"
        log = tmp_path / "r.txt"
        log.write_text(results + "\n")
        status, out, _ = run(capsys, "build", str(log), "--json")
        assert status == 0
        # build --json prices the good roads (tested in test_good_roads.py); every other byte is the board's own.
        priced = json.loads(out)["good_roads"]
        assert out == board_json(Scoreboard.from_results(results), priced) + "\n"


def test_winner_words_are_every_spelling() -> None:
    from roads.logs.results import winner_of

    assert {w: winner_of(w) for w in ("Banker", "PLAYER", "tie", "庄", "莊", "闲", "閒", "和")} == {
        "Banker": Winner.BANKER,
        "PLAYER": Winner.PLAYER,
        "tie": Winner.TIE,
        "庄": Winner.BANKER,
        "莊": Winner.BANKER,
        "闲": Winner.PLAYER,
        "閒": Winner.PLAYER,
        "和": Winner.TIE,
    }


# --- docs/logs.md: the console examples of the spreadsheet and archive sections run as shown ---

LOGS_PAGE = (ROOT / "docs" / "logs.md").read_text("utf-8")
LOGS_BLOCKS = [b.splitlines() for b in re.findall(r"```console\n(.*?)```", LOGS_PAGE, re.S)]


@pytest.mark.parametrize("block", LOGS_BLOCKS, ids=[b[0][2:50] for b in LOGS_BLOCKS])
def test_logs_page_examples_print_what_the_page_shows(
    block: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    prefix = f'roads() {{ "{sys.executable}" -m roads "$@"; }}\n'
    commands: list[tuple[str, list[str]]] = []
    for line in block:
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
    for command, shown in commands:
        while shown and not shown[-1].strip():
            shown.pop()
        argv = shlex.split(command)
        if argv[0] == "roads" and not set("<>|&;$`") & set(command):
            # A plain command runs in this process (the page's point is its output, not the start-up);
            # an example with redirections still goes through a real shell and a real process.
            status = main(argv[1:])
            out, err = capsys.readouterr()
            assert status == 0, (command, err)
            assert not (out and err), (command, err)
            assert (out + err).rstrip("\n").splitlines() == shown, command
            continue
        done = subprocess.run(
            ["bash", "-c", prefix + command],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
            timeout=120,
        )
        assert done.returncode == 0, command
        assert done.stdout.rstrip("\n").splitlines() == shown, command


def test_check_json_on_an_archive_is_one_object_a_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", str(ARCHIVES / "table7.csv"), "--json")
    assert status == 0
    reports = [json.loads(line) for line in out.splitlines()]
    assert [(r["file"], r["coups"], r["clean"], r["shoe"]) for r in reports] == [
        (f"{ARCHIVES / 'table7.csv'}, shoe '7-1'", 6, True, []),
        (f"{ARCHIVES / 'table7.csv'}, shoe '7-2'", 5, True, []),
    ]


def test_verbose_says_how_a_sheet_was_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "build", str(ARCHIVES / "zh.csv"), "--per-shoe", "--verbose")
    assert status == 0
    assert err == (
        f"roads: note: {ARCHIVES / 'zh.csv'}: comma-separated, inferred (no header row): "
        "column 1 shoe, column 2 coup, column 3 result\n"
    )
    assert run(capsys, "build", str(ARCHIVES / "zh.csv"), "--per-shoe")[2] == ""


def test_stdin_archives_and_shoe(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((ARCHIVES / "month.jsonl").read_bytes())))
    status, out, _ = run(capsys, "build", "-", "--shoe", "03-03")
    assert status == 0 and out.startswith("5 coups: Banker 1")
