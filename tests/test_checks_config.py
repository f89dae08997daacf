"""The checks are configured once and run alike everywhere: .ci/run, pre-commit and the README agree."""

from __future__ import annotations

import re
import tomllib

import pytest
from helpers import ROOT

import roads
from roads.cli import main

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CHECKS = [".venv/bin/ruff check .", ".venv/bin/ruff format --check .", ".venv/bin/mypy"]
"""The lint commands, as .ci/run and the pre-commit hooks spell them."""


def _ci_commands() -> list[str]:
    """Return the commands of .ci/run, one a line, comments and blank lines left out."""
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def _readme_test_command() -> str:
    """Return the README's one shell line that runs the tests."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.DOTALL)
    found = [line.strip() for block in blocks for line in block.splitlines() if "pytest" in line]
    assert len(found) == 1, found
    return found[0]


def test_ci_ends_with_the_readmes_test_command_exactly() -> None:
    assert _ci_commands()[-1] == _readme_test_command()


def test_ci_runs_every_check_before_the_tests_and_stops_on_a_finding() -> None:
    commands = _ci_commands()
    tests_at = commands.index(_readme_test_command())
    assert commands[0] == "set -euo pipefail"  # a check that finds something ends the run, non-zero
    for check in CHECKS:
        assert check in commands[:tests_at], check


def test_pre_commit_runs_the_same_checks_as_ci() -> None:
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert sorted(re.findall(r"^\s*entry: (.+?)\s*$", config, re.MULTILINE)) == sorted(CHECKS)
    assert config.count("pass_filenames: false") == len(CHECKS)  # the whole tree, as in CI


def test_the_checkers_are_pinned() -> None:
    dev = PYPROJECT["project"]["optional-dependencies"]["dev"]
    names = {re.split(r"[=<>!~\[ ]", requirement, maxsplit=1)[0] for requirement in dev}
    assert {"ruff", "mypy", "types-tqdm"} <= names
    assert all("==" in requirement for requirement in dev), dev


def test_mypy_is_strict_over_the_package_and_hides_nothing() -> None:
    mypy = PYPROJECT["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["files"] == ["roads"]
    assert mypy["python_version"] == "3.11"
    for section in [mypy, *mypy.get("overrides", [])]:
        assert not section.get("ignore_errors") and not section.get("ignore_missing_imports"), section


def test_the_version_is_written_in_one_place() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "roads.version.__version__"}
    written = [
        path.relative_to(ROOT).as_posix()
        for path in [ROOT / "pyproject.toml", *sorted((ROOT / "roads").rglob("*.py"))]
        if f'"{roads.__version__}"' in path.read_text(encoding="utf-8")
    ]
    assert written == ["roads/version.py"]


def test_version_option_prints_the_packages_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"roads, version {roads.__version__}\n"


def test_the_suite_runs_on_every_core_and_each_worker_loads_the_profile() -> None:
    """pytest-xdist is in the test extra and addopts; a worker is a process of its own and loads the same profile."""
    from helpers import PROFILE
    from hypothesis import settings

    assert "-n" in PYPROJECT["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert any(dep.startswith("pytest-xdist") for dep in PYPROJECT["project"]["optional-dependencies"]["test"])
    assert settings.get_current_profile_name() == PROFILE
