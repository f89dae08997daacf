"""``roads coup``: resolve one coup from its cards and print the decision trace."""

from __future__ import annotations

import click

from ..cards import parse_card
from ..coup import resolve
from ..enums import Game
from ..errors import CardError
from .app import cli, wrote
from .flags import check_picture, checked, game_option, json_option, render_option
from .output.jsontext import json_text
from .table_rules import chosen_rules, rules_options


@cli.command("coup")
@click.argument("cards", nargs=-1, required=True)
@json_option("Print the coup as JSON instead of prose.")
@click.option("--render", "render", is_flag=True, help="Draw the worked hand to -o: cards, totals, each rule.")
@click.option(
    "-o",
    "--output",
    metavar="OUT",
    callback=checked(check_picture),
    help="With --render: the picture to write, OUT.svg or OUT.png.",
)
@render_option("theme", "With --render, colours")
@render_option("scale", "With --render: PNG pixel multiplier")
@rules_options
@game_option()
def coup_command(
    cards: tuple[str, ...],
    as_json: bool,
    render: bool,
    output: str | None,
    theme: str,
    scale: float,
    rules: str | None,
    paytable: str | None,
    tie_pays: str | None,
    game: Game,
) -> None:
    """Resolve one coup from CARDS in dealing order and explain every decision.

    Cards leave the shoe as Player 1st, Banker 1st, Player 2nd, Banker 2nd, then
    Player's third card if Player draws, then Banker's. Ranks A 2-9 T/10 J Q K,
    suits optional (S H D C or the symbols), any case.

    \b
    Examples:
      roads coup 3 6 K K 6 2      Player 3 draws a 6, Banker 6 draws: Player 9 wins
      roads coup 5 3 K K 8        Player 5 draws an 8, Banker 3 stands: tie
      roads coup 7h 5s kd qc 3h --json
      roads coup 3h 6s kd qc 6c 2d --render -o hand.png --scale 2
      roads coup 2 3 4 K 4 --rules ez     every bet settled: Dragon 7 pays 40 to 1
      roads coup --game dragon-tiger QH 4C    Dragon Tiger: Dragon's card, then Tiger's
    """
    if game is Game.DRAGON_TIGER:
        from . import dragon_tiger

        given = {"--render": render, "-o": output is not None, "--rules": rules is not None}
        dragon_tiger.refuse({**given, "--paytable": paytable is not None, "--tie-pays": tie_pays is not None})
        dragon_tiger.coup(cards, as_json)
        return
    if render and output is None:
        raise click.UsageError("--render needs -o OUT.svg or -o OUT.png: say where the picture goes")
    if output is not None and not render:
        raise click.UsageError("-o is for --render: add --render to draw the hand")
    parsed = []
    for i, token in enumerate(cards, 1):
        try:
            parsed.append(parse_card(token))
        except CardError as exc:
            raise CardError(f"card {i}: {exc.message}") from None
    chosen = chosen_rules(rules, paytable, tie_pays)
    if chosen is not None and render:
        raise click.UsageError("--rules settles the bets in the trace or JSON; --render draws the hand: use one")
    result = resolve(parsed)
    if render:
        from ..render import save_scene
        from ..scene import render_options
        from ..scene.hand import hand_scene

        assert output is not None
        render_options(theme=theme, scale=scale)  # the same checks and messages as roads render
        save_scene(hand_scene(result, theme=theme), output, scale=scale)
        wrote(output)
        return
    if chosen is None:
        data, lines = result.to_dict(), [result.explain()]
    else:
        from ..bets import settle

        settled, notes = settle(result, chosen)
        data = {**result.to_dict(), "rules": chosen.name, "bets": [s.to_dict() for s in settled]}
        lines = [result.explain(), "", f"Bets under {chosen.title} rules:"]
        lines += [f"- {s.text}" for s in settled] + [f"- {note}" for note in notes]
    if as_json:
        click.echo(json_text(data))
    else:
        click.echo("\n".join(lines))
