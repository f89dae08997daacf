"""Figures that compose: any number of boards, in any themes, on one HTML page, each with its own ids."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

from roads import Scoreboard
from roads.lesson.embed import figure, html_figure
from roads.render import svg
from roads.scene import THEMES
from roads.shoe import deal_shoe

ID = re.compile(r'\bid="([^"]+)"')
HREF = re.compile(r'xlink:href="#([^"]+)"|\bhref="#([^"]+)"')


def _boards() -> list[Scoreboard]:
    return [
        Scoreboard.from_outcomes(deal_shoe(8, seed=7).coups[:60]),
        Scoreboard.from_results("BPPPBBTBPBPBBBPT"),
        Scoreboard.from_results("TTBPB"),
    ]


def _page_parts() -> list[str]:
    """Every way a figure reaches a page: svg(), _repr_svg_, _repr_html_ of boards and figures, html_figure."""
    parts: list[str] = []
    for board in _boards():
        for theme in THEMES:
            parts.append(svg(board, theme=theme))
            parts.append(svg(board, theme=theme, labels="zh", cell=18))
            parts.append(html_figure(board, theme=theme, highlight=None, caption=f"{theme} board"))
            parts.append(figure(board, theme=theme, last=8)._repr_svg_())
            parts.append(figure(board, theme=theme, last=8)._repr_html_())
        parts.append(board._repr_svg_())
        parts.append(board._repr_html_())
    return parts


def _strip_xml_declaration(text: str) -> str:
    return text.split("?>", 1)[1] if text.startswith("<?xml") else text


def test_no_id_is_shared_between_figures_on_one_page() -> None:
    parts = _page_parts()
    # Identical calls (a board's _repr_svg_ twice) are the same figure: count each distinct picture once.
    distinct = list(dict.fromkeys(_strip_xml_declaration(p) for p in parts))
    ids = Counter(i for part in distinct for i in ID.findall(part))
    shared = [i for i, n in ids.items() if n > 1]
    assert not shared, f"{len(shared)} ids shared between figures, e.g. {shared[:5]}"
    # Every reference points inside its own figure.
    for part in distinct:
        own = set(ID.findall(part))
        refs = {a or b for a, b in HREF.findall(part)}
        assert refs <= own


def test_ids_are_deterministic_and_follow_content_and_options() -> None:
    board = _boards()[1]
    assert svg(board, theme="dark") == svg(board, theme="dark")

    def prefix(text: str) -> str:
        first = ID.findall(text)[0]
        return first[: first.index("-") + 1]

    seen = {
        prefix(svg(board, theme="classic")),
        prefix(svg(board, theme="dark")),
        prefix(svg(board, theme="classic", cell=30)),
        prefix(svg(board, theme="classic", last=4)),
        prefix(svg(board, theme="classic", highlight="big-eye-boy:1")),
        prefix(svg(Scoreboard.from_results("BPPPBBTBPBPBBBPP"), theme="classic")),
    }
    assert len(seen) == 6


def test_svgs_scale_in_pages_and_keep_exact_pixels_in_files() -> None:
    board = _boards()[0]
    root = ET.fromstring(svg(board, cell=30))
    assert root.get("viewBox", "").startswith("0 0 ")
    assert "max-width:100%" in (root.get("style") or "") and "height:auto" in (root.get("style") or "")
    wide = ET.fromstring(svg(board, width=1200))
    assert wide.get("width") == "1200"
    vb = [float(v) for v in root.get("viewBox", "").split()]
    assert int(root.get("width") or 0) == round(vb[2] * 30 / 24)


def _html(parts: list[str]) -> str:
    body = "\n".join(f'<div class="cell">{_strip_xml_declaration(p)}</div>' for p in parts)
    return (
        '<!doctype html><html><head><meta charset="utf-8"><style>.cell{width:300px;overflow:hidden}</style>'
        f"</head><body>{body}</body></html>"
    )


@pytest.mark.browser
def test_each_board_in_a_browser_uses_its_own_theme_and_fits_its_container(browser: Any) -> None:  # noqa: F811
    board = _boards()[0]
    parts = [svg(board, theme=theme) for theme in THEMES] + [figure(board, theme=t)._repr_html_() for t in THEMES]
    page = browser.new_page(viewport={"width": 800, "height": 600})
    try:
        page.set_content(_html(parts))
        found = page.evaluate(
            """() => Array.from(document.querySelectorAll('svg.roads')).map(svg => {
                const use = svg.querySelector('use[data-road="big-road"]');
                const ref = use.getAttribute('xlink:href') || use.getAttribute('href');
                const symbol = document.getElementById(ref.slice(1));
                return {
                    inside: svg.contains(symbol),
                    stroke: symbol.firstElementChild.getAttribute('stroke'),
                    width: svg.getBoundingClientRect().width,
                    box: (svg.closest('.roads-scroll') || svg).getBoundingClientRect().width,
                    text: Math.min(...Array.from(svg.querySelectorAll('text'), t => t.getBoundingClientRect().height)
                        .filter(h => h > 0)),
                    height: svg.getBoundingClientRect().height,
                    ratio: svg.viewBox.baseVal.width / svg.viewBox.baseVal.height,
                };
            })"""
        )
    finally:
        page.close()
    assert len(found) == 2 * len(THEMES)
    first = board.big_road[0].winner.value
    for i, (entry, theme) in enumerate(zip(found, [*THEMES, *THEMES], strict=True)):
        assert entry["inside"], "a <use> found another figure's symbol"
        assert entry["stroke"] == getattr(THEMES[theme], first)
        # A bare SVG shrinks to the 300 px container, keeping its shape; a figure scrolls in a box that fits
        # it, the picture no narrower than where its smallest text is 9 px.
        assert entry["box"] <= 300.5
        if i < len(THEMES):
            assert entry["width"] <= 300.5
        else:
            assert entry["width"] > 300.5 and entry["text"] >= 8.5
        assert entry["width"] / entry["height"] == pytest.approx(entry["ratio"], rel=0.02)
