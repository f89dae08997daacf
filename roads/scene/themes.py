"""Colour themes: classic (white), dark, and print (colour-blind safe, shapes as well as colours).

The one home of every palette: boards, hands and tableaux draw with a theme,
and so do the report's charts and page (roads.pages.report.style turns a
theme into the page's colour variables) and the odds and edge charts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RenderError, unknown_choice


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour a scoreboard, a chart or a report page uses, and whether blue marks also differ by shape."""

    name: str
    background: str
    panel: str
    """Fill of a road's grid area."""
    grid: str
    grid_minor: str
    """The derived roads' half-cell lines: lighter than ``grid``, which rules every second one."""
    border: str
    text: str
    muted: str
    banker: str
    player: str
    tie: str
    red: str
    """Derived-road red ("the pattern repeats"); by custom the Banker red."""
    blue: str
    on_disc: str
    """Letters on the Bead Plate's solid discs."""
    natural: str
    highlight: str
    highlight_tint: str
    """Already blended with ``panel``: PNG and SVG then agree without alpha compositing."""
    soft: str
    """A quiet fill: a plot's alternate rows, a table's head."""
    calm: str
    """Where a fair figure falls: a plot's exact-odds band, a calm callout."""
    sim: str
    """A simulated expectation's mark."""
    sim_band: str
    """A simulated expectation's 99% band."""
    alarm: str
    """Behind a warning: a flagged callout."""
    alarm_ink: str
    """Words of a warning."""
    kicker: str
    """A page's kicker, the small line above its title."""
    shapes: bool = False
    """Player and blue marks drawn as squares (and Cockroach Pig blue as a backslash)."""


class Themes(dict[str, Theme]):
    """The themes by name: a name in any case finds its theme; any other is a RenderError naming the choices.

    ``THEMES["neon"]`` says what ``theme="neon"`` and ``--theme neon`` say (not a bare KeyError).
    """

    def __missing__(self, name: str) -> Theme:
        key = name.strip().lower() if isinstance(name, str) else name
        if key != name and key in self:
            return self[key]
        raise RenderError(unknown_choice("theme", name, self))


PALETTES: tuple[tuple[str, str, str, str], ...] = (
    # (colour, classic, dark, print)
    ("background", "#ffffff", "#0e1217", "#ffffff"),
    ("panel", "#ffffff", "#161c24", "#ffffff"),
    ("grid", "#d5dae1", "#2b3540", "#b8b8b8"),
    ("grid_minor", "#eceef2", "#1f2731", "#e0e0e0"),
    ("border", "#9aa5b1", "#46525f", "#4d4d4d"),
    ("text", "#1f2933", "#e6e9ed", "#000000"),
    ("muted", "#52606d", "#a3adb8", "#333333"),
    ("banker", "#d32f2f", "#ff5c57", "#b34700"),
    ("player", "#1f5fbf", "#4f9dff", "#0072b2"),
    ("tie", "#1b7a35", "#3fcf74", "#007a55"),  # classic: 5.4:1 under white letters (WCAG AA); #1e8e3e was 4.2
    ("red", "#d32f2f", "#ff5c57", "#b34700"),
    ("blue", "#1f5fbf", "#4f9dff", "#0072b2"),
    ("on_disc", "#ffffff", "#0e1217", "#ffffff"),
    ("natural", "#e8a200", "#ffcc4d", "#cc79a7"),
    ("highlight", "#f08c00", "#ffd166", "#000000"),
    ("highlight_tint", "#ffecb8", "#3d3522", "#e6e6e6"),
    ("soft", "#f5f7fa", "#161c24", "#f2f2f2"),
    ("calm", "#e8f5ec", "#16301f", "#e6f4ee"),
    ("sim", "#7c4bb3", "#c29bff", "#7c4bb3"),
    ("sim_band", "#e9dff6", "#2c2340", "#e9dff6"),
    ("alarm", "#fdecea", "#3a1d1d", "#fbe9e0"),
    ("alarm_ink", "#a31515", "#ff8a80", "#a31515"),
    ("kicker", "#a14f00", "#ffd166", "#a14f00"),
)
"""Every theme's colours, a row a colour of :class:`Theme` and a column a theme: the palettes side by side.

Print is Okabe-Ito: vermillion, blue and bluish green stay apart under the common
colour-vision deficiencies, and squares for Player/blue (``shapes``) make it safe in grey too.
Its vermillion and green are darkened to carry white letters at WCAG AA (4.5:1).
"""

THEME_NAMES = ("classic", "dark", "print")
"""The themes in the order of the palette table's columns."""


def _theme(column: int) -> Theme:
    """Return the theme of the palette table's ``column``."""
    name = THEME_NAMES[column]
    colours = {colour: values[column] for colour, *values in PALETTES}
    return Theme(name=name, shapes=name == "print", **colours)


THEMES: Themes = Themes({name: _theme(column) for column, name in enumerate(THEME_NAMES)})


def theme(name: str) -> Theme:
    """Return the theme called ``name`` (any case); RenderError listing the valid ones if unknown."""
    return THEMES[name]
