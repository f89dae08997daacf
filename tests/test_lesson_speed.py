"""The fast ways a lesson page is written give what the general code gives.

A lesson has a figure and a focus per proof. Every figure is written by the
one SVG writer (:mod:`roads.render.svg`, svgwrite) as a decoration, shapes it
has written once reused, and nothing edits its text afterwards: the elements a
decoration draws are the file's for the same scene, and its root carries its
attributes once each. A focus reads only the Big Road columns it needs; it is
held here to a walk over the whole Big Road.
"""

from __future__ import annotations

import dataclasses
import random
import re
from xml.parsers import expat

import pytest

from roads import Scoreboard
from roads.board import Bead
from roads.board.names import DERIVED
from roads.lesson.compare import columns_of, comparison_scene
from roads.lesson.page import lesson_page
from roads.lesson.quiz import quiz_page
from roads.pages.figure import decoration_svg
from roads.pages.shell import sprite
from roads.render.svg import items_svg, scene_svg
from roads.scene.highlight import focus
from roads.scene.primitives import Group, Polygon, Scene, Text, Use

Element = tuple[str, dict[str, str], str]
"""An element as a parser reads it: its tag, its attributes and its text."""


def elements(svg: str) -> list[Element]:
    """Return every element of ``svg`` in document order; ExpatError if it is not well-formed XML.

    Namespaces are not processed (an HTML page declares none), so a repeated
    attribute or a broken tag is an error, and ``xlink:href`` an attribute.
    """
    found: list[tuple[str, dict[str, str], list[str]]] = []
    open_: list[list[str]] = []

    def start(tag: str, attributes: dict[str, str]) -> None:
        found.append((tag, attributes, []))
        open_.append(found[-1][2])

    def text(data: str) -> None:
        open_[-1].append(data)

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: open_.pop()
    parser.CharacterDataHandler = text
    parser.Parse(svg, True)
    return [(tag, attributes, "".join(text).strip()) for tag, attributes, text in found]


def drawing(svg: str) -> list[Element]:
    """Return what a document draws: its elements after the root, title, desc, defs and background."""
    drawn = elements(svg)[1:]
    return [e for e in drawn if e[0] not in ("title", "desc", "defs", "style") and "background" not in e[1].values()]


def shoe(seed: int, coups: int) -> Scoreboard:
    """Return a seeded board with the game's frequencies and some long streaks."""
    rng = random.Random(seed)
    letters = "".join(rng.choice(("B", "P", "T", "BBBBBBBB", "PPPPPPP")) for _ in range(coups))
    return Scoreboard.from_results(letters)


def check_decoration(scene: Scene, classes: str, prefix: str) -> None:
    """Assert that ``scene``'s decoration is its file's drawing in a small hidden root, every id prefixed."""
    figure = decoration_svg(scene, classes, prefix)
    root = elements(figure)[0]
    assert root == (
        "svg",
        {
            "aria-hidden": "true",
            "class": classes,
            "focusable": "false",
            "height": f"{scene.height:g}",
            "viewBox": f"0 0 {scene.width:g} {scene.height:g}",
            "width": f"{scene.width:g}",
        },
        "",
    )
    file = scene_svg(dataclasses.replace(scene, symbols=()), ids=prefix, fonts=False)
    assert elements(figure)[1:] == drawing(file)
    assert all(a["xlink:href"].startswith(f"#{prefix}") for tag, a, _ in elements(figure) if tag == "use")


@pytest.mark.parametrize("theme", ["classic", "dark", "print"])
def test_a_figure_is_the_files_drawing_in_a_hidden_root(theme: str) -> None:
    board = shoe(1, 60)
    columns = columns_of(board)
    for name in DERIVED:
        for p in board.proofs(name):
            check_decoration(comparison_scene(p, columns, theme=theme), "comparison", "cmp-")


def test_a_figure_with_other_primitives_is_written_the_same_way() -> None:
    board = shoe(2, 40)
    scene = comparison_scene(next(iter(board.proofs("big_eye_boy"))), columns_of(board))
    odd = dataclasses.replace(scene, items=(Group((Polygon(((0, 0), (4, 0), (2, 3)), fill="#112233"),)),))
    check_decoration(odd, "comparison", "x-")
    assert [tag for tag, _, _ in elements(decoration_svg(odd, "comparison", "x-"))] == ["svg", "g", "polygon"]


def test_a_shape_drawn_again_is_written_again_whole() -> None:
    """Shapes are written once and reused: one placed twice, alone and in a group, keeps its attributes and text."""
    label = Text(3, 4, "A & <b>", 9, "#000000", anchor="start")
    mark = Use("banker", 1, 2, classes="mark", data=(("coup", "7"),))
    scene = Scene(20, 10, "#ffffff", (), (label, Group((label, mark)), mark), "", "", "sans-serif")
    drawn = elements(decoration_svg(scene, "comparison", "p-"))
    assert drawn[1] == drawn[3] == ("text", {"fill": "#000000", "font-size": "9", "x": "3", "y": "4"}, "A & <b>")
    assert (
        drawn[4]
        == drawn[5]
        == ("use", {"class": "mark", "data-coup": "7", "x": "1", "xlink:href": "#p-banker", "y": "2"}, "")
    )
    assert items_svg((mark, label), "p-").splitlines() == [
        '<use class="mark" data-coup="7" x="1" xlink:href="#p-banker" y="2" />',
        '<text fill="#000000" font-size="9" x="3" y="4">A &amp; &lt;b&gt;</text>',
    ]


def test_a_scene_built_with_lists_is_written_as_with_tuples() -> None:
    """Reused shapes are looked up by value: a caller's unhashable shape is written, not refused."""
    listed = Polygon([(0, 0), (4, 0), (2, 3)], fill="#112233")  # type: ignore[arg-type]
    tupled = Polygon(((0, 0), (4, 0), (2, 3)), fill="#112233")
    scene = Scene(4, 3, "#ffffff", (), (listed,), "", "", "sans-serif")
    assert scene_svg(scene) == scene_svg(dataclasses.replace(scene, items=(tupled,)))


def test_sprite_root_had_two_class_attributes() -> None:
    """The sprite was the file's root with a class put before it by string replacement: two ``class`` attributes."""
    board = shoe(3, 30)
    scene = comparison_scene(next(iter(board.proofs("small_road"))), columns_of(board))
    hidden = sprite({f"cmp-{s.id}": s for s in scene.symbols})
    found = elements(hidden)  # a repeated attribute is an ExpatError
    assert found[0] == (
        "svg",
        {
            "aria-hidden": "true",
            "class": "sprite",
            "focusable": "false",
            "height": "0",
            "viewBox": "0 0 0 0",
            "width": "0",
        },
        "",
    )
    assert found[1][0] == "defs"
    assert sorted(a["id"] for tag, a, _ in found if tag == "g") == sorted(f"cmp-{s.id}" for s in scene.symbols)


@pytest.mark.parametrize("page", ["lesson", "quiz"])
def test_every_picture_of_a_page_is_well_formed_and_written_once(page: str) -> None:
    board = shoe(4, 70)
    html = lesson_page(board.bead_plate.outcomes) if page == "lesson" else quiz_page([board], seed=1)
    pictures = re.findall(r"<svg\b.*?</svg>", html, flags=re.S)
    assert len(pictures) > 10
    for picture in pictures:
        root = elements(picture)[0][1]  # a repeated attribute is an ExpatError
        # The board is a document (namespaces and all); every other picture a decoration, written as one.
        assert ("xmlns" in root) == (root["class"] == "roads") == ("aria-hidden" not in root)


def walked_focus_cells(board: Scoreboard, name: str, number: int) -> tuple[Bead, tuple[tuple[int, int], ...]]:
    """Return the source bead and compared cells the way focus found them before: walking the whole Big Road."""
    why = board.proof(name, number)
    wanted = {column for column, _ in why.compared}
    by_column: dict[int, list[Bead]] = {}
    source = None
    for bead in board.big_road:
        if bead.column in wanted:
            by_column.setdefault(bead.column, []).append(bead)
        if (bead.column, bead.row) == (why.column, why.row):
            source = bead
    assert source is not None
    return source, tuple((b.x, b.y) for column, _ in why.compared for b in by_column.get(column, ()))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_focus_reads_the_columns_a_walk_would_find(seed: int) -> None:
    board = shoe(seed, 200)
    for name in DERIVED:
        for number in range(1, len(board.road(name)) + 1):
            found = focus(board, name.cli, number)
            source, cells = walked_focus_cells(board, name, number)
            assert found.source == source
            assert found.compared_cells == cells
