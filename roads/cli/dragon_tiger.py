"""What ``coup``, ``deal`` and ``odds`` do under ``--game dragon-tiger``: one place beside the baccarat commands."""

from __future__ import annotations

import json
import shlex
from fractions import Fraction
from typing import TYPE_CHECKING

import click

from ..cards import Card, parse_card
from ..dragon_tiger import DragonTigerCoup, resolve_dragon_tiger
from ..errors import CardError, LogError, RoadsError
from ..files import atomic_write
from ..logs.dragon_tiger import read_dragon_tiger, write_dragon_tiger_log
from ..odds import percent
from ..odds.api import shoe_phrase
from ..odds.dragon_tiger import ExactDragonTigerOdds, dragon_tiger_shoe, dragon_tiger_through
from ..shoe import deal_dragon_tiger_shoe

if TYPE_CHECKING:
    from ..logs.archive import Shoe
    from .inputs import Inputs

NOT_DRAGON_TIGER = "not with --game dragon-tiger"
ROWS: tuple[tuple[str, str], ...] = (
    ("dragon", "Dragon wins"),
    ("tiger", "Tiger wins"),
    ("tie", "Tie"),
    ("suited_tie", "Suited tie"),
    ("edge_dragon", "Dragon (1 to 1, half lost on a tie)"),
    ("edge_tiger", "Tiger (1 to 1, half lost on a tie)"),
    ("edge_tie_8", "Tie (8 to 1)"),
    ("edge_tie_11", "Tie (11 to 1)"),
    ("edge_suited_tie", "Suited tie (50 to 1)"),
)
"""The lines of ``roads odds --game dragon-tiger``, as (field, label)."""


def refuse(options: dict[str, bool]) -> None:
    """Raise a usage error naming the first option given that Dragon Tiger has no use for."""
    for name, given in options.items():
        if given:
            raise click.UsageError(f"{name} is for baccarat: {NOT_DRAGON_TIGER}")


def coup(tokens: tuple[str, ...], as_json: bool) -> None:
    """Print the Dragon Tiger coup ``tokens`` make (Dragon's card, then Tiger's), in words or as JSON."""
    cards: list[Card] = []
    for i, token in enumerate(tokens, 1):
        try:
            cards.append(parse_card(token))
        except CardError as exc:
            raise CardError(f"card {i}: {exc.message}") from None
    result = resolve_dragon_tiger(cards)
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if as_json else result.explain())


def deal(decks: int, seed: int | str, cut: int, fmt: str, output: str | None) -> None:
    """Deal a seeded Dragon Tiger shoe by the house procedure and print (or write) its log, results or cards."""
    if fmt not in ("results", "cards"):
        raise click.UsageError(f"a Dragon Tiger log is written as results or cards, not {fmt}")
    shoe = deal_dragon_tiger_shoe(decks, seed=seed, cut=cut)
    redeal = ["roads", "deal", "--game", "dragon-tiger", "--decks", str(decks), "--seed", str(seed), "--cut", str(cut)]
    meta: dict[str, object] = {
        "decks": decks,
        "seed": seed,
        "cut": cut,
        "burned": [str(card) for card in shoe.burned],
        "redeal": shlex.join([*redeal, "--format", fmt]),
    }
    text = write_dragon_tiger_log(shoe.coups, fmt, meta)
    if output is None:
        click.echo(text, nl=False)
        return
    atomic_write(output, text)
    click.echo(f"roads: dealt {len(shoe.coups)} coups ({decks} decks, seed {seed}) to {output}", err=True)


def odds(decks: int, log: str | None, fmt: str | None, exact: bool, as_json: bool, each: bool) -> None:
    """Print the exact odds of the next Dragon Tiger coup: a full shoe, or after a card log's coups."""
    if each and log is None:
        raise click.UsageError("--each follows a shoe: give its card log with --after LOG")
    if fmt is not None and log is None:
        raise click.UsageError("--from says how to read the log given with --after LOG")
    if log is None:
        _print(dragon_tiger_shoe(decks), f"the first coup of a full {decks}-deck shoe", exact, as_json)
        return
    dealt = [_cards(entry.coup, log, entry.line, entry.number) for entry in read_dragon_tiger(log, fmt)]
    try:
        series = dragon_tiger_through(dealt, decks)
    except RoadsError as exc:
        raise exc.located(file=log) from None
    if each:
        _each(series, exact, as_json)
        return
    if len(series) <= len(dealt):
        raise LogError(f"the log deals {len(dealt)} coups and leaves fewer than 2 cards: no next coup", file=log)
    played = f"{len(dealt)} coup{'s' if len(dealt) != 1 else ''} of {shoe_phrase(decks)}"
    _print(series[-1], f"the next coup after {played}", exact, as_json)


def _cards(coup: DragonTigerCoup | None, log: str, line: int, number: int) -> tuple[Card, Card]:
    if coup is None:
        raise LogError(
            "this log holds results only, and the odds need cards (two a line, Dragon's then Tiger's)",
            file=log,
            line=line,
            coup=number,
        )
    return coup.dealt


def _data(odds: ExactDragonTigerOdds, exact: bool) -> dict[str, object]:
    return odds.model_dump(mode="json") if exact else odds.to_float().model_dump(mode="json")


def _print(odds: ExactDragonTigerOdds, what: str, exact: bool, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"game": "dragon-tiger", **_data(odds, exact)}, indent=2))
        return
    click.echo(report(odds, what, exact))


def report(odds: ExactDragonTigerOdds, what: str, exact: bool = False) -> str:
    """Return the odds as an aligned table in percent (with exact fractions when ``exact``)."""
    lines = [f"Dragon Tiger odds of {what} ({odds.cards_left} cards left), in percent", ""]
    width = max(len(label) for _, label in ROWS) + 2
    for field, label in ROWS:
        if field == "edge_dragon":
            lines += ["", "House edge (expected loss per unit bet)", ""]
        value = getattr(odds, field)
        if value is None:
            lines.append(f"  {label:<{width}}{'-':>10}   (the log's cards have no suits)")
            continue
        text = f"  {label:<{width}}{percent(Fraction(value)):>10}"
        if exact:
            text += f"   {value.numerator}/{value.denominator}"
        lines.append(text)
    return "\n".join(lines)


def _each(series: list[ExactDragonTigerOdds], exact: bool, as_json: bool) -> None:
    if as_json:
        points = [{"coups_dealt": k, **_data(o, exact)} for k, o in enumerate(series)]
        click.echo("[\n  " + ",\n  ".join(map(json.dumps, points)) + "\n]")
        return
    columns = (("dragon", "Dragon"), ("tie", "Tie"), ("suited_tie", "suited"), ("edge_dragon", "edge D"))
    head = f"{'dealt':>5} {'left':>5}" + "".join(f" {label:>10}" for _, label in columns)
    lines = ["Dragon Tiger odds of the next coup after each coup, in percent", "", head]
    for k, o in enumerate(series):
        cells = "".join(
            f" {'-' if getattr(o, f) is None else percent(Fraction(getattr(o, f)), 4):>10}" for f, _ in columns
        )
        lines.append(f"{k:>5} {o.cards_left:>5}{cells}")
    click.echo("\n".join(lines))


def stats(inputs: Inputs, decks: int, as_json: bool, refused: dict[str, bool]) -> None:
    """Count every Dragon Tiger log and test Dragon, Tiger and Tie against the exact odds (Holm over the four)."""
    from ..analytics.dragon_tiger import count, dragon_tiger_document, dragon_tiger_text

    refuse(refused)
    totals = {"dragon": 0, "tiger": 0, "tie": 0}

    def add(shoe: Shoe) -> None:
        for name, n in count(shoe.outcomes()).items():
            totals[name] += n

    inputs.each(add, summary=False)
    if inputs.done:
        document = dragon_tiger_document(totals, decks, "shoe" if inputs.done == 1 else "archive")
        document = {**document, "shoes": inputs.done}
        click.echo(json.dumps(document, indent=2) if as_json else dragon_tiger_text(document), nl=as_json)
    inputs.finish()
