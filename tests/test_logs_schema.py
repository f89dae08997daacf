"""The published JSON Schemas are exactly what the pydantic models say, and the samples fit them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ROOT
from pydantic import TypeAdapter

from roads.cards import parse_card
from roads.coup import resolve
from roads.logs import write_log
from roads.logs.schema import main, schema_text, schemas
from roads.logs.shapes import CoupRecord, LogModel, ShoeLine
from roads.shoe import deal_shoe

SCHEMA_DIR = ROOT / "docs" / "schema"


@pytest.mark.parametrize("name", sorted(schemas()))
def test_committed_schema_equals_the_models(name: str) -> None:
    committed = (SCHEMA_DIR / name).read_text(encoding="utf-8")
    assert committed == schema_text(name), f"regenerate with: python -m roads.logs.schema docs/schema ({name})"


def test_schema_generator_writes_the_same_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path)]) == 0
    for name in schemas():
        assert (tmp_path / name).read_text(encoding="utf-8") == (SCHEMA_DIR / name).read_text(encoding="utf-8")


def test_written_logs_and_fixtures_fit_the_models() -> None:
    shoe = deal_shoe(2, seed=8)
    adapter = TypeAdapter(LogModel)
    adapter.validate_python(json.loads(write_log(shoe.coups, "json", meta={"seed": 8})))
    adapter.validate_python(json.loads(write_log([c.outcome() for c in shoe.coups], "json")))
    adapter.validate_python(json.loads((ROOT / "fixtures" / "logs" / "shoe.json").read_text("utf-8")))
    coup = TypeAdapter(CoupRecord)
    for line in write_log(shoe.coups, "jsonl").splitlines():
        coup.validate_python(json.loads(line))
    printed = resolve([parse_card(t) for t in ["3", "6", "K", "K", "6", "2"]]).to_dict()
    coup.validate_python(printed)  # the `roads coup --json` shape
    for line in (ROOT / "fixtures" / "logs" / "shoes.jsonl").read_text("utf-8").splitlines():
        ShoeLine.model_validate(json.loads(line))


def test_the_schema_names_the_three_coup_shapes_and_forbids_unknown_keys() -> None:
    schema = json.loads(schema_text("log.schema.json"))
    defs = schema["$defs"]
    assert {"ResultCoup", "DealtCoup", "HandsCoup", "LogDocument"} <= set(defs)
    assert all(defs[name]["additionalProperties"] is False for name in ("ResultCoup", "DealtCoup", "HandsCoup"))
    assert defs["ResultCoup"]["properties"]["winner"]["enum"] == ["banker", "player", "tie"]
