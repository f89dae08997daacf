"""Notebook display: one mixin shows a scoreboard, a hand and a figure; the core never loads the renderer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from roads import Scoreboard
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


@pytest.mark.parametrize("cls", [Scoreboard, Coup, Figure])
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
