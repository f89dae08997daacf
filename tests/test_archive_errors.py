"""Every message docs/archive-errors.md lists is made by a bad input here, and the page says it word for word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roads.cli import main

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "archive-errors.md").read_text(encoding="utf-8")
MONTH = Path(__file__).resolve().parent.parent / "fixtures" / "archives" / "month.jsonl"

CASES: list[tuple[str, str, list[str], str]] = [
    # (file name, its text, the command, a fragment of what roads prints that the page must hold)
    ("empty.txt", "", ["build"], "no coups: the log is empty or holds only comments and blank lines"),
    ("x.csv", "shoe,notes\n1,y\n", ["build"], "cannot tell which column holds the coups: columns seen 'shoe', 'notes'"),
    ("x.csv", "1,2026-03-01,x\n2,2026-03-02,y\n", ["build"], "the first row is '1', '2026-03-01', 'x' (column 1 int"),
    ("x.csv", "coup,result,winner\n1,B,B\n", ["build"], "two result columns ('result' and 'winner')"),
    ("x.csv", "coup,player\n1,9H KS\n", ["build"], "a player cards column but no banker column"),
    ("x.csv", "B,Player\nP,Banker\n", ["build", "--format", "csv"], "all look like results: add a header row"),
    ("x.csv", "shoe,coup,result\n1,1,B\n1,2,X\n", ["build", "--per-shoe"], "'X' is not a result: use B, P or T"),
    ("x.csv", "coup,result\n1,B P\n", ["build"], "'B P' holds 2 results: one row is one coup"),
    ("x.csv", "coup,result\n1,\n", ["build"], "a row with no result and no cards"),
    ("x.csv", "coup,result,player_pair\n1,B,maybe\n", ["build"], "player_pair 'maybe' is not yes or no"),
    ("x.csv", "coup,result,player_total\n1,B,12\n", ["build"], "player_total '12' is not a total from 0 to 9"),
    (
        "x.csv",
        "coup,result,player_total,banker_total\n1,B,9,4\n",
        ["build"],
        "the row says banker wins, but Player 9 against Banker 4 makes player",
    ),
    (
        "x.csv",
        "shoe,coup,player,banker,result\n1,1,9H KS,KD 4C,B\n",
        ["build", "--per-shoe"],
        "the log says banker wins, but the cards make Player 9, Banker 4: player wins",
    ),
    ("x.csv", "coup,cards\n1,9H ZZ KD 4C\n", ["build"], "'ZZ' is not a card"),
    ("month.jsonl", '{"shoe": 1, "results": "B"}\n{"shoe": 2 "results": "B"}\n', ["check"], "not valid JSON"),
    ("month.jsonl", '{"shoe": 1, "results": "B"}\n[1]\n', ["check"], "a shoe line must be a JSON object, not a list"),
    (
        "month.jsonl",
        '{"shoe": 1, "results": "B"}\n{"shoe": 2}\n',
        ["check"],
        'a shoe line needs exactly one of "results" or "coups"',
    ),
    (
        "month.jsonl",
        '{"shoe": 1, "results": "B"}\n{"shoe": 2, "coups": 3}\n',
        ["check"],
        '"coups" must be a list of coup objects',
    ),
    (
        "shoe.jsonl",
        '{"winner": "banker"}\n{"winner": "player"}\n{"shoe": 1, "results": "B"}\n',
        ["build"],
        'a shoe line ({"shoe": ...}) where a coup was expected',
    ),
    ("month.jsonl", MONTH.read_text(), ["build", "--per-shoe"], "shoe '03-04' has no coups"),
    ("month.jsonl", MONTH.read_text(), ["build", "--per-shoe"], "\"results\" character 3: 'X' in 'BPXB' is not"),
    ("month.jsonl", MONTH.read_text(), ["build", "--per-shoe"], "shoe '03-01' appears twice (first as shoe 1, line 1)"),
    ("month.jsonl", MONTH.read_text(), ["build", "--per-shoe"], "3 of 5 shoes built (2 failed: see above)"),
    ("month.jsonl", MONTH.read_text(), ["build", "--shoe", "nope"], "no shoe 'nope': the log holds 5 shoes"),
    ("month.jsonl", MONTH.read_text(), ["show"], "holds 5 shoes and roads show reads one: pick it with --shoe"),
    (
        "month.jsonl",
        '{"shoe": 1, "results": "B"}\n{"shoe": 2, "results": "B"}\n',
        ["odds", "--after"],
        "this shoe holds results only, and this needs cards",
    ),
    (
        "words.txt",
        "B P T B P P B T\n",
        ["build", "--coups", "9-"],
        "--coups 9- starts at coup 9, but the shoe has 8 coups",
    ),
    ("words.txt", "B\n", ["build", "--coups", "x"], "'x' is not a coup range: write 1-40, 41- or 7"),
    ("words.txt", "B\n", ["build", "--coups", "5-2"], "the range 5-2 ends before it starts"),
    ("words.txt", "B\n", ["convert", "--to", "cards"], "the cards format needs cards, but coup 1 is a result only (B)"),
    ("nines.txt", "9 9 9 9\n" * 40, ["check"], "coup 9 (line 9): the 33rd 9 dealt, but 8 decks hold 32"),
    (
        "stream.txt",
        "# format: stream\n" + "9H 9H 9H 9H " * 3,
        ["check", "--decks", "2"],
        "9H dealt 3 times, but 2 decks hold 2",
    ),
    (
        "dealt.txt",
        "# burned: KS 5D TS TC TH 3S 9C 8D TC KH 7C 9C\n3 6 K K 6 2\n",
        ["check"],
        "the header burns 12 cards, but a first card KS burns 10 more: 11 in all",
    ),
    ("dealt.txt", "# burned: ZZ\n3 6 K K 6 2\n", ["check"], "the burned cards in the header are not cards: "),
]


@pytest.mark.parametrize(("name", "text", "command", "fragment"), CASES, ids=[c[3][:40] for c in CASES])
def test_each_message_is_made_and_listed(
    name: str, text: str, command: list[str], fragment: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    after = command[-1] == "--after"
    argv = [*command, str(log), "--shoe", "2"] if after else [command[0], str(log), *command[1:]]
    status = main(argv)
    out, err = capsys.readouterr()
    assert status in (1, 2)
    assert fragment in out + err
    assert fragment in PAGE


def test_a_shoe_line_over_a_megabyte_stops_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "month.jsonl"
    log.write_text('{"shoe": 1, "results": "B"}\n' + json.dumps({"shoe": 2, "results": "B" * (2 << 20)}) + "\n")
    assert main(["build", str(log), "--per-shoe"]) == 1
    err = capsys.readouterr().err
    fragment = "a line longer than 1048576 characters: one shoe line is never this big"
    assert fragment in err and fragment in PAGE
