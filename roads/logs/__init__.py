"""Shoe logs: read and write results, cards, raw streams, JSON and JSON Lines.

Reading is lazy and streams any size of file; every error names the file,
line, column and coup. The formats and how they are told apart are in
docs/logs.md; the JSON shapes are published in docs/schema/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names
from ..logwarning import LogWarning
from .archive import iter_shoes
from .detect import FORMATS
from .reader import OpenLog, detect_format, iter_entries, open_log, read_coups, read_outcomes
from .records import Entry, Record, ShoeLog, check
from .results import format_result, parse_results
from .source import LineBuffer, LogSource

if TYPE_CHECKING:
    from .writer import coup_object, write_log, write_shoe_line

__all__ = [
    "FORMATS",
    "Entry",
    "LineBuffer",
    "LogSource",
    "LogWarning",
    "OpenLog",
    "Record",
    "ShoeLog",
    "check",
    "coup_object",
    "detect_format",
    "format_result",
    "iter_entries",
    "iter_shoes",
    "open_log",
    "parse_results",
    "read_coups",
    "read_outcomes",
    "write_log",
    "write_shoe_line",
]


# The writers load on first use (PEP 562): reading a log, as every picture does, never needs them.
__getattr__ = lazy_names(__name__, dict.fromkeys(("coup_object", "write_log", "write_shoe_line"), f"{__name__}.writer"))
