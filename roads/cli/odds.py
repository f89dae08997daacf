"""``roads odds``: exact odds of the next coup, for a full shoe or after a card log."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..cards import Card
from ..coup import Coup
from ..enums import Game
from ..errors import LogError, RenderError, RoadsError
from ..odds import exact_odds, figures_markdown, odds_through
from ..odds.api import shoe_phrase, take_out
from ..odds.chance_chart import chart, save_chart
from .app import cli
from .flags import FORMAT_NAMES, FROM_HELP, bet_option, choice, decks_option, game_option, json_option
from .inputs import Inputs
from .output.jsontext import model_json
from .output.odds import odds_each_json, odds_each_table, odds_table
from .table_rules import chosen_rules, rules_options

if TYPE_CHECKING:
    from ..bets import RuleSet


if TYPE_CHECKING:
    from ..logs.archive import Shoe


def _plot_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    if value is None:
        return None
    from ..render import format_of

    try:
        format_of(value)
    except RenderError:
        raise click.BadParameter(f"{value}: the plot is written as .svg, .png or .pdf", ctx=ctx, param=param) from None
    return Path(value)


@cli.command("odds")
@decks_option("Decks in the shoe, 1-1000 (with --after: decks the logged shoe started with).")
@click.option(
    "--after",
    "log",
    metavar="LOG",
    default=None,
    help="Card log of the shoe so far: odds of the next coup from the cards left.",
)
@click.option(
    "--shoe", metavar="ID|N", help="With --after an archive: the shoe to follow, by id or number in the file."
)
@click.option("--from", "log_format", type=choice(FORMAT_NAMES), default="auto", show_default=True, help=FROM_HELP)
@click.option("--each", is_flag=True, help="With --after: the odds after every coup, as a table.")
@click.option(
    "--plot",
    type=str,
    default=None,
    callback=_plot_path,
    metavar="OUT.svg|OUT.png",
    help="With --after: draw how Banker and Player chances moved through the shoe.",
)
@click.option("--exact", is_flag=True, help='Exact fractions (JSON carries them as "n/d" strings).')
@json_option(
    'Print JSON with the fields of the odds model (with --bets: {"rules", "title", "cards_left", "odds", "bets"}).'
)
@click.option("--figures-md", is_flag=True, help="Print the docs/figures.md page (1, 2, 4, 6, 8 decks).")
@click.option("--bets", is_flag=True, help="Price every bet of the table's rules (see --rules): win, push, lose, edge.")
@bet_option(
    "With --each: follow this bet's house edge through the shoe (repeatable; with --plot, drawn); "
    "ids as --bets lists them, e.g. dragon_7."
)
@rules_options
@click.option("--variants-md", is_flag=True, help="Print the docs/variants.md page (every bet, 1, 6, 8 decks).")
@click.option("--paytable-schema", is_flag=True, help="Print the JSON Schema of a --paytable file.")
@game_option()
def odds_command(
    decks: int,
    log: str | None,
    shoe: str | None,
    log_format: str,
    each: bool,
    plot: Path | None,
    exact: bool,
    as_json: bool,
    figures_md: bool,
    bets: bool,
    bet_ids: tuple[str, ...],
    rules: str | None,
    paytable: str | None,
    tie_pays: str | None,
    variants_md: bool,
    paytable_schema: bool,
    game: Game,
) -> None:
    """Exact odds of the next coup: win chances, naturals, draws, cards used, pairs, house edges.

    Every sequence of cards is counted, dealt without replacement in the order
    P1 B1 P2 B2 P3 B3; nothing is simulated. Burned cards nobody saw do not change
    the odds, so a log needs only the coups. A card stream cut off mid-coup has
    its dealt cards taken out too: the odds are then those of the coup after it.

    With --bets (or --rules, --paytable, --tie-pays, --bet, which imply it) every
    main and side bet of the table is priced instead: win, push and lose chances
    and the house edge, a push counted as a bet that returned the stake. Its
    --json holds the next coup's odds too, as roads serve's /odds answers it.

    \b
    Examples:
      roads odds                          first coup of an 8-deck shoe
      roads odds --decks 6 --exact        as exact fractions
      roads odds --after shoe.txt         next coup after the logged coups
      roads odds --after shoe.txt --each --plot shoe.svg
      roads odds --after shoes.jsonl --shoe 3
      roads odds --figures-md > docs/figures.md
      roads odds --bets --rules ez        every bet of EZ Baccarat: win, push, lose, house edge
      roads odds --after shoe.txt --each --bet dragon_7 --plot d7.svg
      roads odds --game dragon-tiger      Dragon Tiger: Dragon, Tiger, tie, suited tie, edges
      roads odds --game dragon-tiger --after dt.txt --exact
    """
    if game is Game.DRAGON_TIGER:
        from . import dragon_tiger

        pages = {"--figures-md": figures_md, "--variants-md": variants_md, "--paytable-schema": paytable_schema}
        dragon_tiger.refuse({**pages, "--bets": bets, "--bet": bool(bet_ids), "--rules": rules is not None})
        dragon_tiger.refuse({"--paytable": paytable is not None, "--tie-pays": tie_pays is not None})
        dragon_tiger.refuse({"--plot": plot is not None, "--shoe": shoe is not None})
        fmt = None if log_format == "auto" else log_format
        dragon_tiger.odds(decks, log, fmt, exact, as_json, each)
        return
    table_asked = bets or bool(bet_ids) or rules is not None or paytable is not None or tie_pays is not None
    page = _page(
        {"--figures-md": figures_md, "--variants-md": variants_md, "--paytable-schema": paytable_schema},
        bool(log or each or plot or exact or as_json or table_asked),
    )
    if page is not None:
        click.echo(page, nl=False)
        return
    if bet_ids and not each:
        raise click.UsageError("--bet follows one bet through a shoe: add --each (and --after LOG)")
    if log is None and shoe is not None:
        raise click.UsageError("--shoe picks a shoe of the log given with --after LOG")
    if log is None and log_format != "auto":
        raise click.UsageError("--from says how to read the log given with --after LOG")
    fmt = None if log_format == "auto" else log_format
    if table_asked:
        _bets(decks, log, shoe, fmt, each, bet_ids, plot, exact, as_json, chosen_rules(rules, paytable, tie_pays))
        return
    if (each or plot) and log is None:
        raise click.UsageError("--each and --plot follow a shoe: give its card log with --after LOG")
    if log is None:
        only = exact_odds(decks, exact=exact)
        click.echo(model_json(only) if as_json else odds_table(only, f"the first coup of a full {decks}-deck shoe"))
        return

    if plot is not None:
        from ..files import refuse_inputs

        refuse_inputs([plot], [log])  # before the log is read: the chart must never replace it

    with Inputs((log,), fmt, shoe, True).one("odds --after") as picked:
        coups, under_way = _read_log(picked, decks)
    try:
        series = odds_through(coups, decks, exact=exact, under_way=under_way)
    except RoadsError as exc:
        raise exc.located(file=log) from None
    complete = series[: len(coups) + 1]
    if plot is not None:
        # The plot has a point per complete coup: the cut-off coup is not a point of the shoe's course.
        save_chart(chart([float(o.banker) for o in complete], [float(o.player) for o in complete]), plot)
    if each:
        if as_json:
            click.echo(odds_each_json(complete, series[-1] if under_way else None, len(under_way)))
        else:
            click.echo(odds_each_table(complete, series[-1] if under_way else None, len(under_way)))
        return
    played = f"{len(coups)} coup{'s' if len(coups) != 1 else ''} of {shoe_phrase(decks)}"
    if under_way:
        what = (
            f"coup {len(coups) + 2}, the next to start, after {played} and the first {len(under_way)} "
            f"card{'s' if len(under_way) != 1 else ''} of coup {len(coups) + 1}, where the log stops"
        )
    else:
        what = f"the next coup after {played}"
    click.echo(model_json(series[-1]) if as_json else odds_table(series[-1], what))


def _page(pages: dict[str, bool], others: bool) -> str | None:
    """Return the whole page one of ``pages`` asks for (None if none was asked); no other option may come with it."""
    asked = [name for name, flag in pages.items() if flag]
    if not asked:
        return None
    if others or len(asked) > 1:
        raise click.UsageError(f"{asked[0]} prints a whole page and takes no other option")
    if asked[0] == "--figures-md":
        return figures_markdown()
    if asked[0] == "--variants-md":
        from ..bets.docs import variants_markdown

        return variants_markdown()
    from ..bets import paytable_schema

    return json.dumps(paytable_schema(), indent=2) + "\n"


def _bets(
    decks: int,
    log: str | None,
    shoe: str | None,
    fmt: str | None,
    each: bool,
    only: tuple[str, ...],
    plot: Path | None,
    exact: bool,
    as_json: bool,
    rules: RuleSet | None,
) -> None:
    """Print the prices of every bet (or of the --bet ones through the shoe)."""
    from ..bets import rule_set
    from . import odds_bets

    chosen = rules if rules is not None else rule_set("standard")
    if (each or plot) and log is None:
        raise click.UsageError("--each and --plot follow a shoe: give its card log with --after LOG")
    if plot is not None and not only:
        raise click.UsageError("--plot with --bets draws the edges of the bets named with --bet: add --bet ID")
    if log is None:
        click.echo(odds_bets.full_shoe(decks, chosen, exact=exact, as_json=as_json))
        return

    with Inputs((log,), fmt, shoe, True).one("odds --after") as picked:
        coups, under_way = _read_log(picked, decks)
    text = odds_bets.through_log(
        log,
        coups,
        under_way,
        decks,
        chosen,
        each=each,
        only=only,
        plot=plot,
        exact=exact,
        as_json=as_json,
    )
    click.echo(text)


def _read_log(shoe: Shoe, decks: int) -> tuple[list[Coup], tuple[Card, ...]]:
    """Return the coups of a card log and the cards of a coup it leaves unfinished (a stream cut off mid-coup).

    Each coup is counted against the shoe as it is read: a log that holds more
    cards of a rank than ``decks`` decks do stops at that coup, not at its end.
    The cards of an unfinished coup are out of the shoe as surely as any other:
    the odds must not count them as still to come. The reader's warning about
    them is passed on, so it is still printed and the exit status is still 1.
    """
    from ..logs import LogWarning, iter_entries  # the log reader is only needed here

    seen = [0] * 13
    if shoe.source is None:
        coups = shoe.coups()
        for number, coup in enumerate(coups, 1):
            take_out(seen, coup.dealt, number, decks)
        return coups, ()
    coups = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LogWarning)
        where = shoe.file
        for entry in iter_entries(shoe.source, shoe.format):
            if entry.coup is None:
                raise LogError(
                    "this log holds results only, and this needs cards "
                    "(a cards, stream, JSON or JSON Lines log with cards)",
                    file=where,
                    line=entry.line,
                    coup=entry.number,
                )
            try:
                take_out(seen, entry.coup.dealt, entry.number, decks)
            except RoadsError as exc:
                raise exc.located(file=where) from None
            coups.append(entry.coup)
    under_way: tuple[Card, ...] = ()
    for item in caught:
        if isinstance(item.message, LogWarning) and item.message.dealt:
            under_way = item.message.dealt
        warnings.warn_explicit(item.message, item.category, item.filename, item.lineno)
    return coups, under_way
