"""The report's side-bet exposure section: the numbers of ``roads exposure``, and only for card logs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run
from markupsafe import escape

from roads.analytics.exposure import KNOWN, KNOWN_WORDS, Exposure, Summary
from roads.bets.paytable import rule_set
from roads.pages.report.page import exposure_section


def page(tmp_path: Path, capsys: pytest.CaptureFixture[str], log: Path) -> str:
    out = tmp_path / "report.html"
    status, _, err = run(capsys, "report", str(log), "-o", str(out))
    assert status == 0, err
    return out.read_text(encoding="utf-8")


def test_a_card_archive_has_the_exposure_of_roads_exposure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "cards.jsonl"
    assert run(capsys, "deal", "--shoes", "3", "--seed", "7", "-o", str(archive))[0] == 0
    html = page(tmp_path, capsys, archive)
    status, out, _ = run(capsys, "exposure", str(archive), "--bet", "dragon_7", "--bet", "panda_8", "--json")
    assert status == 0
    found = json.loads(out)
    total = found["total"]
    (section,) = re.findall(r'<section id="exposure">.*?</section>', html, re.S)
    assert f"the {total['shoes']:,} shoes with cards ({total['coups']:,} coups)" in section
    assert f"{total['positive_coups']:,} coups had a bet below zero" in section
    assert f"would have netted {total['ideal_net']:+,} units" in section
    moments = [m for shoe in found["shoes"] for m in shoe["positive"]]
    for bet in ("dragon_7", "panda_8"):
        mine = [m for m in moments if m["bet"] == bet]
        assert (
            f'<th scope="row">{bet}</th><td class="num">{len(mine):,}</td>'
            f'<td class="num">{sum(m["net"] for m in mine):+,}</td>'
        ) in section
    strongest = min(moments, key=lambda m: m["edge"])
    assert f'<td class="num">{100 * strongest["edge"]:+.2f}%</td>' in section


def test_a_results_log_has_no_exposure_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "results.txt"
    log.write_text("B P P T B P B B P\n", encoding="utf-8")
    assert 'id="exposure"' not in page(tmp_path, capsys, log)


@pytest.mark.parametrize("known", KNOWN)
def test_the_exposure_section_says_which_cards_it_counts_as_known(known: str) -> None:
    """The section names what its edges counted as known, in the words of ``roads exposure``'s totals."""
    scan = Exposure(rule_set("standard"), ("dragon_7",), 8, known)
    html = exposure_section(Summary().to_report(scan))
    assert f"counting as known before each coup {escape(KNOWN_WORDS[known])}." in html


def test_regression_the_report_priced_the_face_down_burns_as_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report's edges are those of a player (the first burn and the coups), and its words say so."""
    archive = tmp_path / "cards.jsonl"
    assert run(capsys, "deal", "--shoes", "2", "--seed", "3", "-o", str(archive))[0] == 0
    (section,) = re.findall(r'<section id="exposure">.*?</section>', page(tmp_path, capsys, archive), re.S)
    assert escape(KNOWN_WORDS["seen"]) in section
    assert "burned cards out when the log names them" not in section
