"""JSON as the commands print it: one indented document, one JSON Lines line, a shoe's course a point a line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel


def model_json(model: BaseModel) -> str:
    """Return a pydantic answer (odds, a simulation) as ``--json`` prints it: indented, without the last newline."""
    return json.dumps(model.model_dump(mode="json"), indent=2)


def json_points(points: Sequence[dict[str, Any]]) -> str:
    """Return a shoe's course as a JSON list, one point a line (as the board's JSON): easy to diff and grep."""
    return "[\n  " + ",\n  ".join(map(json.dumps, points)) + "\n]"


def json_text(data: Any) -> str:
    """Return ``data`` as a command's ``--json`` prints one document: indented, UTF-8 kept."""
    return json.dumps(data, ensure_ascii=False, indent=2)


def json_line(data: dict[str, Any]) -> str:
    """Return ``data`` as one JSON Lines line: UTF-8 kept, but U+2028/U+2029 escaped.

    Both are legal inside a JSON string, yet many line readers (Python's
    splitlines among them) end a line there, and one object would become two.
    """
    return json.dumps(data, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
