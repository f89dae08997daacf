"""``roads stats``: an archive's counts per group and in total, tested against the exact odds.

The command only reads its options: roads/cli/gather.py counts the logs (the
worker pool, Dask) and roads/cli/output/stats.py prints what was counted.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping

import click

from ..analytics.counting import dask_ready
from ..bets import RuleSet, rule_set
from ..enums import Game
from .app import cli
from .flags import decks_option, jobs_option, json_option, log_inputs
from .gather import GROUPINGS, archive_drift_of, checked, collect_stats, held, table_files
from .good_roads import good_roads_option, stats_good_roads
from .inputs import Inputs
from .output import output_format
from .output.stats import StatsWriter, drift_document, hold_document, integrity_document, laws_document
from .progress import Progress
from .table_rules import chosen_rules, rules_options


@cli.command("stats")
@log_inputs(verb="counted", game=True)
@decks_option()
@click.option(
    "--by",
    "by",
    metavar="GROUP",
    help="Also give the figures per shoe, file, table or date; with --hold, per any key or column the archive "
    "carries for its shoes (dealer, shift...).",
)
@json_option("Print the statistics as JSON (docs/stats.md).")
@click.option(
    "--detail",
    is_flag=True,
    help="With --by shoe --json, write every shoe's tests (default: only the shoes that stand out, with a flag; "
    'the others are one line of counts with "detail": false, so the output stays small for any archive).',
)
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per group and test (figures, chi-squares).")
@click.option(
    "--parquet",
    metavar="DIR",
    help="Also write the coups and marks tables to DIR/coups.parquet and DIR/marks.parquet "
    "(made if missing; needs pip install 'roads[parquet]'; read in this one process).",
)
@click.option(
    "--csv-tables",
    "csv_tables",
    metavar="DIR",
    help="Also write the same tables as DIR/coups.csv and DIR/marks.csv (no extra needed; one process).",
)
@click.option(
    "--drift",
    "drift",
    is_flag=True,
    help="Print the drift table instead: a row a shoe (by date when every shoe has one), the cumulative Banker "
    "share with its band and a CUSUM, in text, --json or --csv (docs/stats.md).",
)
@good_roads_option(
    "Count the good roads instead: how often each was active and how often the next decisive coup continued it, "
    "tested against the exact chance (Holm over the patterns), in text, --json or --csv, per --by group too, "
    "on --jobs processes; not with --parquet, --csv-tables, --drift or --dask (they count coups and marks)."
)
@click.option(
    "--hold",
    is_flag=True,
    help="Print the money instead: for every main and side bet of the rules, what one unit on every coup won or "
    "lost per unit wagered (the hold), against the bet's exact house edge, with a 99%% interval and a flag; "
    "needs cards (docs/stats.md).",
)
@click.option(
    "--integrity",
    is_flag=True,
    help="Check the shuffle instead: shoes whose cards repeat another's (whole, or a run of 20 or more), slugs "
    "carried over from the shoe before, runs in new-deck order, card counts; each finding names the shoes and "
    "card positions; text or --json; needs cards (docs/stats.md).",
)
@click.option(
    "--laws",
    is_flag=True,
    help="Print the per-shoe laws instead: ties, pairs and the longest Big Road column per shoe against dealt "
    "shoes (a reference of at least ten times the archive's shoes), a chi-square each, Holm over the three; "
    "text or --json (docs/stats.md).",
)
@rules_options
@jobs_option("Processes counting a JSON Lines archive (default: all cores)")
@click.option(
    "--dask",
    metavar="ADDRESS",
    help="Count on a Dask cluster: a scheduler address, or 'local' for a local cluster of --jobs workers "
    "(needs the dask extra).",
)
def stats_command(
    inputs: Inputs,
    decks: int,
    by: str | None,
    as_json: bool,
    detail: bool,
    as_csv: bool,
    parquet: str | None,
    csv_tables: str | None,
    drift: bool,
    jobs: int | None,
    dask: str | None,
    good_roads: str | None,
    hold: bool,
    integrity: bool,
    laws: bool,
    rules: str | None,
    paytable: str | None,
    tie_pays: str | None,
) -> None:
    """Count every shoe of LOG... and test the counts against the exact odds.

    For every group (with --by) and for the total: coups; Banker, Player and
    Tie; pairs and naturals; 4-, 5- and 6-card coups when cards are known;
    Big Road column depths; marks and red shares of the derived roads. Each
    share is tested against the exact odds of one coup of a full shoe of
    --decks decks (99% interval, z, two-sided p: exact binomial where fewer
    than 10 hits or misses are expected), with a chi-square of
    Banker/Player/Tie (and of 4/5/6 cards). Column depths and red shares,
    which have no exact figure, are tested against shoes dealt by the
    simulator (source "simulated"). Figures whose Holm-adjusted p is at most
    0.01 (1% family-wise) are flagged, with a plain reading. The coups
    of one shoe are not independent: see docs/stats.md.

    --parquet DIR and --csv-tables DIR also write two tables for dataframes
    and SQL: a row a coup (shoe, coup, winner, totals, pairs, natural,
    cards, file, shoe_number, table, date) and a row a derived mark (shoe,
    road, mark, color, rule, column, row, x, y, coup, file, shoe_number).
    The files appear whole once every shoe is read, or not at all.

    A JSON Lines archive is read a block of lines at a time and counted on
    every core (-j), or on Dask (--dask); the figures are the same bytes for
    any number of workers. Other logs, and every log with --parquet or
    --csv-tables (their rows are written in shoe order), are counted in this
    process. On a terminal, the shoes counted so far show on standard error.
    With --by shoe each shoe's group is printed as soon as it is finished, so
    memory does not grow with the archive; its JSON gives the tests only of
    the shoes that stand out (a flag), the others one line of counts with
    "detail": false (--detail: every shoe's tests).

    \b
    Examples:
      roads stats shoes.jsonl
      roads stats logs/*.csv --by table --json > stats.json
      roads stats shoes.jsonl --decks 6 --by shoe --csv > stats.csv
      roads stats shoes.jsonl --by shoe --json --detail > every-test.json
      roads stats shoes.jsonl --parquet tables > stats.txt
      roads stats year.jsonl -j 8 --json > year.json
      roads stats year.jsonl --dask tcp://scheduler:8786
      roads stats shoes.jsonl --drift --csv > drift.csv
      roads stats shoes.jsonl --good-roads     do good roads work? the archive's own answer
      roads stats shoes.jsonl --good-roads --by table --csv > good-roads.csv
      roads stats dt.txt --game dragon-tiger   Dragon, Tiger and Tie against the exact odds
      roads stats shoes.jsonl --hold --by table   every bet's money against its edge, per table
      roads stats shoes.jsonl --integrity      repeated shoes, slugs, new-deck order
      roads stats shoes.jsonl --laws --json    per-shoe laws against dealt shoes
    """
    fmt = output_format(as_json, as_csv)
    by = _grouping(by, hold)
    if laws:
        refused = {"--hold": hold, "--integrity": integrity, "--by": by, "--csv": as_csv, "--parquet": parquet}
        refused |= {"--csv-tables": csv_tables, "--drift": drift, "--good-roads": good_roads, "--detail": detail}
        _refuse("--laws compares the archive's shoes with dealt shoes", inputs.game, refused)
        _laws(inputs, decks, fmt, jobs, dask)
        return
    if integrity:
        refused = {"--hold": hold, "--by": by, "--csv": as_csv, "--parquet": parquet, "--csv-tables": csv_tables}
        refused |= {"--drift": drift, "--dask": dask, "--good-roads": good_roads, "--detail": detail}
        _refuse("--integrity reads the archive's cards in order", inputs.game, refused)
        _integrity(inputs, decks, fmt)
        return
    if hold:
        refused = {"--parquet": parquet, "--csv-tables": csv_tables, "--drift": drift, "--dask": dask}
        refused |= {"--good-roads": good_roads, "--detail": detail}
        _refuse("--hold settles baccarat's bets a shoe at a time", inputs.game, refused)
        _hold(inputs, decks, by, fmt, chosen_rules(rules, paytable, tie_pays) or rule_set("standard"))
        return
    if any(value is not None for value in (rules, paytable, tie_pays)):
        raise click.UsageError("--rules, --paytable and --tie-pays choose the bets of --hold: give --hold")
    if inputs.game is Game.DRAGON_TIGER:
        from . import dragon_tiger  # Dragon Tiger: its own counts and tests, beside these

        others = {"--by": by is not None, "--csv": as_csv, "--parquet": parquet is not None, "--drift": drift}
        extra = {
            "--csv-tables": csv_tables is not None,
            "--dask": dask is not None,
            "--good-roads": good_roads is not None,
        }
        dragon_tiger.stats(inputs, decks, as_json, {**others, **extra})
        return
    if good_roads is not None:
        _good_roads(inputs, decks, good_roads, fmt, by, jobs, refused=(parquet, csv_tables, drift, dask))
        return
    if drift and by is not None:
        raise click.UsageError("--drift follows the archive shoe by shoe: give no --by")
    if dask is not None:
        dask_ready(verbose=bool(click.get_current_context().params.get("verbose")))  # Dask's lines only with -v
    tables = table_files(inputs, parquet, csv_tables)
    if drift:
        with tables if tables is not None else contextlib.nullcontext():
            found = archive_drift_of(inputs, decks, jobs, dask, tables)
        click.echo(drift_document(found, decks, fmt), nl=False)
        inputs.finish()
        return
    out = StatsWriter(fmt, decks, functools.partial(click.echo, nl=False), detail=detail or by != "shoe")
    with tables if tables is not None else contextlib.nullcontext():
        # --by shoe: each shoe's group is written as it is finished, never all held (memory is the summary's).
        data = collect_stats(inputs, decks, by, jobs, dask, tables, emit=out.group if by == "shoe" else None)
    for group in data["groups"]:
        out.document(group)
    out.finish(data)
    inputs.finish()


def _refuse(mode: str, game: Game, refused: Mapping[str, object]) -> None:
    """Raise a usage error naming every option of ``refused`` that was given, and Dragon Tiger, which ``mode`` refuses.

    ``mode`` says what the mode does (``--laws compares ...``); the message goes on ``: give no --by, --csv``.
    """
    if game is Game.DRAGON_TIGER or any(refused.values()):
        given = [name for name, value in refused.items() if value]
        given += ["--game dragon-tiger"] if game is Game.DRAGON_TIGER else []
        raise click.UsageError(f"{mode}: give no {', '.join(given)}")


def _grouping(by: str | None, hold: bool) -> str | None:
    """Return --by in lower case: one of GROUPINGS, or with --hold any key; a usage error otherwise."""
    if by is None:
        return None
    folded = by.strip().lower()
    if not folded:
        raise click.BadParameter("give a grouping or a column name", param_hint="'--by'")
    if folded not in GROUPINGS and not hold:
        raise click.BadParameter(
            f"{by!r} is not one of {', '.join(repr(g) for g in GROUPINGS)} (any other column needs --hold)",
            param_hint="'--by'",
        )
    return folded


def _hold(inputs: Inputs, decks: int, by: str | None, fmt: str, rules: RuleSet) -> None:
    """Print ``roads stats --hold``: every bet's hold against its edge, per group and in total."""
    from ..analytics.hold import Hold  # deferred: the bets' modules load for --hold only

    hold = Hold(rules, decks)
    with Progress("settled") as progress:
        progress.update(0)
        held(inputs, hold, by, progress)
    if hold.total:
        click.echo(hold_document(hold.document(), fmt, by), nl=False)
    inputs.finish()


def _laws(inputs: Inputs, decks: int, fmt: str, jobs: int | None, dask: str | None) -> None:
    """Print ``roads stats --laws``: each per-shoe law against a reference of ten times the archive's shoes."""
    from ..analytics.pershoe import ShoeLaws, fits
    from ..analytics.verdicts import group_document

    seen = ShoeLaws()
    collect_stats(inputs, decks, "shoe", jobs, dask, None, emit=lambda tally: seen.add(group_document(tally, decks)))
    click.echo(laws_document(fits(seen.counts, decks), decks, fmt), nl=False)
    inputs.finish()


def _integrity(inputs: Inputs, decks: int, fmt: str) -> None:
    """Print ``roads stats --integrity``: the shuffle findings, shoes and card positions named."""
    from ..analytics.integrity import Integrity  # deferred: --integrity only

    check = Integrity(decks)
    with Progress("checked") as progress:
        progress.update(0)
        checked(inputs, check, progress)
    if check.shoes:
        click.echo(integrity_document(check.document(), fmt), nl=False)
    inputs.finish()


def _good_roads(
    inputs: Inputs, decks: int, file: str, fmt: str, by: str | None, jobs: int | None, refused: tuple[object, ...]
) -> None:
    """Print ``roads stats --good-roads`` (roads/cli/good_roads.py); the tables and the drift are not its."""
    if any(refused):
        raise click.UsageError(
            "--good-roads counts patterns, not coups and marks: give no --parquet, --csv-tables, --drift or --dask"
        )
    stats_good_roads(inputs, decks, file, fmt, by, jobs)
