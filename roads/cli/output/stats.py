"""What ``roads stats`` prints: each group's counts and tests as text, JSON or CSV, ``--drift`` and ``--good-roads``."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...analytics import Tally
from ...analytics.simulated import expectations
from ...analytics.theory import ALPHA, EXACT_BELOW
from ...analytics.verdicts import Across, across_groups, group_document
from ...errors import one_line
from ...logs.csvcell import line

if TYPE_CHECKING:
    from ...analytics.drift import Drift
    from ...analytics.pershoe import Fit


def stats_data(tallies: dict[str, Tally], total: Tally, decks: int, by: str | None = None) -> dict[str, Any]:
    """Return the whole JSON document: every group, then the total; grouped ``by`` date, the days in calendar
    order (days are YYYY-MM-DD, checked when read, so their text order is the calendar's), else as counted."""
    keys = sorted(tallies) if by == "date" else list(tallies)
    groups = [group_document(tallies[key], decks) for key in keys]
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
    return groups + closing_text(flagged, data["total"], len(data["groups"]), data["simulation"])


def closing_text(flagged: dict[str, Any], total: dict[str, Any], groups: int, simulation: dict[str, Any]) -> str:
    """Return the text report's end, after its groups: the groups read together, the total, the simulation."""
    return (
        across_text(flagged, total.get("homogeneity"), groups)
        + group_text(total, total=True)
        + simulation_text(simulation)
    )


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
    if group.get("power") and group["meaningful"]:
        w = group["power"]
        out.append(
            f"   power: a Banker share {100 * w['banker_shift']:.2f} points off {_pct(group['tests'][0]['expected'])} "
            f"either way would be flagged {w['power']:.0%} of the time (z {w['z']:.2f}, Holm's first step of "
            f"{w['tests']} tests)"
        )
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
            what = f"runs within shoes: {t['runs']} runs of Banker/Player against {t['expected']:.1f} expected"
        else:
            r = "-" if t["r"] is None else f"{t['r']:+.4f}"
            what = f"lag1 pooled: correlation {r} over {t['pairs']} pairs of consecutive wins"
        if t["p"] is None:
            lines.append(f"   {what}, n/m")
            continue
        flag = "  FLAG" if t["flag"] else ""
        z = "" if t["z"] is None else f", z {t['z']:+.2f}"
        lines.append(f"   {what}{z}, p {t['p']:.3g}, Holm p {t['p_adjusted']:.3g}{flag}")
    if group.get("order_reading"):
        lines.append(f"   streaks or shoes: {group['order_reading']}")
    return lines


def across_text(flagged: dict[str, Any], homogeneity: dict[str, Any] | None, groups: int) -> str:
    """Return the text report's lines on the groups together (none without groups)."""
    if not groups:
        return ""
    out = [
        f"== Groups: {flagged['count']} of {groups} flagged; about {flagged['expected']:g} would be by chance alone "
        f"(each fair group is flagged at most {ALPHA:.0%} of the time)" + ("  FLAG" if flagged.get("flag") else "")
    ]
    if flagged.get("reading") and flagged["count"]:
        out.append(f"   {'FLAG ' if flagged.get('flag') else ''}{flagged['reading']}")
    if homogeneity is not None and homogeneity["p"] is not None:
        out.append(
            f"   homogeneity of Banker/Player/Tie across the groups: chi-square {homogeneity['statistic']:.2f} "
            f"on {homogeneity['dof']} dof, p {homogeneity['p']:.3g}" + ("  FLAG" if homogeneity.get("flag") else "")
        )
        out.append(f"   {'FLAG ' if homogeneity.get('flag') else ''}{homogeneity['reading']}")
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
        values = [None] * 7 + [homogeneity["p"], homogeneity.get("flag"), "exact", None, None, None]
        values += [homogeneity.get("alpha"), "chi_square"]
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


COMPACT_KEYS = ("key", "shoes", "coups", "coups_with_cards", "counts", "meaningful", "flags")
"""What a group that stands out in nothing keeps in ``--by shoe --json`` (without ``--detail``)."""


def compact_group(group: dict[str, Any]) -> dict[str, Any]:
    """Return a group without its per-test detail: its counts, whether a test was meaningful, no flags,
    and ``"detail": false`` (the tests are in ``--detail``'s output, and nothing in them stood out)."""
    return {**{key: group[key] for key in COMPACT_KEYS}, "detail": False}


class StatsWriter:
    """Writes the statistics a group at a time, in the bytes the whole document gives (text, CSV or JSON).

    Groups are held back only while no group so far has a coup, so that an
    archive of no coups still ends in its one error line and no output.
    """

    def __init__(self, fmt: str, decks: int, write: Callable[[str], object], detail: bool = True) -> None:
        """Write ``fmt`` (``text``, ``csv``, ``json``) for ``decks`` decks through ``write``; without ``detail``
        a JSON group that stands out in nothing (no flag) is one line of counts (:func:`compact_group`)."""
        self.fmt, self.decks, self.write, self.detail = fmt, decks, write, detail
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
        if not self.detail and not group["flags"]:
            return lead + json.dumps(compact_group(group), ensure_ascii=False)
        return lead + json.dumps(group, ensure_ascii=False, indent=2).replace("\n", "\n    ")

    def finish(self, data: dict[str, Any]) -> None:
        """Write what is held, then the total and the end (``data``: the document, its groups already written)."""
        self._flush()
        flagged = self.across.flagged_groups()
        whole = {**data["total"], "homogeneity": self.across.homogeneity()}
        if self.fmt == "csv":
            self.write(group_csv(whole, total=True))
        elif self.fmt == "text":
            self.write(closing_text(flagged, whole, self.across.groups, data["simulation"]))
        else:
            total = json.dumps(whole, ensure_ascii=False, indent=2).replace("\n", "\n  ")
            shown = json.dumps(flagged, indent=2).replace("\n", "\n  ")
            self.write(
                ("\n  ]" if self.groups else "[]") + f',\n  "flagged_groups": {shown},\n  "total": {total}\n}}\n'
            )


def drift_csv(found: Drift) -> str:
    """Return the drift table as CSV, one row a shoe (every text cell guarded against formulas)."""
    from ...analytics.drift import CSV_COLUMNS  # deferred: only --drift --csv needs the drift module

    rows = [line(CSV_COLUMNS)]
    rows += [line(list(r.to_dict().values())) for r in found.rows]  # to_dict's keys are CSV_COLUMNS, in order
    return "".join(rows)


def drift_words(found: Drift) -> list[str]:
    """Return what the drift table measures and what its CUSUM found, a sentence a line (plain text)."""
    about = found.about()
    share = "-" if about["share"] is None else f"{100 * about['share']:.2f}%"
    lines = [
        f"{len(found.rows)} shoes in {found.order} order; Banker share among non-tie coups {share}, "
        f"exact {100 * found.expected:.2f}%, band {about['band_sigmas']:g} standard deviations of the cumulative count",
        f"CUSUM of each shoe's standardised Banker count: k {found.k:g}, h {found.h:g} (a fair archive of "
        f"{len(found.rows)} shoes crosses h with chance at most {found.alpha:.0%}, half on each side)",
    ]
    if found.signals:
        shown = ", ".join(f"{one_line(r.shoe)} ({r.signal}, shoe {r.order})" for r in found.signals[:10])
        more = f" and {len(found.signals) - 10} more" if len(found.signals) > 10 else ""
        lines.append(f"FLAG the CUSUM crosses h at {shown}{more}")
    else:
        lines.append("the CUSUM stays below h: no drift stands out")
    return lines


def drift_text(found: Drift) -> str:
    """Return the drift table as text: its words, then a line a shoe."""
    out = ["== Drift of the Banker share, shoe by shoe"]
    out += [f"   {w}" for w in drift_words(found)]
    out.append(
        f"   {'shoe':>6} {'decisions':>9} {'banker':>6} {'z':>6} {'share':>7} {'band':>15} {'up':>6} {'down':>6}  name"
    )
    for r in found.rows:
        z = "-" if r.z is None else f"{r.z:+.2f}"
        share = "-" if r.share is None else f"{100 * r.share:.2f}%"
        band = "-" if r.low is None else f"{100 * r.low:.2f}-{100 * (r.high or 0):.2f}%"
        mark = f"  {r.signal.upper()}" if r.signal else ""
        out.append(
            f"   {r.order:>6} {r.decisions:>9} {r.banker:>6} {z:>6} {share:>7} {band:>15} "
            f"{r.up:>6.2f} {r.down:>6.2f}  {one_line(r.shoe)}{mark}"
        )
    return "\n".join(out) + "\n"


def drift_document(found: Drift, decks: int, fmt: str) -> str:
    """Return ``roads stats --drift``: the drift table in ``fmt`` (``text``, ``csv``, ``json``)."""
    if fmt == "csv":
        return drift_csv(found)
    if fmt == "text":
        return drift_text(found)
    return json.dumps({"decks": decks, "drift": found.to_dict()}, ensure_ascii=False, indent=2) + "\n"


def good_roads_document(data: dict[str, Any], fmt: str) -> str:
    """Return ``roads stats --good-roads`` as text, JSON or CSV (each ends in one newline); per group first."""
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return good_roads_csv(data)
    by = data.get("by")
    blocks = [good_roads_text(g, g["group"] if by == "shoe" else f"{by} {g['group']}") for g in data.get("groups", [])]
    return "\n".join([*blocks, good_roads_text(data)])


GOOD_ROADS_CSV_FIELDS = (
    *("group", "shoes", "coups", "pattern", "name", "active", "waiting", "trials", "continued"),
    *("observed", "expected", "z", "p", "p_method", "p_adjusted", "flag"),
)
"""The columns of ``roads stats --good-roads --csv``: a row a group and pattern, the total's group ``total``."""


def good_roads_csv(data: dict[str, Any]) -> str:
    """Return ``roads stats --good-roads --csv``: one row a pattern of every group, then of the total."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(GOOD_ROADS_CSV_FIELDS)
    for group in [*data.get("groups", []), {**data, "group": "total"}]:
        for row in group["patterns"]:
            values = {**row, "group": group["group"], "shoes": group["shoes"], "coups": group["coups"]}
            values["pattern"] = row["id"]
            writer.writerow(["" if values[key] is None else values[key] for key in GOOD_ROADS_CSV_FIELDS])
    return out.getvalue()


def good_roads_text(data: dict[str, Any], group: str | None = None) -> str:
    """Return ``roads stats --good-roads`` as text (of one ``group``, as ``table T1``): a row a pattern, then how
    to read it."""
    which = f" ({group})" if group else ""
    head = (
        f"Good roads{which} over {data['shoes']} shoe{'' if data['shoes'] == 1 else 's'}, {data['coups']} coups: "
        "after each coup, each pattern active or under way whose next coup is decisive and could continue or break it"
    )
    lines = [
        head,
        f"{'pattern':<20} {'name':<6} {'active':>7} {'waiting':>7} {'trials':>7} {'continued':>9} {'observed':>9} "
        f"{'expected':>9} {'z':>7} {'p':>9} {'Holm p':>9}",
    ]
    for row in data["patterns"]:
        z = "-" if row["z"] is None else f"{row['z']:+.2f}"
        p = "n/m" if row["p"] is None else f"{row['p']:.3g}" + ("*" if row["p_method"] == "binomial" else "")
        held = "-" if row["p_adjusted"] is None else f"{row['p_adjusted']:.3g}"
        name = row["name"] + "\u3000" * (4 - len(row["name"]))  # CJK names padded with full-width spaces
        lines.append(
            f"{row['id']:<20} {name} {row['active']:>7} {row['waiting']:>7} {row['trials']:>7} {row['continued']:>9} "
            f"{_pct(row['observed']):>9} {_pct(row['expected']):>9} {z:>7} {p:>9} {held:>9}"
            + ("  FLAG" if row["flag"] else "")
        )
    flagged = [row["id"] for row in data["patterns"] if row["flag"]]
    lines.append(
        "waiting: coups after which it was under way (held through the column before, the newest still growing "
        "into its depth); expected: the mean exact chance that the next decisive coup continues it (from the cards "
        "left, or a full shoe); * exact binomial p; n/m: too few trials; Holm over the patterns tested, flag at "
        "Holm p <= 0.01"
    )
    lines.append(
        f"flagged: {', '.join(flagged)}"
        if flagged
        else "no pattern's next coup strays from the odds: a good road does not change what comes next"
    )
    return "\n".join(lines) + "\n"


HOLD_CSV_COLUMNS = ("group", "shoes", "bet", "coups", "net", "hold", "edge", "low", "high", "z", "flag")
"""``roads stats --hold --csv``: one row per group and bet (the total's group is ``total``)."""


def hold_document(data: dict[str, Any], fmt: str, by: str | None) -> str:
    """Return ``roads stats --hold`` as text, CSV or JSON (``data``: roads.analytics.hold.Hold.document)."""
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        rows = [
            [group["key"], group["shoes"], *(row.get(k) for k in HOLD_CSV_COLUMNS[2:])]
            for group in data["groups"]
            for row in group["bets"]
        ]
        rows += [
            ["total", data["total"]["shoes"], *(row.get(k) for k in HOLD_CSV_COLUMNS[2:])]
            for row in data["total"]["bets"]
        ]
        return line(HOLD_CSV_COLUMNS) + "".join(line(row) for row in rows)
    parts = [hold_text(f"{by} {one_line(str(group['key']))}", group) for group in data["groups"]]
    parts.append(hold_text("Total", data["total"]))
    parts.append(
        f"(one unit on every coup of each bet; hold: what the house kept per unit wagered, against the exact "
        f"house edge of one coup of a full {data['decks']}-deck shoe, {data['rules']} rules; FLAG: the edge is "
        "outside the hold's 99% interval)\n"
    )
    return "".join(parts)


def hold_text(title: str, group: dict[str, Any]) -> str:
    """Return one group's hold table: a row a bet."""
    shoes = group["shoes"]
    out = [
        f"== {title}: {shoes} shoe{'' if shoes == 1 else 's'}",
        f"   {'bet':<21} {'coups':>8} {'net':>11} {'hold':>9} {'edge':>9} {'99% interval':>19} {'z':>7}",
    ]
    for row in group["bets"]:
        net = row["net"]
        net_text = f"{net:+,}" if isinstance(net, int) else f"{net:+,.2f}"
        interval = "n/m" if row["low"] is None else f"{_pct(row['low'])} to {_pct(row['high'])}"
        z = "-" if row["z"] is None else f"{row['z']:+.2f}"
        flag = "  FLAG" if row["flag"] else ""
        out.append(
            f"   {row['bet']:<21} {row['coups']:>8,} {net_text:>11} {_pct(row['hold']):>9} {_pct(row['edge']):>9} "
            f"{interval:>19} {z:>7}{flag}"
        )
    return "\n".join(out) + "\n"


INTEGRITY_WORDS = {
    "repeat": "repeated cards",
    "slug": "slugs carried over",
    "new_deck_order": "runs in new-deck order",
    "card_count": "card counts",
}
"""How the text names each kind of integrity finding."""


def integrity_document(data: dict[str, Any], fmt: str) -> str:
    """Return ``roads stats --integrity`` as text or JSON (``data``: roads.analytics.integrity.Integrity.document)."""
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    shoes, decks = data["shoes"], data["decks"]
    out = [
        f"== Shuffle integrity: {shoes:,} shoe{'' if shoes == 1 else 's'}, {data['cards']:,} cards "
        f"({decks} deck{'' if decks == 1 else 's'} a shoe)"
    ]
    out.append("   " + ", ".join(f"{INTEGRITY_WORDS[k]} {n}" for k, n in data["counts"].items()))
    out += [f"   FOUND {one_line(f['text'])}" for f in data["findings"]]
    if not data["findings"]:
        out.append("   nothing found: no shoe repeats another, no slug, no new-deck order, no card too many")
    return "\n".join(out) + "\n"


def laws_document(found: list[Fit], decks: int, fmt: str) -> str:
    """Return ``roads stats --laws`` as text or JSON: each law's chi-square against dealt shoes, Holm over them."""
    shoes = max(sum(f.observed.values()) for f in found)
    reference = max(sum(f.reference.values()) for f in found)
    if fmt == "json":
        data = {"decks": decks, "shoes": shoes, "reference_shoes": reference, "laws": [f.to_dict() for f in found]}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    out = [
        f"== Per-shoe laws: {shoes:,} shoes against {reference:,} dealt shoes of {decks} decks",
        f"   {'law':<16} {'shoes':>7} {'bins':>5} {'chi-square':>11} {'dof':>4} {'p':>9} {'Holm p':>9}",
    ]
    for f in found:
        t = f.test
        stat = "-" if t.statistic is None else f"{t.statistic:.2f}"
        p = "n/m" if t.p is None else f"{t.p:.3g}"
        held = "-" if t.p_adjusted is None else f"{t.p_adjusted:.3g}"
        flag = "  FLAG" if t.flag else ""
        out.append(
            f"   {f.law:<16} {sum(f.observed.values()):>7,} {len(f.bins):>5} {stat:>11} {t.dof:>4} {p:>9} "
            f"{held:>9}{flag}"
        )
    flagged = [f.law for f in found if f.test.flag]
    out.append(
        f"   flagged: {', '.join(flagged)} (Holm p at most {ALPHA:g})"
        if flagged
        else f"   nothing stands out (flag: Holm p at most {ALPHA:g} over the three laws)"
    )
    return "\n".join(out) + "\n"
