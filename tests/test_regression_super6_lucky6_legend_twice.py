"""`--mark-events super6 --lucky-6` wrote two identical legend lines and put two badges on each such bead.

Super 6 and Lucky 6 both mean "Banker wins with 6": they now share one marker and one legend line.
"""

from __future__ import annotations

from pathlib import Path

from helpers import scene_group

from roads.bets.events import events_scene
from roads.logs import read_coups
from roads.scene.options import render_options
from roads.scene.primitives import Group, Scene, Text, walk

EVENTS_LOG = Path(__file__).resolve().parent.parent / "fixtures" / "logs" / "marks-events.txt"
"""16 coups with cards; coup 13 is a Super 6 and a Lucky 6."""


def _legend(scene: Scene) -> list[str]:
    """Return the event legend's lines."""
    return [
        t.text for t in walk(scene_group(scene, "event-legend").items) if isinstance(t, Text) and t.anchor == "start"
    ]


def test_one_marker_and_one_legend_line_for_super_6_and_lucky_6() -> None:
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(), "super6", lucky_6=True)
    badges = [g for g in scene_group(scene, "bead-plate").items if isinstance(g, Group) and "event" in g.classes]
    assert [dict(g.data)["coup"] for g in badges] == ["13"]
    legend = _legend(scene)
    assert legend == ["Super 6 / Lucky 6: Banker wins with 6 (1)"]
    assert "Marked on the Bead Plate: Super 6 / Lucky 6 1." in scene.desc


def test_lucky_6_alone_keeps_its_own_line() -> None:
    scene = events_scene(read_coups(str(EVENTS_LOG)), render_options(), "ez", lucky_6=True)
    legend = _legend(scene)
    assert legend[-1] == "Lucky 6: Banker wins with 6 (1)" and len(legend) == 3
