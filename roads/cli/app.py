"""The ``roads`` command group; each command lives in its own module beside this one."""

from __future__ import annotations

import click

from .. import __version__

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="roads")
def cli() -> None:
    """Baccarat shoe logs to scoreboards, explained.

    Cards become coups, coups become the five roads, roads become pictures.
    LOG is any shoe log (results letters, cards per coup, a card stream,
    JSON or JSON Lines; detected automatically), or - for standard input.

    \b
    A tour:
      roads demo                         deal a seeded shoe, draw scoreboard.svg and .png
      roads coup 3 6 K K 6 2             one coup, every drawing decision explained
      roads deal --seed 1 -o shoe.txt    deal a reproducible shoe as a log
      roads check cards.txt              audit a card log against the drawing rules
      roads show shoe.txt                every road as a grid in the terminal
      roads explain shoe.txt --road small-road --mark 3
                                         why one mark is red or blue
      roads render shoe.txt -o board.png the scoreboard as a picture
      roads odds --decks 8               exact odds of the next coup

    Every command has --help. Exit status: 0 done, 1 bad input, 2 bad usage.
    """
