"""``roads deal``: deal a seeded shoe and write it as a log in any format."""

from __future__ import annotations

import shlex

import click

from ..files import atomic_write
from ..logs import write_log
from ..shoe import check_cut, check_decks, deal_shoe, random_seed
from .app import cli
from .options import WHOLE, checked, choice, cut_option, decks_option, renamed, seed_option, usage_for

DEAL_FORMATS = ("results", "cards", "stream", "json", "jsonl", "csv")


@cli.command("deal", short_help="Deal a seeded shoe and print it as a log in any format.")
@decks_option("Decks in the shoe (1-1000).")
@renamed("-d", "--decks", "decks", type=WHOLE, metavar="N", callback=checked(check_decks))
@seed_option()
@cut_option()
@click.option(
    "--format",
    "-f",
    "output_format",
    type=choice(DEAL_FORMATS),
    default="cards",
    show_default=True,
    help="Log format to write (see docs/logs.md).",
)
@click.option("--hands", is_flag=True, help="With --format cards, write each coup as 'P: .. | B: ..'.")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=False),
    metavar="FILE",
    help="Write the log to FILE (whole or not at all) instead of standard output.",
)
def deal_command(
    decks: int, seed: int | str | None, cut: int, output_format: str, hands: bool, output: str | None
) -> None:
    """Deal a shuffled shoe by the house procedure (burn, cut card, one more coup) and print its log.

    The header comment (or the JSON object's keys) records the decks, seed and
    cut card, so any shoe can be dealt again exactly: the same options always
    give the same bytes.

    \b
    Examples:
      roads deal --seed 1                      8 decks, one coup a line, in dealing order
      roads deal --seed 1 --format results     just the results: B P T with markers
      roads deal --decks 6 --cut 20 -f json -o shoe.json
      roads deal --seed 1 | roads check -      every dealt coup follows the rules
    """
    with usage_for("cut"):
        check_cut(cut, decks)
    chosen: int | str = random_seed() if seed is None else seed
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
