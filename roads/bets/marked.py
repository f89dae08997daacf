"""A card log's scoreboard with a rule set's events marked on its Bead Plate, written as a picture."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..coup import Coup
    from ..render import RenderOptions


def save_events(
    coups: Sequence[Coup],
    out: str | os.PathLike[str],
    events: str = "standard",
    *,
    lucky_6: bool = False,
    kind: str | None = None,
    options: RenderOptions | None = None,
    **fields: Any,
) -> Path:
    """Write the scoreboard of ``coups`` with the events the ``events`` rule set marks (and Lucky 6) to ``out``.

    ``events`` is a rule set name (``standard``, ``super6``, ``ez``): Super 6
    tables mark a Banker win with 6, EZ tables Dragon 7 and Panda 8, as
    ``roads render --mark-events`` does. The board is drawn as ``options`` say,
    changed by the drawing options in ``fields`` (``theme="dark"``, ``last=10``);
    the format comes from ``kind`` or the extension of ``out``. Returns the path.
    """
    from ..render import save_scene
    from ..scene import render_options
    from .events import events_scene
    from .paytable import rule_set

    rule_set(events)  # an unknown name is a BetError listing the rule sets, not a KeyError from the markers
    drawn = render_options(options, **fields)
    scene = events_scene(coups, drawn, events, lucky_6)
    return save_scene(scene, out, kind, cell=drawn.cell, width=drawn.width, scale=drawn.scale)
