"""``roads convert`` to every format, from every archive and log fixture, reads back as the same shoes.

Same shoes (none merged, ids kept or made unique), same coups (cards where the
log had them, results with their markers and totals) and the same fields
(table, date, decks, seed, cut, burned). One-shoe formats are checked shoe by
shoe with ``--shoe``, for what each can hold: results keep results (no totals:
the text grammar has none), cards and stream need every coup's cards.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FIXTURES, ROOT, run

from roads.coup import Coup
from roads.errors import RoadsError
from roads.logs.archive import open_archive
from roads.outcome import Outcome

LOGS = sorted([*(ROOT / "fixtures" / "archives").iterdir(), *FIXTURES.iterdir()])
ONE_SHOE = ("json", "results", "cards", "stream")

Read = tuple[str, list[Coup | Outcome], dict[str, object], int]


def good_shoes(path: Path | str) -> list[Read]:
    """Return (id as text, coups as the log has them, fields, --shoe number) of every shoe of a log that reads."""
    out = []
    with open_archive(str(path)) as shoes:
        for shoe in shoes:
            if shoe.error is not None:
                continue
            try:
                items = [e.coup if e.coup is not None else e.outcome for e in shoe.entries()]
            except RoadsError:
                continue
            out.append((str(shoe.id), items, shoe.fields(), shoe.number))
    return out


def made_unique(ids: list[str]) -> list[str]:
    """Return the ids convert writes: a repeated one becomes id-2, id-3... (skipping any taken)."""
    seen: set[str] = set()
    out = []
    for shoe_id in ids:
        made, n = shoe_id, 2
        while made in seen:
            made, n = f"{shoe_id}-{n}", n + 1
        seen.add(made)
        out.append(made)
    return out


def plain(item: Coup | Outcome) -> Outcome:
    """Return what a results log holds of a coup: winner and markers."""
    outcome = item.outcome() if isinstance(item, Coup) else item
    return Outcome(outcome.winner, outcome.banker_pair, outcome.player_pair, outcome.natural)


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
@pytest.mark.parametrize("target", ["csv", "jsonl"])
def test_archive_formats_give_back_every_shoe(
    log: Path, target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = good_shoes(log)
    out = tmp_path / f"out.{target}"
    status, _, err = run(capsys, "convert", str(log), "--to", target, "-o", str(out))
    if not before:
        assert status == 1 and not out.exists(), err
        return
    after = good_shoes(out)
    assert [(items, fields) for _, items, fields, _ in after] == [(items, fields) for _, items, fields, _ in before]
    if len(before) > 1:
        assert [i for i, _, _, _ in after] == made_unique([i for i, _, _, _ in before])


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
@pytest.mark.parametrize("target", ONE_SHOE)
def test_one_shoe_formats_give_back_each_shoe(
    log: Path, target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for _, items, fields, number in good_shoes(log):
        out = tmp_path / f"{number}.{target}"
        status, _, err = run(capsys, "convert", str(log), "--shoe", str(number), "--to", target, "-o", str(out))
        if target in ("cards", "stream") and not all(isinstance(i, Coup) for i in items):
            assert status == 1 and "needs cards" in err and not out.exists(), err
            continue
        assert status == 0 or "the stream ends in the middle" in err, err  # stream-cut.txt warns, as it should
        [(_, back, back_fields, _)] = good_shoes(out)
        assert back_fields == fields
        if target == "results":
            assert [plain(i) for i in back] == [plain(i) for i in items]
        else:
            assert back == items


def test_the_fixtures_cover_every_field_and_shape() -> None:
    """The round trips above are worth something only if the fixtures hold every field and shape."""
    shoes = [shoe for log in LOGS for shoe in good_shoes(log)]
    assert {key for _, _, fields, _ in shoes for key in fields} == {"table", "date", "decks", "seed", "cut", "burned"}
    ids = [shoe_id for shoe_id, _, _, _ in good_shoes(ROOT / "fixtures" / "archives" / "fields.jsonl")]
    assert len(ids) != len(set(ids))
    assert any(
        shoe_id.startswith("line ") for shoe_id, _, _, _ in good_shoes(ROOT / "fixtures" / "archives" / "no-ids.csv")
    )
    assert any(all(isinstance(i, Coup) for i in items) for _, items, _, _ in shoes)
    assert any(all(isinstance(i, Outcome) for i in items) for _, items, _, _ in shoes)
    assert any(isinstance(i, Outcome) and i.player_total is not None for _, items, _, _ in shoes for i in items)
