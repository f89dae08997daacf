"""``roads exposure``: before every coup of card logs, the exact house edge of each chosen side bet.

The command only reads its options: roads/cli/gather.py prices the shoes on
the worker pool and roads/cli/output/exposure.py prints them a shoe at a time.
"""

from __future__ import annotations

import functools

import click

from ..analytics.exposure import Exposure, side_bets
from ..bets import rule_set
from ..pool import worker_count
from .app import cli
from .flags import bet_option, decks_option, jobs_option, json_option, known_option, log_inputs
from .gather import scanned
from .inputs import Inputs
from .output import output_format
from .output.exposure import ExposureWriter
from .progress import Progress
from .table_rules import chosen_rules, rules_options


@cli.command("exposure", short_help="Each side bet's exact house edge before every coup of card logs.")
@log_inputs(verb="scanned", old_format_flags=())
@decks_option("Decks the logged shoes started with (1-1000).")
@rules_options
@bet_option(
    "A bet to price before every coup (repeatable; default: every side bet of the rules, that is all "
    "but banker, player and tie); ids as roads odds --bets lists them, e.g. dragon_7."
)
@known_option()
@json_option("Print JSON: every coup's edges and the positive moments.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per coup and bet.")
@jobs_option("Processes pricing the shoes (default: all cores)")
def exposure_command(
    inputs: Inputs,
    decks: int,
    rules: str | None,
    paytable: str | None,
    tie_pays: str | None,
    bet_ids: tuple[str, ...],
    known: str,
    as_json: bool,
    as_csv: bool,
    jobs: int | None,
) -> None:
    """Price each chosen bet before every coup of card logs, and list the coups where one favoured the player.

    Before each coup a player knows the cards he has seen: every card of the
    coups before it, and the first burned card, which the dealer turns face up,
    when the log names the burn (a '# burned:' header, or a shoe line's "burned"
    list, as roads deal writes). The face-down burns stay unknown: they are as
    likely to be any unseen card. --known all counts every burned card out
    too: the edge for a house that knows its burns. From the cards left each
    bet's house edge is counted exactly, as roads odds --after does for one
    moment. A positive moment is a coup where a bet's house edge
    is below zero: the bet favoured the player. Each is settled with what the
    coup really did; the ideal net is what one unit on every positive moment
    would have netted. Logs of results only are refused: this needs cards;
    so is a shoe whose log names other decks than --decks.

    The default bets are the rule set's side bets: player_pair, banker_pair,
    either_pair, perfect_pair, big, small, dragon_bonus_player,
    dragon_bonus_banker, dragon_7, panda_8, lucky_6.

    Text: a short table per shoe of its positive moments, then the totals.
    --json: {"rules", "decks", "bets", "known", "shoes": [{"shoe", "coups": [{"coup",
    "edges"}], "positive": [{"coup", "bet", "edge", "net"}]}], "total":
    {"shoes", "coups", "positive_coups", "ideal_net"}}. --csv: shoe, coup,
    bet, edge, positive, net. A bad shoe is one error line and the others go on (exit status 1).

    \b
    Examples:
      roads exposure cards.txt --decks 6            every side bet, a 6-deck shoe
      roads exposure shoes.jsonl --bet dragon_7 --bet panda_8
      roads exposure shoes.jsonl --bet dragon_7 --json > d7.json
      roads exposure shoes.jsonl --known all       a house that knows its burns
      roads exposure shoes.jsonl --rules ez --csv -j 2 > exposure.csv
    """
    fmt = output_format(as_json, as_csv)
    chosen = chosen_rules(rules, paytable, tie_pays) or rule_set("standard")
    scan = Exposure(chosen, bet_ids or side_bets(chosen), decks, known)
    writer = ExposureWriter(fmt, scan, functools.partial(click.echo, nl=False))
    with Progress("scanned") as progress:
        progress.update(0)  # on a terminal from the start: the first shoe may take a while on a busy machine
        for found in scanned(inputs, scan, worker_count(jobs)[0], progress):
            with progress.aside():
                writer.shoe(found)
    writer.finish()
    inputs.finish()
