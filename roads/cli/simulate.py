"""``roads simulate``: deal real shoes and report every figure with its 99% interval."""

from __future__ import annotations

import sys

import click

from ..bets import rule_set
from ..shoe import check_cut, random_seed
from ..simulate import simulate, simulate_bets
from .app import cli
from .flags import Whole, choice, cut_option, decks_option, json_option, seed_number, seed_option, usage_for
from .output.jsontext import model_json
from .output.odds import bet_simulation_table, simulation_table
from .table_rules import chosen_rules, rules_options


@cli.command("simulate")
@click.option("--shoes", type=Whole(min=2), required=True, help="How many shoes to deal (at least 2).")
@decks_option("Decks per shoe (1-1000).")
@seed_option()
@cut_option()
@click.option(
    "--engine",
    type=choice(["numpy", "scalar"]),
    default="numpy",
    show_default=True,
    help="numpy: many shoes at once; scalar: one coup at a time with roads.shoe.deal_shoe.",
)
@json_option("Print the report as JSON.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--bets", is_flag=True, help="Count what every bet of the table's rules (--rules) returned instead.")
@rules_options
def simulate_command(
    shoes: int,
    decks: int,
    seed: int | str | None,
    cut: int,
    engine: str,
    as_json: bool,
    quiet: bool,
    bets: bool,
    rules: str | None,
    paytable: str | None,
    tie_pays: str | None,
) -> None:
    """Deal real shoes (burn, cut card, one more coup) and report what they showed.

    Every figure of `roads odds` is counted over all coups dealt, with a 99%
    confidence interval that treats each shoe as one cluster, beside the exact
    figure for the first coup of a full shoe. The progress bar goes to stderr
    when it is a terminal.

    \b
    Examples:
      roads simulate --shoes 10000 --seed 1          about 800,000 coups in under a second
      roads simulate --shoes 200 --decks 6 --engine scalar --seed 1
      roads simulate --shoes 1000 --seed 1 --json --quiet
      roads simulate --shoes 2000 --seed 1 --rules ez --bets   every bet's edge with its interval
    """
    with usage_for("cut"):
        check_cut(cut, decks)
    chosen = chosen_rules(rules, paytable, tie_pays)
    if chosen is not None and not bets:
        raise click.UsageError("--rules, --paytable and --tie-pays choose the bets counted: add --bets")
    if bets and engine != "numpy":
        raise click.UsageError("--bets deals with the numpy engine (its cards carry suits): drop --engine scalar")
    number = random_seed() if seed is None else seed_number(seed)
    if bets:
        result = simulate_bets(chosen or rule_set("standard"), shoes, decks, number, cut=cut)
        click.echo(model_json(result) if as_json else bet_simulation_table(result))
        return
    report = simulate(
        shoes,
        decks,
        number,
        cut=cut,
        engine=engine,  # type: ignore[arg-type]
        progress=not quiet and sys.stderr.isatty(),
    )
    click.echo(model_json(report) if as_json else simulation_table(report))
