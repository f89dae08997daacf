"""A command imports only what it uses: start-up time is what a user waits for before anything happens.

Each command runs in a fresh interpreter, which then reports the heavy
libraries it loaded. The speed itself is measured by benchmarks/compare.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from roads.logs import write_log
from roads.shoe import deal_shoe

pytestmark = pytest.mark.slow  # every test starts a fresh interpreter

HEAVY = ("numpy", "pydantic", "svgwrite", "PIL", "tqdm", "concurrent.futures.process", "multiprocessing", "roads.logs")

PROBE = """
import json, sys
from roads.cli import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def loaded(tmp_path: Path, *args: str) -> set[str]:
    """Return the heavy modules a ``roads`` command loaded, running it in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["status"] == 0, done.stderr
    return {name for name in HEAVY if name in report["modules"]}


@pytest.fixture
def shoe(tmp_path: Path) -> Path:
    """Return an 80-coup card log."""
    path = tmp_path / "shoe.txt"
    path.write_text(write_log(deal_shoe(8, seed=2026).coups[:80], "cards"))
    return path


def test_version_loads_no_library_and_no_reader(tmp_path: Path) -> None:
    assert loaded(tmp_path, "--version") == set()


def test_build_loads_the_readers_only(tmp_path: Path) -> None:
    (tmp_path / "r.txt").write_text("B\nP\nP\nT\nB\n")
    assert loaded(tmp_path, "build", "r.txt") == {"roads.logs"}


def test_one_svg_loads_no_pillow_pool_or_bar(tmp_path: Path, shoe: Path) -> None:
    assert loaded(tmp_path, "render", str(shoe), "-o", "b.svg") == {"roads.logs", "pydantic", "svgwrite"}


def test_one_png_loads_no_svgwrite_pool_or_bar(tmp_path: Path, shoe: Path) -> None:
    assert loaded(tmp_path, "render", str(shoe), "-o", "b.png") == {"roads.logs", "pydantic", "PIL"}


def test_a_batch_loads_the_pool(tmp_path: Path, shoe: Path) -> None:
    other = tmp_path / "other.txt"
    other.write_text(shoe.read_text())
    found = loaded(tmp_path, "render", str(shoe), str(other), "-d", "out", "--format", "png", "-j", "2")
    assert {"tqdm", "multiprocessing"} <= found  # the workers (roads.cli.batch) draw: Pillow loads there
