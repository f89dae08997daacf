"""What many test files need: paths, the example and demo boards, the CLI in-process, PNG decoding, example counts.

Import it as ``from helpers import ...`` (pytest puts ``tests/`` on the path, as for ``snapshot_png``).
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

from roads import Scoreboard
from roads.cli import main
from roads.logs.writer import write_shoe_line
from roads.scene.primitives import Group, Item, Scene
from roads.shoe import deal_shoe

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "logs"
"""Small shoe logs in every format, good and broken."""
EXAMPLES = ROOT / "fixtures" / "examples"
"""The rulebook's worked shoes (copied into the project; SHA256SUMS pins them), one JSON file each."""
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.json"))
ROADS = ROOT / "roads"
"""The package's source tree, which the source-reading tests (layers, error classes) walk."""

IN_CI = os.environ.get("CI", "").lower() == "true"
"""Under CI=true nothing may skip: a missing browser or folder fails instead (see conftest.py)."""

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "dev")
"""The Hypothesis profile conftest.py loads: ``dev`` (quick) unless CI=true or HYPOTHESIS_PROFILE says otherwise."""
SCALE = {"dev": 0.1, "ci": 3.0}
"""How many examples each profile runs, against the count a test names (its ``examples(n)``)."""

PROBABILITIES = (
    "banker",
    "player",
    "tie",
    "natural",
    "player_draws",
    "banker_draws",
    "cards_4",
    "cards_5",
    "cards_6",
    "banker_six",
    "banker_pair",
    "player_pair",
)
"""The probabilities an odds object carries, named here apart from the engine's own list."""


def examples(n: int) -> int:
    """Return how many Hypothesis examples a test that names ``n`` runs under the active profile.

    ``n`` is the count the test was written with; ``dev`` runs a tenth (at least 5) for a quick
    loop, ``ci`` three times as many, so CI is more thorough than any run before profiles.
    """
    return max(5, round(n * SCALE.get(PROFILE, 1.0)))


@cache
def roads_sources() -> tuple[Path, ...]:
    """Return every ``.py`` file under roads/, sorted (the tree does not change under a test run)."""
    return tuple(sorted(ROADS.rglob("*.py")))


@cache
def roads_tree(path: Path) -> ast.Module:
    """Return one roads/ file parsed, once per test process: three source-reading tests share the parse."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def example_board(name: str) -> Scoreboard:
    """Return the board of one of fixtures/examples' shoes, by file name without ``.json``."""
    return Scoreboard.from_results(json.loads((EXAMPLES / f"{name}.json").read_text())["results"])


def demo_board() -> Scoreboard:
    """Return the board of the demo shoe: 82 coups from cards (seed 2026), with pairs, naturals and ties."""
    return Scoreboard.from_outcomes(deal_shoe(8, seed=2026).coups)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Return (exit status, stdout, stderr) of ``roads ARGV`` run in this process."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused_as_input(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``roads ARGV`` and return its one error line: an output refused for being one of the inputs."""
    status, out, err = run(capsys, *argv)
    assert status == 1 and out == "", (status, out, err)
    assert len(err.splitlines()) == 1 and "input file is output file" in err, err
    return err


def decode_png(data: bytes) -> Image.Image:
    """Return PNG bytes decoded (pixels loaded, so the bytes can go)."""
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


def axe_script() -> str:
    """Return axe-core's script (axe-playwright-python, in the test extra); fail in CI and skip elsewhere without it."""
    from importlib import resources

    try:
        folder = resources.files("axe_playwright_python")
    except ModuleNotFoundError:
        if IN_CI:
            pytest.fail("axe-playwright-python is missing: the test extra installs it")
        pytest.skip("pip install axe-playwright-python (the test extra) to run axe-core")
    return (folder / "axe.min.js").read_text(encoding="utf-8")


def serious_violations(page: Any, script: str) -> list[str]:
    """Run axe-core on an open playwright ``page``; return its serious and critical violations, one line each."""
    page.evaluate(script)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} - {v['nodes'][0]['target']}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def load_script(name: str, path: Path) -> ModuleType:
    """Import a script of the project that is not a package module (``benchmarks/``, ``scripts/``) by its path."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def scene_group(scene: Scene, id: str) -> Group:
    """Return the group of ``scene`` whose id is ``id``, at any depth; AssertionError when there is none."""
    stack: list[Item] = list(scene.items)
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            if item.id == id:
                return item
            stack.extend(item.items)
    raise AssertionError(f"no group {id}")


def dealt_shoe_lines(count: int, decks: int = 8, **fields: Callable[[int], str]) -> list[str]:
    """Return JSON Lines of ``count`` shoes dealt with seeds 0.. (cards, no results), each with ``fields`` added
    (a field's value made from the seed: ``table=lambda seed: f"T{seed % 3 + 1}"``)."""
    lines = []
    for seed in range(count):
        line = json.loads(write_shoe_line(seed, deal_shoe(decks, seed=seed).coups, results=False))
        line.update({name: value(seed) for name, value in fields.items()})
        lines.append(json.dumps(line) + "\n")
    return lines
