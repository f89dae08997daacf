"""``roads deal --shoes N``: an archive in one command, a shoe a line, each shoe the one its seed deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

from roads.logs import iter_shoes
from roads.shoe import deal_shoe


def test_each_shoe_is_the_shoe_its_seed_deals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    archive = tmp_path / "archive.jsonl"
    code, out, err = run(capsys, "deal", "--shoes", "3", "--seed", "5", "--decks", "1", "-o", str(archive))
    assert code == 0 and out == "" and "3 shoes" in err and "seeds 5 to 7" in err
    shoes = list(iter_shoes(archive))
    assert [shoe.id for shoe in shoes] == [5, 6, 7]
    for shoe in shoes:
        assert shoe.coups == deal_shoe(1, seed=shoe.id).coups
    first = json.loads(archive.read_text().splitlines()[0])
    assert (first["decks"], first["seed"], first["cut"]) == (1, 5, 16)
    assert first["burned"] == [str(card) for card in deal_shoe(1, seed=5).burned]


def test_the_same_options_give_the_same_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "deal", "--shoes", "2", "--seed", "x", "--decks", "1")
    assert code == 0 and out == run(capsys, "deal", "--shoes", "2", "--seed", "x", "--decks", "1")[1]
    assert [shoe.id for shoe in iter_shoes(_write(tmp_path / "x.jsonl", out))] == ["x-1", "x-2"]


def test_a_csv_archive_has_a_shoe_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "deal", "--shoes", "2", "--seed", "1", "--decks", "1", "--format", "csv")
    assert code == 0 and out.splitlines()[4] == "shoe,coup,player,banker,result"
    shoes = list(iter_shoes(_write(tmp_path / "a.csv", out)))
    assert [shoe.coups for shoe in shoes] == [deal_shoe(1, seed=1).coups, deal_shoe(1, seed=2).coups]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--shoes", "0"], "an archive holds at least 1 shoe, got 0"),
        (["--shoes", "10001"], "10001 shoes is more than one archive holds (at most 10,000"),
        (["--shoes", "2", "--format", "cards"], "-o {target} writes jsonl, but --format asks for cards"),
        (["--shoes", "2", "--hands"], "--hands writes a cards log"),
        (["--shoes", "2", "--format", "csv"], "-o {target} writes jsonl, but --format asks for csv"),
    ],
)
def test_bad_shoe_counts_and_formats_are_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    target = tmp_path / "archive.jsonl"
    code, out, err = run(capsys, "deal", *args, "-o", str(target))
    assert code == 2 and out == "" and message.format(target=target) in err and "Traceback" not in err
    assert not target.exists() and list(tmp_path.iterdir()) == []


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_an_archive_is_jsonl_or_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--shoes", "2", "--format", "cards")
    assert code == 2 and out == "" and "--shoes writes an archive: jsonl (the default) or csv, not cards" in err
