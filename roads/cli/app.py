"""The ``roads`` command group; each command lives in its own module beside this one."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from ..errors import OutputError
from ..version import __version__

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

_LISTING = """\
build      Build every road of a shoe LOG and print a summary, or the whole board as JSON.
check    = Audit a log's cards against the drawing rules, coup by coup.
convert  = Write a log, or every shoe of an archive, in another log format.
course     Write the road-reading course: an index and a page per lesson, from the first bead to table speed.
coup       Resolve one coup from CARDS in dealing order and explain every decision.
deal     = Deal a seeded shoe and print it as a log in any format.
demo       Deal a seeded 8-deck shoe, show what it produced and draw its scoreboard to SVG and PNG.
drill      Practise the drawing rules: given both two-card totals and Player's third card, who draws?
explain    Explain every mark of the derived roads of a shoe LOG: which rule, which columns, which colour.
exposure = Each side bet's exact house edge before every coup of card logs.
lesson     Write a lesson page for a shoe LOG: the scoreboard, a proof for every derived mark, and the coups.
odds       Exact odds of the next coup: win chances, naturals, draws, cards used, pairs, house edges.
quiz       Write a road-reading quiz: questions made from real shoes, each answered with its proof.
render     Draw the scoreboard of each shoe LOG as an SVG, PNG or PDF picture, or as an animation.
report     Write the statistics of every shoe of LOG... as one HTML page: tables, plots, flags.
serve      Serve live scoreboards: enter coups in the browser, watch the roads, odds and proofs update.
show       Draw the roads of a shoe LOG as 6-row grids: Bead Plate, Big Road, Big Eye Boy, Small Road, Cockroach Pig.
simulate   Deal real shoes (burn, cut card, one more coup) and report what they showed.
stats      Count every shoe of LOG... and test the counts against the exact odds.
tableau    Draw the chart of when Banker takes a third card: Banker totals 0-7 down, what Player did across.
"""
"""Every command and how ``roads --help`` lists it, one a line: the name, then its docstring's first paragraph
(click shortens it to the terminal as it does a loaded command's) or, after ``=``, its own ``short_help``."""


def _listing(text: str) -> dict[str, dict[str, str]]:
    """Return the listing as each command's click attributes: ``{"help": ...}`` or ``{"short_help": ...}``."""
    rows = (line.split(maxsplit=1) for line in text.splitlines())
    return {
        name: {"short_help": said.removeprefix("= ")} if said.startswith("= ") else {"help": said}
        for name, said in rows
    }


COMMANDS: dict[str, dict[str, str]] = _listing(_LISTING)
"""Every command and its short help. Each command lives in ``roads/cli/<name>.py`` and registers itself when
imported: ``roads --help`` lists them from here and imports none (tests/test_cli_help_listing.py holds this
table to the commands' own help)."""


def silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush cannot fail on a closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file descriptor (a test's capture): nothing will flush to a pipe


def wrote(path: str | os.PathLike[str], message: str | None = None) -> None:
    """Print the status line for a written file (``wrote PATH``): on stderr when the file is standard output."""
    from ..files import shown, to_stdout

    click.echo(message if message is not None else f"wrote {shown(path)}", err=to_stdout(path))


def output_error(exc: OSError) -> OutputError:
    """Return a failed write (a full disk under ``> out.json``) as a one-line error."""
    where = exc.filename if exc.filename is not None else "standard output"
    return OutputError(f"cannot write {where}: {exc.strerror or exc}")


class RoadsGroup(click.Group):
    """The ``roads`` group: a reader that stops reading (``roads explain big.txt | head``) ends a command quietly.

    Click would turn the broken pipe into exit status 1 with no word said;
    the reader chose to stop, so it is status 0, no traceback, no message.
    Any other failed write (a full disk) is a one-line OutputError, status 1.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Return every command's name, loaded or not."""
        return sorted(set(self.commands) | set(COMMANDS))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List every command with its short help, from :data:`COMMANDS` for those not loaded (importing none)."""
        listed = {
            name: click.Command(name, help=said.get("help"), short_help=said.get("short_help"))
            for name, said in COMMANDS.items()
        }
        shown = [(name, self.commands.get(name) or listed[name]) for name in self.list_commands(ctx)]
        shown = [(name, command) for name, command in shown if not command.hidden]
        if shown:
            limit = formatter.width - 6 - max(len(name) for name, _ in shown)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in shown])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """Return a command, importing its module on first use.

        Loading only the command that runs keeps ``roads build`` from importing
        the renderer, numpy and pydantic it does not need (0.44 s of start-up).
        """
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(f"{__package__}.{name}")
        return self.commands.get(name)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the chosen command; a closed standard output ends it with status 0."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # Click would print an empty line first; the one line is main's ("roads: aborted").
            raise click.Abort from None
        except BrokenPipeError:
            silence_stdout()
            raise click.exceptions.Exit(0) from None
        except OSError as exc:
            # Reading a log never gets here (roads.logs turns that into a LogError): this is output.
            raise output_error(exc) from None


@click.group(cls=RoadsGroup, context_settings=CONTEXT)
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
      roads quiz --seed 7 -o quiz.html   a road-reading quiz, every answer proved
      roads odds --decks 8               exact odds of the next coup

    Every command has --help. Exit status: 0 done, 1 bad input, 2 bad usage,
    130 Ctrl-C, 143 SIGTERM, 129 SIGHUP.
    """


def all_commands() -> dict[str, click.Command]:
    """Return every command of the group, importing all their modules."""
    for name in COMMANDS:
        cli.get_command(click.Context(cli), name)
    return dict(cli.commands)
