"""roads: baccarat shoe logs to scoreboards, explained.

The flow runs one way: cards -> coups -> roads -> scene -> SVG / PNG / text.

>>> from roads import Scoreboard
>>> board = Scoreboard.from_results("BPPPB")
>>> board
Scoreboard.from_results('BPPPB')
>>> board.big_eye_boy[0].proof().text.split(":")[0]
'Column 2 continues to row 2, so Rule 2 applies'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import display
from .cards import Card, parse_card
from .coup import Coup, Step, resolve, resolve_hands
from .errors import (
    BetError,
    CardError,
    CoupError,
    LessonError,
    LogError,
    OddsError,
    OutputError,
    PatternError,
    RenderError,
    RoadError,
    RoadsError,
    ShoeError,
    StatsError,
    TableError,
)
from .lazy import lazy_names
from .outcome import Outcome, Winner
from .version import __version__

if TYPE_CHECKING:
    from .board import BLUE, RED, Bead, BeadCell, BigRoad, Color, DerivedRoad, Mark, Proof, Road, Stats
    from .lesson import Figure, figure
    from .odds import Composition, ExactOdds, Odds, exact_odds, odds_after, odds_for
    from .scene import THEMES, RenderOptions
    from .scoreboard import Scoreboard
    from .shoe import DealtShoe, deal_shoe

_HOME: dict[str, str] = {
    # The road builder adds about 40% to ``import roads``; the rest pull in pydantic, svgwrite or Pillow.
    **dict.fromkeys(
        ("BLUE", "RED", "Bead", "BeadCell", "BigRoad", "Color", "DerivedRoad", "Mark", "Proof", "Road", "Stats"),
        "roads.board",
    ),
    **dict.fromkeys(("Scoreboard",), "roads.scoreboard"),
    **dict.fromkeys(("THEMES", "RenderOptions"), "roads.scene"),
    **dict.fromkeys(("Figure", "figure"), "roads.lesson"),
    **dict.fromkeys(("Composition", "ExactOdds", "Odds", "exact_odds", "odds_after", "odds_for"), "roads.odds"),
    # The dealer pulls in secrets, hashlib and random: only commands that deal pay for them.
    **dict.fromkeys(("DealtShoe", "deal_shoe"), "roads.shoe"),
}
"""Each public name that lives in a heavier module, and that module (the same form as ``roads.scene``'s)."""

__all__ = [
    "BLUE",
    "RED",
    "THEMES",
    "Bead",
    "BeadCell",
    "BetError",
    "BigRoad",
    "Card",
    "CardError",
    "Color",
    "Composition",
    "Coup",
    "CoupError",
    "DealtShoe",
    "DerivedRoad",
    "ExactOdds",
    "Figure",
    "LessonError",
    "LogError",
    "Mark",
    "Odds",
    "OddsError",
    "Outcome",
    "OutputError",
    "PatternError",
    "Proof",
    "RenderError",
    "RenderOptions",
    "Road",
    "RoadError",
    "RoadsError",
    "Scoreboard",
    "ShoeError",
    "Stats",
    "StatsError",
    "Step",
    "TableError",
    "Winner",
    "__version__",
    "deal_shoe",
    "exact_odds",
    "figure",
    "odds_after",
    "odds_for",
    "parse_card",
    "resolve",
    "resolve_hands",
]


class _NotebookDrawer:
    """The renderer's pictures for notebooks (see :mod:`roads.display`), loaded the first time one is shown."""

    def svg(self, subject: object) -> str:
        """Return ``subject`` drawn as an SVG document."""
        from .render.notebook import notebook_svg

        return notebook_svg(subject)

    def png(self, subject: object) -> bytes:
        """Return ``subject`` drawn as PNG bytes."""
        from .render.notebook import notebook_png

        return notebook_png(subject)

    def html(self, subject: object) -> str:
        """Return ``subject`` as an HTML figure with inline SVG."""
        from .pages.figure import notebook_html

        return notebook_html(subject)


# Every import of a roads module runs this file first, so boards and coups can always show themselves.
display.bind(_NotebookDrawer())


__getattr__ = lazy_names(__name__, _HOME)
"""Return a name of ``roads.__all__`` that lives in a heavier module, importing that module on first use."""


def __dir__() -> list[str]:
    """Return the public names, the lazy ones included."""
    return sorted({*globals(), *__all__})
