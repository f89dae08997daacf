"""What ``roads odds`` and ``roads simulate`` print: the odds of a coup, of each coup of a shoe, and the
simulated figures against the exact ones, as aligned tables in percent or JSON."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ...odds import FIGURE_COLUMNS, percent
from .jsontext import json_points

if TYPE_CHECKING:
    from ...odds import ExactOdds, Odds
    from ...simulate import BetSimulation, SimulationReport


_ODDS_ROWS: tuple[tuple[str, str], ...] = (
    *FIGURE_COLUMNS,
    ("banker_pair", "Banker pair"),
    ("player_pair", "Player pair"),
    ("banker_six", "Banker wins with 6"),
)
_ODDS_EDGES: tuple[tuple[str, str], ...] = (
    ("edge_banker", "Banker (5% commission)"),
    ("edge_player", "Player"),
    ("edge_tie", "Tie (8 to 1)"),
    ("edge_banker_no_commission", "Banker, no commission"),
    ("edge_banker_pair", "pair (11 to 1)"),
)
_ODDS_EACH_COLUMNS: tuple[tuple[str, str], ...] = (
    ("banker", "Banker"),
    ("player", "Player"),
    ("tie", "Tie"),
    ("banker_pair", "pair"),
    ("edge_banker", "edge B"),
    ("edge_player", "edge P"),
)


def odds_each_json(series: Sequence[Odds | ExactOdds], cut: Odds | ExactOdds | None = None, cards: int = 0) -> str:
    """Return ``roads odds --each --json``: a point after each coup, then ``cut`` after the ``cards`` dealt of a
    coup the log does not finish."""
    points = [{"coups_dealt": k, **o.model_dump(mode="json")} for k, o in enumerate(series)]
    if cut is not None:
        points.append({"coups_dealt": len(series) - 1, "cards_of_next_coup": cards, **cut.model_dump(mode="json")})
    return json_points(points)


def odds_table(odds: Odds | ExactOdds, what: str) -> str:
    """Return the odds as an aligned table in percent (with exact fractions when given)."""
    lines = [f"Odds of {what} ({odds.cards_left} cards left), in percent", ""]
    width = max(len(label) for _, label in _ODDS_ROWS + _ODDS_EDGES) + 2

    def row(field: str, label: str) -> str:
        value = getattr(odds, field)
        text = f"  {label:<{width}}{percent(Fraction(value)):>10}"
        if isinstance(value, Fraction):
            text += f"   {value.numerator}/{value.denominator}"
        return text

    lines += [row(f, label) for f, label in _ODDS_ROWS]
    lines += ["", "House edge (expected loss per unit bet, ties pushing Banker and Player bets)", ""]
    lines += [row(f, label) for f, label in _ODDS_EDGES]
    return "\n".join(lines)


def odds_each_table(series: Sequence[Odds | ExactOdds], cut: Odds | ExactOdds | None = None, cards: int = 0) -> str:
    """Return one line per point of the shoe: coups dealt, cards left, and the main odds in percent.

    ``cut`` is the odds after the ``cards`` dealt of a coup the log does not finish: one more line, marked.
    """
    head = f"{'dealt':>5} {'left':>5}" + "".join(f" {label:>10}" for _, label in _ODDS_EACH_COLUMNS)
    lines = ["Odds of the next coup after each coup, in percent", "", head]
    rows = [(str(k), odds) for k, odds in enumerate(series)]
    if cut is not None:
        rows.append((f"{len(series) - 1}+{cards}", cut))
    for dealt, odds in rows:
        cells = "".join(f" {percent(Fraction(getattr(odds, f)), 4):>10}" for f, _ in _ODDS_EACH_COLUMNS)
        lines.append(f"{dealt:>5} {odds.cards_left:>5}{cells}")
    if cut is not None:
        coup = len(series)
        note = (
            f"{coup - 1}+{cards}: {cards} card{'s' if cards != 1 else ''} of coup {coup} dealt "
            f"where the log stops; the odds are those of coup {coup + 1}"
        )
        lines += ["", note]
    return "\n".join(lines)


_SIMULATED_LABELS: dict[str, str] = {
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


def bet_simulation_table(result: BetSimulation) -> str:
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


def simulation_table(report: SimulationReport) -> str:
    """Return the report as an aligned table in percent."""
    head = (
        f"{report.shoes} shoes of {report.decks} decks (seed {report.seed}, cut {report.cut}, "
        f"{report.engine} engine): {report.coups} coups"
    )
    width = max(len(v) for v in _SIMULATED_LABELS.values()) + 2
    lines = [head, "", f"  {'figure, in percent':<{width}}{'simulated':>11}   {'99% interval':<21}{'exact':>10}"]
    for name, est in report.figures.items():
        exact = f"{100 * est.exact:10.4f}" if est.exact is not None else ""
        flag = "" if est.exact is None or est.low <= est.exact <= est.high else "  outside"
        lines.append(
            f"  {_SIMULATED_LABELS.get(name, name):<{width}}{100 * est.value:11.4f}   "
            f"{100 * est.low:9.4f} - {100 * est.high:<9.4f}{exact}{flag}"
        )
    return "\n".join(lines)
