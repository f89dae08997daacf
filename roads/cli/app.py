"""The ``roads`` command group; each command lives in its own module beside this one."""

from __future__ import annotations

import click

from .. import __version__

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="roads")
def cli() -> None:
    """Baccarat shoe logs to scoreboards, explained.

    \b
    Start here:
      roads demo                 deal a seeded 8-deck shoe and show its scoreboard
      roads coup 3 6 K K 6 2     resolve one coup and say why each card was drawn
    Every command has --help.
    """
