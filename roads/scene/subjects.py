"""Anything roads can draw and the scene it makes: one registry that notebooks, embedding and figures ask.

Each kind of object is drawn by the scene code it belongs to: a board by the
layout, a coup by the worked hand; a kind defined further up the flow (a
lesson figure) registers itself where it is defined. The model never imports
this module: its notebook display asks the drawer ``roads/__init__.py`` binds, which asks
the renderer (:mod:`roads.render.notebook`), which asks here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import singledispatch
from typing import Any, Unpack

from ..board import Board
from ..coup import Coup
from ..errors import RenderError
from .hand import hand_scene
from .layout import lay_out
from .options import OptionChanges, render_options
from .primitives import Scene

SIZES = ("scale", "cell", "width")
"""Options that size a picture rather than change what it shows."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """A laid-out scene and the sizing options it is to be written with (``scale``, ``cell``, ``width``)."""

    scene: Scene
    size: dict[str, Any]
    """The sizing options: every one for a board (checked), only those given for a hand or a ready scene."""


@singledispatch
def drawing(subject: object, **options: Unpack[OptionChanges]) -> Drawing:
    """Return the drawing of ``subject`` (a Scoreboard, a Coup, a Scene, or a registered kind) with ``options``."""
    raise RenderError(f"cannot draw a {type(subject).__name__}: give a Scoreboard, a Coup or a figure")


@drawing.register
def _board(subject: Board, **options: Unpack[OptionChanges]) -> Drawing:
    checked = render_options(**options)
    return Drawing(lay_out(subject, checked), {"scale": checked.scale, "cell": checked.cell, "width": checked.width})


@drawing.register
def _hand(subject: Coup, **options: Unpack[OptionChanges]) -> Drawing:
    rest: dict[str, Any] = dict(options)
    size = {name: rest.pop(name) for name in SIZES if name in rest}
    unknown = set(rest) - {"theme", "title"}
    if unknown:
        raise RenderError(f"a hand picture takes theme and title, not {', '.join(sorted(unknown))}")
    return Drawing(hand_scene(subject, **rest), size)


@drawing.register
def _scene(subject: Scene, **options: Unpack[OptionChanges]) -> Drawing:
    size = {name: value for name, value in options.items() if name in SIZES}
    if len(size) < len(options):
        raise RenderError(f"a ready scene takes no drawing options, got {', '.join(sorted(set(options) - set(size)))}")
    return Drawing(subject, size)
