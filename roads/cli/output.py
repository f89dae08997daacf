"""What every long command prints: the text tables, JSON and CSV of ``stats``, ``stats --drift``,
``stats --good-roads`` and ``exposure``, from the numbers roads.analytics returns.

The commands (roads/cli/stats.py, roads/cli/exposure.py) parse options and
call two modules: roads/cli/gather.py reads and counts the logs (the worker
pool, Dask), and this one words and lays out what was counted. Nothing here
reads a log or counts a coup. Each writer writes a group or a shoe as soon as
it is finished, in the bytes the whole document would give.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from ..analytics import Tally
from ..analytics.simulated import expectations
from ..analytics.theory import ALPHA, EXACT_BELOW
from ..analytics.verdicts import Across, across_groups, group_document
from ..errors import one_line
from ..logs.csvcell import line
from ..odds.api import shoe_phrase

if TYPE_CHECKING:
    from ..analytics.drift import Drift
    from ..analytics.exposure import Exposure, ShoeExposure, Totals


def output_format(as_json: bool, as_csv: bool) -> str:
    """Return the format --json and --csv ask for (``text`` without either); a UsageError for both."""
    if as_json and as_csv:
        raise click.UsageError("give one of --json and --csv")
    return "json" if as_json else "csv" if as_csv else "text"


def stats_data(tallies: dict[str, Tally], total: Tally, decks: int) -> dict[str, Any]:
    """Return the whole JSON document: every group, then the total."""
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
    """Return a share in percent, two places (``-`` when there is none)."""
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
    for flag in group["flags"]:
        out.append(f"   FLAG {flag}")
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
    rows = "".join(group_csv(group) for group in data["groups"])
    return line(CSV_COLUMNS) + rows + group_csv(data["total"], total=True)


def group_csv(group: dict[str, Any], total: bool = False) -> str:
    """Return one group's CSV rows, one a tested figure (``total``: the archive's, keyed ``total``)."""
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
            return line(CSV_COLUMNS)
        if self.fmt == "text":
            return ""
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


def drift_document(found: Drift, decks: int, fmt: str) -> str:
    """Return ``roads stats --drift``: the drift table in ``fmt`` (``text``, ``csv``, ``json``)."""
    from ..analytics.drift import drift_csv, drift_text

    if fmt == "csv":
        return drift_csv(found)
    if fmt == "text":
        return drift_text(found)
    return json.dumps({"decks": decks, "drift": found.to_dict()}, ensure_ascii=False, indent=2) + "\n"


def good_roads_document(data: dict[str, Any], as_json: bool) -> str:
    """Return ``roads stats --good-roads`` as JSON or text (both end in one newline)."""
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return good_roads_text(data)


def good_roads_text(data: dict[str, Any]) -> str:
    """Return ``roads stats --good-roads`` as text: one row a pattern, then how to read it."""
    head = (
        f"Good roads over {data['shoes']} shoe{'' if data['shoes'] == 1 else 's'}, {data['coups']} coups: "
        "after each coup, each active pattern whose next coup is decisive and could continue or break it"
    )
    lines = [
        head,
        f"{'pattern':<20} {'name':<6} {'active':>7} {'trials':>7} {'continued':>9} {'observed':>9} "
        f"{'expected':>9} {'z':>7} {'p':>9} {'Holm p':>9}",
    ]
    for row in data["patterns"]:
        z = "-" if row["z"] is None else f"{row['z']:+.2f}"
        p = "n/m" if row["p"] is None else f"{row['p']:.3g}" + ("*" if row["p_method"] == "binomial" else "")
        held = "-" if row["p_adjusted"] is None else f"{row['p_adjusted']:.3g}"
        name = row["name"] + "\u3000" * (4 - len(row["name"]))  # CJK names padded with full-width spaces
        lines.append(
            f"{row['id']:<20} {name} {row['active']:>7} {row['trials']:>7} {row['continued']:>9} "
            f"{_pct(row['observed']):>9} {_pct(row['expected']):>9} {z:>7} {p:>9} {held:>9}"
            + ("  FLAG" if row["flag"] else "")
        )
    flagged = [row["id"] for row in data["patterns"] if row["flag"]]
    lines.append(
        "expected: the mean exact chance that the next decisive coup continues it (from the cards left, or a full "
        "shoe); * exact binomial p; n/m: too few trials; Holm over the patterns tested, flag at Holm p <= 0.01"
    )
    never = [row["id"] for row in data["patterns"] if row["active"] and not row["trials"]]
    if never:
        lines.append(
            f"no trials for {', '.join(never)}: the next coup cannot break them while they are active "
            "(a column only grows, or a new one may still reach its depth)"
        )
    lines.append(
        f"flagged: {', '.join(flagged)}"
        if flagged
        else "no pattern's next coup strays from the odds: a good road does not change what comes next"
    )
    return "\n".join(lines) + "\n"


EXPOSURE_CSV_COLUMNS = ("shoe", "coup", "bet", "edge", "positive", "net")
"""``roads exposure --csv``: one row per coup and bet; ``net`` is what one unit netted, given only where the edge
was below zero."""


def exposure_csv_rows(found: ShoeExposure, bets: Sequence[str]) -> Iterator[tuple[object, ...]]:
    """Yield one shoe's CSV rows: one per coup and bet."""
    nets = {(m.coup, m.bet): m.net for m in found.positive}
    for row in found.coups:
        for bet, edge in zip(bets, row.edges, strict=True):
            net = nets.get((row.coup, bet))
            positive = edge is not None and edge < 0
            yield (found.shoe, row.coup, bet, edge, int(positive), None if net is None else _number(net))


def exposure_shoe_json(found: ShoeExposure, bets: Sequence[str]) -> str:
    """Return one shoe of ``roads exposure --json``, on one line."""
    return json.dumps(
        {
            "shoe": found.shoe,
            "coups": [{"coup": row.coup, "edges": dict(zip(bets, row.edges, strict=True))} for row in found.coups],
            "positive": [{"coup": m.coup, "bet": m.bet, "edge": m.edge, "net": _number(m.net)} for m in found.positive],
        }
    )


def edge_percent(edge: float) -> str:
    """Return a house edge in percent, signed, four places."""
    return f"{100 * edge:+.4f}%"


def units(net: Fraction) -> str:
    """Return a net in units, signed."""
    value = _number(net)
    return f"{value:+,}" if isinstance(value, int) else f"{value:+,.2f}"


def _number(value: Fraction) -> int | float:
    """Return a net as JSON carries it (roads.analytics.exposure.number)."""
    from ..analytics import exposure  # deferred: stats, which shares this module, needs no bets

    return exposure.number(value)


def exposure_json_head(scan: Exposure) -> str:
    """Return ``roads exposure --json``'s start, up to its first shoe: ``{"rules", "decks", "bets", "shoes": [``."""
    head = {"rules": scan.rules.name, "decks": scan.decks, "bets": list(scan.ids)}
    return json.dumps(head)[:-1] + ', "shoes": ['


def exposure_json_tail(totals: Totals) -> str:
    """Return ``roads exposure --json``'s end: the ``total`` object."""
    return '\n], "total": ' + json.dumps(totals.to_json()) + "}\n"


def exposure_shoe_text(found: ShoeExposure) -> str:
    """Return one shoe's short table of positive moments (one line when it has none)."""
    head = f"{found.label}: {len(found.coups)} coups"
    if not found.positive:
        return f"{head}, no bet in the player's favour\n"
    lines = [
        f"{head}, {len(found.positive)} positive moment{'s' if len(found.positive) != 1 else ''} "
        f"(one unit on each netted {units(found.net)})",
        f"  {'coup':>4}  {'bet':<21}{'house edge':>12}{'net':>8}",
    ]
    lines += [f"  {m.coup:>4}  {m.bet:<21}{edge_percent(m.edge):>12}{units(m.net):>8}" for m in found.positive]
    return "\n".join(lines) + "\n"


def exposure_totals_text(totals: Totals, scan: Exposure) -> str:
    """Return the closing lines: shoes, coups, positive moments per bet and the ideal net."""
    lines = [
        "",
        f"Total: {totals.shoes:,} shoe{'s' if totals.shoes != 1 else ''}, {totals.coups:,} coups, "
        f"bets {', '.join(scan.ids)} under {scan.rules.title} rules ({shoe_phrase(scan.decks)}).",
        f"  {totals.positive_coups:,} coup{'s' if totals.positive_coups != 1 else ''} with a bet in the player's "
        f"favour ({totals.moments:,} bet{'s' if totals.moments != 1 else ''}); one unit on each would have netted "
        f"{units(totals.ideal_net)}.",
    ]
    for bet in scan.ids:
        count, net = totals.by_bet.get(bet, [Fraction(0), Fraction(0)])
        if count:
            lines.append(f"  {bet:<21}{int(count):>7,} positive   netted {units(net)}")
    return "\n".join(lines) + "\n"


class ExposureWriter:
    """Writes ``roads exposure`` a shoe at a time as text, CSV or JSON; nothing at all when no shoe was scanned."""

    def __init__(self, fmt: str, scan: Exposure, write: Callable[[str], object]) -> None:
        """Write ``fmt`` (``text``, ``csv``, ``json``) of ``scan``'s bets through ``write``."""
        from ..analytics.exposure import Totals

        self.fmt, self.scan, self.write = fmt, scan, write
        self.totals = Totals()

    def shoe(self, found: ShoeExposure) -> None:
        """Write one scanned shoe."""
        first = self.totals.shoes == 0
        self.totals.add(found)
        if self.fmt == "json":
            head = exposure_json_head(self.scan) if first else ","
            self.write(head + "\n  " + exposure_shoe_json(found, self.scan.ids))
        elif self.fmt == "csv":
            rows = "".join(line(row) for row in exposure_csv_rows(found, self.scan.ids))
            self.write((line(EXPOSURE_CSV_COLUMNS) if first else "") + rows)
        else:
            self.write(exposure_shoe_text(found))

    def finish(self) -> None:
        """Write the totals (the JSON's end); nothing when no shoe was written."""
        if self.totals.shoes == 0:
            return
        if self.fmt == "json":
            self.write(exposure_json_tail(self.totals))
        elif self.fmt == "text":
            self.write(exposure_totals_text(self.totals, self.scan))
