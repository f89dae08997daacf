"""The published JSON Schemas of the log formats, made from the pydantic models.

Regenerate the committed copies with ``python -m roads.logs.schema docs/schema``;
a test checks they equal what the models say.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import TypeAdapter

from .shapes import CoupRecord, LogModel, ShoeLine
from .undo import NewShoeRecord, UndoRecord


def schemas() -> dict[str, dict[str, object]]:
    """Return each schema file's name and content: the JSON log, a JSON Lines coup, a shoe line, the change records."""
    made = {
        "log.schema.json": TypeAdapter(LogModel).json_schema(),
        "coup.schema.json": TypeAdapter(CoupRecord).json_schema(),
        "shoe.schema.json": ShoeLine.model_json_schema(),
        "undo.schema.json": UndoRecord.model_json_schema(),
        "new-shoe.schema.json": NewShoeRecord.model_json_schema(),
    }
    described = {
        "log.schema.json": 'A roads JSON log: a list of coups, an object with a "coups" list, or one coup object.',
        "coup.schema.json": "One coup: one line of a roads JSON Lines log.",
        "shoe.schema.json": "One shoe: one line of a roads multi-shoe JSON Lines log.",
        "undo.schema.json": "One undo record: a line of a roads JSON Lines log that takes back the last coup.",
        "new-shoe.schema.json": "One new-shoe record: a line of a roads JSON Lines log that starts the next shoe.",
    }
    out: dict[str, dict[str, object]] = {}
    for name, schema in made.items():
        out[name] = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "description": described[name],
            **schema,
        }
    return out


def schema_text(name: str) -> str:
    """Return one schema file's exact text (sorted keys, two-space indent, final newline)."""
    return json.dumps(schemas()[name], indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write every schema file into the folder given (default docs/schema); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/schema")
    folder.mkdir(parents=True, exist_ok=True)
    from ..files import atomic_write

    for name in schemas():
        atomic_write(folder / name, schema_text(name))
        print(folder / name)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
