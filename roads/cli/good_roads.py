"""Good roads on the command line: ``--good-roads FILE``, and each active pattern priced from the next coup's odds.

The patterns and their proofs are the board's (:mod:`roads.board.good_roads`);
the chances are the odds engine's (:mod:`roads.odds`). This module only joins
the two for ``roads build``, ``roads explain`` and ``roads stats``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..board.good_roads import PATTERNS, Detection, Pattern, Price, detection_dict, good_roads, load_patterns, price
from ..shoe import DEFAULT_DECKS

if TYPE_CHECKING:
    from ..board import Board
    from ..coup import Coup
    from ..logs.archive import Shoe
    from ..odds.coup_odds import ExactOdds
    from ..outcome import Outcome
    from ..scoreboard import Scoreboard
    from .inputs import Inputs

F = TypeVar("F", bound=Callable[..., Any])


def good_roads_option(help: str) -> Callable[[F], F]:
    """Add ``--good-roads [FILE]`` (into ``good_roads``): None when not given, "" alone, else a TOML pattern file."""
    return click.option(
        "--good-roads",
        "good_roads",
        is_flag=False,
        flag_value="",
        default=None,
        metavar="[FILE]",
        help=help + " FILE, a TOML file, changes the built-in patterns' settings or adds patterns "
        "(docs/good-roads.md).",
    )


def patterns(pattern_file: str | None) -> tuple[Pattern, ...]:
    """Return the built-in patterns, or those a pattern file gives (its error, located, when it is bad)."""
    return PATTERNS if not pattern_file else load_patterns(pattern_file)


@dataclass(frozen=True, slots=True)
class Chances:
    """The next coup's exact odds, and where they come from in words."""

    odds: ExactOdds
    source: str


def board_and_coups(shoe: Shoe, inputs: Inputs) -> tuple[Scoreboard, list[Coup] | None]:
    """Return the shoe's board and its coups with cards (only what ``--coups`` keeps), read once.

    The coups are None when the shoe holds results only (or any coup lacks its cards).
    """
    from ..scoreboard import Scoreboard

    if shoe.results is not None:
        return Scoreboard.from_outcomes(inputs.cut(list(shoe.results))), None
    entries = inputs.cut(list(shoe.entries()))
    board = Scoreboard.from_outcomes([entry.outcome for entry in entries])
    coups = [entry.coup for entry in entries]
    return board, None if any(coup is None for coup in coups) else coups


def next_chances(shoe: Shoe, coups: Sequence[Coup] | None) -> Chances:
    """Return the exact odds of the coup after ``coups``: from the cards left, or a full shoe without cards."""
    from ..odds import exact_odds
    from ..odds.api import compositions_through, odds_for, shoe_phrase

    named_decks = shoe.named_decks()
    decks = named_decks or DEFAULT_DECKS
    named = "" if named_decks else f" (the log names no deck count: {DEFAULT_DECKS} assumed)"
    if coups is None:
        odds = exact_odds(decks, exact=True)
        return Chances(odds, f"from a full {decks}-deck shoe, as the log has no cards{named}")
    odds = odds_for(compositions_through(coups, decks)[-1], exact=True)
    return Chances(odds, f"from the {odds.cards_left} cards left of {shoe_phrase(decks)}{named}")


def priced(found: Detection, chances: Chances) -> Price[Fraction]:
    """Return an active good road's exact price from the next coup's odds."""
    odds = chances.odds
    return price(found, odds.banker, odds.player, odds.tie)


def chance_line(chances: Price[Fraction]) -> str:
    """Return a price in one line: continues, breaks, tie, and continues among decisive coups."""
    return (
        f"next coup: continues {float(chances.continues):.4%}, breaks {float(chances.breaks):.4%}, "
        f"tie {float(chances.tie):.4%} (continues {float(chances.decisive()):.4%} of decisive coups)"
    )


def priced_dicts(
    board: Board, shoe: Shoe, coups: Sequence[Coup] | None, chosen: Sequence[Pattern]
) -> list[dict[str, Any]]:
    """Return the good roads active on ``board`` as JSON-ready data, each priced from the next coup's odds."""
    found = good_roads(board, chosen)
    if not found:
        return []
    chances = next_chances(shoe, coups)
    out = []
    for one in found:
        data = detection_dict(one, priced(one, chances))
        data["chance_source"] = chances.source
        out.append(data)
    return out


def shoe_trials(shoe: Shoe, decks: int) -> tuple[list[Outcome], Callable[[int], tuple[float, float, float]]]:
    """Return a shoe's outcomes and the (Banker, Player, Tie) odds of the coup after coup n, for ``roads stats``.

    From the cards left when the shoe has cards; from a full shoe of its
    decks (those it names, else ``decks``) otherwise.
    """
    from ..odds import exact_odds, odds_for
    from ..odds.api import compositions_through

    decks = shoe.named_decks() or decks
    entries = [] if shoe.results is not None else list(shoe.entries())
    outcomes = list(shoe.results) if shoe.results is not None else [entry.outcome for entry in entries]
    coups = [entry.coup for entry in entries]
    if not entries or any(coup is None for coup in coups):
        full = exact_odds(decks)
        return outcomes, lambda n: (full.banker, full.player, full.tie)
    left = compositions_through([coup for coup in coups if coup is not None], decks)

    def odds_after(n: int) -> tuple[float, float, float]:
        odds = odds_for(left[n])
        return odds.banker, odds.player, odds.tie

    return outcomes, odds_after


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def stats_text(data: dict[str, Any]) -> str:
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
