"""The report's look shared by its plots: the viewBox width, the inks the page's style sheet paints, text sizes.

Kept apart from the page (roads.analytics.report_page) and its plots
(roads.analytics.report_plots) so both draw with one set of parts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...render.svg import page_svg
from ...scene.plot import Ink
from ...scene.primitives import Item, Scene

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


# A plot's ink: the class report.css paints it by, and that class's colour in the light theme, for a
# picture painted without the page (a PNG of its scene). The SVG on the page carries the classes alone.
_LIGHT = {"ink": "#1f2933", "muted": "#52606d", "line": "#d5dae1", "soft": "#f5f7fa", "blue": "#1f5fbf"}
LABEL, SUB, TICK, AXIS = (
    Ink(_LIGHT["ink"], "label"),
    Ink(_LIGHT["muted"], "sub"),
    Ink(_LIGHT["muted"], "tick"),
    Ink(_LIGHT["muted"], "axis"),
)
GRID, ROW_BAND, PAPER = Ink(_LIGHT["line"], "grid"), Ink(_LIGHT["soft"], "band-row"), Ink("#ffffff")
SIM_BAND, EXACT_BAND, BAND_LABEL = (
    Ink("#e9dff6", "sim-band"),
    Ink("#e8f5ec", "exact-band"),
    Ink("#1b7a35", "band-label"),
)
WHISKER, BAR_WHISKER, OBSERVED = (
    Ink(_LIGHT["blue"], "whisker"),
    Ink(_LIGHT["ink"], "whisker"),
    Ink(_LIGHT["blue"], "observed"),
)
EXPECTED = {"exact": Ink(_LIGHT["ink"], "expected exact"), "simulated": Ink("#7c4bb3", "expected simulated")}
BAR_FILL = {"banker": Ink("#d32f2f", "fill"), "player": Ink(_LIGHT["blue"], "fill")}
SHOE_BAR = Ink(BAR_FILL["banker"].colour, "bar banker fill")
THRESHOLD = Ink(_LIGHT["ink"], "threshold")

# Text sizes in the viewBox's units, which the page shows as CSS px at the plot's full width (report.css
# sets the same sizes on the same classes: change both together).
LABEL_SIZE, SUB_SIZE, TICK_SIZE, BAND_LABEL_SIZE = 14.0, 13.0, 12.0, 11.0


def chart(height: float, items: Sequence[Item], label: str, name: str) -> str:
    """Return a plot ``W`` wide as the page's inline SVG, ``label`` its accessible name."""
    scene = Scene(W, height, PAPER.colour, (), tuple(items), label, "", "sans-serif")
    return page_svg(scene, data=(("plot", name),))
