"""scripts/smoke_plain.py covers every command and picture format, and CI runs it on a plain install.

The script itself runs in .ci/run (a second environment with ``pip install .``
only); here, without running it, its list of cases is held to the program.
"""

from __future__ import annotations

from pathlib import Path

from helpers import ROOT, load_script

from roads.cli.app import all_commands
from roads.render import WRITERS

SMOKE = load_script("smoke_plain", ROOT / "scripts" / "smoke_plain.py")


def test_every_command_has_a_case() -> None:
    assert set(all_commands()) <= {case.args[0] for case in SMOKE.CASES}


def test_every_picture_format_is_written_and_every_extra_asked_for() -> None:
    written = {Path(name).suffix.lstrip(".") for case in SMOKE.CASES for name in case.files}
    assert set(WRITERS) | {"gif", "webp"} <= written
    assert {case.extra for case in SMOKE.CASES if case.extra} == set(SMOKE.EXTRAS)
    assert all(Path(name).suffix in SMOKE.MAGIC for case in SMOKE.CASES for name in case.files if "." in name)


def test_ci_runs_it_on_a_plain_install_before_the_tests() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()]
    install = next(i for i, line in enumerate(lines) if line.endswith('"$plain/bin/pip" install .'))
    smoke = lines.index('"$plain/bin/python" scripts/smoke_plain.py --plain')
    tests = next(i for i, line in enumerate(lines) if "pytest" in line and not line.startswith("#"))
    assert install < smoke < tests
