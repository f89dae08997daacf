"""Event markers on the Bead Plate (Super 6, Dragon 7, Panda 8, Lucky 6) with a legend that counts them.

Drawn over a laid-out scene from its own primitives: each bead of the Bead
Plate carries its coup number, so a marker goes on a corner of the bead's cell
that the pair dots leave free (they take top-left and bottom-right), and a
legend row under the board names and counts what is marked. Events that mean
the same (Super 6 and Lucky 6: Banker wins with 6) share one marker and one
legend line. Every back-end that paints a Scene paints these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .primitives import Circle, Group, Item, Scene, Use
from .symbols import CORNER, centred_text, text_width
from .themes import THEMES, Theme

LEGEND_TEXT = 11.0
LEGEND_ROW = 20.0
PAD = 8.0

GLYPHS: dict[str, str] = {"super_6": "6", "dragon_7": "7", "panda_8": "8", "lucky_6": "L"}
"""The figure on each marker: the shapes differ, not only the colours (the print theme relies on it)."""

BADGE = 0.18
"""A marker's radius per Bead Plate cell: 8.6 px across at 24 px cells."""
HALO = 0.2
"""The panel-coloured halo around a marker, per unit of its radius."""
BADGE_REACH = 0.28
"""How far a marker's centre sits from its bead's (per cell, along each axis): it and its halo stay inside the
cell's corner."""
DOT = 0.1
"""A plain dot's radius per cell: what a marker becomes when it would be too small to read its figure."""
LEGIBLE_BADGE = 8.0
"""The fewest pixels across a marker with its figure may be drawn; smaller, it is a plain dot."""


def _colours(t: Theme, event: str) -> tuple[str, str]:
    """Return (disc, figure) colours of an event's marker in theme ``t``."""
    return {
        "super_6": (t.natural, t.text),
        "dragon_7": (t.banker, t.on_disc),
        "panda_8": (t.text, t.panel),
        "lucky_6": (t.tie, t.on_disc),
    }[event]


def _marker(
    t: Theme,
    event: str,
    x: float,
    y: float,
    r: float,
    coup: str | None = None,
    *,
    on: str | None = None,
    glyph: bool = True,
) -> Group:
    """Return an event's marker centred on (x, y): a disc with its figure in a halo of the panel's colour.

    On a bead of the marker's own colour (``on``: Dragon 7's red on a Banker bead) the marker is drawn the
    other way round, a panel-coloured disc with a ring and figure in the event's colour, so it stands out.
    Without ``glyph`` it is a plain dot of the event's colour.
    """
    disc, figure = _colours(t, event)
    ring: str | None = t.panel
    if on == disc:
        disc, figure, ring = t.panel, disc, disc
    halo = Circle(x, y, r * (1 + HALO), fill=t.panel, classes="halo")
    body = Circle(x, y, r, fill=disc, stroke=ring, width=r * 0.25, classes="badge")
    items: tuple[Item, ...] = (halo, body, centred_text(x, y, GLYPHS[event], r * 1.6, figure, bold=True))
    if not glyph:
        items = (halo, Circle(x, y, r, fill=_colours(t, event)[0], classes="badge dot"))
    data = (("event", event),) + ((("coup", coup),) if coup is not None else ())
    return Group(items, classes=f"event {event.replace('_', '-')}", data=data)


def same_meaning(marked: Sequence[str], meanings: dict[str, str]) -> list[tuple[str, ...]]:
    """Return ``marked`` grouped by what the events mean, in order: Super 6 and Lucky 6 are one group."""
    groups: dict[str, list[str]] = {}
    for event in dict.fromkeys(marked):
        groups.setdefault(meanings[event], []).append(event)
    return [tuple(events) for events in groups.values()]


def mark_events(
    scene: Scene,
    events: Sequence[tuple[str, ...]],
    marked: Sequence[str],
    theme: str,
    names: dict[str, str],
    meanings: dict[str, str],
    *,
    pixels: float = 1.0,
) -> Scene:
    """Return ``scene`` with a marker on every Bead Plate bead whose coup made a ``marked`` event, and a legend.

    ``events[i]`` are the events of coup i + 1. Super 6 and Dragon 7 take the top-right corner of a bead's
    cell, Panda 8 and Lucky 6 its bottom-left; events of one meaning share one marker and one legend line.
    ``pixels`` is how many pixels one model unit becomes: a marker under :data:`LEGIBLE_BADGE` pixels
    across is drawn as a plain dot.
    """
    if not marked:
        return scene
    t = THEMES[theme]
    cell = scene.base_cell
    d, r = cell * BADGE_REACH, cell * BADGE
    glyph = 2 * r * pixels >= LEGIBLE_BADGE
    if not glyph:
        d, r = cell * CORNER, cell * DOT
    corner = {"super_6": (d, -d), "dragon_7": (d, -d), "panda_8": (-d, d), "lucky_6": (-d, d)}
    groups = same_meaning(marked, meanings)
    lead = {event: group[0] for group in groups for event in group}
    counts = dict.fromkeys((g[0] for g in groups), 0)
    for coup_events in events:
        for event in dict.fromkeys(lead[e] for e in coup_events if e in lead):
            counts[event] += 1

    def overlay(item: Item) -> Item:
        if not isinstance(item, Group):
            return item
        if item.id != "bead-plate":
            return replace(item, items=tuple(overlay(i) for i in item.items))
        fills = _bead_fills(scene)
        extra: list[Item] = []
        for bead in item.items:
            if not (isinstance(bead, Use) and "bead-plate" in bead.classes.split()):
                continue
            coup = dict(bead.data)["coup"]
            found = events[int(coup) - 1] if int(coup) <= len(events) else ()
            for event in dict.fromkeys(lead[e] for e in found if e in lead):
                dx, dy = corner[event]
                on = fills.get(bead.symbol)
                extra.append(_marker(t, event, bead.x + dx, bead.y + dy, r, coup, on=on, glyph=glyph))
        return replace(item, items=(*item.items, *extra))

    items = [overlay(i) for i in scene.items]
    top = scene.height - PAD / 2
    rows = 1
    legend: list[Item] = []
    lr = cell * BADGE
    x = PAD + 0.5 + lr
    for group in groups:
        event = group[0]
        text = f"{' / '.join(names[e] for e in group)}: {meanings[event]} ({counts[event]})"
        wide = lr * 2 + 16 + text_width(text, LEGEND_TEXT) * 0.9
        if x > PAD + 0.5 + lr and x + wide > scene.width - PAD:
            # A narrow board (a few columns): the next entry starts a new row.
            rows, x = rows + 1, PAD + 0.5 + lr
        y = top + (rows - 0.5) * LEGEND_ROW
        legend.append(_marker(t, event, x + 2, y, lr))
        legend.append(centred_text(x + lr + 8, y, text, LEGEND_TEXT, t.text, anchor="start"))
        x += wide
    items.append(Group(tuple(legend), id="event-legend", classes="legend events"))
    counted = "; ".join(f"{' / '.join(names[e] for e in g)} {counts[g[0]]}" for g in groups)
    return replace(
        scene,
        items=tuple(items),
        height=round(scene.height + rows * LEGEND_ROW),
        desc=f"{scene.desc}\nMarked on the Bead Plate: {counted}.",
    )


def _bead_fills(scene: Scene) -> dict[str, str]:
    """Return each symbol's fill colour (its first filled shape), so a marker knows the colour of its bead."""
    fills: dict[str, str] = {}
    for symbol in scene.symbols:
        for shape in symbol.shapes:
            fill = getattr(shape, "fill", None)
            if fill is not None:
                fills[symbol.id] = fill
                break
    return fills
