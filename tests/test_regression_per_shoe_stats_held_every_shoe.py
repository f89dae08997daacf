"""``roads stats --by shoe`` writes each shoe's group as it is finished (issue 24 item 5).

It kept every shoe's Tally, then every shoe's whole JSON document, then the
whole output as one string: a 1.8 MB CSV of 200,000 one-coup shoes went past
5.5 GB into a MemoryError traceback. Now a shoe's group leaves as soon as the
next shoe's is started, and only the total is kept; the bytes are the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run
from peak_memory import run_peak

from roads.cli import gather
from roads.cli.inputs import Inputs
from roads.cli.output import stats as stats_output
from roads.logs.archive import Shoe


def _archive(folder: Path, shoes: int, name: str = "shoes.csv") -> Path:
    path = folder / name
    rows = "".join(f"{n},1,{'BPB'[n % 3]}\n" for n in range(1, shoes + 1))
    path.write_text("shoe,coup,result\n" + rows)
    return path


def test_a_shoes_group_leaves_before_the_next_shoes_are_read(tmp_path: Path) -> None:
    log = _archive(tmp_path, 5)
    events: list[str] = []

    def counted(shoe: Shoe, board: object) -> None:
        events.append(f"read {shoe.id}")

    tallies, total = gather.tally_logs(
        Inputs((str(log),), None, None, False), "shoe", 1, None, counted, lambda t: events.append(f"out {t.key}")
    )
    assert tallies == {}  # nothing held but the total
    assert total.shoes == 5 and total.counts.coups == 5
    # Shoe 1's group is out as soon as shoe 2 is counted, before shoe 2 is handed on.
    assert events[:3] == ["read 1", f"out {log}, shoe 1", "read 2"]
    assert events[-1] == f"out {log}, shoe 5"


@pytest.mark.parametrize("fmt", ["--json", "--csv", None])
def test_the_streamed_output_is_the_whole_documents_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str | None
) -> None:
    log = _archive(tmp_path, 40)
    inputs = Inputs((str(log),), None, None, False)
    tallies, total = gather.tally_logs(inputs, "shoe", 1)
    data = stats_output.stats_data(tallies, total, 8)
    detail = ["--detail"] if fmt == "--json" else []  # without it, the shoes that stand out in nothing are one line
    code, out, _ = run(capsys, "stats", str(log), "--by", "shoe", *([fmt] if fmt else []), *detail)
    assert code == 0
    if fmt == "--json":
        assert out == json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    elif fmt == "--csv":
        assert out == stats_output.csv_report(data)
    else:
        assert out == stats_output.text_report(data)


def test_no_group_is_written_when_no_shoe_has_a_coup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "empty.csv"
    log.write_text("shoe,coup,result\n")
    code, out, err = run(capsys, "stats", str(log), "--by", "shoe", "--json")
    assert code == 1 and out == "" and err.count("\n") == 1


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["--json", "--csv"])
def test_peak_memory_does_not_grow_with_the_shoes(tmp_path: Path, fmt: str) -> None:
    small = run_peak(["stats", str(_archive(tmp_path, 500, "small.csv")), "--by", "shoe", fmt])
    large = run_peak(["stats", str(_archive(tmp_path, 5_000, "large.csv")), "--by", "shoe", fmt])
    assert small.status == 0 and large.status == 0, large.stderr
    # Held every shoe: about 68 MB a 1,000 shoes (20,000 shoes: 1.37 GB). Now: the interpreter and one group.
    assert large.peak_mb < small.peak_mb + 15, (small.peak_mb, large.peak_mb)
