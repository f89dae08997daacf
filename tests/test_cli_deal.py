"""``roads deal``: seeded, byte-for-byte reproducible shoes in every log format, written whole or not at all."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run

from roads.logs import read_coups, read_outcomes
from roads.shoe import MIN_CUT, deal_shoe


def test_seed_1_is_byte_identical_on_every_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first = run(capsys, "deal", "--seed", "1")
    second = run(capsys, "deal", "--seed", "1")
    assert first[0] == 0 and first == second
    code, out, err = run(capsys, "deal", "--seed", "1", "-o", str(tmp_path / "a.txt"))
    assert code == 0 and out == "" and "dealt" in err and "seed 1" in err
    run(capsys, "deal", "--seed", "1", "-o", str(tmp_path / "b.txt"))
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes() == first[1].encode("utf-8")


@pytest.mark.slow
def test_the_console_script_gives_the_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    _, expected, _ = run(capsys, "deal", "--seed", "1", "--format", "json")
    script = Path(sys.executable).with_name("roads")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "roads"]
    done = subprocess.run(
        [*command, "deal", "--seed", "1", "--format", "json"],
        capture_output=True,
        env={**os.environ, "PYTHONHASHSEED": "random"},
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout == expected.encode("utf-8")


def test_header_records_the_shoe_so_it_can_be_dealt_again(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--decks", "6", "--cut", "20", "--format", "stream")
    assert code == 0
    header = dict(line[2:].split(": ", 1) for line in out.splitlines() if line.startswith("# "))
    assert header["format"] == "stream" and header["decks"] == "6" and header["cut"] == "20"
    seed = header["seed"]
    assert header["redeal"] == f"roads deal --decks 6 --seed {seed} --cut 20 --format stream"
    again = run(capsys, *header["redeal"].split()[1:])
    assert again == (0, out, "")
    shoe = deal_shoe(6, seed=int(seed), cut=20)
    assert header["burned"] == " ".join(str(c) for c in shoe.burned)


@pytest.mark.parametrize("fmt", ["cards", "stream", "json"])
def test_every_card_format_reads_back_to_the_dealt_shoe(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", "--seed", "42", "--decks", "4", "--format", fmt)
    assert read_coups(io.StringIO(out)) == list(deal_shoe(4, seed=42).coups)


def test_results_format_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", "--seed", "42", "--format", "results")
    shoe = deal_shoe(8, seed=42)
    assert [o.winner for o in read_outcomes(io.StringIO(out))] == [c.winner for c in shoe.coups]
    _, out, _ = run(capsys, "deal", "--seed", "42", "--hands")
    assert "P: " in out and "--hands" in out
    assert read_coups(io.StringIO(out)) == list(shoe.coups)


def test_a_text_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", "--seed", "table 7, shoe 3", "--format", "json")
    assert '"seed": "table 7, shoe 3"' in out
    assert "--seed 'table 7, shoe 3'" in out
    assert read_coups(io.StringIO(out)) == list(deal_shoe(8, seed="table 7, shoe 3").coups)


@pytest.mark.parametrize("args", [["--format", "xml"], ["--decks", "many"], ["--cut"], ["--bogus"], ["extra-argument"]])
def test_bad_usage_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", *args)
    assert code == 2 and out == "" and "Error:" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--decks", "0"], "Invalid value for '--decks': a shoe needs at least 1 deck"),
        (["--cut", "5"], f"Invalid value for '--cut': the cut card must be at least {MIN_CUT} cards from the end"),
        (
            ["--decks", "1", "--cut", "40"],
            ("Invalid value for '--cut': a cut card 40 cards from the end of a 52-card shoe leaves no room"),
        ),
    ],
)
def test_impossible_shoes_are_usage_errors_and_write_nothing(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "shoe.txt"
    code, out, err = run(capsys, "deal", "--seed", "1", *args, "-o", str(target))
    assert code == 2 and out == ""
    assert "Usage: roads deal" in err and message in err and "Traceback" not in err
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_an_error_never_touches_an_existing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "shoe.txt"
    target.write_text("keep me\n")
    code, _, _ = run(capsys, "deal", "--decks", "0", "-o", str(target))
    assert code == 2 and target.read_text() == "keep me\n"
    assert list(tmp_path.iterdir()) == [target]


def test_output_into_a_missing_folder_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "deal", "--seed", "1", "-o", str(tmp_path / "no" / "shoe.txt"))
    assert code == 1 and "does not exist" in err and err.count("\n") == 1


def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--help")
    assert code == 0 and "Examples:" in out and "roads deal --seed 1" in out and "--format" in out


@pytest.mark.parametrize(
    ("args", "name", "fmt"),
    [
        ([], "shoe.json", "json"),
        ([], "shoe.jsonl", "jsonl"),
        ([], "shoe.csv", "csv"),
        ([], "shoe.txt", "cards"),
        (["--format", "results"], "shoe.txt", "results"),
        (["--shoes", "2"], "month.csv", "csv"),
    ],
)
def test_the_format_follows_the_extension(
    args: list[str], name: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`deal -o shoe.json` wrote a cards log into shoe.json: -o's extension says the format unless --format does."""
    out = tmp_path / name
    assert run(capsys, "deal", "--seed", "1", *args, "-o", str(out))[0] == 0
    expected = run(capsys, "deal", "--seed", "1", *args, "--format", fmt)[1] if "--format" not in args else None
    assert out.read_text() == (expected if expected is not None else run(capsys, "deal", "--seed", "1", *args)[1])


def test_a_format_the_extension_contradicts_is_bad_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "--format", "cards", "-o", str(tmp_path / "shoe.json"))
    assert status == 2 and "writes json, but --format asks for cards" in err
    assert not (tmp_path / "shoe.json").exists()
