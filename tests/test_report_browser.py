"""roads report in headless Chromium: it renders, asks for nothing on the network, and fits a phone.

The screenshots in docs/images (report-390.png, report-1280.png, and the
runs-test and groups sections, report-runs.png and report-groups.png) are
taken here: ``ROADS_UPDATE_SCREENSHOTS=1 pytest tests/test_report_browser.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from helpers import axe_script, serious_violations
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.outcome import Winner
from roads.shoe import deal_shoe

pytestmark = pytest.mark.browser
DOCS_IMAGES = Path(__file__).parent.parent / "docs" / "images"
PLOTS = ("shares", "depths", "runs", "spread", "derived", "groups", "drift", "cusum", "law-ties", "law-pairs")
PLOTS += ("law-longest_column", "pp")
SECTIONS = {"runs": "report-runs.png", "homogeneity": "report-groups.png"}
"""The sections docs/stats.md shows on their own, and their screenshots."""
SHOE_SECTIONS = ("drift", "laws", "pvalues")
"""The drift and per-shoe sections, pictured on their own in docs/stats.md (docs/images/report-SECTION.png, 640 px)."""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report of docs/stats.md's archive, by shoe: 200 shoes dealt by the project's own shoe, seeds 0 to 199."""
    folder = tmp_path_factory.mktemp("report-browser")
    log = folder / "shoes.jsonl"
    with log.open("w", encoding="utf-8") as out:
        for seed in range(200):
            out.write(write_shoe_line(seed, deal_shoe(8, seed=seed).coups, results=False))
    page = folder / "report.html"
    here = Path.cwd()
    os.chdir(folder)  # the page names its log as given: shoes.jsonl, as in the docs
    try:
        assert main(["report", "shoes.jsonl", "--by", "shoe", "-o", "report.html"]) == 0
    finally:
        os.chdir(here)
    return page


def _open(browser: Any, path: Path, width: int) -> tuple[Any, list[str], list[str]]:  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda msg: problems.append(msg.text) if msg.type in ("error", "warning") else None)
    page.on("request", lambda req: requests.append(req.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, problems, requests


@pytest.mark.parametrize("width", [390, 1280])
def test_report_renders_every_plot_with_no_network_and_no_sideways_scroll(
    browser: Any,  # noqa: F811
    report: Path,
    width: int,
) -> None:
    page, problems, requests = _open(browser, report, width)
    try:
        for plot in PLOTS:
            box = page.locator(f'svg[data-plot="{plot}"]').bounding_box()
            assert box is not None and box["width"] > 300 and box["height"] > 80, plot
        # drawn, not just present: the Banker dot of the shares plot has a real size on screen
        dot = page.locator('svg[data-plot="shares"] [data-figure="banker"] circle').bounding_box()
        assert dot is not None and dot["width"] >= 6
        # 24 figures, then the 2 chi-squares, the depth and red-share omnibus tests, runs and lag1
        assert page.locator("table.tests tbody tr").count() == 30
        # Axis text stays 11 CSS px or more at every width: a plot scrolls in its frame rather than shrink.
        smallest = page.evaluate(
            """() => Math.min(...Array.from(document.querySelectorAll('svg[data-plot] text'), t => {
                const svg = t.closest('svg');
                const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                return parseFloat(getComputedStyle(t).fontSize) * k;
            }))"""
        )
        assert smallest >= 11, f"plot text of {smallest:.1f} px at {width} px"
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"the page scrolls sideways at {width} px ({scroll} px wide)"
        # the style sheet applied (the CSP lets its hash through): cards sit in a grid
        assert page.evaluate("getComputedStyle(document.querySelector('.summary')).display") == "grid"
        # the forest plot draws each shoe's interval: the first row's whisker has a real length on screen
        whisker = page.locator('svg[data-plot="groups"] g.row').first.locator("line.whisker").first.bounding_box()
        assert whisker is not None and whisker["width"] >= 20
        shot = page.screenshot(full_page=True, clip={"x": 0, "y": 0, "width": width, "height": 1700})
        sections = {name: page.locator(f"section#{name}").screenshot() for name in SECTIONS} if width == 1280 else {}
    finally:
        page.context.close()
    assert problems == [], f"the page complained: {problems}"
    assert [u for u in requests if not u.startswith(("file:", "data:"))] == []
    assert requests == [report.as_uri()]
    shots = {f"report-{width}.png": shot} | {SECTIONS[name]: png for name, png in sections.items()}
    for name, png in shots.items():
        target = DOCS_IMAGES / name
        if os.environ.get("ROADS_UPDATE_SCREENSHOTS"):
            target.write_bytes(png)
        assert target.exists(), f"make it with ROADS_UPDATE_SCREENSHOTS=1 pytest {__file__}"


def test_drift_and_per_shoe_sections_draw_their_plots(browser: Any, report: Path) -> None:  # noqa: F811
    page, problems, _ = _open(browser, report, 640)
    shots = {}
    try:
        # drawn, not just present: the cumulative share's line spans the plot, the laws have their bars
        line = page.locator('svg[data-plot="drift"] polyline.series').bounding_box()
        assert line is not None and line["width"] > 300
        assert page.locator('svg[data-plot="law-ties"] rect.bar').count() >= 8
        assert page.evaluate("getComputedStyle(document.querySelector('svg[data-plot=pp] polyline')).fill") == "none"
        for section in SHOE_SECTIONS:
            shots[section] = page.locator(f"#{section}").screenshot()
    finally:
        page.context.close()
    assert problems == []
    for section, shot in shots.items():
        target = DOCS_IMAGES / f"report-{section}.png"
        if os.environ.get("ROADS_UPDATE_SCREENSHOTS"):
            target.write_bytes(shot)
        assert target.exists(), f"make it with ROADS_UPDATE_SCREENSHOTS=1 pytest {__file__}"


def test_report_prints(browser: Any, report: Path) -> None:  # noqa: F811
    page, problems, _ = _open(browser, report, 1280)
    try:
        page.emulate_media(media="print")
        hidden = page.evaluate("getComputedStyle(document.querySelector('#downloads')).display")
        pdf = page.pdf(format="A4")
    finally:
        page.context.close()
    assert hidden == "none" and pdf.startswith(b"%PDF-") and problems == []


@pytest.fixture(scope="module")
def flagged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A report where most figures are flagged: every Banker or Player win of a shoe in three told twice."""
    folder = tmp_path_factory.mktemp("report-flagged")
    log = folder / "doubled.jsonl"
    with log.open("w", encoding="utf-8") as out:
        for seed in range(90):
            outcomes = [c.outcome() for c in deal_shoe(8, seed=seed).coups]
            if seed % 3 == 0:
                outcomes = [o for o in outcomes for _ in range(1 if o.winner is Winner.TIE else 2)]
            out.write(write_shoe_line(seed, outcomes))
    page = folder / "report.html"
    assert main(["report", str(log), "--by", "shoe", "-o", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert 'class="callout alarm"' in text and '<g class="row flagged"' in text
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("which", ["fair", "flagged"])
def test_axe_finds_no_serious_violation(
    browser: Any,  # noqa: F811
    report: Path,
    flagged: Path,
    which: str,
    scheme: str,
) -> None:
    path = report if which == "fair" else flagged
    script = axe_script()
    for width in (390, 1280):
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
        page = context.new_page()
        try:
            page.goto(path.as_uri())
            bad = serious_violations(page, script)
        finally:
            context.close()
        assert not bad, f"{scheme} at {width} px:\n" + "\n".join(bad)
