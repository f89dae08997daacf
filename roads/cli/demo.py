"""``roads demo``: the main job on a built-in seeded shoe: every coup, then the scoreboard as pictures."""

from __future__ import annotations

from pathlib import Path

import click

from ..board.stats import result_counts
from ..errors import RenderError
from ..files import make_folder
from ..render import RenderOptions, save
from ..scoreboard import Scoreboard
from ..shoe import deal_shoe
from .app import cli
from .flags import dir_option, renamed, seed_option

DEMO_SEED = 2026
DEMO_OPTIONS = RenderOptions(scale=2)
"""How the demo draws its pictures; docs/images/scoreboard.* are made with exactly these."""


def demo_pictures(seed: int | str, folder: str | Path) -> list[Path]:
    """Deal the demo shoe and write scoreboard.svg and scoreboard.png into ``folder`` (made if missing)."""
    board = Scoreboard.from_outcomes(deal_shoe(8, seed=seed).coups)
    target = make_folder(folder, RenderError)
    return [save(board, target / f"scoreboard.{kind}", options=DEMO_OPTIONS) for kind in ("svg", "png")]


@cli.command("demo")
@seed_option(default=DEMO_SEED)
@dir_option("Where scoreboard.svg and scoreboard.png are written (made if missing).", default=".", show_default=True)
@renamed("--out-dir", "--dir", "folder", metavar="FOLDER")
def demo_command(seed: int | str, folder: str) -> None:
    """Deal a seeded 8-deck shoe, show what it produced and draw its scoreboard to SVG and PNG.

    Each coup is one line: its number, the winner, both totals and the cards
    in dealing order. Then the results in a line, and the two pictures.

    \b
    Examples:
      roads demo                    the built-in shoe; scoreboard.svg and .png in this folder
      roads demo --seed 7           another seeded shoe
      roads demo --dir /tmp         the pictures in /tmp (made if missing)
    """
    shoe = deal_shoe(8, seed=seed)
    click.echo(f"8-deck shoe, seed {seed}: {len(shoe.coups)} coups")
    for n, coup in enumerate(shoe.coups, 1):
        cards = " ".join(str(c) for c in coup.dealt)
        click.echo(f"{n:3d}  {coup.winner.letter}  P{coup.player_total} B{coup.banker_total}  {cards}")
    stats = Scoreboard.from_outcomes(shoe.coups).stats
    click.echo(result_counts(stats))
    for path in demo_pictures(seed, folder):
        click.echo(f"wrote {path}")
