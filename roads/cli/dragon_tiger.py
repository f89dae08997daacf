"""What ``coup``, ``deal`` and ``odds`` do under ``--game dragon-tiger``: one place beside the baccarat commands."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import click

from ..cards import Card, parse_card
from ..dragon_tiger import DragonTigerCoup, resolve_dragon_tiger
from ..errors import CardError, LogError, RoadsError
from ..files import atomic_write
from ..logs.dragon_tiger import read_dragon_tiger, write_dragon_tiger_log
from ..odds.api import shoe_phrase
from ..odds.dragon_tiger import ExactDragonTigerOdds, dragon_tiger_shoe, dragon_tiger_through, odds_json
from ..shoe import deal_dragon_tiger_shoe
from .output.dragon_tiger import odds_each_json, odds_each_table, odds_table, stats_document
from .output.jsontext import json_text

if TYPE_CHECKING:
    from ..logs.archive import Shoe
    from .inputs import Inputs

NOT_DRAGON_TIGER = "not with --game dragon-tiger"


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
    click.echo(json_text(result.to_dict()) if as_json else result.explain())


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


def _print(odds: ExactDragonTigerOdds, what: str, exact: bool, as_json: bool) -> None:
    click.echo(odds_json(odds, exact) if as_json else odds_table(odds, what, exact))


def _each(series: list[ExactDragonTigerOdds], exact: bool, as_json: bool) -> None:
    click.echo(odds_each_json(series, exact) if as_json else odds_each_table(series))


def stats(inputs: Inputs, decks: int, as_json: bool, refused: dict[str, bool]) -> None:
    """Count every Dragon Tiger log and test Dragon, Tiger and Tie against the exact odds (Holm over the four)."""
    from ..analytics.dragon_tiger import count, dragon_tiger_document

    refuse(refused)
    totals = {"dragon": 0, "tiger": 0, "tie": 0}

    def add(shoe: Shoe) -> None:
        for name, n in count(shoe.outcomes()).items():
            totals[name] += n

    inputs.each(add, summary=False)
    if inputs.done:
        document = dragon_tiger_document(totals, decks, "shoe" if inputs.done == 1 else "archive")
        document = {**document, "shoes": inputs.done}
        click.echo(stats_document(document, as_json), nl=as_json)
    inputs.finish()
