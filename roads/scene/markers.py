"""Event markers on the Bead Plate (Super 6, Dragon 7, Panda 8, Lucky 6) with a legend that counts them.

Drawn over a laid-out scene from its own primitives: each bead of the Bead
Plate carries its coup number, so a marker goes on the bead's free corner
(the pair dots take the other two), and a legend row under the board names
and counts what is marked. Every back-end that paints a Scene paints these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .primitives import Circle, Group, Item, Scene, Use
from .symbols import centred_text, text_width
from .themes import THEMES, Theme

LEGEND_TEXT = 11.0
LEGEND_ROW = 20.0
PAD = 8.0

GLYPHS: dict[str, str] = {"super_6": "6", "dragon_7": "7", "panda_8": "8", "lucky_6": "L"}
"""The figure on each marker: the shapes differ, not only the colours (the print theme relies on it)."""


def _colours(t: Theme, event: str) -> tuple[str, str]:
    """Return (disc, figure) colours of an event's marker in theme ``t``."""
    return {
        "super_6": (t.natural, t.text),
        "dragon_7": (t.banker, t.on_disc),
        "panda_8": (t.text, t.panel),
        "lucky_6": (t.tie, t.on_disc),
    }[event]


def _marker(t: Theme, event: str, x: float, y: float, r: float, coup: str | None = None) -> Group:
    disc, figure = _colours(t, event)
    items: tuple[Item, ...] = (
        Circle(x, y, r, fill=disc, stroke=t.panel, width=r * 0.25),
        centred_text(x, y, GLYPHS[event], r * 1.45, figure, bold=True),
    )
    data = (("event", event),) + ((("coup", coup),) if coup is not None else ())
    return Group(items, classes=f"event {event.replace('_', '-')}", data=data)


def mark_events(
    scene: Scene,
    events: Sequence[tuple[str, ...]],
    marked: Sequence[str],
    theme: str,
    names: dict[str, str],
    meanings: dict[str, str],
) -> Scene:
    """Return ``scene`` with a marker on every Bead Plate bead whose coup made a ``marked`` event, and a legend.

    ``events[i]`` are the events of coup i + 1. Super 6 and Dragon 7 take a
    bead's top-right corner, Panda 8 and Lucky 6 its bottom-left.
    """
    if not marked:
        return scene
    t = THEMES[theme]
    cell = scene.base_cell
    d, r = cell * 0.28, cell * 0.18
    corner = {"super_6": (d, -d), "dragon_7": (d, -d), "panda_8": (-d, d), "lucky_6": (-d, d)}
    counts = dict.fromkeys(marked, 0)
    for coup_events in events:
        for event in coup_events:
            if event in counts:
                counts[event] += 1

    def overlay(item: Item) -> Item:
        if not isinstance(item, Group):
            return item
        if item.id != "bead-plate":
            return replace(item, items=tuple(overlay(i) for i in item.items))
        extra: list[Item] = []
        for bead in item.items:
            if not (isinstance(bead, Use) and "bead-plate" in bead.classes.split()):
                continue
            coup = dict(bead.data)["coup"]
            for event in events[int(coup) - 1] if int(coup) <= len(events) else ():
                if event in counts:
                    dx, dy = corner[event]
                    extra.append(_marker(t, event, bead.x + dx, bead.y + dy, r, coup))
        return replace(item, items=(*item.items, *extra))

    items = [overlay(i) for i in scene.items]
    top = scene.height - PAD / 2
    rows = 1
    legend: list[Item] = []
    x = PAD + 0.5 + r
    for event in marked:
        text = f"{names[event]}: {meanings[event]} ({counts[event]})"
        wide = r * 2 + 16 + text_width(text, LEGEND_TEXT) * 0.9
        if x > PAD + 0.5 + r and x + wide > scene.width - PAD:
            # A narrow board (a few columns): the next entry starts a new row.
            rows, x = rows + 1, PAD + 0.5 + r
        y = top + (rows - 0.5) * LEGEND_ROW
        legend.append(_marker(t, event, x + 2, y, r))
        legend.append(centred_text(x + r + 8, y, text, LEGEND_TEXT, t.text, anchor="start"))
        x += wide
    items.append(Group(tuple(legend), id="event-legend", classes="legend events"))
    counted = "; ".join(f"{names[e]} {counts[e]}" for e in marked)
    return replace(
        scene,
        items=tuple(items),
        height=round(scene.height + rows * LEGEND_ROW),
        desc=f"{scene.desc}\nMarked on the Bead Plate: {counted}.",
    )
