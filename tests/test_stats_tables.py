"""roads stats --parquet / --csv-tables: the coups and marks tables (issue 16, item 4)."""

from __future__ import annotations

import csv
import io
import json
import random
import signal
import sys
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads import Scoreboard
from roads.analytics import tablefiles
from roads.analytics.tables import COUP_COLUMNS, MARK_COLUMNS, TABLES, ShoeInfo, TableRows, shoe_rows
from roads.board.jsonview import board_dict
from roads.cli import gather, main
from roads.cli.signals import Stopped
from roads.errors import OutputError
from roads.files import PendingFile
from roads.logs.csvcell import restored
from roads.logs.writer import write_shoe_line
from roads.shoe import deal_shoe

NAMES = [f"{table}.{suffix}" for suffix in ("parquet", "csv") for table in TABLES]


def stats(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["stats", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twelve dealt shoes with their cards, a table and a date each."""
    path = tmp_path_factory.mktemp("tables") / "dealt.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for seed in range(12):
            line = json.loads(write_shoe_line(f"s{seed}", deal_shoe(8, seed=seed).coups, results=False))
            line["table"], line["date"] = f"T{seed % 3}", f"2026-03-0{1 + seed % 2}"
            out.write(json.dumps(line) + "\n")
    return path


def boards(archive: Path) -> list[tuple[dict[str, Any], Scoreboard]]:
    """Return every shoe line of the archive with its board, built from its coups apart from roads stats."""
    lines = [json.loads(line) for line in archive.read_text(encoding="utf-8").splitlines()]
    return [(line, Scoreboard.from_outcomes(deal_shoe(8, seed=int(line["shoe"][1:])).coups)) for line in lines]


def read_csv(path: Path) -> list[dict[str, Any]]:
    """Return a CSV table's rows typed as the Parquet table types them (empty is null)."""
    kinds = dict(TABLES[path.stem])
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    typed = []
    for row in rows:
        out: dict[str, Any] = {}
        for name, text in row.items():
            kind = kinds[name]
            if text == "":
                out[name] = None
            elif kind == "bool":
                assert text in ("True", "False")
                out[name] = text == "True"
            elif kind.startswith("int"):
                out[name] = int(text)
            else:
                out[name] = text
        typed.append(out)
    return typed


def read_parquet(path: Path) -> list[dict[str, Any]]:
    return pq.read_table(path).to_pylist()  # type: ignore[no-any-return]


# --- the pure row builder against the board ---


@settings(max_examples=examples(200), deadline=None)
@given(st.text("BPT", max_size=120))
def test_rows_are_the_board_as_roads_build_json_gives_it(results: str) -> None:
    board = Scoreboard.from_results(" ".join(results))
    rows = shoe_rows(ShoeInfo("a.jsonl", "x", 3, "T1", None), board)
    data = board_dict(board)
    coups, marks = rows.table("coups"), rows.table("marks")
    assert list(coups) == [name for name, _ in COUP_COLUMNS] and list(marks) == [name for name, _ in MARK_COLUMNS]
    assert len(rows) == board.coups == data["coups"] == len(results)
    assert coups["winner"] == [cell["winner"] for cell in data["bead_plate"]]
    assert coups["coup"] == [cell["coup"] for cell in data["bead_plate"]]
    assert set(coups["table"]) <= {"T1"} and set(coups["date"]) <= {None} and set(coups["shoe_number"]) <= {3}
    assert coups["cards"] == [None] * len(results)
    assert all(len(values) == len(marks["mark"]) for values in marks.values())
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        mine = [i for i, name in enumerate(marks["road"]) if name == road]
        keys = ("mark", "color", "rule", "column", "row", "x", "y")
        assert [{k: marks[k][i] for k in keys} for i in mine] == data[road]
        assert [marks["color"][i] for i in mine] == [c.value for c in board.road(road).colors]
    # every mark names the coup of the Big Road bead it was read from
    beads = {(b["column"], b["row"]): b["coup"] for b in data["big_road"]}
    assert marks["coup"] == [beads[c, r] for c, r in zip(marks["column"], marks["row"], strict=True)]


def test_rows_agree_with_the_proofs_of_every_mark() -> None:
    rng = random.Random(16)
    for _ in range(20):
        board = Scoreboard.from_results(" ".join(rng.choice("BBBPPPT") for _ in range(rng.randrange(1, 90))))
        marks = shoe_rows(ShoeInfo("f", "s", 1), board).table("marks")
        proofs = list(board.proofs())
        assert marks["color"] == [p.color.value for p in proofs]
        assert marks["rule"] == [p.rule for p in proofs]
        assert marks["road"] == [p.road.value for p in proofs]
        assert marks["mark"] == [p.mark for p in proofs]


def test_rows_of_dealt_coups_carry_totals_pairs_naturals_and_cards() -> None:
    coups = deal_shoe(8, seed=5).coups
    rows = shoe_rows(ShoeInfo("f", "s", 1), Scoreboard.from_outcomes(coups)).table("coups")
    assert rows["banker_total"] == [c.banker_total for c in coups]
    assert rows["player_total"] == [c.player_total for c in coups]
    assert rows["banker_pair"] == [c.banker_pair for c in coups]
    assert rows["player_pair"] == [c.player_pair for c in coups]
    assert rows["natural"] == [c.natural for c in coups]
    assert rows["cards"] == [len(c.player) + len(c.banker) for c in coups]


def test_rows_append_in_order() -> None:
    a = shoe_rows(ShoeInfo("f", "a", 1), Scoreboard.from_results("B P P B B"))
    b = shoe_rows(ShoeInfo("f", "b", 2), Scoreboard.from_results("P P B"))
    both = TableRows()
    both.extend(a)
    both.extend(b)
    assert len(both.shoes) == 2 and len(both) == 8
    assert both.table("coups")["shoe"] == ["a"] * 5 + ["b"] * 3
    assert both.table("coups")["coup"] == [1, 2, 3, 4, 5, 1, 2, 3]
    for name in TABLES:
        assert both.table(name) == {k: a.table(name)[k] + b.table(name)[k] for k in a.table(name)}


def odd_rows(odd: list[tuple[str, str | None, str | None]]) -> TableRows:
    """Return the rows of short shoes, with cards and without, whose ids, tables and dates need quoting in CSV."""
    rows = TableRows()
    for n, (shoe, table, date) in enumerate(odd, 1):
        board = (
            Scoreboard.from_outcomes(deal_shoe(1, seed=n).coups[: 10 * n])
            if n % 2
            else Scoreboard.from_results("B P P B B P T B P P")
        )
        rows.extend(shoe_rows(ShoeInfo(f"dir/f,{n}.jsonl", shoe, n, table, date), board))
    return rows


def csv_text(rows: TableRows, name: str) -> str:
    return "".join(tablefiles.coup_lines(rows) if name == "coups" else tablefiles.mark_lines(rows))


@pytest.mark.parametrize("name", ["coups", "marks"])
def test_csv_lines_are_what_csv_writer_writes(name: str) -> None:
    rows = odd_rows([('a,"b"', "T,1", None), ("x\ny", None, "2026-03-01"), ("", "", "d"), (" sp ", "\u05d0", "x")])
    expected = io.StringIO()
    csv.writer(expected, lineterminator="\n").writerows(zip(*rows.table(name).values(), strict=True))
    assert csv_text(rows, name) == expected.getvalue()


@pytest.mark.parametrize("name", ["coups", "marks"])
def test_a_carriage_return_in_an_id_is_quoted_so_the_csv_reads_back(name: str) -> None:
    # csv.writer with "\n" lines leaves a lone "\r" unquoted, which its own reader then refuses: quote it.
    rows = odd_rows([("a\rb", "t\r", "\r"), ("c", None, None)])
    # A cell starting with "\r" is also written with a leading "'" (no formula), which roads' readers take off.
    read = [[restored(c) for c in row] for row in csv.reader(io.StringIO(csv_text(rows, name), newline=""))]
    shown = {None: "", True: "True", False: "False"}
    table = rows.table(name)
    assert read == [
        [shown.get(v, str(v)) if v is None or isinstance(v, bool) else str(v) for v in values]
        for values in zip(*table.values(), strict=True)
    ]


# --- the command ---


@pytest.mark.slow
def test_the_tables_hold_every_coup_and_mark_of_the_archive(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tablefiles, "ROWS_PER_CHUNK", 200)  # several chunks, so row groups and CSV runs join up
    out = tmp_path / "out"
    code, text, err = stats(capsys, str(archive), "--parquet", str(out), "--csv-tables", str(out), "--json")
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == sorted(NAMES)
    data = json.loads(text)  # --json still prints the statistics
    coups = read_parquet(out / "coups.parquet")
    marks = read_parquet(out / "marks.parquet")
    assert coups == read_csv(out / "coups.csv") and marks == read_csv(out / "marks.csv")
    assert len(coups) == data["total"]["coups"]
    for road, counts in data["total"]["derived"].items():
        colors = [m["color"] for m in marks if m["road"] == road]
        assert (len(colors), colors.count("red")) == (counts["marks"], counts["red"])
    expected = TableRows()
    for number, (line, board) in enumerate(boards(archive), 1):
        expected.extend(shoe_rows(ShoeInfo(str(archive), line["shoe"], number, line["table"], line["date"]), board))
    for name, rows in (("coups", coups), ("marks", marks)):
        columns = expected.table(name)
        assert rows == [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]
    groups = pq.ParquetFile(out / "coups.parquet").metadata.num_row_groups
    assert groups > 1 and pq.ParquetFile(out / "marks.parquet").metadata.num_row_groups == groups  # one a chunk
    for group in range(groups):  # a row group holds whole shoes
        shoes = pq.ParquetFile(out / "coups.parquet").read_row_group(group, columns=["shoe", "coup"]).to_pylist()
        assert shoes[0]["coup"] == 1


@pytest.mark.slow
def test_each_shoe_of_the_tables_is_its_roads_build_json(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = stats(capsys, str(archive), "--csv-tables", str(tmp_path))
    assert code == 0, err
    coups, marks = read_csv(tmp_path / "coups.csv"), read_csv(tmp_path / "marks.csv")
    for shoe in ("s0", "s7"):
        assert main(["build", str(archive), "--shoe", shoe, "--json"]) == 0
        board = json.loads(capsys.readouterr().out)
        mine = [c for c in coups if c["shoe"] == shoe]
        assert len(mine) == board["coups"]
        keys = ("coup", "winner", "banker_pair", "player_pair", "natural", "banker_total", "player_total", "cards")
        assert [{k: c[k] for k in keys} for c in mine] == [{k: cell[k] for k in keys} for cell in board["bead_plate"]]
        fields = ("mark", "color", "rule", "column", "row", "x", "y")
        for road in ("big_eye_boy", "small_road", "cockroach_pig"):
            rows = [m for m in marks if m["shoe"] == shoe and m["road"] == road]
            assert [{k: m[k] for k in fields} for m in rows] == board[road]


@pytest.mark.slow
def test_the_same_archive_gives_the_same_bytes(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = []
    for n in (1, 2):
        out = tmp_path / f"run{n}"
        code, _, err = stats(capsys, str(archive), "--parquet", str(out), "--csv-tables", str(out))
        assert code == 0, err
        files.append({name: (out / name).read_bytes() for name in NAMES})
    assert files[0] == files[1]


@pytest.mark.slow
def test_a_results_log_has_null_totals_and_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "r.jsonl"
    log.write_text('{"shoe": 7, "results": "B P[bn] T", "table": "VIP"}\n', encoding="utf-8")
    code, _, err = stats(capsys, str(log), "--parquet", str(tmp_path / "t"), "--csv-tables", str(tmp_path / "t"))
    assert code == 0, err
    for rows in (read_parquet(tmp_path / "t" / "coups.parquet"), read_csv(tmp_path / "t" / "coups.csv")):
        assert [(r["shoe"], r["coup"], r["winner"], r["banker_pair"], r["natural"]) for r in rows] == [
            ("7", 1, "banker", False, False),
            ("7", 2, "player", True, True),
            ("7", 3, "tie", False, False),
        ]
        assert {(r["banker_total"], r["player_total"], r["cards"], r["table"], r["date"]) for r in rows} == {
            (None, None, None, "VIP", None)
        }
    assert read_parquet(tmp_path / "t" / "marks.parquet") == []  # no derived road starts in three coups


def test_a_bad_shoe_among_good_ones_leaves_it_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "mixed.jsonl"
    log.write_text('{"shoe": "a", "results": "B P"}\n{"shoe": "b", "results": "B X"}\n', encoding="utf-8")
    code, _, err = stats(capsys, str(log), "--csv-tables", str(tmp_path / "t"))
    assert code == 1 and "shoe 'b'" in err
    assert [r["shoe"] for r in read_csv(tmp_path / "t" / "coups.csv")] == ["a", "a"]


# --- whole or not at all ---


def no_output(folder: Path) -> None:
    """Assert that nothing was written: the folder is not there, or holds no table and no temporary file."""
    if folder.exists():
        assert sorted(p.name for p in folder.iterdir()) == ["coups.csv"], "only the old file the test put there"


@pytest.mark.parametrize(
    ("lines", "extra"),
    [
        ('{"shoe": 1, "results": "B X"}\n{"shoe": 2, "results": "Q"}\n', ()),  # no shoe can be read
        ('{"shoe": 1, "results": "B P"}\n{"shoe": 2, "results": "Q"}\n', ("--fail-fast",)),  # stopped early
        ('{"shoe": 1, "results": "B P"}\n', ("--by", "table")),  # a group the log cannot give
        ("", ()),  # an empty archive
    ],
    ids=["unreadable", "fail-fast", "by-table", "empty"],
)
def test_a_failed_run_writes_no_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: str, extra: tuple[str, ...]
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(lines, encoding="utf-8")
    new, old = tmp_path / "new", tmp_path / "old"
    old.mkdir()
    (old / "coups.csv").write_text("kept\n", encoding="utf-8")
    code, out, err = stats(capsys, str(log), *extra, "--parquet", str(new), "--csv-tables", str(old))
    assert code == 1 and out == ""
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("roads: error: ")
    assert not new.exists()  # the folder made for the tables is gone again
    no_output(old)
    assert (old / "coups.csv").read_text(encoding="utf-8") == "kept\n"


def test_a_write_that_fails_half_way_leaves_nothing(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tablefiles, "ROWS_PER_CHUNK", 100)
    written = 0
    real = tablefiles._CsvTable.write

    def full_disk(self: tablefiles._CsvTable, rows: TableRows) -> None:
        nonlocal written
        written += 1
        if written > 3:
            raise OSError(28, "No space left on device")
        real(self, rows)

    monkeypatch.setattr(tablefiles._CsvTable, "write", full_disk)
    code, out, err = stats(capsys, str(archive), "--csv-tables", str(tmp_path / "t"), "--parquet", str(tmp_path / "t"))
    assert written > 3  # the failure came after some chunks were written
    assert code == 1 and out == ""
    assert err == "roads: error: cannot write the tables: No space left on device\n"
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize(("stop", "status"), [(KeyboardInterrupt(), 130), (Stopped(signal.SIGTERM), 143)])
def test_an_interrupt_leaves_no_table(
    archive: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stop: BaseException,
    status: int,
) -> None:
    monkeypatch.setattr(tablefiles, "ROWS_PER_CHUNK", 100)
    seen = 0

    def interrupted(info: ShoeInfo, board: Scoreboard) -> TableRows:
        nonlocal seen
        seen += 1
        if seen == 6:  # Ctrl-C or SIGTERM after some chunks were written
            raise stop
        return shoe_rows(info, board)

    monkeypatch.setattr(gather, "shoe_rows", interrupted)
    out = tmp_path / "t"
    out.mkdir()
    (out / "coups.csv").write_text("kept\n", encoding="utf-8")
    code, text, _ = stats(capsys, str(archive), "--csv-tables", str(out), "--parquet", str(out))
    assert (code, text, seen) == (status, "", 6)
    no_output(out)
    assert (out / "coups.csv").read_text(encoding="utf-8") == "kept\n"


@pytest.mark.slow
def test_without_pyarrow_parquet_names_the_extra(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    code, out, err = stats(capsys, str(archive), "--parquet", str(tmp_path / "t"))
    assert (code, out) == (1, "")
    assert err == (
        "roads: error: --parquet needs pyarrow: pip install 'roads[parquet]' "
        "(or --csv-tables DIR writes the same tables as CSV)\n"
    )
    assert not (tmp_path / "t").exists()
    # CSV tables need no extra
    code, _, err = stats(capsys, str(archive), "--csv-tables", str(tmp_path / "t"))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == ["coups.csv", "marks.csv"]


def test_a_table_folder_that_cannot_be_one_is_one_line(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = stats(capsys, str(archive), "--csv-tables", str(archive))
    assert (code, out) == (1, "")
    assert err == f"roads: error: cannot write the tables of --csv-tables to {archive}: it is a file, not a folder\n"
    code, out, err = stats(capsys, str(archive), "--parquet", str(tmp_path / "no" / "t"))
    assert (code, out) == (1, "")
    assert err.endswith(f"folder {tmp_path / 'no'} does not exist\n")


def test_an_input_is_never_overwritten_by_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "coups.csv"
    log.write_text("shoe,result\n1,B\n1,P\n", encoding="utf-8")
    code, _, err = stats(capsys, str(log), "--csv-tables", str(tmp_path))
    assert code == 1 and "input file is output file" in err
    assert log.read_text(encoding="utf-8") == "shoe,result\n1,B\n1,P\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["coups.csv"]


# --- roads.files.PendingFile, what the tables are written through ---


def test_a_pending_file_appears_only_on_commit_and_keeps_the_old_mode(tmp_path: Path) -> None:
    target = tmp_path / "t.csv"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    pending = PendingFile(target)
    pending.temp.write_text("new\n", encoding="utf-8")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert pending.commit() == target
    assert target.read_text(encoding="utf-8") == "new\n" and target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_a_pending_file_left_uncommitted_leaves_nothing(tmp_path: Path) -> None:
    with PendingFile(tmp_path / "t.csv") as pending:
        pending.temp.write_text("half\n", encoding="utf-8")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OutputError, match="it is a folder"):
        PendingFile(tmp_path)


@pytest.mark.slow
def test_ids_tables_and_dates_of_every_kind_are_the_same_in_csv_and_parquet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "odd.jsonl"
    log.write_text(
        '{"shoe": "a,\\"b\\"", "results": "B P P B B P", "table": "caf\\u00e9"}\n'
        '{"shoe": "\\ud800x", "results": "P P B B", "date": "2026-01-02T10:00"}\n'
        '{"shoe": "line\\nbreak\\r", "results": "B B P T B"}\n',
        encoding="utf-8",
    )
    out = tmp_path / "t"
    code, _, err = stats(capsys, str(log), "--parquet", str(out), "--csv-tables", str(out))
    assert code == 0, err
    for name in TABLES:
        assert read_parquet(out / f"{name}.parquet") == read_csv(out / f"{name}.csv")
    coups = read_csv(out / "coups.csv")
    assert [c["shoe"] for c in coups if c["coup"] == 1] == ['a,"b"', "\\ud800x", "line\nbreak\r"]
    assert {c["table"] for c in coups} == {"café", None} and {c["date"] for c in coups} == {"2026-01-02T10:00", None}
