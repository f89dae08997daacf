"""``roads simulate``: deal real shoes and report every figure with its 99% interval."""

from __future__ import annotations

import json
import sys

import click

from ..bets import rule_set
from ..shoe import check_cut, random_seed
from ..simulate import BetSimulation, SimulationReport, simulate, simulate_bets
from .app import cli
from .flags import Whole, choice, cut_option, decks_option, json_option, seed_number, seed_option, usage_for
from .table_rules import chosen_rules, rules_options

_LABELS: dict[str, str] = {
    "banker": "Banker wins",
    "player": "Player wins",
    "tie": "Tie",
    "natural": "natural on either side",
    "player_draws": "Player draws",
    "banker_draws": "Banker draws",
    "cards_4": "4 cards",
    "cards_5": "5 cards",
    "cards_6": "6 cards",
    "banker_six": "Banker wins with 6",
    "banker_pair": "Banker pair",
    "player_pair": "Player pair",
    "edge_banker": "edge Banker (5% commission)",
    "edge_player": "edge Player",
    "edge_tie": "edge Tie (8 to 1)",
    "edge_banker_no_commission": "edge Banker, no commission",
    "edge_banker_pair": "edge Banker pair (11 to 1)",
    "edge_player_pair": "edge Player pair (11 to 1)",
}


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
        click.echo(json.dumps(result.model_dump(mode="json"), indent=2) if as_json else _bets_table(result))
        return
    report = simulate(
        shoes,
        decks,
        number,
        cut=cut,
        engine=engine,  # type: ignore[arg-type]
        progress=not quiet and sys.stderr.isatty(),
    )
    click.echo(json.dumps(report.model_dump(mode="json"), indent=2) if as_json else _table(report))


def _bets_table(result: BetSimulation) -> str:
    """Return every bet's simulated edge, its interval and the exact first-coup edge, in percent."""
    head = (
        f"{result.shoes} shoes of {result.decks} decks under {result.rules} rules (seed {result.seed}, "
        f"cut {result.cut}): {result.coups} coups"
    )
    lines = [head, "", f"  {'house edge, in percent':<22}{'simulated':>11}   {'99% interval':<21}{'exact':>10}"]
    for est in result.bets:
        exact = f"{100 * est.exact:10.4f}" if est.exact is not None else ""
        flag = "" if est.exact is None or est.low <= est.exact <= est.high else "  outside"
        lines.append(
            f"  {est.bet:<22}{100 * est.edge:11.4f}   {100 * est.low:9.4f} - {100 * est.high:<9.4f}{exact}{flag}"
        )
    return "\n".join(lines)


def _table(report: SimulationReport) -> str:
    """Return the report as an aligned table in percent."""
    head = (
        f"{report.shoes} shoes of {report.decks} decks (seed {report.seed}, cut {report.cut}, "
        f"{report.engine} engine): {report.coups} coups"
    )
    width = max(len(v) for v in _LABELS.values()) + 2
    lines = [head, "", f"  {'figure, in percent':<{width}}{'simulated':>11}   {'99% interval':<21}{'exact':>10}"]
    for name, est in report.figures.items():
        exact = f"{100 * est.exact:10.4f}" if est.exact is not None else ""
        flag = "" if est.exact is None or est.low <= est.exact <= est.high else "  outside"
        lines.append(
            f"  {_LABELS.get(name, name):<{width}}{100 * est.value:11.4f}   "
            f"{100 * est.low:9.4f} - {100 * est.high:<9.4f}{exact}{flag}"
        )
    return "\n".join(lines)
