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


THEMES: Themes = Themes(
    {
        "classic": Theme(
            name="classic",
            background="#ffffff",
            panel="#ffffff",
            grid="#d5dae1",
            grid_minor="#eceef2",
            border="#9aa5b1",
            text="#1f2933",
            muted="#52606d",
            banker="#d32f2f",
            player="#1f5fbf",
            tie="#1b7a35",  # 5.4:1 under white letters (WCAG AA); #1e8e3e was 4.2
            red="#d32f2f",
            blue="#1f5fbf",
            on_disc="#ffffff",
            natural="#e8a200",
            highlight="#f08c00",
            highlight_tint="#ffecb8",
            soft="#f5f7fa",
            calm="#e8f5ec",
            sim="#7c4bb3",
            sim_band="#e9dff6",
            alarm="#fdecea",
            alarm_ink="#a31515",
            kicker="#a14f00",
        ),
        "dark": Theme(
            name="dark",
            background="#0e1217",
            panel="#161c24",
            grid="#2b3540",
            grid_minor="#1f2731",
            border="#46525f",
            text="#e6e9ed",
            muted="#a3adb8",
            banker="#ff5c57",
            player="#4f9dff",
            tie="#3fcf74",
            red="#ff5c57",
            blue="#4f9dff",
            on_disc="#0e1217",
            natural="#ffcc4d",
            highlight="#ffd166",
            highlight_tint="#3d3522",
            soft="#161c24",
            calm="#16301f",
            sim="#c29bff",
            sim_band="#2c2340",
            alarm="#3a1d1d",
            alarm_ink="#ff8a80",
            kicker="#ffd166",
        ),
        # Okabe-Ito vermillion, blue and bluish green stay apart under the common
        # colour-vision deficiencies; squares for Player/blue make it safe in grey too.
        # Vermillion and green are darkened to carry white letters at WCAG AA (4.5:1).
        "print": Theme(
            name="print",
            background="#ffffff",
            panel="#ffffff",
            grid="#b8b8b8",
            grid_minor="#e0e0e0",
            border="#4d4d4d",
            text="#000000",
            muted="#333333",
            banker="#b34700",
            player="#0072b2",
            tie="#007a55",
            red="#b34700",
            blue="#0072b2",
            on_disc="#ffffff",
            natural="#cc79a7",
            highlight="#000000",
            highlight_tint="#e6e6e6",
            soft="#f2f2f2",
            calm="#e6f4ee",
            sim="#7c4bb3",
            sim_band="#e9dff6",
            alarm="#fbe9e0",
            alarm_ink="#a31515",
            kicker="#a14f00",
            shapes=True,
        ),
    }
)


def theme(name: str) -> Theme:
    """Return the theme called ``name`` (any case); RenderError listing the valid ones if unknown."""
    return THEMES[name]
