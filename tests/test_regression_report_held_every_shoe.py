"""``roads report`` held every shoe's whole JSON document (issue 24 item 5): a 1.8 MB CSV of 200,000 one-coup
shoes took it to 3.2 GB. It now keeps what its page draws (the spread plot's counts, the first groups of its
table) and spools the CSV downloads to temporary files: 84 MB for the same archive, and the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from peak_memory import run_peak

from roads.analytics.gathered import Seen, ShoeSummary, Spool, share_counts
from roads.cli import main
from roads.pages.report.laws import sections
from roads.pages.report.page import report_html, spread


def _archive(folder: Path, shoes: int, name: str = "shoes.csv") -> Path:
    path = folder / name
    rows = "".join(f"{n},1,{'BPBT'[n % 4]}\n" for n in range(1, shoes + 1))
    path.write_text("shoe,coup,result\n" + rows)
    return path


def test_a_summary_keeps_counts_and_spools_rows() -> None:
    shoes = [
        {"key": f"s{n}", "coups": 10, "counts": {"banker": b, "player": 10 - b, "tie": 0}, "flags": []}
        for n, b in enumerate((4, 4, 5, 6))
    ]
    summary = ShoeSummary.of(shoes)
    assert summary.shoes == 4 and summary.shares == {(4, 10): 2, (5, 10): 1, (6, 10): 1}
    assert summary.shares == share_counts(shoes)
    assert summary.shoe_csv.text().splitlines() == [
        "shoe,coups,banker,player,tie,banker_share,flags",
        "s0,10,4,6,0,0.4,0",
        "s1,10,4,6,0,0.4,0",
        "s2,10,5,5,0,0.5,0",
        "s3,10,6,4,0,0.6,0",
    ]
    assert spread(summary.shares, 0.4586) == spread(share_counts(reversed(shoes)), 0.4586)
    summary.close()


def test_a_spool_reads_back_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import roads.analytics.gathered as page

    monkeypatch.setattr(page, "CHUNK", 7)
    spool = Spool("a,b\n")
    for n in range(50):
        spool.write(f"{n},庄\n")
    chunks = list(spool.chunks())
    assert len(chunks) > 10 and "".join(chunks) == "a,b\n" + "".join(f"{n},庄\n" for n in range(50))
    spool.close()


def test_the_page_is_the_same_from_a_summary_or_from_every_shoe(tmp_path: Path) -> None:
    # The CLI streams the page from a summary; report_html of the documents held whole gives the same bytes.
    from roads.cli import gather
    from roads.cli.inputs import Inputs
    from roads.cli.output import stats as stats_output

    log = _archive(tmp_path, 230)
    out = tmp_path / "r.html"
    assert main(["report", str(log), "--by", "shoe", "-o", str(out)]) == 0
    tallies, total = gather.tally_logs(Inputs((str(log),), None, None, False), "shoe", 1)
    data = stats_output.stats_data(tallies, total, 8)
    # the drift and per-shoe sections come from what was kept of every shoe: here, of the documents
    extra = sections(Seen.of(data["groups"]), data)
    whole = report_html(
        data, data["groups"], logs=[str(log)], by="shoe", tests_csv=stats_output.csv_report(data), extra=extra
    )
    assert out.read_text(encoding="utf-8") == whole
    assert "The first 200 of 230 groups" in whole


@pytest.mark.slow
def test_peak_memory_of_a_report_does_not_grow_with_the_shoes(tmp_path: Path) -> None:
    small = run_peak(["report", str(_archive(tmp_path, 300, "small.csv")), "-o", str(tmp_path / "s.html")])
    large = run_peak(["report", str(_archive(tmp_path, 3_000, "large.csv")), "-o", str(tmp_path / "l.html")])
    assert small.status == 0 and large.status == 0, large.stderr
    # Held every shoe: about 16 MB a 1,000 shoes (200,000 shoes: 3.2 GB). Now: counts and one shoe at a time.
    assert large.peak_mb < small.peak_mb + 12, (small.peak_mb, large.peak_mb)
