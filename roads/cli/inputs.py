"""The logs a command reads and how: which format, which shoe, keep going or stop, and the summary at the end.

A bad shoe or file is one error line on standard error and the others go on
(exit status 1 at the end), or, under --fail-fast, the end. The click options
that fill an :class:`Inputs` are in roads.cli.flags (``log_inputs``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..bounds import TooLong, whole_number
from ..enums import Game
from ..errors import LogError, RoadsError, excerpt, one_line

if TYPE_CHECKING:
    from ..logs.archive import Shoe

T = TypeVar("T")

KEPT_ERRORS = 100
"""How many error lines Inputs keeps for a page that lists its left-out shoes (all are counted)."""


@dataclass
class Inputs:
    """The LOG arguments of a command and how to read them: format, which shoe, keep going or stop."""

    logs: tuple[str, ...]
    fmt: str | None
    shoe: str | None
    fail_fast: bool
    coups: tuple[int, int | None] | None = None
    coups_text: str | None = None
    done: int = 0
    failed: int = 0
    verb: str = "written"
    """What the command did with a shoe, for the summary line (``3 of 5 shoes written``)."""
    errors: list[str] = field(default_factory=list)
    """The first error lines said (at most ``KEPT_ERRORS``), for outputs that list what they left out."""
    echo: bool = True
    """Say each error on standard error (off for a second pass over logs already reported)."""
    game: Game = Game.BACCARAT
    """The game the logs were dealt in (``--game``): a Dragon Tiger log is read by its own reader, as one shoe."""

    @contextmanager
    def archive(self, log: str) -> Iterator[Iterator[Shoe]]:
        """Yield the shoes of ``log`` as they are read, in the game ``--game`` names."""
        if self.game is Game.DRAGON_TIGER:
            from ..logs.dragon_tiger import dragon_tiger_shoes

            yield iter(dragon_tiger_shoes(log, self.fmt))
            return
        from ..logs.archive import open_archive

        with open_archive(log, self.fmt) as shoes:
            yield shoes

    def each(self, work: Callable[[Shoe], None], *, summary: bool = True) -> None:
        """Run ``work`` on every shoe of every log; a bad shoe or file is one error line, and the rest go on.

        Ends with ``N of M shoes written (F failed: see above)`` when there was
        more than one shoe and any failed, and exit status 1 when any failed.
        """
        for _ in self.read(work):
            self.done += 1
        if summary:
            self.finish()

    def read(self, work: Callable[[Shoe], T]) -> Iterator[tuple[Shoe, T]]:
        """Yield every shoe of every log with what ``work`` made of it; a shoe or file that ``work`` or the reader
        refuses (a RoadsError) is one error line, and the rest go on. The caller counts what it did."""
        for log in self.logs:
            try:
                with self.archive(log) as shoes:
                    for shoe in self.pick(shoes, log):
                        if shoe.error is not None:
                            self.fail(shoe.error, shoe)
                            continue
                        try:
                            made = work(shoe)
                        except RoadsError as exc:
                            self.fail(exc, shoe)
                            continue
                        yield shoe, made
            except RoadsError as exc:
                self.fail(exc, None)

    def finish(self) -> None:
        """Print the summary line when there is one to give; exit status 1 when any shoe failed."""
        total = self.done + self.failed
        if self.failed and total > 1:
            click.echo(f"{self.done} of {total} shoes {self.verb} ({self.failed} failed: see above)", err=True)
        if self.failed:
            raise click.exceptions.Exit(1)

    def settle(self, error: RoadsError | None, shoe: Shoe | None) -> bool:
        """Count ``shoe`` done (True) or, with an ``error``, failed with its one line (False)."""
        if error is not None:
            self.fail(error, shoe)
            return False
        self.done += 1
        return True

    def fail(self, exc: RoadsError, shoe: Shoe | None) -> None:
        """Count a bad shoe or log and say why on one line; stop here under --fail-fast."""
        self.failed += 1
        message = shoe_error(exc, shoe)
        if len(self.errors) < KEPT_ERRORS:
            self.errors.append(message)
        if self.echo:
            click.echo(f"roads: error: {message}", err=True)
        if self.fail_fast:
            raise click.exceptions.Exit(1)

    @contextmanager
    def one(self, command: str, hint: str = "") -> Iterator[Shoe]:
        """Yield the one shoe a command reads; a usage error naming --shoe when the logs hold more."""
        if len(self.logs) > 1:
            raise click.UsageError(
                f"roads {command} reads one shoe, but {len(self.logs)} logs were given: give one LOG "
                "(with --shoe ID or --shoe N to pick a shoe of an archive)"
            )
        log = self.logs[0]
        with self.archive(log) as shoes:
            picked = self.pick(shoes, log)
            shoe = next(picked, None)
            if shoe is None:
                # An archive with no shoe in it; a bare next() here was a StopIteration inside a generator.
                from ..logs.reader import EMPTY

                raise LogError(EMPTY, file=log if log != "-" else "<stdin>")
            if self.shoe is None and shoe.archive:
                others = list(itertools.islice((s.id for s in picked), 4))
                if others:
                    more = sum(1 for _ in picked)
                    count = 1 + len(others) + more
                    ids = ", ".join(_shown(i) for i in [shoe.id, *others][:4]) + (", ..." if count > 4 else "")
                    raise click.UsageError(
                        f"{log} holds {count} shoes and roads {command} reads one: pick it with --shoe ID "
                        f"or --shoe N (ids: {ids}){hint}"
                    )
            if shoe.error is not None:
                raise shoe_located(shoe.error, shoe)
            try:
                yield shoe
            except RoadsError as exc:
                if not shoe.archive:
                    raise
                raise shoe_located(exc, shoe) from None

    def pick(self, shoes: Iterator[Shoe], log: str) -> Iterator[Shoe]:
        """Yield every shoe, or only the one ``--shoe`` names (by id first, else by its number in the file)."""
        wanted = self.shoe
        if wanted is None:
            yield from shoes
            return
        try:
            number = whole_number(wanted, "a shoe number") if wanted.isascii() and wanted.isdigit() else None
        except TooLong as exc:
            raise LogError(f"--shoe: {exc}", file=log if log != "-" else "<stdin>") from None
        nth: Shoe | None = None
        seen = 0
        ids: list[str | int] = []
        for shoe in shoes:
            seen += 1
            if len(ids) < 5:
                ids.append(shoe.id)
            if str(shoe.id) == wanted:
                yield shoe
                return
            if seen == number:
                nth = shoe
        if nth is not None:
            yield nth
            return
        shown = ", ".join(_shown(i) for i in ids) + (", ..." if seen > len(ids) else "")
        raise LogError(
            f"no shoe '{excerpt(wanted)}': the log holds {seen} shoe{'' if seen == 1 else 's'} "
            f"(ids {shown}; --shoe takes an id or a number from 1 to {seen})",
            file=log if log != "-" else "<stdin>",
        )

    def cut(self, items: list[Any]) -> list[Any]:
        """Return the coups ``--coups`` keeps (all without it); LogError when the range starts past the shoe."""
        if self.coups is None:
            return items
        first, last = self.coups
        if first > len(items):
            raise LogError(
                f"--coups {self.coups_text} starts at coup {first}, but the shoe has {len(items)} "
                f"coup{'' if len(items) == 1 else 's'}"
            )
        return items[first - 1 : last]


def _shown(shoe_id: str | int) -> str:
    return str(shoe_id) if isinstance(shoe_id, int) else f"'{excerpt(one_line(shoe_id))}'"


def shoe_located(exc: RoadsError, shoe: Shoe) -> RoadsError:
    """Return ``exc`` naming the shoe it is about (in an archive) and its file."""
    if shoe.archive and shoe.id != f"line {shoe.line}":
        exc.file = f"{exc.file or shoe.file}, shoe {_shown(shoe.id)}"
    elif exc.file is None:
        exc.file = shoe.file
    return exc


def shoe_error(exc: RoadsError, shoe: Shoe | None) -> str:
    """Return one error line: file, shoe, line and coup where known, then the reason."""
    return str(shoe_located(exc, shoe) if shoe is not None else exc)
