"""``roads quiz``: a road-reading trainer, one offline page of questions made from real shoes."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import LessonError
from ..files import atomic_write, refuse_inputs, shown
from .app import cli, wrote
from .flags import count_option, html_output, log_inputs, seed_option
from .inputs import Inputs

if TYPE_CHECKING:
    from ..logs.archive import Shoe
    from ..scoreboard import Scoreboard

MAX_SHOES = 50
"""Most shoes one quiz page asks about: every question carries its board and proof pictures."""


def _check_count(count: int) -> None:
    from ..lesson.questions import check_count  # the quiz modules are only needed when a quiz is made

    check_count(count)


def shoe_board(shoe: Shoe) -> Scoreboard:
    """Return the board of one shoe, refusing one longer than a page teaches (the lesson page's cap)."""
    from ..lesson.plan import MAX_COUPS
    from ..scoreboard import Scoreboard

    outcomes = [entry.outcome for entry in itertools.islice(shoe.entries(), MAX_COUPS + 1)]
    if len(outcomes) > MAX_COUPS:
        raise LessonError(f"a quiz reads a shoe a person plays: this one has more than {MAX_COUPS} coups")
    return Scoreboard.from_outcomes(outcomes)


@cli.command("quiz")
@log_inputs(old_format_flags=(), verb="read", required=False)
@click.option("-o", "--output", metavar="QUIZ.html", help="The HTML page to write.")
@seed_option()
@count_option(12, _check_count, "Questions a shoe (1-100); a short shoe gives what it has.")
@click.option("--title", help="The page title.")
def quiz_command(inputs: Inputs, output: str | None, seed: int | str | None, count: int, title: str | None) -> None:
    """Write a road-reading quiz: questions made from real shoes, each answered with its proof.

    Every question shows the board as it stood and asks what a reader at the
    table must know: what Big Eye Boy, Small Road and Cockroach Pig add if
    Banker (or Player) wins next, which Big Road columns decide a mark's
    colour, which rule applies, and the traps (Rule 2's empty row, dragon
    tails, leading ties) where the shoe has them. Every answer is read off the
    board the road builder built. Choosing an answer shows the proof beside
    its picture; the page keeps a score, and asks the kinds you miss more
    often (remembered in the browser). One HTML file, no network.

    With no LOG, the quiz is about a seeded 8-deck shoe, dealt as roads demo
    deals one. The same logs and --seed give the same page, byte for byte.

    \b
    Examples:
      roads quiz -o quiz.html                        a dealt shoe, a fresh seed (printed)
      roads quiz --seed 7 --count 20 -o quiz.html    the same 20 questions every time
      roads quiz shoe.txt -o quiz.html               questions about your own shoe
      roads quiz shoes.jsonl --shoe 2 -o quiz.html   one shoe of an archive
      roads quiz shoe.txt cards.txt -o two.html      two shoes on one page
    """
    from ..lesson.questions import questions
    from ..lesson.quiz import quiz_page
    from ..shoe import random_seed

    if output is None:
        raise click.UsageError("a quiz is a page: give -o QUIZ.html")
    refuse_inputs([output], inputs.logs)  # before anything is read: a log is never replaced by its quiz
    html_output(output, "a quiz")
    chosen: int | str = seed if seed is not None else random_seed()
    boards: list[Scoreboard] = []
    names: list[str] = []
    if inputs.logs:

        def read(shoe: Shoe) -> None:
            if len(boards) >= MAX_SHOES:
                raise LessonError(f"a quiz page asks about at most {MAX_SHOES} shoes: pick some with --shoe")
            board = shoe_board(shoe)
            questions([board], seed=chosen, count=1)  # a shoe too short to ask about is its own error line
            boards.append(board)
            names.append(shoe.label().replace(shoe.file, Path(shoe.file).name, 1))

        # A bad shoe is one line and the others are read, but no page is written without it.
        inputs.each(read)
    else:
        from ..scoreboard import Scoreboard
        from ..shoe import deal_shoe

        boards.append(Scoreboard.from_outcomes(deal_shoe(8, seed=chosen).coups))
        names.append(f"an 8-deck shoe dealt with seed {chosen}")
    page = quiz_page(boards, seed=chosen, count=count, names=names, title=title)
    atomic_write(output, page)
    asked = page.count(" data-question data-kind=")
    wrote(output, f"wrote {shown(output)} ({asked} questions, seed {chosen})")
