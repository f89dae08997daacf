"""Marks that never collide, and the roads' names (issue 21, items 2 and 6): geometry read off the scene.

Each small mark of a cell (pair dots, the natural dot, a tie slash and its count, an event marker) is turned
into a circle, a stroke or a text box from the scene's own primitives; no two of one cell may overlap. The
snapshots are small boards (16 coups), each a case the issue names; look at the pictures before accepting.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import scene_group

from roads import Scoreboard
from roads.bets.events import events_scene
from roads.cli import main
from roads.logs import read_coups
from roads.outcome import Outcome, Winner
from roads.render import scene_bytes, svg
from roads.scene import THEMES, lay_out
from roads.scene.layout import CELL, HALF
from roads.scene.markers import LEGIBLE_BADGE
from roads.scene.options import render_options
from roads.scene.primitives import Circle, Grid, Group, Item, Line, Rect, Scene, Text, Use
from roads.scene.symbols import CAP, text_width

EVENTS_LOG = Path(__file__).resolve().parent.parent / "fixtures" / "logs" / "marks-events.txt"
"""16 coups with cards: Panda 8 (coup 4), Dragon 7 (coup 6, on a Banker bead), Super 6 and Lucky 6 (coup 13)."""

B, P, T = Winner.BANKER, Winner.PLAYER, Winner.TIE


def crowded() -> Scoreboard:
    """Return a small board whose cells carry every small mark at once: leading ties, pairs, naturals, counts."""
    o = Outcome
    return Scoreboard.from_outcomes(
        [
            o(T),
            o(T),
            o(B, banker_pair=True, player_pair=True, natural=True),
            o(T),
            o(T),
            o(T),
            o(P, player_pair=True, natural=True),
            o(T),
            o(T),
            o(P, banker_pair=True),
            o(B, natural=True),
            o(T),
            o(B, banker_pair=True, player_pair=True, natural=True),
            o(T),
            o(T),
            o(P, player_pair=True),
            o(B),
            o(P, natural=True),
            o(B, banker_pair=True),
        ]
    )


# -- the marks of one cell as plain geometry --------------------------------------------------------------


Shape = tuple[str, tuple[float, ...]]
"""("circle", (cx, cy, r)), ("stroke", (x1, y1, x2, y2, half width)) or ("box", (x0, y0, x1, y1))."""


def _shapes(item: Item, scene: Scene, dx: float = 0.0, dy: float = 0.0) -> Iterator[Shape]:
    symbols = {s.id: s for s in scene.symbols}
    if isinstance(item, Use):
        for shape in symbols[item.symbol].shapes:
            yield from _shapes(shape, scene, dx + item.x, dy + item.y)
    elif isinstance(item, Group):
        for inner in item.items:
            yield from _shapes(inner, scene, dx, dy)
    elif isinstance(item, Circle):
        if "halo" not in item.classes:  # the halo is the panel's colour: it may cover what it stands off
            yield "circle", (item.cx + dx, item.cy + dy, item.r + (item.width / 2 if item.stroke else 0))
    elif isinstance(item, Line):
        yield "stroke", (item.x1 + dx, item.y1 + dy, item.x2 + dx, item.y2 + dy, item.width / 2)
    elif isinstance(item, Text):
        w = text_width(item.text, item.size) * 0.9
        x0 = item.x + dx - (w / 2 if item.anchor == "middle" else 0)
        yield "box", (x0, item.y + dy - CAP * item.size, x0 + w, item.y + dy)


def _box_distance(box: tuple[float, ...], x: float, y: float) -> float:
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))


def _segment_distance(stroke: tuple[float, ...], x: float, y: float) -> float:
    x1, y1, x2, y2, _ = stroke
    run = (x2 - x1) ** 2 + (y2 - y1) ** 2
    t = 0.0 if run == 0 else max(0.0, min(1.0, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / run))
    return math.hypot(x - (x1 + t * (x2 - x1)), y - (y1 + t * (y2 - y1)))


def overlap(a: Shape, b: Shape) -> bool:
    """Return True when two shapes share any point (touching is allowed)."""
    (ka, va), (kb, vb) = sorted((a, b))
    if ka == kb == "circle":
        return math.dist(va[:2], vb[:2]) < va[2] + vb[2] - 1e-6
    if ka == kb == "box":
        return va[0] < vb[2] and vb[0] < va[2] and va[1] < vb[3] and vb[1] < va[3]
    if ka == kb == "stroke":
        return True  # one slash per cell: two strokes would already be a collision
    if (ka, kb) == ("box", "circle"):
        return _box_distance(va, vb[0], vb[1]) < vb[2] - 1e-6
    if (ka, kb) == ("circle", "stroke"):
        return _segment_distance(vb, va[0], va[1]) < va[2] + vb[4] - 1e-6
    # A box and a stroke: walk the stroke.
    steps = 64
    return any(
        _box_distance(va, vb[0] + (vb[2] - vb[0]) * i / steps, vb[1] + (vb[3] - vb[1]) * i / steps) < vb[4] - 1e-6
        for i in range(steps + 1)
    )


def small_marks(scene: Scene, road: str) -> dict[tuple[int, int], list[Shape]]:
    """Return the shapes of every small mark of ``road`` by cell (the bead's disc or ring is not one)."""
    group = scene_group(scene, road)
    frame = next(i for i in group.items if isinstance(i, Grid))
    cells: dict[tuple[int, int], list[Shape]] = {}
    for item in group.items:
        if isinstance(item, Use) and "bead" in item.classes.split():
            continue
        if isinstance(item, (Use, Group)):
            shapes = list(_shapes(item, scene))
            if isinstance(item, Group) and "event" in item.classes:
                shapes = [s for s in shapes if s[0] == "circle"][:1]  # a marker is its disc; its figure is on it
            if not shapes:
                continue
            xs = [s[1][0] for s in shapes]
            ys = [s[1][1] for s in shapes]
            x, y = sum(xs) / len(xs), sum(ys) / len(ys)
            key = (int((x - frame.x) // frame.cell), int((y - frame.y) // frame.cell))
            cells.setdefault(key, []).extend(shapes)
    return cells


def _collisions(scene: Scene, road: str) -> list[tuple[tuple[int, int], Shape, Shape]]:
    found = []
    for cell, shapes in small_marks(scene, road).items():
        for i, a in enumerate(shapes):
            for b in shapes[i + 1 :]:
                if overlap(a, b):
                    found.append((cell, a, b))
    return found


# -- item 6: marks that never collide ---------------------------------------------------------------------


@pytest.mark.parametrize("theme", list(THEMES))
def test_no_two_small_marks_of_a_big_road_cell_overlap(theme: str) -> None:
    scene = lay_out(crowded(), naturals=True, theme=theme)
    assert len(small_marks(scene, "big-road")) >= 5
    assert _collisions(scene, "big-road") == []


def test_the_old_crowded_corner_would_have_failed() -> None:
    """The check can fail: a natural dot on the slash's end (where it was) overlaps the slash."""
    natural = ("circle", (0.33 * CELL, -0.33 * CELL, 0.09 * CELL))
    slash = ("stroke", (-0.33 * CELL, 0.33 * CELL, 0.33 * CELL, -0.33 * CELL, 0.045 * CELL))
    assert overlap(natural, slash)


def test_no_two_small_marks_of_a_bead_overlap() -> None:
    coups = read_coups(str(EVENTS_LOG))
    scene = events_scene(coups, render_options(), "ez", lucky_6=True)
    assert _collisions(scene, "bead-plate") == []


def test_small_marks_stay_inside_their_cell() -> None:
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(), "super6", lucky_6=True)
    for road in ("bead-plate", "big-road"):
        for (col, row), shapes in small_marks(scene, road).items():
            frame = next(i for i in scene_group(scene, road).items if isinstance(i, Grid))
            x0, y0 = frame.x + col * frame.cell, frame.y + row * frame.cell
            for kind, v in shapes:
                if kind == "circle":
                    assert x0 <= v[0] - v[2] and v[0] + v[2] <= x0 + frame.cell + 1e-6, (road, col, row)
                    assert y0 <= v[1] - v[2] and v[1] + v[2] <= y0 + frame.cell + 1e-6, (road, col, row)


def _reach(shape: Circle | Rect, dx: float, dy: float) -> float:
    """Return how far (dx, dy) from a bead's centre is from the bead's outer edge (a disc, ring or rounded square)."""
    if isinstance(shape, Circle):
        return math.hypot(dx, dy) - shape.r - (shape.width / 2 if shape.stroke else 0)
    inner = shape.w / 2 - shape.rx
    out = math.hypot(max(abs(dx) - inner, 0), max(abs(dy) - inner, 0))
    return out - shape.rx - (shape.width / 2 if shape.stroke else 0)


@pytest.mark.parametrize("theme", ["classic", "print"])
@pytest.mark.parametrize("road", ["bead-plate", "big-road"])
def test_pair_dots_stand_clear_of_the_bead(road: str, theme: str) -> None:
    """A blue dot touching a blue ring read as a "Q": a pair dot now misses the ring and the disc (round or square)."""
    scene = lay_out(crowded(), theme=theme)
    group = scene_group(scene, road)
    symbols = {s.id: s for s in scene.symbols}
    beads = {dict(u.data)["coup"]: u for u in group.items if isinstance(u, Use) and "bead" in u.classes.split()}
    dots = [u for u in group.items if isinstance(u, Use) and "pair" in u.classes.split()]
    assert len(dots) >= 6
    for dot in dots:
        bead = beads[dict(dot.data)["coup"]]
        outline = symbols[bead.symbol].shapes[0]
        shape = symbols[dot.symbol].shapes[0]
        assert isinstance(outline, (Circle, Rect)) and isinstance(shape, (Circle, Rect))
        # A square dot (print) reaches furthest at its rounded corner.
        size = shape.r if isinstance(shape, Circle) else (shape.w / 2 - shape.rx) * math.sqrt(2) + shape.rx
        assert _reach(outline, dot.x - bead.x, dot.y - bead.y) >= size, (road, dot)  # its halo may trim the edge


def test_bead_plate_discs_are_four_tenths_of_the_cell() -> None:
    scene = lay_out(crowded())
    discs = [s.shapes[0] for s in scene.symbols if s.id.startswith("bead-")]
    assert discs and all(isinstance(d, Circle) and abs(d.r / CELL - 0.40) < 0.01 for d in discs)


def test_a_tie_count_sits_beside_its_slash() -> None:
    scene = lay_out(crowded())
    counts = [g for g in scene_group(scene, "big-road").items if isinstance(g, Group) and "tie-count" in g.classes]
    assert {dict(g.data)["ties"] for g in counts} == {"2", "3"}
    assert _collisions(scene, "big-road") == []


def _badges(scene: Scene) -> list[Group]:
    return [g for g in scene_group(scene, "bead-plate").items if isinstance(g, Group) and "event" in g.classes]


def test_a_badge_at_scale_1_is_at_least_8_px_and_carries_its_figure() -> None:
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(), "ez")
    badges = _badges(scene)
    assert len(badges) == 2
    for g in badges:
        body = next(i for i in g.items if isinstance(i, Circle) and i.classes == "badge")
        assert 2 * body.r >= LEGIBLE_BADGE
        assert any(isinstance(i, Text) for i in g.items)


def test_a_badge_too_small_to_read_is_a_plain_dot() -> None:
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(cell=12), "ez")
    badges = _badges(scene)
    assert badges and all(not any(isinstance(i, Text) for i in g.items) for g in badges)
    assert all(any(isinstance(i, Circle) and "dot" in i.classes for i in g.items) for g in badges)


@pytest.mark.parametrize("theme", list(THEMES))
def test_a_badge_on_a_bead_of_its_own_colour_is_drawn_the_other_way_round(theme: str) -> None:
    t = THEMES[theme]
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(theme=theme), "ez")
    dragon = next(g for g in _badges(scene) if ("event", "dragon_7") in g.data)
    body = next(i for i in dragon.items if isinstance(i, Circle) and i.classes == "badge")
    figure = next(i for i in dragon.items if isinstance(i, Text))
    assert body.fill == t.panel and body.stroke == t.banker and figure.fill == t.banker  # a red bead's red 7


def walk_texts(group: Group) -> Iterator[Text]:
    """Return the texts under ``group``."""
    for item in group.items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from walk_texts(item)


def test_derived_roads_rule_a_strong_line_under_every_big_road_line() -> None:
    scene = lay_out(crowded())
    x1 = next(i for i in scene_group(scene, "big-road").items if isinstance(i, Grid)).x
    for road in ("big-eye-boy", "small-road", "cockroach-pig"):
        grids = [i for i in scene_group(scene, road).items if isinstance(i, Grid)]
        light, strong = grids
        assert light.cell == HALF and light.stroke == THEMES["classic"].grid_minor
        assert strong.cell == CELL and strong.stroke == THEMES["classic"].grid and strong.classes == "major"
        assert (strong.x - x1) % CELL == 0 and strong.rows == 3


# -- item 2: road names -----------------------------------------------------------------------------------


def _labels(scene: Scene) -> dict[str, Text]:
    return {t.classes.split()[1]: t for t in walk_texts(scene_group(scene, "road-labels"))}


@pytest.mark.parametrize(("labels", "names"), [("en", ("Bead Plate", "Cockroach Pig")), ("zh", ("珠盘路", "曱甴路"))])
def test_road_labels_name_each_strip_above_it(labels: str, names: tuple[str, str]) -> None:
    scene = lay_out(crowded(), road_labels=True, labels=labels)
    found = _labels(scene)
    assert list(found) == ["bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig"]
    assert (found["bead-plate"].text, found["cockroach-pig"].text) == names
    for key, text in found.items():
        frame = next(i for i in scene_group(scene, key).items if isinstance(i, Grid))
        assert text.y <= frame.y - 2  # over the strip: it covers no mark
        right = frame.x + frame.columns * frame.cell
        assert text.x >= frame.x and text.x + text_width(text.text, text.size) <= right + 1e-6


def test_a_strip_too_narrow_for_its_name_goes_unnamed() -> None:
    found = _labels(lay_out(crowded(), road_labels=True, last=2))
    assert "small-road" not in found and "cockroach-pig" not in found  # two half cells: 24 units
    assert found["big-road"].size < 11 and found["big-road"].size >= 6  # set smaller to fit two cells


def test_road_labels_are_off_for_a_plain_board_and_on_for_a_highlight() -> None:
    board = crowded()
    assert "road-labels" not in svg(board)
    assert 'class="road-label big-road"' in svg(board, road_labels=True)
    assert 'class="road-label big-eye-boy"' in svg(board, highlight="big-eye-boy:1")
    assert "road-labels" not in svg(board, highlight="big-eye-boy:1", road_labels=False)
    one = lay_out(board, road="small-road", road_labels=True)
    assert list(_labels(one)) == ["small-road"]
    assert one.height == lay_out(board, road="small-road").height + 16


def test_road_labels_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("BPPBTB\n", encoding="utf-8")
    assert main(["render", str(log), "-o", str(tmp_path / "on.svg"), "--road-labels"]) == 0
    assert main(["render", str(log), "-o", str(tmp_path / "off.svg")]) == 0
    assert "Big Eye Boy</text>" in (tmp_path / "on.svg").read_text(encoding="utf-8")
    assert "road-label" not in (tmp_path / "off.svg").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["render", "--help"]) == 0
    assert "--road-labels / --no-road-labels" in capsys.readouterr().out


# -- snapshots: small boards, each a case of the issue; look at each picture before accepting ----------------

PNG_CASES = {
    "pairs-naturals-ties-scale-1": {"naturals": True},
    "pairs-naturals-ties-scale-2": {"naturals": True, "scale": 2},
    "road-labels-scale-2": {"road_labels": True, "scale": 2},
    "road-labels-zh": {"road_labels": True, "labels": "zh", "scale": 2},
    "dark": {"naturals": True, "theme": "dark", "scale": 2},
}


@pytest.mark.parametrize("case", list(PNG_CASES))
def test_snapshot_marks_png(case: str, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    options = dict(PNG_CASES[case])
    scale = float(options.pop("scale", 1))
    assert scene_bytes(lay_out(crowded(), **options), "png", scale=scale) == snapshot_png  # type: ignore[arg-type]


EVENT_CASES = {
    "badges-ez-scale-1": ("ez", True, 1.0, "classic"),
    "badges-ez-scale-2": ("ez", True, 2.0, "classic"),
    "badges-super6-lucky6": ("super6", True, 2.0, "classic"),
    "badges-ez-dark": ("ez", False, 2.0, "dark"),
}


@pytest.mark.parametrize("case", list(EVENT_CASES))
def test_snapshot_badges_png(case: str, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    rules, lucky, scale, theme = EVENT_CASES[case]
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(theme=theme, scale=scale), rules, lucky)
    assert scene_bytes(scene, "png", scale=scale) == snapshot_png


def test_snapshot_road_labels_svg(snapshot_svg) -> None:  # type: ignore[no-untyped-def]
    assert svg(crowded(), road_labels=True, naturals=True) == snapshot_svg


def test_same_bytes_twice() -> None:
    board = crowded()
    assert svg(board, road_labels=True) == svg(board, road_labels=True)
    scene = lay_out(board, road_labels=True, naturals=True)
    assert scene_bytes(scene, "png") == scene_bytes(lay_out(board, road_labels=True, naturals=True), "png")


def test_road_labels_in_a_pdf() -> None:
    pytest.importorskip("fpdf")
    board = crowded()
    labelled = scene_bytes(lay_out(board, road_labels=True), "pdf")
    assert labelled.startswith(b"%PDF") and labelled != scene_bytes(lay_out(board), "pdf")
