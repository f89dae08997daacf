"""The SVG back-end: structure a program can read, text a screen reader can read, bytes that never drift."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from helpers import demo_board, example_board

from roads import Scoreboard
from roads.render import svg
from roads.render.svg import num

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture(scope="module")
def demo() -> Scoreboard:
    """The demo shoe: 82 coups from cards, with pairs, naturals and ties."""
    return demo_board()


def parse(text: str) -> ET.Element:
    """Return the parsed SVG root."""
    return ET.fromstring(text)


def test_marks_per_road_match_the_board(demo: Scoreboard) -> None:
    root = parse(svg(demo))
    counts = Counter(el.get("data-road") for el in root.iter() if el.get("data-road"))
    assert counts == {
        "bead-plate": demo.coups,
        "big-road": len(demo.big_road),
        "big-eye-boy": len(demo.big_eye_boy),
        "small-road": len(demo.small_road),
        "cockroach-pig": len(demo.cockroach_pig),
    }


def test_every_mark_says_what_it_is(demo: Scoreboard) -> None:
    root = parse(svg(demo))
    for name in ("big_eye_boy", "small_road", "cockroach_pig"):
        road = name.replace("_", "-")
        marks = [el for el in root.iter(f"{{{NS['svg']}}}use") if el.get("data-road") == road]
        for el, color in zip(marks, demo.road(name).colors, strict=True):
            assert el.get("class") == f"mark {road} {color.value}"
            assert el.get("data-color") == color.value
        assert [int(el.get("data-mark", 0)) for el in marks] == list(range(1, len(marks) + 1))
    beads = [el for el in root.iter() if el.get("data-road") == "big-road"]
    for el, bead in zip(beads, demo.big_road, strict=True):
        assert el.get("class") == f"bead big-road {bead.winner.value}"
        assert el.get("data-coup") == str(bead.coup)


def test_symbols_are_defined_once_and_used_by_model_ids(demo: Scoreboard) -> None:
    root = parse(svg(demo))
    defs = root.find("svg:defs", NS)
    assert defs is not None
    ids = [g.get("id") for g in defs if g.tag != f"{{{NS['svg']}}}style"]  # the embedded fonts have no id
    assert ids == sorted(ids) and len(ids) == len(set(ids))
    assert not any(re.fullmatch(r"id\d+", i or "") for i in ids), "no svgwrite counter ids"
    used = {el.get(XLINK) for el in root.iter(f"{{{NS['svg']}}}use")}
    assert used == {f"#{i}" for i in ids}
    all_ids = [el.get("id") or "" for el in root.iter() if el.get("id")]
    assert len(all_ids) == len(set(all_ids))
    # Every id carries the figure's own prefix, then the model's name.
    prefix = all_ids[0][: all_ids[0].index("-") + 1]
    assert re.fullmatch(r"r[0-9a-f]{10}-", prefix) and all(i.startswith(prefix) for i in all_ids)
    names = {i.removeprefix(prefix) for i in all_ids}
    assert {"bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig", "stats", "asks"} <= names


def test_every_grid_is_ruled(demo: Scoreboard) -> None:
    root = parse(svg(demo))
    grids = [el for el in root.iter(f"{{{NS['svg']}}}path") if el.get("class") == "grid"]
    assert len(grids) == 5
    for el in grids:
        d = el.get("d") or ""
        # Inner lines of a 6-row grid: 5 horizontal, and one vertical between every two columns.
        assert d.count("H") == 5 and d.count("V") >= 5, d[:80]
    # Each derived road's strong lines, a Big Road cell apart: 2 inner horizontal lines of 3 double rows.
    majors = [el for el in root.iter(f"{{{NS['svg']}}}path") if el.get("class") == "grid major"]
    assert len(majors) == 3
    assert all((el.get("d") or "").count("H") == 2 for el in majors)


def test_title_and_desc_come_first_and_read_as_text(demo: Scoreboard) -> None:
    root = parse(svg(demo))
    assert [child.tag.split("}")[1] for child in root][:3] == ["title", "desc", "defs"]
    assert root.findtext("svg:title", namespaces=NS) == "Scoreboard, 82 coups"
    desc = root.findtext("svg:desc", namespaces=NS) or ""
    assert "Big Road: " in desc and "Big Eye Boy: " in desc and "≠" in desc


def test_asks_show_each_side_with_the_marks_it_would_add() -> None:
    board = Scoreboard.from_results("BPPPB")
    root = parse(svg(board))
    for side, answer in board.asks().items():
        badge = next(el for el in root.iter() if el.get("data-ask") == side)
        shown = [el.get("class") for el in badge if (el.get("class") or "").startswith("ask-mark")]
        assert shown == [
            f"ask-mark {name.replace('_', '-')} {color.value}" for name, color in answer.items() if color is not None
        ]
    young = parse(svg(Scoreboard.from_results("B")))
    assert not [el for el in young.iter() if (el.get("class") or "").startswith("ask-mark")]


def test_text_from_options_is_escaped() -> None:
    title = "Table <7> & \"VIP\" 'salon' ]]>"
    text = svg(Scoreboard.from_results("BPT"), title=title)
    root = parse(text)
    assert root.findtext("svg:title", namespaces=NS) == title
    assert any(el.text == title for el in root.iter(f"{{{NS['svg']}}}text"))
    assert "<7>" not in text


def test_size_options_scale_the_picture_not_the_model() -> None:
    board = Scoreboard.from_results("BPPB")
    base = parse(svg(board))
    double = parse(svg(board, cell=48))
    wide = parse(svg(board, width=1000))
    assert base.get("viewBox") == double.get("viewBox") == wide.get("viewBox")
    assert int(double.get("width", 0)) == 2 * int(base.get("width", 0))
    assert wide.get("width") == "1000"


def test_numbers_are_rounded_and_bytes_are_stable(demo: Scoreboard) -> None:
    text = svg(demo, highlight=("small-road", 20))
    assert text == svg(demo, highlight=("small-road", 20))
    assert not re.search(r'="-?\d+\.\d{3,}"', text)
    assert (num(1.0), num(2.505), num(-0.001), num(12.5)) == ("1", "2.5", "0", "12.5")


def bare(id: str | None) -> str:
    """Return an element id without its figure prefix."""
    return re.sub(r"^r[0-9a-f]{10}-", "", id or "")


def test_print_theme_tells_blue_from_red_by_shape(demo: Scoreboard) -> None:
    root = parse(svg(demo, theme="print"))
    defs = {bare(g.get("id")): [child.tag.split("}")[1] for child in g] for g in root.find("svg:defs", NS) or []}
    assert defs["big-eye-boy-red"] == ["circle"] and defs["big-eye-boy-blue"] == ["rect"]
    assert defs["big-road-banker"] == ["circle"] and defs["big-road-player"] == ["rect"]
    classic = parse(svg(demo))
    assert next(c.tag for c in classic.find("svg:defs", NS) or [] if bare(c.get("id")) == "big-eye-boy-blue")


def test_chinese_labels_need_no_font_in_svg() -> None:
    root = parse(svg(Scoreboard.from_results("BPT"), labels="zh"))
    texts = {el.text for el in root.iter(f"{{{NS['svg']}}}text")}
    assert {"庄", "闲", "和"} <= texts
    assert "Noto Sans CJK SC" in (root.get("font-family") or "")


# -- snapshots: look at the picture before accepting a change (docs/rendering.md) -----------


@pytest.mark.parametrize("road", ["bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig"])
def test_snapshot_each_road(road: str, demo: Scoreboard, snapshot_svg) -> None:  # type: ignore[no-untyped-def]
    assert svg(demo, road=road) == snapshot_svg


@pytest.mark.parametrize("theme", ["classic", "dark", "print"])
def test_snapshot_scoreboard_themes(theme: str, demo: Scoreboard, snapshot_svg) -> None:  # type: ignore[no-untyped-def]
    assert svg(demo, theme=theme) == snapshot_svg


CASES = {
    "highlight-rule-1": ("demo", {"highlight": ("big-eye-boy", 29)}),
    "highlight-rule-2": ("demo", {"highlight": ("small-road", 66), "last": 20}),
    "last-12": ("demo", {"last": 12}),
    "totals-naturals-no-pairs": ("demo", {"totals": True, "naturals": True, "pairs": False, "title": "Table 7"}),
    "zh": ("demo", {"labels": "zh"}),
    "dragon-tails": ("double-dragon", {}),
    "leading-ties": ("ties-at-start", {}),
    "ties-only": ("TTT", {"road": "big-road"}),
    "empty": ("", {}),
}
"""Case name -> (board: demo, a shared example's name, or B/P/T letters; options)."""


@pytest.mark.parametrize("case", list(CASES))
def test_snapshot_cases(case: str, demo: Scoreboard, snapshot_svg) -> None:  # type: ignore[no-untyped-def]
    board, options = CASES[case]
    made = demo if board == "demo" else example_board(board) if "-" in board else Scoreboard.from_results(board)
    assert svg(made, **options) == snapshot_svg
