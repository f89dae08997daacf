"""roads report: the statistics as one self-contained HTML page (issue 16)."""

from __future__ import annotations

import contextlib
import csv
import html
import io
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from helpers import dealt_shoe_lines

from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.outcome import Outcome, Winner
from roads.shoe import deal_shoe

PLOTS = {
    "shares",
    "depths",
    "spread",
    "derived",
    "runs",
    "drift",
    "cusum",
    "law-ties",
    "law-pairs",
    "law-longest_column",
    "pp",
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 dealt shoes with cards, on two tables."""
    path = tmp_path_factory.mktemp("report") / "shoes.jsonl"
    lines = dealt_shoe_lines(60, table=lambda seed: f"T{seed % 2 + 1}")
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def page_text(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The archive's report with no options, made once for the tests that only read it."""
    out = tmp_path_factory.mktemp("page") / "r.html"
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["report", str(archive), "-o", str(out)])
    assert code == 0, err.getvalue()
    return out.read_text(encoding="utf-8")


class Page(HTMLParser):
    """What a test needs of the page: elements by tag with their attributes, and every URL it names."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}))

    def find(self, tag: str, **wanted: str) -> list[dict[str, str]]:
        return [a for t, a in self.elements if t == tag and all(a.get(k) == v for k, v in wanted.items())]


def report(capsys: pytest.CaptureFixture[str], out: Path, *args: str) -> str:
    code, _, err = run(capsys, "report", *args, "-o", str(out))
    assert code == 0, err
    assert err == "" or "wrote" in err
    return out.read_text(encoding="utf-8")


def test_every_plot_and_section_is_there(page_text: str) -> None:
    text = page_text
    page = Page(text)
    assert {a["data-plot"] for a in page.find("svg") if "data-plot" in a} == PLOTS
    sections = ("flags", "shares", "streaks", "runs", "spread", "derived", "drift", "laws", "pvalues", "tests")
    for section in (*sections, "downloads"):
        assert page.find("section", id=section), section
    # one z row per exact share, one bar per side and depth, one row per derived road, runs and lag-1
    assert text.count('<g class="row') == 9 + 3 + 2
    assert len(re.findall(r'<g class="bar (banker|player)', text)) == 12
    spread = re.search(r'data-plot="spread".*?</svg>', text, re.S)
    assert spread is not None
    assert sum(int(n) for n in re.findall(r'data-count="(\d+)"', spread.group(0))) == 60  # every shoe in a bin
    assert "simulated" in text and "exact" in text


@pytest.mark.slow
def test_numbers_match_roads_stats_json(archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = report(capsys, tmp_path / "r.html", str(archive), "--by", "table", "--decks", "8")
    code, out, _ = run(capsys, "stats", str(archive), "--by", "table", "--json")
    assert code == 0
    data = json.loads(out)
    rows = {a["data-figure"]: a for a in Page(text).find("tr") if "data-figure" in a}
    tests = data["total"]["tests"]
    assert list(rows) == [t["figure"] for t in tests]
    for t in tests:
        row = rows[t["figure"]]
        assert (row["data-observed"], row["data-expected"], row["data-p"]) == (
            str(t["observed"]),
            str(t["expected"]),
            str(t["p"]),
        )
        assert f"{t['hits']:,} / {t['trials']:,}" in text
    # the CSV download is roads stats --csv, byte for byte
    code, csv_text, _ = run(capsys, "stats", str(archive), "--by", "table", "--csv")
    links = {a["download"]: a["href"] for a in Page(text).find("a") if "download" in a}
    assert set(links) == {"tests.csv", "shoes.csv"}
    prefix = "data:text/csv;charset=utf-8,"
    assert links["tests.csv"].startswith(prefix) and unquote(links["tests.csv"][len(prefix) :]) == csv_text
    shoes = list(csv.reader(io.StringIO(unquote(links["shoes.csv"][len(prefix) :]))))
    assert shoes[0] == ["shoe", "coups", "banker", "player", "tie", "banker_share", "flags"] and len(shoes) == 61
    assert sum(int(r[1]) for r in shoes[1:]) == data["total"]["coups"]
    # the groups table names each table
    assert [g["key"] for g in data["groups"]] == ["T1", "T2"]
    assert re.search(r'<table class="groups">.*T1.*T2', text, re.S)


def test_self_contained(page_text: str) -> None:
    text = page_text
    page = Page(text)
    assert not page.find("script") and not page.find("link") and not page.find("img")
    for _, attrs in page.elements:
        for key in ("src", "href"):
            assert not attrs.get(key, "data:").startswith(("http", "//")), attrs
    csp = page.find("meta", **{"http-equiv": "Content-Security-Policy"})
    assert csp and "default-src 'none'" in csp[0]["content"] and "script-src 'none'" in csp[0]["content"]
    assert "style=" not in text  # the policy allows the one style sheet, no style attribute


@pytest.mark.slow
def test_same_input_same_bytes(archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = report(capsys, tmp_path / "a.html", str(archive), "--by", "shoe")
    b = report(capsys, tmp_path / "b.html", str(archive), "--by", "shoe")
    assert a == b


def test_a_flagged_archive_shows_its_flags_with_their_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "biased.jsonl"
    lines = []
    for seed in range(60):
        outcomes = [c.outcome() for c in deal_shoe(8, seed=seed).coups]
        flipped = [Outcome(Winner.BANKER) if o.winner is Winner.PLAYER and i % 2 else o for i, o in enumerate(outcomes)]
        lines.append(write_shoe_line(seed, flipped))
    log.write_text("".join(lines), encoding="utf-8")
    text = report(capsys, tmp_path / "r.html", str(log))
    assert '<div class="callout alarm">' in text and "Nothing stands out" not in text
    assert re.search(r"<li><strong>banker</strong>: \d+ of \d+ \([\d.]+%\) against 45.86% in theory", text)
    assert '<tr class="flagged" data-figure="banker"' in text
    assert '<g class="row flagged" data-figure="banker"' in text


def test_regression_a_holm_p_read_as_about_1_in_n(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Holm-adjusted p is an upper bound: the report words it "at most 1 in N", never "about"."""
    log = tmp_path / "biased.jsonl"
    lines = []
    for seed in range(60):
        outcomes = [c.outcome() for c in deal_shoe(8, seed=seed).coups]
        flipped = [Outcome(Winner.BANKER) if o.winner is Winner.PLAYER and i % 2 else o for i, o in enumerate(outcomes)]
        lines.append(write_shoe_line(seed, flipped))
    log.write_text("".join(lines), encoding="utf-8")
    text = report(capsys, tmp_path / "r.html", str(log))
    (flags,) = re.findall(r'<section id="flags">.*?</section>', text, re.S)
    assert re.search(
        r"<strong>banker</strong>: .*by chance alone (at most 1 in [\d,.]+|less than 1 in a billion)", flags
    )
    assert "about 1 in" not in text


# --- bad input ---


def test_a_bad_shoe_under_fail_fast_leaves_no_page(
    archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"shoe": "x9", "results": "B P Q"}\n' + archive.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "r.html"
    out.write_text("the old report", encoding="utf-8")
    code, stdout, err = run(capsys, "report", str(log), "-o", str(out), "--fail-fast")
    assert code == 1 and stdout == ""
    assert err.count("\n") == 1 and err.startswith("roads: error: ") and "x9" in err and "Traceback" not in err
    assert out.read_text(encoding="utf-8") == "the old report"  # nothing the user had is lost
    assert {p.name for p in tmp_path.iterdir()} == {"bad.jsonl", "r.html"}  # no temporary file left


def test_an_unreadable_archive_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "empty.jsonl"
    log.write_text("", encoding="utf-8")
    code, _, err = run(capsys, "report", str(log), "-o", str(tmp_path / "r.html"))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "empty.jsonl: no coups" in err
    assert not (tmp_path / "r.html").exists()


def test_by_table_on_a_log_without_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "plain.jsonl"
    log.write_text('{"shoe": 1, "results": "BPBPT"}\n', encoding="utf-8")
    code, _, err = run(capsys, "report", str(log), "--by", "table", "-o", str(tmp_path / "r.html"))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "--by table needs a table" in err
    assert not (tmp_path / "r.html").exists()


def test_a_group_of_one_coup_is_reported_as_not_meaningful(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "one.jsonl"
    log.write_text('{"shoe": 1, "results": "B"}\n', encoding="utf-8")
    text = report(capsys, tmp_path / "r.html", str(log))
    assert "Too few coups for any test to be meaningful" in text
    # a results log has no cards: no shoe's pairs can be counted, and the page says so instead of a plot
    assert {a["data-plot"] for a in Page(text).find("svg") if "data-plot" in a} == PLOTS - {"law-pairs"}
    assert "Pairs per shoe: no shoe has the cards of every coup." in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "-o"),
        (["--decks", "0", "-o", "r.html"], "--decks"),
        (["--by", "month", "-o", "r.html"], "--by"),
    ],
)
def test_usage_mistakes_exit_2(
    args: list[str], words: str, archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "report", str(archive), *args)
    assert code == 2 and words in err and not (tmp_path / "r.html").exists()


def test_the_report_never_replaces_its_log(archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_bytes(archive.read_bytes())
    code, _, err = run(capsys, "report", str(log), "-o", str(log))
    assert code == 1 and "input file is output file" in err
    assert log.read_bytes() == archive.read_bytes()


def test_regression_standard_input_was_read_twice(archive: Path, tmp_path: Path) -> None:
    """Each log is read once: standard input gives the page a file gives, groups and exposure included."""
    import subprocess
    import sys

    piped, named = tmp_path / "piped.html", tmp_path / "named.html"
    with archive.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "roads", "report", "-", "--by", "table", "-o", str(piped)],
            stdin=stdin,
            capture_output=True,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert main(["report", str(archive), "--by", "table", "-o", str(named)]) == 0
    text = piped.read_text(encoding="utf-8")
    assert 'id="exposure"' in text and 'id="groups"' in text
    expected = named.read_text(encoding="utf-8").replace(f'"lede">{html.escape(str(archive))}<', '"lede">-<')
    for name, form in ((str(archive), html.escape), (str(archive), lambda s: quote(s, safe=""))):
        expected = expected.replace(form(name), form("<stdin>"))
    assert text == expected


def test_regression_the_report_wrote_its_own_document(page_text: str) -> None:
    """The page is the report template on base.html: base's head (policy, viewport, generator), one document."""
    from roads.version import __version__

    head = page_text.split("</head>", 1)[0]
    assert page_text.count("<!DOCTYPE html>") == 1 and page_text.count("</html>") == 1
    assert f'<meta name="generator" content="roads {__version__}">' in head
    assert head.index('http-equiv="Content-Security-Policy"') < head.index('name="viewport"')


def test_the_page_streams_its_downloads_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CSV downloads go to the writer as their spools are read: no part written holds a whole table."""
    from roads.analytics import gathered
    from roads.analytics.gathered import ShoeSummary, Spool
    from roads.pages.report.page import write_report

    monkeypatch.setattr(gathered, "CHUNK", 64)
    shoes = [
        {"key": f"s{n}", "coups": 10, "counts": {"banker": 4, "player": 5, "tie": 1}, "flags": []} for n in range(300)
    ]
    summary = ShoeSummary.of(shoes)
    tests_csv = Spool("group,figure\n" + "".join(f"g{n},banker\n" for n in range(2_000)))
    parts: list[str] = []
    data = _small_document()
    write_report(parts.append, data, summary, logs=["a.jsonl"], by=None, tests_csv=tests_csv)
    page = "".join(parts)
    links = dict(re.findall(r'download="([^"]+)" href="data:text/csv;charset=utf-8,([^"]*)"', page))
    assert unquote(links["tests.csv"]) == tests_csv.text() and unquote(links["shoes.csv"]) == summary.shoe_csv.text()
    carrying = [p for p in parts if "%2Cbanker%0A" in p]
    assert len(carrying) > 100 and all(len(p) <= 3 * 64 for p in carrying)  # a chunk of 64, percent-encoded
    summary.close()
    tests_csv.close()


def test_a_log_name_is_escaped_by_the_pages_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """The one policy (roads.pages.safe.esc): markup escaped, control characters dropped, in the lede and tables."""
    from roads.analytics.gathered import ShoeSummary
    from roads.pages.report.page import report_html

    page = report_html(_small_document(), ShoeSummary(), logs=["<b>x\x07</b>.jsonl"], by=None, tests_csv="a\n")
    assert '<p class="lede">&lt;b&gt;x&lt;/b&gt;.jsonl</p>' in page and "<b>x" not in page


def _small_document() -> dict[str, object]:
    """Return ``roads stats --json``'s document of three dealt shoes."""
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "s.jsonl"
        log.write_text("".join(dealt_shoe_lines(3)), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "roads", "stats", str(log), "--json"], capture_output=True, check=True, text=True
        )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _heterogeneous(path: Path) -> Path:
    """Shoes that lean Banker and Player by turns, each shuffled fairly within: fair in total, not alike."""
    rng = random.Random(5)
    lines = []
    for seed in range(80):
        heavy, other = (Winner.BANKER, Winner.PLAYER) if seed % 2 else (Winner.PLAYER, Winner.BANKER)
        outcomes = [c.outcome() for c in deal_shoe(8, seed=seed).coups]
        lines.append(
            write_shoe_line(seed, [Outcome(heavy) if o.winner is other and rng.random() < 0.3 else o for o in outcomes])
        )
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_regression_a_heterogeneous_archive_read_as_streaky(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The groups section gives roads stats' readings: the flagged groups against chance, homogeneity flagged in
    words, and beside the runs and lag-1 the sentence telling a difference between shoes from streaks."""
    log = _heterogeneous(tmp_path / "alternating.jsonl")
    status, out, err = run(capsys, "stats", str(log), "--by", "shoe", "--json")
    assert status == 0, err
    data = json.loads(out)
    flagged, h, said = data["flagged_groups"], data["total"]["homogeneity"], data["total"]["order_reading"]
    assert flagged["flag"] and h["flag"] and said is not None and "differ from one another" in said
    text = report(capsys, tmp_path / "r.html", str(log), "--by", "shoe")
    (together,) = re.findall(r'<section id="homogeneity">.*?</section>', text, re.S)
    assert '<div class="callout alarm across">' in together
    assert f"<strong>Flagged against chance</strong>: {flagged['reading'].partition(': ')[2]}." in together
    assert "<strong>homogeneity flagged</strong> (p at most 0.01): the groups differ" in together
    (order,) = re.findall(r'<section id="runs">.*?</section>', text, re.S)
    assert "<strong>Runs within shoes</strong>" in order and "<strong>Lag-1 correlation, pooled</strong>" in order
    assert f"<strong>Between shoes or within them?</strong> {html.escape(said, quote=False)}." in order


def test_a_fair_archive_has_no_order_sentence(page_text: str) -> None:
    """Neither order test flags on a fair archive, so no sentence tells them apart."""
    assert "Between shoes or within them?" not in page_text
