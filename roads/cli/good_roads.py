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

if TYPE_CHECKING:
    from ..analytics.good_roads import GoodRoadCounts
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
        callback=_pattern_file,
        help=help + " FILE, a .toml file, changes the built-in patterns' settings or adds patterns "
        "(docs/good-roads.md).",
    )


def _pattern_file(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Refuse a FILE that is not a .toml file: it is a log the optional value took (``--good-roads shoe.txt``)."""
    if value and not value.lower().endswith(".toml"):
        raise click.BadParameter(
            f"FILE is a .toml pattern file, and {value!r} is not one: for the built-in patterns, give "
            "--good-roads after the logs (or as --good-roads=)",
            param_hint="'--good-roads'",
        )
    return value


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
    from ..shoe import DEFAULT_DECKS  # the dealer (hashlib, secrets) loads only when a road is priced

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


@dataclass(frozen=True, slots=True)
class ShoeWork:
    """One shoe as ``roads stats --good-roads`` counts it on a worker: its group, results, cards and patterns."""

    group: str | None
    outcomes: list[Outcome]
    coups: list[Coup] | None
    """The coups with their cards, or None when the shoe (or any coup of it) has none."""
    decks: int
    patterns: tuple[Pattern, ...]
    label: str = ""
    """Where the shoe is (``shoes.jsonl, shoe 3``), for a worker's error line."""


def shoe_work(shoe: Shoe, decks: int, patterns: tuple[Pattern, ...], by: str | None) -> ShoeWork:
    """Return what a worker needs to count one shoe (its decks: those it names, else ``decks``); read here."""
    from ..analytics.counting import group_key

    group = group_key(shoe, by) if by else None
    if shoe.results is not None:
        return ShoeWork(group, list(shoe.results), None, shoe.named_decks() or decks, patterns, shoe.label())
    entries = list(shoe.entries())
    coups = [entry.coup for entry in entries]
    cards = None if not entries or any(coup is None for coup in coups) else [c for c in coups if c is not None]
    outcomes = [entry.outcome for entry in entries]
    return ShoeWork(group, outcomes, cards, shoe.named_decks() or decks, patterns, shoe.label())


def shoe_trials(work: ShoeWork) -> Callable[[int], tuple[float, float, float]]:
    """Return the (Banker, Player, Tie) odds of the coup after coup n of a shoe, for ``roads stats``.

    From the cards left when the shoe has cards; from a full shoe of its decks otherwise.
    """
    from ..odds import exact_odds, odds_for
    from ..odds.api import compositions_through

    if work.coups is None:
        full = exact_odds(work.decks)
        return lambda n: (full.banker, full.player, full.tie)
    left = compositions_through(work.coups, work.decks)

    def odds_after(n: int) -> tuple[float, float, float]:
        odds = odds_for(left[n])
        return odds.banker, odds.player, odds.tie

    return odds_after


def count_shoe(work: ShoeWork) -> GoodRoadCounts | str:
    """Return one shoe's good-road counts (on a worker: never raises; a RoadsError is its one-line message)."""
    from ..analytics.good_roads import GoodRoadCounts
    from ..errors import RoadsError

    counts = GoodRoadCounts(work.patterns)
    try:
        counts.add_shoe(work.outcomes, shoe_trials(work))
    except RoadsError as exc:
        return str(exc)
    return counts


def _lost(work: ShoeWork) -> str:
    return "a worker ended while counting this shoe (killed, or out of memory)"


def stats_good_roads(inputs: Inputs, decks: int, pattern_file: str, fmt: str, by: str | None, jobs: int | None) -> None:
    """Print ``roads stats --good-roads`` (text, json or csv), per ``by`` group too, counted on ``jobs`` workers.

    Shoes are read here, in order, and counted on the shared pool: the counts
    are the same for any number of workers.
    """
    from ..analytics.good_roads import GoodRoadCounts
    from ..errors import RoadsError
    from ..pool import run_tasks, worker_count
    from .output.stats import good_roads_document
    from .progress import Progress

    chosen = patterns(pattern_file)
    total = GoodRoadCounts(chosen)
    groups: dict[str, GoodRoadCounts] = {}
    read = (work for _, work in inputs.read(lambda shoe: shoe_work(shoe, decks, chosen, by)))
    with Progress("counted") as progress:
        progress.update(0)  # on a terminal from the start, as the other counts
        for work, answer in run_tasks(read, worker_count(jobs)[0], count_shoe, _lost):
            progress.update()
            if isinstance(answer, str):
                inputs.fail(RoadsError(f"{work.label}: {answer}" if work.label else answer), None)
                continue
            inputs.done += 1
            total.merge(answer)
            if work.group is not None:
                groups.setdefault(work.group, GoodRoadCounts(chosen)).merge(answer)
    data: dict[str, Any] = {"shoes": total.shoes, "coups": total.coups, "decks": decks, "patterns": total.report()}
    if by:
        data["by"] = by
        data["groups"] = [
            {"group": key, "shoes": one.shoes, "coups": one.coups, "patterns": one.report()}
            for key, one in groups.items()
        ]
    click.echo(good_roads_document(data, fmt), nl=False)
    inputs.finish()
