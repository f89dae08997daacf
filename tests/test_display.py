"""Notebook display: one mixin shows a scoreboard, a hand and a figure; the core never loads the renderer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import roads.display
from roads import Scoreboard
from roads.board import Board
from roads.coup import Coup
from roads.display import NotebookDisplay
from roads.lesson.embed import Figure, figure
from roads.shoe import deal_shoe

HEAVY = ("roads.render", "roads.scene", "roads.lesson", "svgwrite", "PIL")


@pytest.mark.slow
def test_importing_the_core_loads_no_renderer() -> None:
    code = "import json, sys\nimport roads, roads.board, roads.coup\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert "roads.board" in loaded and "roads.coup" in loaded
    assert [m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY)] == []


@pytest.mark.parametrize("cls", [Board, Scoreboard, Coup, Figure])
def test_one_mixin_carries_the_display_methods(cls: type) -> None:
    assert issubclass(cls, NotebookDisplay)
    for name in ("_repr_svg_", "_repr_png_", "_repr_html_"):
        assert name not in vars(cls), f"{cls.__name__} defines {name} again"


def test_each_subject_shows_itself() -> None:
    shoe = deal_shoe(8, seed=5)
    for subject in (Scoreboard.from_outcomes(shoe.coups[:20]), shoe.coups[0], figure("BPPB", road="big-road")):
        assert subject._repr_svg_().lstrip().startswith("<")
        assert subject._repr_png_().startswith(b"\x89PNG")
        assert subject._repr_html_().startswith('<figure class="roads">')


def test_notebook_pictures_are_the_renderers_own() -> None:
    """The display methods ask the renderer for the object's scene: the same picture the object's own methods make."""
    from roads import resolve
    from roads.lesson.embed import picture

    board = Scoreboard.from_results("BPPPBBPT")
    assert board._repr_svg_() == board.svg()
    assert board._repr_png_() == board.png()
    fig = figure("BPPPBBPT", road="big-road", theme="dark")
    assert fig._repr_svg_() == fig.svg() == board.svg(road="big-road", theme="dark")
    coup = resolve("3 6 K K 6 2")
    assert coup._repr_png_() == picture(coup, "png")
    assert coup._repr_html_().count("<svg") == 1


def test_the_model_shows_itself_through_the_drawer_the_package_binds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mixin names no renderer: whatever drawer is bound answers, for a model Board and a Coup alike."""
    asked: list[tuple[str, object]] = []

    class Drawer:
        def svg(self, subject: object) -> str:
            asked.append(("svg", subject))
            return "<svg/>"

        def png(self, subject: object) -> bytes:
            asked.append(("png", subject))
            return b"png"

        def html(self, subject: object) -> str:
            asked.append(("html", subject))
            return "<figure/>"

    board, coup = Board.from_results("BPPB"), deal_shoe(8, seed=5).coups[0]
    monkeypatch.setattr(roads.display, "_drawer", None)
    with pytest.raises(RuntimeError, match="no notebook drawer is bound"):
        board._repr_svg_()
    roads.display.bind(Drawer())
    assert (board._repr_svg_(), board._repr_png_(), coup._repr_html_()) == ("<svg/>", b"png", "<figure/>")
    assert asked == [("svg", board), ("png", board), ("html", coup)]


def test_a_model_board_shows_the_picture_of_the_public_one() -> None:
    assert Board.from_results("BPPPBBPT")._repr_svg_() == Scoreboard.from_results("BPPPBBPT").svg()
