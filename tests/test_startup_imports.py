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

from roads.cli.app import COMMANDS
from roads.logs import write_log
from roads.shoe import deal_shoe

pytestmark = pytest.mark.slow  # every test starts a fresh interpreter

HEAVY = (
    "numpy",
    "pydantic",
    "svgwrite",
    "fontTools",  # a dependency for CJK text in SVG only: an SVG of ASCII text must not pay its import
    "PIL",
    "tqdm",
    "concurrent.futures",
    "multiprocessing",
    "logging",
    "roads.logs",
    "roads.logs.csvlog",
    "roads.board.explain",
    "roads.render",
)

PROBE = """
import json, sys
from roads.cli import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def modules(tmp_path: Path, *args: str) -> set[str]:
    """Return every module a ``roads`` command loaded, running it in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["status"] == 0, done.stderr
    return set(report["modules"])


def loaded(tmp_path: Path, *args: str) -> set[str]:
    """Return the heavy modules a ``roads`` command loaded, running it in a fresh interpreter."""
    found = modules(tmp_path, *args)
    return {name for name in HEAVY if name in found}


@pytest.fixture
def shoe(tmp_path: Path) -> Path:
    """Return an 80-coup card log."""
    path = tmp_path / "shoe.txt"
    path.write_text(write_log(deal_shoe(8, seed=2026).coups[:80], "cards"))
    return path


def test_version_loads_no_library_and_no_reader(tmp_path: Path) -> None:
    assert loaded(tmp_path, "--version") == set()


def test_version_loads_no_command_and_no_board(tmp_path: Path) -> None:
    found = modules(tmp_path, "--version")
    assert {f"roads.cli.{name}" for name in COMMANDS} & found == set()
    assert {"roads.board", "roads.shoe", "roads.scene", "roads.lesson"} & found == set()


def test_help_lists_the_commands_and_loads_none_of_them(tmp_path: Path) -> None:
    found = modules(tmp_path, "--help")
    assert {f"roads.cli.{name}" for name in COMMANDS} & found == set()
    assert {name for name in HEAVY if name in found} == set()
    assert {"roads.odds", "roads.board", "roads.scene", "jinja2"} & found == set()


def test_build_loads_the_readers_only(tmp_path: Path) -> None:
    (tmp_path / "r.txt").write_text("B\nP\nP\nT\nB\n")
    # No logging (a note loads it), no spreadsheet reader for a results log, no proofs for a summary.
    assert loaded(tmp_path, "build", "r.txt") == {"roads.logs"}


def test_one_svg_loads_no_pillow_pool_or_bar(tmp_path: Path, shoe: Path) -> None:
    # RenderOptions reads and checks every value with the table's own converters: never pydantic.
    assert loaded(tmp_path, "render", str(shoe), "-o", "b.svg") == {"roads.logs", "roads.render", "svgwrite"}


def test_one_svg_loads_no_fetcher_patterns_batch_or_writers(tmp_path: Path, shoe: Path) -> None:
    found = modules(tmp_path, "render", str(shoe), "-o", "b.svg")
    # svgwrite's urlopen (http.client, email, ssl) loads only if a web font is fetched by URL.
    assert {"urllib.request", "http.client", "email.parser", "ssl"} & found == set()
    # A file is written through a temporary file made with os.open (roads.files.make_temp), not tempfile's.
    assert {"tempfile", "shutil", "random", "bz2", "lzma"} & found == set()
    # The good-roads patterns, a highlight, the build command, the batch and its pool, and the log writers
    # load only for a picture, a command or a run that uses them.
    unused = {
        "roads.board.good_roads",
        "roads.scene.highlight",
        "roads.cli.build",
        "roads.cli.batch",
        "roads.pool",
        "roads.logs.writer",
    }
    assert unused & found == set()


def test_one_png_loads_no_svgwrite_pool_or_bar(tmp_path: Path, shoe: Path) -> None:
    found = loaded(tmp_path, "render", str(shoe), "-o", "b.png")
    assert found == {"roads.logs", "roads.render", "PIL", "logging"}  # Pillow's own logger


def test_a_lesson_loads_no_pydantic_pillow_or_pool(tmp_path: Path, shoe: Path) -> None:
    found = loaded(tmp_path, "lesson", str(shoe), "-o", "l.html")
    assert found & {"pydantic", "numpy", "PIL", "tqdm", "concurrent.futures", "multiprocessing"} == set()


def test_a_spreadsheet_note_still_reaches_the_user(tmp_path: Path) -> None:
    """The logger loads with the first note: --verbose still says how a sheet was read."""
    (tmp_path / "s.csv").write_text("coup,result\n1,B\n2,P\n")
    done = subprocess.run(
        [sys.executable, "-m", "roads", "build", "s.csv", "--verbose"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "roads: note: s.csv: comma-separated, from the header row: column 1 coup, column 2 result\n"


def test_a_batch_loads_the_pool(tmp_path: Path, shoe: Path) -> None:
    other = tmp_path / "other.txt"
    other.write_text(shoe.read_text())
    found = loaded(tmp_path, "render", str(shoe), str(other), "-d", "out", "--format", "png", "-j", "2")
    assert {"tqdm", "multiprocessing"} <= found  # the workers (roads.pool) draw: Pillow loads there
