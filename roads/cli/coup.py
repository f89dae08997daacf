"""``roads coup``: resolve one coup from its cards and print the decision trace."""

from __future__ import annotations

import json

import click

from ..cards import parse_card
from ..coup import resolve
from ..errors import RoadsError
from .app import cli


@cli.command("coup")
@click.argument("cards", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the coup as JSON instead of prose.")
def coup_command(cards: tuple[str, ...], as_json: bool) -> None:
    """Resolve one coup from CARDS in dealing order and explain every decision.

    Cards leave the shoe as Player 1st, Banker 1st, Player 2nd, Banker 2nd, then
    Player's third card if Player draws, then Banker's. Ranks A 2-9 T/10 J Q K,
    suits optional (S H D C or the symbols), any case.

    \b
    Examples:
      roads coup 3 6 K K 6 2      Player 3 draws a 6, Banker 6 draws: Player 9 wins
      roads coup 5 3 K K 8        Player 5 draws an 8, Banker 3 stands: tie
      roads coup 7h 5s kd qc 3h --json
    """
    parsed = []
    for i, token in enumerate(cards, 1):
        try:
            parsed.append(parse_card(token))
        except RoadsError as exc:
            raise RoadsError(f"card {i}: {exc.message}") from None
    result = resolve(parsed)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(result.explain())
