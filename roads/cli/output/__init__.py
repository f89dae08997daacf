"""What the commands print: their text tables, JSON and CSV, from the numbers roads.analytics, roads.odds and
roads.simulate return. Nothing here reads a log or counts a coup.

A command (roads/cli/NAME.py) reads its options, has roads/cli/gather.py read
and count the logs (the worker pool, Dask) where it has many shoes, and
prints through the module here named after it, which loads only what that
command needs:

- :mod:`.stats`: ``roads stats`` (text, ``--json``, ``--csv``; a group at a time with
  :class:`~.stats.StatsWriter`), ``--drift``, ``--good-roads``, and the report's CSV download;
- :mod:`.exposure`: ``roads exposure``, a shoe at a time (:class:`~.exposure.ExposureWriter`);
- :mod:`.odds`: ``roads odds`` and ``roads simulate``'s tables and JSON.

Each writer writes a group or a shoe as soon as it is finished, in the bytes
the whole document would give.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from pydantic import BaseModel


def output_format(as_json: bool, as_csv: bool) -> str:
    """Return the format --json and --csv ask for (``text`` without either); a UsageError for both."""
    if as_json and as_csv:
        raise click.UsageError("give one of --json and --csv")
    return "json" if as_json else "csv" if as_csv else "text"


def model_json(model: BaseModel) -> str:
    """Return a pydantic answer (odds, a simulation) as ``--json`` prints it: indented, without the last newline."""
    return json.dumps(model.model_dump(mode="json"), indent=2)


def json_points(points: Sequence[dict[str, Any]]) -> str:
    """Return a shoe's course as a JSON list, one point a line (as the board's JSON): easy to diff and grep."""
    return "[\n  " + ",\n  ".join(map(json.dumps, points)) + "\n]"
