"""The numbers of stats, report, odds and simulate are the same bytes as before the code moved (issue 20)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers import dealt_shoe_lines

from roads.cli import main

# sha256 of each output, recorded before issue 20 moved the counting, simulating and pool code.
EXPECTED = {
    # issue 35, item 3: stats gains order_reading per group, flagged_groups p/flag/reading, homogeneity alpha/flag/
    # reading (the CSV's homogeneity row its flag and alpha); item 2: the report's exposure data says "known";
    # item 6: every group's JSON gains "power" (the smallest Banker-share shift flagged 80% of the time).
    # issue 23: stats and the report's tables gain runs, lag1, the omnibus tests, exact small-count p, adjusted p and
    # threshold, flagged_groups and homogeneity (the counts and the large-count figures are unchanged).
    "stats-json": "dd81182d4a900b374185834ef918b918164ec58cf66bea796c9f8fa5370e2c20",
    "stats-by-table-csv": "9d9c40534453a93774f2a5d46190e38c99d8cbfb2bbce9a82e97b0ab2dbb11f0",
    "stats-jobs-json": "db70563e8f31f4148702f1ddb8fd47270ed41035deef6447c283931509fdbbd5",
    "stats-coups-csv": "4fdb35ab341bf02fec7463ac69ba86ed71481cefa834100d6cd9396db977a214",
    "stats-marks-csv": "5fa23f680da67cd2f98f762f0184c5737c2848e9f871aed55734cd7a000cfce0",
    "stats-on-the-fly-json": "268812fb9a63df7a253c7f8da8b3c08527291ca4c6bbf1d27ee6bb51c0e0b07c",
    # issue 23, item 6: a card archive's report gains the side-bet exposure tables (the other tables are unchanged).
    "report-data": "9afe999f2d1247ddfba22862c78d3ae97e068b46ee47bf21452a9c7db9f6ce1e",
    # issue 23: the report gains a runs-test section and a groups-together section (their words, not their plots).
    # issue 35: the runs section says the runs test is within shoes and the lag-1 correlation pooled (so differing
    # shoes look streaky too), and a group reading that agrees says so in words; no number changed.
    "report-words": "e96f5105368f988f17e0100035ded0e550b3b6d604d52058e5ede8772921e97d",
    "odds-json": "b8b2427a2741a39bc2da16c4a8d502f73fa8decab882b4b4e5bd90544d4c7167",
    # issue 22: the one-point --bets JSON carries the next coup's odds too ("odds", between "cards_left" and "bets").
    "odds-bets-json": "7a5e89467d4cfe3922a7e366025313a5584b09f6336791a535c52d871312e855",
    "odds-each-json": "9447e62ffdeeccd25ea45dfb419679d9a7283c088ac3671b1b5b65e44754ee0c",
    "simulate-numpy-json": "0e2a989071c76b2a2e6cb7652c46dda76d8a1a866a9cc63a6061229611099f7c",
    "simulate-scalar-json": "8a87a80ed95efa1a9a8ecdad5862c3976481ca1555b1f9363e2076b0a29f9c43",
    "simulate-bets-json": "54dd71b39d97378eaebcad58066c31ce6f6342eda84059de2cfe498062764721",
}


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 dealt shoes with cards on three tables, and two of results only."""
    path = tmp_path_factory.mktemp("bytes") / "shoes.jsonl"
    lines = dealt_shoe_lines(24, 6, table=lambda seed: f"T{seed % 3 + 1}")
    lines.append(json.dumps({"shoe": "r1", "table": "T1", "results": "BPPTBBPTBBBPBP"}) + "\n")
    lines.append(json.dumps({"shoe": "r2", "table": "T2", "results": "PPPPBTBBPB"}) + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _out(capsys: pytest.CaptureFixture[str], *args: str) -> bytes:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out.encode("utf-8")


def _outputs(archive: Path, tmp: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, bytes]:
    got = {
        "stats-json": _out(capsys, "stats", str(archive), "--decks", "6", "-j", "1", "--json"),
        "stats-by-table-csv": _out(capsys, "stats", str(archive), "--decks", "6", "--by", "table", "--csv"),
        "stats-jobs-json": _out(capsys, "stats", str(archive), "--decks", "6", "--by", "shoe", "-j", "2", "--json"),
    }
    # 9 decks are not shipped: the column depths and red shares are simulated on the fly.
    got["stats-on-the-fly-json"] = _out(capsys, "stats", str(archive), "--decks", "9", "--json")
    _out(capsys, "stats", str(archive), "--decks", "6", "--csv-tables", str(tmp / "tables"))
    got["stats-coups-csv"] = (tmp / "tables" / "coups.csv").read_bytes()
    got["stats-marks-csv"] = (tmp / "tables" / "marks.csv").read_bytes()
    _out(capsys, "report", str(archive), "--decks", "6", "--by", "table", "-o", str(tmp / "r.html"))
    page = (tmp / "r.html").read_text(encoding="utf-8")
    # The template breaks lines between elements where the old page did not: no text, nothing a reader sees.
    page = re.sub(r">\s*\n\s*<", "><", page)
    # The page's drawing may change; what it says may not: its CSV downloads and every number in its tables.
    downloads = [unquote(d).encode("utf-8") for d in re.findall(r'href="data:text/csv;[^,]*,([^"]+)"', page)]
    assert len(downloads) == 2
    tables = re.findall(r"<table.*?</table>", page, re.S)
    got["report-data"] = b"\n".join(downloads) + "\n".join(tables).encode("utf-8")
    # issue 23: what the runs-test and groups-together sections say, their plots left out
    words = [
        re.sub(r"<svg.*?</svg>", "", m, flags=re.S)
        for m in re.findall(r'<section id="(?:runs|homogeneity)">.*?</section>', page, re.S)
    ]
    assert len(words) == 2
    got["report-words"] = "\n".join(words).encode("utf-8")
    got["odds-json"] = _out(capsys, "odds", "--decks", "6", "--json")
    got["odds-bets-json"] = _out(capsys, "odds", "--bets", "--rules", "ez", "--decks", "6", "--json")
    got["odds-each-json"] = _out(capsys, "odds", "--after", str(archive), "--shoe", "3", "--each", "--json")
    got["simulate-numpy-json"] = _out(capsys, "simulate", "--shoes", "300", "--seed", "5", "--json", "-q")
    got["simulate-scalar-json"] = _out(
        capsys, "simulate", "--shoes", "20", "--decks", "2", "--engine", "scalar", "--seed", "5", "--json", "-q"
    )
    got["simulate-bets-json"] = _out(
        capsys, "simulate", "--shoes", "300", "--seed", "5", "--bets", "--rules", "super6", "--json", "-q"
    )
    return got


@pytest.mark.slow
def test_outputs_are_the_bytes_they_were(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # File names are in the output: the same relative name on every run.
    monkeypatch.chdir(tmp_path)
    Path("shoes.jsonl").write_bytes(archive.read_bytes())
    outputs = _outputs(Path("shoes.jsonl"), Path("."), capsys)
    got = {name: hashlib.sha256(data).hexdigest() for name, data in outputs.items()}
    assert got == EXPECTED, json.dumps(got, indent=1)
