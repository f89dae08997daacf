"""The report's look shared by its plots: the viewBox width, their inks, the page's theme colours, text sizes.

Kept apart from the page (roads.pages.report.page) and its plots
(roads.pages.report.plots) so both draw with one set of parts.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...render.svg import page_svg
from ...scene.plot import Ink
from ...scene.primitives import Item, Scene
from ...scene.themes import THEMES

W = 420
"""Width of every plot's viewBox: text of 12 units stays legible from a 390 px phone to a desktop."""
DASH = "\u2013"
"""An en dash in a plot's text (SVG text is escaped by its writer; the tables' HTML says ``&#8211;``)."""

NAMES = {
    "banker": "Banker",
    "player": "Player",
    "tie": "Tie",
    "banker_pair": "Banker pair",
    "player_pair": "Player pair",
    "natural": "Natural",
    "cards_4": "4-card coup",
    "cards_5": "5-card coup",
    "cards_6": "6-card coup",
    "big_eye_boy_red": "Big Eye Boy red",
    "small_road_red": "Small Road red",
    "cockroach_pig_red": "Cockroach Pig red",
}


def figure_name(figure: str) -> str:
    """Return a test's figure in words: ``banker_depth_6+`` is "Banker columns 6+ deep"."""
    if "_depth_" in figure:
        side, depth = figure.split("_depth_")
        return f"{side.title()} columns {depth} deep"
    return NAMES.get(figure, figure.replace("_", " "))


# A plot's ink: the class the page's style sheet paints it by, and that class's colour in the classic theme,
# for a picture painted without the page (a PNG of its scene). The SVG on the page carries the classes alone,
# painted by the colour variables :func:`palette_css` makes of the page's theme.
_CLASSIC = THEMES["classic"]
LABEL, SUB, TICK, AXIS = (
    Ink(_CLASSIC.text, "label"),
    Ink(_CLASSIC.muted, "sub"),
    Ink(_CLASSIC.muted, "tick"),
    Ink(_CLASSIC.muted, "axis"),
)
GRID, PAPER = Ink(_CLASSIC.grid, "grid"), Ink(_CLASSIC.background)
SIM_BAND, EXACT_BAND, BAND_LABEL = (
    Ink(_CLASSIC.sim_band, "sim-band"),
    Ink(_CLASSIC.calm, "exact-band"),
    Ink(_CLASSIC.tie, "band-label"),
)
WHISKER, BAR_WHISKER, OBSERVED = (
    Ink(_CLASSIC.player, "whisker"),
    Ink(_CLASSIC.text, "whisker"),
    Ink(_CLASSIC.player, "observed"),
)
EXPECTED = {"exact": Ink(_CLASSIC.text, "expected exact"), "simulated": Ink(_CLASSIC.sim, "expected simulated")}
BAR_FILL = {"banker": Ink(_CLASSIC.banker, "fill"), "player": Ink(_CLASSIC.player, "fill")}
SHOE_BAR = Ink(BAR_FILL["banker"].colour, "bar banker fill")
THRESHOLD = Ink(_CLASSIC.text, "threshold")
SERIES, UP, DOWN = (
    Ink(_CLASSIC.player, "series"),
    Ink(_CLASSIC.banker, "series up"),
    Ink(_CLASSIC.player, "series down"),
)
LIMIT, SIGNAL = Ink(_CLASSIC.banker, "limit"), Ink(_CLASSIC.banker, "signal")
LAW_BAR, REFERENCE = Ink(_CLASSIC.player, "bar law fill"), Ink(_CLASSIC.sim, "reference")

PAGE_COLOURS = (
    ("ink", "text"),
    ("muted", "muted"),
    ("line", "grid"),
    ("paper", "background"),
    ("soft", "soft"),
    ("red", "banker"),
    ("blue", "player"),
    ("green", "tie"),
    ("accent", "highlight"),
    ("tint", "highlight_tint"),
    ("alarm", "alarm"),
    ("calm", "calm"),
    ("sim", "sim"),
    ("sim-band", "sim_band"),
    ("kicker", "kicker"),
    ("alarm-ink", "alarm_ink"),
)
"""The page's colour variables (``--ink``...) and the theme's field each one takes."""


def palette_css(theme: str) -> str:
    """Return the page's colour variables for ``theme``: its own on screen, the print theme's on paper.

    The classic theme also follows a reader who prefers dark (the dark theme's
    colours, as a board drawn ``--theme dark`` has them).
    """

    def root(name: str, indent: str = "") -> str:
        colours = THEMES[name]
        pairs = [f"--{var}: {getattr(colours, field)};" for var, field in PAGE_COLOURS]
        lines = [" ".join(pairs[k : k + 6]) for k in range(0, len(pairs), 6)]
        return f"{indent}:root {{ " + f"\n{indent}  ".join(lines) + " }\n"

    chosen = THEMES[theme].name
    css = root(chosen)
    if chosen == "classic":
        css += "@media (prefers-color-scheme: dark) {\n" + root("dark", "  ") + "}\n"
    if chosen != "print":
        css += "@media print {\n" + root("print", "  ") + "}\n"
    return css


# Text sizes in the viewBox's units, which the page shows as CSS px at the plot's full width (report.css
# sets the same sizes on the same classes: change both together).
LABEL_SIZE, SUB_SIZE, TICK_SIZE, BAND_LABEL_SIZE = 14.0, 13.0, 12.0, 11.0


def chart(height: float, items: Sequence[Item], label: str, name: str) -> str:
    """Return a plot ``W`` wide as the page's inline SVG (Markup: the templates place it as it is), ``label`` its
    accessible name."""
    scene = Scene(W, height, PAPER.colour, (), tuple(items), label, "", "sans-serif")
    return Markup(page_svg(scene, data=(("plot", name),)))
