"""What the commands print: their text tables, JSON and CSV, from the numbers roads.analytics, roads.odds and
roads.simulate return. Nothing here reads a log or counts a coup.

A command (roads/cli/NAME.py) reads its options, has roads/cli/gather.py read
and count the logs (the worker pool, Dask) where it has many shoes, and
prints through the module here named after it, which loads only what that
command needs:

- :mod:`.stats`: ``roads stats`` (text, ``--json``, ``--csv``; a group at a time with
  :class:`~.stats.StatsWriter`), ``--drift``, ``--good-roads``, and the report's CSV download;
- :mod:`.exposure`: ``roads exposure``, a shoe at a time (:class:`~.exposure.ExposureWriter`);
- :mod:`.odds`: ``roads odds`` and ``roads simulate``'s tables and JSON;
- :mod:`.odds_bets`: ``roads odds --bets --each``;
- :mod:`.build`: ``roads build --per-shoe``'s lines;
- :mod:`.jsontext`: JSON as every command prints it (a document, a line, a shoe's course).

Each writer writes a group or a shoe as soon as it is finished, in the bytes
the whole document would give.
"""

from __future__ import annotations

import click


def output_format(as_json: bool, as_csv: bool) -> str:
    """Return the format --json and --csv ask for (``text`` without either); a UsageError for both."""
    if as_json and as_csv:
        raise click.UsageError("give one of --json and --csv")
    return "json" if as_json else "csv" if as_csv else "text"
