"""``roads stats``: an archive's counts per group and in total, tested against the exact odds."""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..analytics import StatsError, Tally
from ..analytics.tables import ShoeInfo, shoe_rows
from ..errors import RoadsError
from ..files import refuse_inputs
from ..logs.archive import Shoe
from ..shoe import check_decks
from .app import cli
from .build import shoe_board
from .options import Inputs, checked, log_inputs

if TYPE_CHECKING:
    from ..analytics.tablefiles import TableFiles

GROUPINGS = ("shoe", "file", "table", "date")


def group_key(shoe: Shoe, by: str) -> str:
    """Return the group a shoe falls in; StatsError when the log does not say (no table, no date)."""
    if by == "shoe":
        return shoe.label()
    if by == "file":
        return shoe.file
    value = shoe.table if by == "table" else shoe.date
    if value is None:
        where = shoe.label()
        raise StatsError(
            f"{where}: --by {by} needs a {by} for every shoe, and this one has none "
            f'(a JSON Lines "{by}" field, or a {by} column in a spreadsheet)'
        )
    if by == "date":
        value = value.replace("T", " ").split(" ")[0]  # a timestamp's day: shoes group by the day dealt
    return value


def stats_data(tallies: dict[str, Tally], total: Tally, decks: int) -> dict[str, Any]:
    """Return the whole JSON document: every group, then the total."""
    from ..analytics.simulated import expectations

    return {
        "decks": decks,
        "simulation": expectations(decks).about(),
        "groups": [tallies[key].to_dict(decks) for key in tallies],
        "total": total.to_dict(decks),
    }


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def text_report(data: dict[str, Any]) -> str:
    """Return the statistics as text: each group's counts and tests, flags with their reading."""
    out: list[str] = []
    for group in [*data["groups"], data["total"]]:
        title = "Total" if group is data["total"] else str(group["key"])
        c = group["counts"]
        out.append(f"== {title}: {group['shoes']} shoe{'' if group['shoes'] == 1 else 's'}, {group['coups']} coups")
        out.append(
            f"   Banker {c['banker']}  Player {c['player']}  Tie {c['tie']}  "
            f"pairs B {c['banker_pair']} P {c['player_pair']}  naturals {c['natural']}"
            + (f"  cards 4/5/6: {c['cards_4']}/{c['cards_5']}/{c['cards_6']}" if c["cards_4"] is not None else "")
        )
        out.append(f"   {'figure':<17} {'observed':>9} {'expected':>9} {'99% interval':>17} {'z':>7} {'p':>9}  source")
        for t in group["tests"]:
            interval = "-" if t["low"] is None else f"{_pct(t['low'])}-{_pct(t['high'])}"
            z = "-" if t["z"] is None else f"{t['z']:+.2f}"
            p = "n/m" if t["p"] is None else f"{t['p']:.3g}"
            mark = "  FLAG" if t["flag"] else ""
            shares = f"{_pct(t['observed']):>9} {_pct(t['expected']):>9}"
            out.append(f"   {t['figure']:<17} {shares} {interval:>17} {z:>7} {p:>9}  {t['source']:<9}{mark}".rstrip())
        for chi in (group["chi_square"], group["chi_square_cards"]):
            if chi is None:
                continue
            name = "B/P/T" if chi is group["chi_square"] else "4/5/6 cards"
            stat = "-" if chi["statistic"] is None else f"{chi['statistic']:.2f}"
            p = "n/m" if chi["p"] is None else f"{chi['p']:.3g}"
            out.append(f"   chi-square {name}: {stat} on {chi['dof']} dof, p {p}{'  FLAG' if chi['flag'] else ''}")
        s = group["streaks"]
        out.append(
            f"   Big Road: {s['columns']} columns, longest Banker {s['longest_banker']}, "
            f"Player {s['longest_player']}, tie run {s['longest_tie_run']}"
        )
        roads = ", ".join(f"{road} {_pct(d['red_share'])} red of {d['marks']}" for road, d in group["derived"].items())
        if roads:
            out.append(f"   derived: {roads}")
        if not group["meaningful"]:
            out.append("   too few coups for any test to be meaningful (n/m)")
        for line in group["flags"]:
            out.append(f"   FLAG {line}")
        if group["meaningful"] and not group["flags"]:
            out.append("   nothing stands out (Holm, 1% family-wise)")
    sim = data["simulation"]
    out.append(
        f"(simulated: {sim['shoes']} dealt shoes of {sim['decks']} decks, seed {sim['seed']}, "
        f"cut {sim['cut']}; {sim['source']})"
    )
    return "\n".join(out) + "\n"


CSV_COLUMNS = (
    "group",
    "shoes",
    "coups",
    "figure",
    "count",
    "trials",
    "observed",
    "expected",
    "low",
    "high",
    "z",
    "p",
    "flag",
    "source",
    "expected_low",
    "expected_high",
)


def csv_report(data: dict[str, Any]) -> str:
    """Return one CSV row per group and tested figure (the total's group is ``total``)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for group in [*data["groups"], data["total"]]:
        key = "total" if group is data["total"] else group["key"]
        for t in group["tests"]:
            values = [t.get(k) for k in ("observed", "expected", "low", "high", "z", "p", "flag", "source")]
            values += [t.get("expected_low"), t.get("expected_high")]
            writer.writerow(
                [key, group["shoes"], group["coups"], t["figure"], t["hits"], t["trials"]]
                + ["" if v is None else v for v in values]
            )
    return buf.getvalue()


@cli.command("stats")
@log_inputs(verb="counted")
@click.option(
    "--decks",
    type=int,
    default=8,
    show_default=True,
    callback=checked(check_decks),
    help="Decks each shoe was dealt from (1-1000).",
)
@click.option("--by", "by", type=click.Choice(GROUPINGS), help="Also give the figures per shoe, file, table or date.")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON (docs/stats.md).")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per group and tested figure.")
@click.option(
    "--parquet",
    metavar="DIR",
    help="Also write the coups and marks tables to DIR/coups.parquet and DIR/marks.parquet "
    "(made if missing; needs pip install 'roads[parquet]').",
)
@click.option(
    "--csv-tables",
    "csv_tables",
    metavar="DIR",
    help="Also write the same tables as DIR/coups.csv and DIR/marks.csv (no extra needed).",
)
def stats_command(
    inputs: Inputs,
    decks: int,
    by: str | None,
    as_json: bool,
    as_csv: bool,
    parquet: str | None,
    csv_tables: str | None,
) -> None:
    """Count every shoe of LOG... and test the counts against the exact odds.

    For every group (with --by) and for the total: coups; Banker, Player and
    Tie; pairs and naturals; 4-, 5- and 6-card coups when cards are known;
    Big Road column depths; marks and red shares of the derived roads. Each
    share is tested against the exact odds of one coup of a full shoe of
    --decks decks (99% interval, z, two-sided p), with a chi-square of
    Banker/Player/Tie (and of 4/5/6 cards). Column depths and red shares,
    which have no exact figure, are tested against shoes dealt by the
    simulator (source "simulated"). Figures that stand out after Holm's
    correction (1% family-wise) are flagged, with a plain reading. The coups
    of one shoe are not independent: see docs/stats.md.

    --parquet DIR and --csv-tables DIR also write two tables for dataframes
    and SQL: a row a coup (shoe, coup, winner, totals, pairs, natural,
    cards, file, shoe_number, table, date) and a row a derived mark (shoe,
    road, mark, color, rule, column, row, x, y, coup, file, shoe_number).
    The files appear whole once every shoe is read, or not at all.

    \b
    Examples:
      roads stats shoes.jsonl
      roads stats logs/*.csv --by table --json > stats.json
      roads stats shoes.jsonl --decks 6 --by shoe --csv > stats.csv
      roads stats shoes.jsonl --parquet tables > stats.txt
    """
    if as_json and as_csv:
        raise click.UsageError("give one of --json and --csv")
    tables = _table_files(inputs, parquet, csv_tables)
    with tables if tables is not None else contextlib.nullcontext():
        data = collect_stats(inputs, decks, by, tables)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif as_csv:
        click.echo(csv_report(data), nl=False)
    else:
        click.echo(text_report(data), nl=False)
    inputs.finish()


def _table_files(inputs: Inputs, parquet: str | None, csv_tables: str | None) -> TableFiles | None:
    """Return the table files --parquet and --csv-tables ask for (None without them), checked before any read."""
    if parquet is None and csv_tables is None:
        return None
    from ..analytics.tablefiles import TableFiles

    tables = TableFiles(parquet, csv_tables)
    try:
        refuse_inputs(tables.paths(), inputs.logs)
    except RoadsError:
        tables.discard()
        raise
    return tables


def collect_stats(inputs: Inputs, decks: int, by: str | None, tables: TableFiles | None = None) -> dict[str, Any]:
    """Read every shoe of the inputs and return the statistics document (``roads stats --json``).

    With ``tables``, every shoe's coup and mark rows go to them too, and they
    are committed once every shoe is read (never when no shoe could be).
    """
    tallies: dict[str, Tally] = {}
    total = Tally("total")

    def count(shoe: Shoe) -> None:
        key = group_key(shoe, by) if by else None
        board = shoe_board(shoe, inputs)
        target = total if key is None else tallies.setdefault(key, Tally(key))
        target.add(board.bead_plate.outcomes, board)
        if tables is not None:
            try:
                tables.add(shoe_rows(ShoeInfo.of(shoe), board))
            except RoadsError as exc:  # a table that cannot be written ends the command, not one shoe
                raise _Stop(exc) from None

    try:
        inputs.each(_stopping(count), summary=False)
    except _Stop as stop:
        raise stop.error from None
    if by:
        for tally in tallies.values():
            total.merge(tally)
    if total.coups == 0:
        if inputs.failed == 1:
            raise click.exceptions.Exit(1)  # its one error line already says why
        logs = ", ".join(inputs.logs)
        reason = f"{inputs.failed} failed: see above" if inputs.failed else "it holds no coups"
        raise StatsError(f"{logs}: no shoe could be read ({reason})")
    data = stats_data(tallies, total, decks)
    if tables is not None:
        tables.commit()
    return data


class _Stop(Exception):
    """Carries a grouping error or a table that cannot be written out of Inputs.each (not one bad shoe)."""

    def __init__(self, error: RoadsError) -> None:
        super().__init__(error.message)
        self.error = error


def _stopping(work: Callable[[Shoe], None]) -> Callable[[Shoe], None]:
    """Return ``work`` with a StatsError carried out as _Stop: it ends the command, not one shoe."""

    def run(shoe: Shoe) -> None:
        try:
            work(shoe)
        except StatsError as exc:
            raise _Stop(exc) from None

    return run
