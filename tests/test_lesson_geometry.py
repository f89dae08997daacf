"""The lesson board and its proofs as a learner sees them at 390, 768 and 1280 px (issue 21, items 1, 3 and 10).

One page load per width per shoe, many checks per load: the board opens on the
newest Big Road column (and every derived road's newest column when they fit in
the frame together), no text is cut by the frame, the road names show, a swipe
stops on whole columns, a phone is told the board scrolls, the viewer is on
screen, and every proof has the same layout with figures drawn at their own
size (24 px cells, column numbers of 11 px or more, a drawn arrow). Screenshot
snapshots of the board, the step-through and a proof are compared by pixels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture

from roads.lesson.page import lesson_page
from roads.shoe import deal_shoe

pytestmark = pytest.mark.browser

WIDTHS = (390, 768, 1280)
# Two leading ties, a Banker dragon of 9 (its tail turns at row 6), then chops and streaks.
DRAGON = list("TTBBBBBBBBBPPBPBBPPPBPTBBPPBPBPPPBBPPPPBPBBPBPPB")
SHOES: dict[str, list[Any]] = {
    "seed-2026": list(deal_shoe(8, seed=2026).coups),
    "seed-3": list(deal_shoe(8, seed=3).coups),
    "dragon": DRAGON,
}

GEOMETRY = """() => {
  const board = document.getElementById('board'), svg = board.querySelector('svg');
  const f = board.getBoundingClientRect();
  const left = f.left + board.clientLeft, right = left + board.clientWidth;
  const inFrame = r => r.left >= left - 0.5 && r.right <= right + 0.5;
  const newest = {};
  svg.querySelectorAll('use[data-road]').forEach(u => {
    const road = u.getAttribute('data-road');
    if (road === 'bead-plate') { return; }
    const r = u.getBoundingClientRect();
    if (!newest[road] || r.right > newest[road].right) { newest[road] = {left: r.left, right: r.right}; }
  });
  const lefts = Object.values(newest).map(r => r.left), rights = Object.values(newest).map(r => r.right);
  const cut = Array.from(svg.querySelectorAll('text')).filter(t => getComputedStyle(t).visibility !== 'hidden')
    .map(t => [t.textContent, t.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && ((r.left < left - 0.5 && r.right > left + 0.5) ||
                                       (r.left < right - 0.5 && r.right > right + 0.5)))
    .map(([text]) => text);
  // A strip with room in the frame for its name shows the name, whole.
  const names = Array.from(svg.querySelectorAll('text.road-label')).map(t => {
    const road = Array.from(t.classList).find(c => c !== 'road-label');
    const s = svg.querySelector('g.road.' + road).getBoundingClientRect(), r = t.getBoundingClientRect();
    const room = Math.min(s.right, right) - Math.max(s.left, left);
    return {road, room, width: r.width, shown: inFrame(r) && getComputedStyle(t).visibility !== 'hidden'};
  });
  const pics = Array.from(document.querySelectorAll('li.proof > .picture'));
  const figures = pics.map(p => {
    const s = p.querySelector('svg'), r = s.getBoundingClientRect(), w = p.nextElementSibling.getBoundingClientRect();
    const k = r.width / s.viewBox.baseVal.width;
    const numbers = Array.from(s.querySelectorAll('text')).map(t => parseFloat(t.getAttribute('font-size')) * k);
    return {box: p.getBoundingClientRect().width, scale: k, smallest: Math.min(...numbers),
            lines: s.querySelectorAll('line').length,
            beside: w.left >= p.getBoundingClientRect().right - 0.5, above: w.top >= r.bottom - 0.5};
  });
  const v = document.getElementById('viewer').getBoundingClientRect();
  const hint = document.querySelector('.scroll-hint');
  return {
    page: document.scrollingElement.scrollWidth, view: innerWidth, viewHeight: innerHeight,
    scrolls: board.scrollWidth > board.clientWidth + 1, frame: [left, right], newest, cut, names,
    fits: Math.max(...rights) - Math.min(...lefts) <= right - left,
    figures, viewer: [v.top, v.bottom],
    hint: hint ? hint.getBoundingClientRect().height > 0 : false, fades: board.classList.contains('more-left'),
  };
}"""

AFTER_A_SWIPE = """async () => {
  const board = document.getElementById('board'), svg = board.querySelector('svg');
  const edge = () => board.getBoundingClientRect().left + board.clientLeft + board.clientWidth
    - svg.getBoundingClientRect().left;
  const before = edge();
  board.scrollBy({left: -70, behavior: 'instant'});
  await new Promise(r => setTimeout(r, 300));
  const cellPx = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * 24;
  const edges = Array.from(svg.querySelectorAll('use[data-road="big-road"]'),
    u => u.getBoundingClientRect().left + u.getBoundingClientRect().width / 2 + cellPx / 2
      - svg.getBoundingClientRect().left);
  return {before, after: edge(), edges};
}"""

STEPPED = """() => {
  const board = document.getElementById('board');
  const f = board.getBoundingClientRect(), left = f.left + board.clientLeft, right = left + board.clientWidth;
  const tints = Array.from(board.querySelectorAll('.roads-overlay.under rect'), r => r.getBoundingClientRect());
  const v = document.getElementById('viewer').getBoundingClientRect();
  return {tints: tints.length, inFrame: tints.every(r => r.left >= left - 0.5 && r.right <= right + 0.5),
          viewer: [v.top, v.bottom], showing: document.getElementById('viewer').getAttribute('data-showing')};
}"""


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each shoe's lesson page, written once."""
    folder = tmp_path_factory.mktemp("geometry")
    out = {}
    for name, items in SHOES.items():
        out[name] = folder / f"{name}.html"
        out[name].write_text(lesson_page(items), encoding="utf-8")
    return out


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("shoe", list(SHOES))
def test_the_board_opens_on_its_newest_columns_and_every_proof_has_one_layout(
    browser: Any,  # noqa: F811
    lessons: dict[str, Path],
    shoe: str,
    width: int,
    snapshot_png: Any,
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    shots: list[bytes] = []
    # Screenshots of one shoe on a phone (looked at when they change): the board as it opens, a proof, and
    # the step-through at coup 10.
    pictures = shoe == "seed-2026" and width == 390
    try:
        page.goto(lessons[shoe].as_uri())
        g = page.evaluate(GEOMETRY)
        if pictures:
            shots += [page.locator("#board").screenshot(), page.locator("li.proof").first.screenshot()]
        swiped = page.evaluate(AFTER_A_SWIPE) if g["scrolls"] else None
        page.locator(".stepper input[type=range]").fill("10")
        stepped = page.evaluate(STEPPED)
        if pictures:
            shots.append(page.locator("#board").screenshot())
    finally:
        page.close()
    for shot in shots:
        assert shot == snapshot_png
    left, right = g["frame"]
    assert g["page"] <= g["view"], "the page scrolls sideways"
    # The newest Big Road column is whole in the frame; every road's newest column too when they fit together.
    big = g["newest"]["big-road"]
    assert left - 0.5 <= big["left"] and big["right"] <= right + 0.5, (big, g["frame"])
    if g["fits"]:
        for road, r in g["newest"].items():
            assert left - 0.5 <= r["left"] and r["right"] <= right + 0.5, road
    assert not g["cut"], f"cut by the frame: {g['cut']}"
    shown = [n for n in g["names"] if n["room"] >= n["width"] + 12]
    assert shown and all(n["shown"] for n in shown), g["names"]
    assert any(n["road"] == "big-road" for n in shown)
    if g["scrolls"]:
        # A phone is told the board scrolls; a swipe stops with a Big Road column's edge on the frame's edge.
        assert g["hint"] and g["fades"]
        assert swiped is not None and swiped["after"] < swiped["before"] - 24, swiped
        assert min(abs(e - swiped["after"]) for e in swiped["edges"]) < 1.0, swiped["after"]
    # The viewer is on the screen from the start, and after stepping to coup 10.
    assert g["viewer"][0] < g["viewHeight"] and g["viewer"][1] > 0
    assert stepped["viewer"][0] < g["viewHeight"] and stepped["viewer"][1] > 0
    if stepped["showing"]:
        assert stepped["tints"] and stepped["inFrame"], stepped
    # One layout for every proof: the same figure column, beside the words from 768 px, above them on a phone.
    figures = g["figures"]
    assert len(figures) > 20 and len({f["box"] for f in figures}) == 1
    if width >= 768:
        assert figures[0]["box"] == 200 and all(f["beside"] for f in figures)
    else:
        assert all(f["above"] and not f["beside"] for f in figures)
    # Drawn at their own size: 24 px cells, column numbers of 11 px or more, a three-stroke arrow.
    assert all(f["scale"] == 1 and f["smallest"] >= 11 and f["lines"] == 3 for f in figures)


def test_a_proof_figure_numbers_every_column_its_words_cite(lessons: dict[str, Path]) -> None:
    """Captions that cite columns come with those column numbers drawn under the picture."""
    import re

    html = lessons["dragon"].read_text(encoding="utf-8")
    items = re.findall(r'<li class="proof .*?</li>\n', html, re.S)
    assert len(items) > 20
    for item in items:
        drawn = set(re.findall(r'font-size="12"[^>]*>(\d+)</text>', item))
        words = item[item.index('<ol class="steps">') :]
        cited = set(re.findall(r"\bcolumns? (\d+)", words)) | set(re.findall(r"\bcolumns \d+ and (\d+)", words))
        assert drawn and cited, item[:300]
        assert cited <= drawn, (cited - drawn, item[:300])


def test_an_embedded_figure_scrolls_rather_than_shrinking_its_words(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    snapshot_png: Any,
) -> None:
    """A Markdown fence figure on a phone: its caption is page text, its picture scrolls at its minimum width."""
    import markdown

    from roads.lesson.markdown_ext import RoadsExtension

    text = '```roads highlight="big-eye-boy:1" caption="A chop"\nB P P B B T B P B B P P\n```\n'
    body = markdown.markdown(text, extensions=[RoadsExtension()])
    path = tmp_path / "embed.html"
    path.write_text(f'<!doctype html><meta charset="utf-8"><body style="margin:8px">{body}</body>', encoding="utf-8")
    page = browser.new_page(viewport={"width": 390, "height": 700})
    try:
        page.goto(path.as_uri())
        found = page.evaluate(
            """() => {
                const fig = document.querySelector('figure.roads'), svg = fig.querySelector('svg');
                const box = fig.querySelector('.roads-scroll'), cap = fig.querySelector('figcaption');
                const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                const sizes = Array.from(svg.querySelectorAll('text'),
                    t => parseFloat(t.getAttribute('font-size')) * k);
                return {page: document.scrollingElement.scrollWidth, box: box.getBoundingClientRect().right,
                        scrolls: box.scrollWidth > box.clientWidth, smallest: Math.min(...sizes),
                        caption: parseFloat(getComputedStyle(cap).fontSize), words: cap.textContent};
            }"""
        )
        shot = page.locator("figure.roads").screenshot()
    finally:
        page.close()
    assert found["page"] <= 390 and found["box"] <= 390 and found["scrolls"]
    assert found["smallest"] >= 9 and found["caption"] >= 12
    assert found["words"].startswith("A chop") and "Big Eye Boy mark 1 (blue): " in found["words"]
    assert shot == snapshot_png
