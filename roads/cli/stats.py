"""``roads stats``: an archive's counts per group and in total, tested against the exact odds."""

from __future__ import annotations

import contextlib
import functools
import json
import os
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, Any

import click

from ..analytics import StatsError, Tally
from ..analytics.counting import blocks, count_block, count_shoe, dask_counter, dask_ready, group_key, lost_block
from ..analytics.tables import ShoeInfo, shoe_rows
from ..analytics.theory import ALPHA, EXACT_BELOW
from ..analytics.verdicts import Across, across_groups, group_document
from ..errors import RoadsError, one_line
from ..files import refuse_inputs
from ..logs.archive import Shoe, _numbered, open_archive
from ..pool import run_tasks, worker_count
from .app import cli
from .flags import choice, decks_option, jobs_option, json_option, log_inputs
from .good_roads import good_roads_option, patterns, shoe_trials, stats_text
from .inputs import Inputs
from .progress import Progress

if TYPE_CHECKING:
    from ..analytics.counting import Block, Part
    from ..analytics.tablefiles import TableFiles
    from ..board import Board

__all__ = ["group_key", "stats_data", "tally_logs"]

Spread = Callable[[Iterator["Block"]], Generator[tuple["Block", "Part"]]]
"""Counts blocks somewhere (worker processes, Dask), yielding (block, its part) in the order of the blocks."""

GROUPINGS = ("shoe", "file", "table", "date")


def stats_data(tallies: dict[str, Tally], total: Tally, decks: int) -> dict[str, Any]:
    """Return the whole JSON document: every group, then the total."""
    from ..analytics.simulated import expectations

    groups = [group_document(tallies[key], decks) for key in tallies]
    seen = across_groups(groups)
    return {
        "decks": decks,
        "simulation": expectations(decks).about(),
        "groups": groups,
        "flagged_groups": seen.flagged_groups(),
        "total": {**group_document(total, decks), "homogeneity": seen.homogeneity()},
    }


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def text_report(data: dict[str, Any]) -> str:
    """Return the statistics as text: each group's counts and tests, flags with their reading."""
    groups = "".join(group_text(group) for group in data["groups"])
    flagged = data.get("flagged_groups") or {"count": 0, "expected": 0}
    groups += across_text(flagged, data["total"].get("homogeneity"), len(data["groups"]))
    return groups + group_text(data["total"], total=True) + simulation_text(data["simulation"])


def group_text(group: dict[str, Any], total: bool = False) -> str:
    """Return one group's lines of the text report (``total``: the archive's, titled Total)."""
    out: list[str] = []
    # A table name or shoe id is log text: a NUL, an escape or a bidi override must not reach the terminal raw.
    title = "Total" if total else one_line(str(group["key"]))
    c = group["counts"]
    out.append(f"== {title}: {group['shoes']} shoe{'' if group['shoes'] == 1 else 's'}, {group['coups']} coups")
    out.append(
        f"   Banker {c['banker']}  Player {c['player']}  Tie {c['tie']}  "
        f"pairs B {c['banker_pair']} P {c['player_pair']}  naturals {c['natural']}"
        + (f"  cards 4/5/6: {c['cards_4']}/{c['cards_5']}/{c['cards_6']}" if c["cards_4"] is not None else "")
    )
    out.append(
        f"   {'figure':<17} {'observed':>9} {'expected':>9} {'99% interval':>17} {'z':>7} {'p':>9} "
        f"{'Holm p':>9}  source"
    )
    for t in group["tests"]:
        interval = "-" if t["low"] is None else f"{_pct(t['low'])}-{_pct(t['high'])}"
        z = "-" if t["z"] is None else f"{t['z']:+.2f}"
        p = "n/m" if t["p"] is None else f"{t['p']:.3g}"
        p += "*" if t.get("p_method") == "binomial" else ""
        held = "-" if t.get("p_adjusted") is None else f"{t['p_adjusted']:.3g}"
        held = held if t.get("family", True) or t["p"] is None else "desc."
        mark = "  FLAG" if t["flag"] else ""
        shares = f"{_pct(t['observed']):>9} {_pct(t['expected']):>9}"
        out.append(
            f"   {t['figure']:<17} {shares} {interval:>17} {z:>7} {p:>9} {held:>9}  {t['source']:<9}{mark}".rstrip()
        )
    for chi in (group["chi_square"], group["chi_square_cards"]):
        if chi is None:
            continue
        name = "B/P/T" if chi is group["chi_square"] else "4/5/6 cards"
        stat = "-" if chi["statistic"] is None else f"{chi['statistic']:.2f}"
        p = "n/m" if chi["p"] is None else f"{chi['p']:.3g}"
        held = "" if chi.get("p_adjusted") is None else f", Holm p {chi['p_adjusted']:.3g}"
        out.append(f"   chi-square {name}: {stat} on {chi['dof']} dof, p {p}{held}{'  FLAG' if chi['flag'] else ''}")
    out += order_lines(group)
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
    if any(t.get("p_method") == "binomial" for t in group["tests"]):
        out.append(f"   * exact binomial p (fewer than {EXACT_BELOW:.0f} hits or misses expected)")
    if group["meaningful"] and not group["flags"]:
        out.append(f"   nothing stands out (flag: Holm p at most {ALPHA:g}, {ALPHA:.0%} family-wise)")
    return "\n".join(out) + "\n"


def order_lines(group: dict[str, Any]) -> list[str]:
    """Return the text report's lines of the runs and lag-1 tests (ties left out)."""
    lines = []
    for name in ("depths", "red_shares", "runs", "lag1"):
        t = group.get(name)
        if t is None:
            continue
        if name == "depths":
            stat = "-" if t["statistic"] is None else f"{t['statistic']:.2f}"
            what = f"depths (omnibus, Rao-Scott chi-square): {stat} on {t['dof']} dof"
        elif name == "red_shares":
            what = f"red shares (omnibus, Bonferroni of {t['tests']})"
        elif name == "runs":
            what = f"runs: {t['runs']} runs of Banker/Player against {t['expected']:.1f} expected"
        else:
            r = "-" if t["r"] is None else f"{t['r']:+.4f}"
            what = f"lag1: correlation {r} over {t['pairs']} pairs of consecutive wins"
        if t["p"] is None:
            lines.append(f"   {what}, n/m")
            continue
        flag = "  FLAG" if t["flag"] else ""
        z = "" if t["z"] is None else f", z {t['z']:+.2f}"
        lines.append(f"   {what}{z}, p {t['p']:.3g}, Holm p {t['p_adjusted']:.3g}{flag}")
    return lines


def across_text(flagged: dict[str, Any], homogeneity: dict[str, Any] | None, groups: int) -> str:
    """Return the text report's lines on the groups together (none without groups)."""
    if not groups:
        return ""
    out = [
        f"== Groups: {flagged['count']} of {groups} flagged; about {flagged['expected']:g} would be by chance alone "
        f"(each fair group is flagged at most {ALPHA:.0%} of the time)"
    ]
    if homogeneity is not None and homogeneity["p"] is not None:
        out.append(
            f"   homogeneity of Banker/Player/Tie across the groups: chi-square {homogeneity['statistic']:.2f} "
            f"on {homogeneity['dof']} dof, p {homogeneity['p']:.3g}"
        )
    return "\n".join(out) + "\n"


def simulation_text(sim: dict[str, Any]) -> str:
    """Return the text report's last line: where the simulated expectations come from."""
    return (
        f"(simulated: {sim['shoes']} dealt shoes of {sim['decks']} decks, seed {sim['seed']}, "
        f"cut {sim['cut']}; {sim['source']})\n"
    )


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
    "p_adjusted",
    "alpha",
    "p_method",
    "statistic",
    "dof",
)
"""One row a figure (simulated shares: descriptive, ``p_adjusted`` empty), one a chi-square (``chi_square``,
``chi_square_cards``: statistic, dof), the omnibus ``depths`` (statistic, dof) and ``red_shares``, then ``runs``
(count: runs, expected: expected runs) and ``lag1`` (trials: pairs, observed: r, expected: 0)."""


def csv_report(data: dict[str, Any]) -> str:
    """Return one CSV row per group and tested figure (the total's group is ``total``)."""
    from ..logs.csvcell import line

    rows = "".join(group_csv(group) for group in data["groups"])
    return line(CSV_COLUMNS) + rows + group_csv(data["total"], total=True)


def group_csv(group: dict[str, Any], total: bool = False) -> str:
    """Return one group's CSV rows, one a tested figure (``total``: the archive's, keyed ``total``)."""
    from ..logs.csvcell import line

    key = "total" if total else group["key"]
    lines = []
    for t in group["tests"]:
        values = [t.get(k) for k in ("observed", "expected", "low", "high", "z", "p", "flag", "source")]
        values += [t.get(k) for k in ("expected_low", "expected_high", "p_adjusted", "alpha", "p_method")]
        values += [None, None]
        lines.append(line([key, group["shoes"], group["coups"], t["figure"], t["hits"], t["trials"], *values]))
    for name in ("chi_square", "chi_square_cards"):
        chi = group[name]
        if chi is not None:
            values = [None] * 7 + [chi["p"], chi["flag"], "exact", None, None, chi["p_adjusted"], chi["alpha"]]
            values += ["chi_square", chi["statistic"], chi["dof"]]
            lines.append(line([key, group["shoes"], group["coups"], name, *values]))
    homogeneity = group.get("homogeneity")
    if homogeneity is not None:
        values = [None] * 7 + [homogeneity["p"], None, "exact", None, None, None, None, "chi_square"]
        lines.append(
            line(
                [
                    key,
                    group["shoes"],
                    group["coups"],
                    "homogeneity",
                    *values,
                    homogeneity["statistic"],
                    homogeneity["dof"],
                ]
            )
        )
    for name in ("depths", "red_shares", "runs", "lag1"):
        t = group.get(name)
        if t is not None:
            counted = {
                "depths": [None] * 4,
                "red_shares": [None] * 4,
                "runs": [t.get("runs"), None, None, t.get("expected")],
                "lag1": [None, t.get("pairs"), t.get("r"), 0],
            }[name]
            source = "simulated" if name in ("depths", "red_shares") else "exact"
            method = {"depths": "chi_square", "red_shares": "bonferroni"}.get(name, "normal")
            values = [*counted, None, None, t["z"], t["p"], t["flag"], source, None, None, t["p_adjusted"]]
            values += [t["alpha"], method, t.get("statistic"), t.get("dof")]
            lines.append(line([key, group["shoes"], group["coups"], name, *values]))
    return "".join(lines)


@cli.command("stats")
@log_inputs(verb="counted")
@decks_option()
@click.option("--by", "by", type=choice(GROUPINGS), help="Also give the figures per shoe, file, table or date.")
@json_option("Print the statistics as JSON (docs/stats.md).")
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
    "tested against the exact chance (Holm over the patterns), in text or --json."
)
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
    as_csv: bool,
    parquet: str | None,
    csv_tables: str | None,
    drift: bool,
    jobs: int | None,
    dask: str | None,
    good_roads: str | None,
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
    memory does not grow with the archive.

    \b
    Examples:
      roads stats shoes.jsonl
      roads stats logs/*.csv --by table --json > stats.json
      roads stats shoes.jsonl --decks 6 --by shoe --csv > stats.csv
      roads stats shoes.jsonl --parquet tables > stats.txt
      roads stats year.jsonl -j 8 --json > year.json
      roads stats year.jsonl --dask tcp://scheduler:8786
      roads stats shoes.jsonl --drift --csv > drift.csv
      roads stats shoes.jsonl --good-roads     do good roads work? the archive's own answer
    """
    if as_json and as_csv:
        raise click.UsageError("give one of --json and --csv")
    if good_roads is not None:
        _good_roads(inputs, decks, good_roads, as_json, refused=(by, as_csv, parquet, csv_tables, drift, dask))
        return
    if drift and by is not None:
        raise click.UsageError("--drift follows the archive shoe by shoe: give no --by")
    if dask is not None:
        dask_ready(verbose=bool(click.get_current_context().params.get("verbose")))  # Dask's lines only with -v
    tables = _table_files(inputs, parquet, csv_tables)
    fmt = "json" if as_json else "csv" if as_csv else "text"
    if drift:
        with tables if tables is not None else contextlib.nullcontext():
            click.echo(drift_output(inputs, decks, fmt, jobs, dask, tables), nl=False)
        inputs.finish()
        return
    out = StatsWriter(fmt, decks, functools.partial(click.echo, nl=False))
    with tables if tables is not None else contextlib.nullcontext():
        # --by shoe: each shoe's group is written as it is finished, never all held (memory is the summary's).
        data = collect_stats(inputs, decks, by, jobs, dask, tables, emit=out.group if by == "shoe" else None)
    for group in data["groups"]:
        out.document(group)
    out.finish(data)
    inputs.finish()


def _good_roads(inputs: Inputs, decks: int, pattern_file: str, as_json: bool, refused: tuple[object, ...]) -> None:
    """Print ``roads stats --good-roads``: each pattern's trials and continuations against the exact chance."""
    from ..analytics.good_roads import GoodRoadCounts

    if any(refused):
        raise click.UsageError(
            "--good-roads counts the whole archive in text or --json: give no --by, --csv, "
            "--parquet, --csv-tables, --drift or --dask"
        )
    counts = GoodRoadCounts(patterns(pattern_file))
    inputs.each(lambda shoe: counts.add_shoe(*shoe_trials(shoe, decks)), summary=False)
    data = {"shoes": counts.shoes, "coups": counts.coups, "decks": decks, "patterns": counts.report()}
    click.echo(json.dumps(data, ensure_ascii=False, indent=2) if as_json else stats_text(data), nl=as_json)
    inputs.finish()


class StatsWriter:
    """Writes the statistics a group at a time, in the bytes the whole document gives (text, CSV or JSON).

    Groups are held back only while no group so far has a coup, so that an
    archive of no coups still ends in its one error line and no output.
    """

    def __init__(self, fmt: str, decks: int, write: Callable[[str], object]) -> None:
        """Write ``fmt`` (``text``, ``csv``, ``json``) for ``decks`` decks through ``write``."""
        self.fmt, self.decks, self.write = fmt, decks, write
        self.held: list[dict[str, Any]] = []
        self.started = False
        self.groups = 0
        self.across = Across()
        """Every group written so far, counted together: flagged_groups and the total's homogeneity."""

    def group(self, tally: Tally) -> None:
        """Write one finished group (or hold it while no group yet has a coup)."""
        self.document(group_document(tally, self.decks))

    def document(self, group: dict[str, Any]) -> None:
        """Write one finished group's document (or hold it while no group yet has a coup)."""
        self.across.add(group)
        self.held.append(group)
        if group["coups"] or self.started:
            self._flush()

    def _flush(self) -> None:
        if not self.started:
            self.started = True
            self.write(self._head())
        for group in self.held:
            self.write(self._one(group))
            self.groups += 1
        self.held.clear()

    def _head(self) -> str:
        if self.fmt == "csv":
            from ..logs.csvcell import line

            return line(CSV_COLUMNS)
        if self.fmt == "text":
            return ""
        from ..analytics.simulated import expectations

        head = {"decks": self.decks, "simulation": expectations(self.decks).about(), "groups": []}
        return json.dumps(head, ensure_ascii=False, indent=2).removesuffix("[]\n}")

    def _one(self, group: dict[str, Any]) -> str:
        if self.fmt == "csv":
            return group_csv(group)
        if self.fmt == "text":
            return group_text(group)
        lead = ",\n    " if self.groups else "[\n    "
        return lead + json.dumps(group, ensure_ascii=False, indent=2).replace("\n", "\n    ")

    def finish(self, data: dict[str, Any]) -> None:
        """Write what is held, then the total and the end (``data``: the document, its groups already written)."""
        self._flush()
        flagged = self.across.flagged_groups()
        whole = {**data["total"], "homogeneity": self.across.homogeneity()}
        if self.fmt == "csv":
            self.write(group_csv(whole, total=True))
        elif self.fmt == "text":
            lines = across_text(flagged, whole["homogeneity"], self.across.groups)
            self.write(lines + group_text(whole, total=True) + simulation_text(data["simulation"]))
        else:
            total = json.dumps(whole, ensure_ascii=False, indent=2).replace("\n", "\n  ")
            shown = json.dumps(flagged, indent=2).replace("\n", "\n  ")
            self.write(
                ("\n  ]" if self.groups else "[]") + f',\n  "flagged_groups": {shown},\n  "total": {total}\n}}\n'
            )


def drift_output(
    inputs: Inputs, decks: int, fmt: str, jobs: int | None, dask: str | None, tables: TableFiles | None
) -> str:
    """Return the drift table of every shoe of the inputs in ``fmt`` (``text``, ``csv``, ``json``)."""
    from ..analytics.drift import Shoes, archive_drift, drift_csv, drift_text

    shoes = Shoes()

    def keep(tally: Tally) -> None:
        shoes.add(tally.key, tally.date, tally.counts.banker, tally.counts.player)

    collect_stats(inputs, decks, "shoe", jobs, dask, tables, emit=keep)
    found = archive_drift(shoes, decks)
    if fmt == "csv":
        return drift_csv(found)
    if fmt == "text":
        return drift_text(found)
    return json.dumps({"decks": decks, "drift": found.to_dict()}, ensure_ascii=False, indent=2) + "\n"


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


def collect_stats(
    inputs: Inputs,
    decks: int,
    by: str | None,
    jobs: int | None = None,
    dask: str | None = None,
    tables: TableFiles | None = None,
    emit: Callable[[Tally], None] | None = None,
) -> dict[str, Any]:
    """Read every shoe of the inputs and return the statistics document (``roads stats --json``).

    With ``emit`` and ``by`` ``shoe``, each group goes to ``emit`` as soon as
    it is finished, in order, and the document's groups are empty: only the
    total is kept (see :func:`tally_logs`).

    ``jobs`` and ``dask`` say where a JSON Lines archive is counted
    (:func:`tally_logs`). With ``tables``, every shoe's coup and mark rows go
    to them too, in shoe order from this process, and they are committed once
    every shoe is read (never when no shoe could be).
    """
    each = None
    if tables is not None:

        def each(shoe: Shoe, board: Board) -> None:
            board.place()  # the mark rows say where each mark is drawn
            tables.add(shoe_rows(ShoeInfo.of(shoe), board))

    tallies, total = tally_logs(inputs, by, jobs, dask, each, emit)
    if total.counts.coups == 0:
        if inputs.failed == 1:
            raise click.exceptions.Exit(1)  # its one error line already says why
        logs = ", ".join(inputs.logs)
        reason = f"{inputs.failed} failed: see above" if inputs.failed else "it holds no coups"
        raise StatsError(f"{logs}: no shoe could be read ({reason})")
    if by == "date":  # days as YYYY-MM-DD (checked when read): their text order is the calendar's
        tallies = dict(sorted(tallies.items()))
    data = stats_data(tallies, total, decks)
    if tables is not None:
        tables.commit()
    return data


def tally_logs(
    inputs: Inputs,
    by: str | None,
    jobs: int | None = None,
    dask: str | None = None,
    each: Callable[[Shoe, Board], None] | None = None,
    emit: Callable[[Tally], None] | None = None,
) -> tuple[dict[str, Tally], Tally]:
    """Count every shoe of ``inputs``: (a Tally per group in the order first seen, the total).

    A JSON Lines archive file is counted in blocks on ``jobs`` processes (all
    cores when None) or on the Dask scheduler at ``dask`` (``local``: a local
    cluster); any other log in this process. Bad shoes are reported through
    ``inputs`` as they come, in order; the tallies are the same for any
    number of workers. With ``each``, every log is read in this process and
    ``each(shoe, board)`` sees every counted shoe in order (a RoadsError it
    raises ends the count: it is not one bad shoe). With ``emit`` and ``by``
    ``shoe``, a shoe's group goes to ``emit`` once a shoe of another group is
    counted (a shoe's group is its file and id), added to the total and
    dropped: the memory is one group's, not the archive's, and the tallies
    returned are empty.
    """
    workers = worker_count(jobs)[0]  # the cap holds from Python too
    total = Tally("total")
    counted: dict[str | None, Tally]
    bar = Progress("counted")
    if emit is not None and by == "shoe":

        def finished(tally: Tally) -> None:
            total.merge(tally)
            bar.clear()  # a group printed on the terminal starts on a clean line
            emit(tally)

        counted = _Streamed(finished)
    else:
        counted = {}
    with contextlib.ExitStack() as stack:
        stack.enter_context(bar)
        spread: Spread
        if dask is not None:
            spread = stack.enter_context(dask_counter(dask, workers))
        else:
            spread = functools.partial(_on_workers, workers=workers)
        for log in inputs.logs:
            try:
                if each is None and _archive_file(log, inputs):
                    _count_blocks(log, inputs, by, spread, counted, bar)
                else:
                    _count_here(log, inputs, by, counted, bar, each)
            except _Stop as stop:
                raise stop.error from None
            except RoadsError as exc:
                if isinstance(exc, StatsError):
                    raise
                inputs.fail(exc, None)
    if isinstance(counted, _Streamed):
        counted.finish()
    total = counted.pop(None, total)
    tallies = {str(key): tally for key, tally in counted.items()}
    if by:
        for tally in tallies.values():
            total.merge(tally)
    return tallies, total


def _archive_file(log: str, inputs: Inputs) -> bool:
    """Return True when ``log`` is a file of JSON Lines shoes, to be read in blocks (every shoe of it wanted).

    A table's log (coups split by new-shoe records) is not: a shoe spans many lines, so it is read here.
    """
    if inputs.shoe is not None or log == "-" or not os.path.isfile(log):
        return False
    try:
        with open_archive(log, inputs.fmt) as shoes:
            first = next(shoes, None)
    except RoadsError:
        return False  # reported when the log is read here
    return first is not None and first.archive and first.format == "jsonl" and not first.split


def _count_here(
    log: str,
    inputs: Inputs,
    by: str | None,
    counted: dict[str | None, Tally],
    bar: Progress,
    each: Callable[[Shoe, Board], None] | None = None,
) -> None:
    """Count the shoes of one log in this process, one at a time (``each`` sees each counted shoe and its board)."""

    with open_archive(log, inputs.fmt) as shoes:
        for shoe in inputs.pick(shoes, log):
            bar.update(1)
            if shoe.error is not None:
                inputs.fail(shoe.error, shoe)
                continue
            try:
                board = count_shoe(counted, shoe, by)
            except StatsError:
                raise  # a grouping the log cannot give ends the command, not one shoe
            except RoadsError as exc:
                inputs.fail(exc, shoe)
                continue
            if each is not None:
                try:
                    each(shoe, board)
                except RoadsError as exc:
                    raise _Stop(exc) from None
            inputs.done += 1


class _Streamed(dict[str | None, Tally]):
    """Tallies of one group at a time: a new group's first shoe sends the group before it to ``emit``."""

    def __init__(self, emit: Callable[[Tally], None]) -> None:
        super().__init__()
        self.emit = emit

    def __setitem__(self, key: str | None, value: Tally) -> None:
        self.finish()
        super().__setitem__(key, value)

    def finish(self) -> None:
        """Send the group being counted, if any, to ``emit``."""
        for key in list(self):
            self.emit(self.pop(key))


class _Stop(Exception):
    """Carries an error of ``each`` out of the reading, which would otherwise count it as one bad shoe or file."""

    def __init__(self, error: RoadsError) -> None:
        super().__init__(error.message)
        self.error = error


def _on_workers(found: Iterator[Block], workers: int) -> Generator[tuple[Block, Part]]:
    """Count blocks on the pool's worker processes, yielding them in order; one block is counted here."""
    import itertools

    first = list(itertools.islice(found, 2))
    if len(first) < 2:
        workers = 1  # a log of one block is done before a worker would have started
    return run_tasks(itertools.chain(first, found), workers, count_block, lost_block)


def _count_blocks(
    log: str, inputs: Inputs, by: str | None, spread: Spread, counted: dict[str | None, Tally], bar: Progress
) -> None:
    """Count one archive file a block at a time on the workers, merging the parts in the order of the blocks."""

    answers = spread(blocks(log, by))

    def shoes() -> Iterator[Shoe]:
        for _, part in answers:
            for key, tally in part.tallies.items():
                mine = counted.get(key)
                if mine is None:
                    mine = counted[key] = Tally(tally.key, unit=tally.unit)
                mine.merge(tally)
            for shoe_id, line, error in part.shoes:
                yield Shoe(log, shoe_id, 0, line, "jsonl", (), error=error)
            if part.stop is not None:
                raise part.stop
            if part.broken is not None:
                raise part.broken

    with contextlib.closing(answers):
        for shoe in _numbered(shoes(), log):
            bar.update(1)
            if shoe.error is not None:
                inputs.fail(shoe.error, shoe)
            else:
                inputs.done += 1
