"""``roads deal``: deal a seeded shoe and write it as a log in any format."""

from __future__ import annotations

import shlex
from typing import Any

import click

from ..enums import Game
from ..errors import ShoeError
from ..files import atomic_write
from ..logs import write_log
from ..logs.writer import CsvSheet, write_shoe_line
from ..shoe import DealtShoe, check_cut, deal_shoe, random_seed
from .app import cli
from .flags import (
    WHOLE,
    checked,
    choice,
    cut_option,
    decks_option,
    game_option,
    option_error,
    renamed,
    seed_option,
    usage_for,
    written_format,
)

DEAL_FORMATS = ("results", "cards", "stream", "json", "jsonl", "csv")
DEAL_SUFFIXES = {".json": "json", ".jsonl": "jsonl", ".csv": "csv"}
"""The log format each ``-o`` extension writes when --format is not given (a ``.txt`` log is cards)."""
ARCHIVE_FORMATS = ("jsonl", "csv")
"""What ``--shoes`` writes: JSON Lines of shoes (the default), or a sheet with a shoe column."""
MAX_SHOES = 10_000
"""Shoes in one dealt archive: about 150 MB of JSON Lines, built whole before the atomic write."""


def _check_shoes(shoes: int) -> None:
    if shoes < 1:
        raise ShoeError(f"an archive holds at least 1 shoe, got {shoes}")
    if shoes > MAX_SHOES:
        raise ShoeError(
            f"{shoes} shoes is more than one archive holds (at most {MAX_SHOES:,}, about 150 MB): "
            "deal several archives, each from its own --seed"
        )


def shoe_seeds(seed: int | str, shoes: int) -> list[int | str]:
    """Return the seeds (and ids) of an archive's shoes: S, S+1, ... for a number, 'S-1', 'S-2', ... for a text."""
    if isinstance(seed, int):
        return [seed + i for i in range(shoes)]
    return [f"{seed}-{i}" for i in range(1, shoes + 1)]


@cli.command("deal", short_help="Deal a seeded shoe and print it as a log in any format.")
@decks_option("Decks in the shoe (1-1000).")
@seed_option()
@cut_option()
@click.option(
    "--format",
    "output_format",
    type=choice(DEAL_FORMATS),
    show_default="-o's extension: .json, .jsonl, .csv; else cards, jsonl with --shoes",
    help="Log format to write (see docs/logs.md).",
)
@renamed("-f", "--format", "output_format", type=choice(DEAL_FORMATS))
@click.option("--hands", is_flag=True, help="With --format cards, write each coup as 'P: .. | B: ..'.")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=False),
    metavar="FILE",
    help="Write the log to FILE (whole or not at all) instead of standard output.",
)
@click.option(
    "--shoes",
    type=WHOLE,
    metavar="N",
    callback=checked(_check_shoes),
    help=f"Deal N shoes (1-{MAX_SHOES:,}) as one archive, a shoe a line: JSON Lines, or --format csv.",
)
@game_option()
def deal_command(
    decks: int,
    seed: int | str | None,
    cut: int,
    output_format: str | None,
    hands: bool,
    output: str | None,
    shoes: int | None,
    game: Game,
) -> None:
    """Deal a shuffled shoe by the house procedure (burn, cut card, one more coup) and print its log.

    The header comment (or the JSON object's keys) records the decks, seed and
    cut card, so any shoe can be dealt again exactly: the same options always
    give the same bytes.

    \b
    Examples:
      roads deal --seed 1                      8 decks, one coup a line, in dealing order
      roads deal --seed 1 --format results     just the results: B P T with markers
      roads deal --decks 6 --cut 20 -o shoe.json  a JSON log, as the extension says
      roads deal --seed 1 | roads check -      every dealt coup follows the rules
      roads deal --shoes 3 --seed 1 -o archive.jsonl  an archive: shoes 1, 2, 3 (ids and seeds)
      roads deal --game dragon-tiger --seed 1  Dragon Tiger: Dragon's card and Tiger's, a coup a line

    With --shoes N the shoes are dealt from seeds S, S+1, ..., S+N-1 (a text
    seed S gives S-1, S-2, ...), each seed the shoe's id: shoe 7 of the
    archive is `roads deal --seed 7`. Each line holds the shoe's decks, seed,
    cut and burned cards beside its coups.
    """
    with usage_for("cut"):
        check_cut(cut, decks)
    chosen: int | str = random_seed() if seed is None else seed
    named = written_format(output, DEAL_SUFFIXES, output_format, "--format")
    if game is Game.DRAGON_TIGER:
        from . import dragon_tiger

        dragon_tiger.refuse({"--shoes": shoes is not None, "--hands": hands})
        dragon_tiger.deal(decks, chosen, cut, named or "cards", output)
        return
    if shoes is not None:
        _deal_archive(decks, chosen, cut, named or "jsonl", hands, output, shoes)
        return
    output_format = named or "cards"
    shoe = deal_shoe(decks, seed=chosen, cut=cut)
    redeal = [
        "roads",
        "deal",
        "--decks",
        str(decks),
        "--seed",
        str(chosen),
        "--cut",
        str(cut),
        "--format",
        output_format,
    ]
    if hands:
        redeal.append("--hands")
    meta: dict[str, object] = {
        "decks": decks,
        "seed": chosen,
        "cut": cut,
        "burned": [str(card) for card in shoe.burned],
        "redeal": shlex.join(redeal),
    }
    if output_format == "jsonl":
        # JSON Lines takes whole-line comments: the header survives, so the shoe can still be dealt again.
        head = "".join(f"# {key}: {' '.join(v) if isinstance(v, list) else v}\n" for key, v in meta.items())
        text = "# format: jsonl\n" + head + write_log(shoe.coups, "jsonl")
    else:
        text = write_log(shoe.coups, output_format, meta=meta, hands=hands)
    if output is None:
        click.echo(text, nl=False)
        return
    atomic_write(output, text)
    click.echo(f"roads: dealt {len(shoe.coups)} coups ({decks} decks, seed {chosen}) to {output}", err=True)


def _deal_archive(decks: int, seed: int | str, cut: int, fmt: str, hands: bool, output: str | None, shoes: int) -> None:
    """Deal ``shoes`` shoes from consecutive seeds and write them as one archive (``fmt``: jsonl or csv)."""
    if fmt not in ARCHIVE_FORMATS:
        raise option_error("output_format", f"--shoes writes an archive: jsonl (the default) or csv, not {fmt}")
    if hands:
        raise option_error("hands", "--hands writes a cards log; --shoes writes an archive (jsonl or csv)")
    dealt = [(one, deal_shoe(decks, seed=one, cut=cut)) for one in shoe_seeds(seed, shoes)]
    if fmt == "jsonl":
        text = "".join(write_shoe_line(one, shoe.coups, results=False, meta=_shoe_meta(shoe)) for one, shoe in dealt)
    else:
        sheet = CsvSheet(shoe_column=True, cards=True, totals=False)
        meta = {"decks": decks, "seeds": f"{dealt[0][0]} to {dealt[-1][0]}", "cut": cut}
        text = sheet.head(meta) + "".join(sheet.rows(one, shoe.coups) for one, shoe in dealt)
    coups = sum(len(shoe.coups) for _, shoe in dealt)
    if output is None:
        click.echo(text, nl=False)
        return
    atomic_write(output, text)
    click.echo(
        f"roads: dealt {shoes} shoe{'s' if shoes != 1 else ''}, {coups} coups ({decks} decks, "
        f"seeds {dealt[0][0]} to {dealt[-1][0]}) to {output}",
        err=True,
    )


def _shoe_meta(shoe: DealtShoe[Any]) -> dict[str, object]:
    return {"decks": shoe.decks, "seed": shoe.seed, "cut": shoe.cut, "burned": [str(card) for card in shoe.burned]}
