"""``roads demo``: the main job on a built-in seeded shoe."""

from __future__ import annotations

import click

from ..shoe import deal_shoe
from .app import cli

DEMO_SEED = 2026


@cli.command("demo")
@click.option("--seed", default=DEMO_SEED, show_default=True, help="Seed of the demo shoe.")
def demo_command(seed: int) -> None:
    """Deal a seeded 8-deck shoe and show what it produced."""
    shoe = deal_shoe(8, seed=seed)
    click.echo(f"8-deck shoe, seed {seed}: {len(shoe.coups)} coups")
    for n, coup in enumerate(shoe.coups, 1):
        cards = " ".join(str(c) for c in coup.dealt)
        click.echo(f"{n:3d}  {coup.winner.letter}  P{coup.player_total} B{coup.banker_total}  {cards}")
