"""The render batch: each picture of many shoes is a :class:`Job`, drawn on worker processes by roads.pool.

:func:`run` gives back each job's answer in the order the jobs came; a stop
or an error ends every worker and removes the temporary files of the
pictures in flight (see :mod:`roads.pool`).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..enums import Game
from ..errors import RoadsError
from ..files import temp_files
from ..outcome import Outcome
from ..pool import run_tasks
from ..render import RenderOptions, save


@dataclass(frozen=True, slots=True)
class Job:
    """One picture to draw: where it goes, in which format, with which options, and the shoe it shows."""

    out: str
    kind: str
    options: RenderOptions
    label: str
    """How errors name the shoe (its log, line and id)."""
    outcomes: tuple[Outcome, ...]
    problem: str | None = None
    """Why this picture cannot be drawn, known before drawing (its name is too long): reported, not drawn."""
    game: Game = Game.BACCARAT
    """The game the shoe was dealt in: Dragon Tiger is drawn under its own names."""


def draw(job: Job) -> str | None:
    """Draw one job; return None, or the error as one line (workers never raise a RoadsError)."""
    from ..scoreboard import Scoreboard

    if job.problem is not None:
        return job.problem
    try:
        save(Scoreboard.from_outcomes(job.outcomes, game=job.game), job.out, job.kind, job.options)
    except RoadsError as exc:
        # Among many shoes, say which one a drawing problem (say, no such mark) belongs to.
        return f"{job.label}: {exc}"
    return None


def run(jobs: Iterable[Job], workers: int) -> Generator[tuple[Job, str | None]]:
    """Yield (job, :func:`draw`'s answer) for every job, in order, drawn on ``workers`` processes."""
    return run_tasks(jobs, workers, draw, _lost_drawing, _job_temp_files)


def _lost_drawing(job: Job) -> str:
    return f"{job.label or job.out}: the drawing process ended unexpectedly"


def _job_temp_files(job: Job) -> Iterator[Path]:
    return temp_files(job.out)
