"""Shared test set-up: Hypothesis profiles, no skips under CI=true, and the SVG/PNG snapshot assertions.

Helpers that test files import (paths, example boards, the CLI in-process) live in ``helpers.py``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from typing import Any

import pytest
from helpers import EXAMPLE_FILES, IN_CI, PROFILE
from hypothesis import HealthCheck, settings
from snapshot_png import PixelPNGExtension, TextSVGExtension
from syrupy.assertion import SnapshotAssertion

# Keep the assertion-rewritten test modules in tests/__pycache__ (ignored by git) even under
# PYTHONDONTWRITEBYTECODE=1: without the cache every run, on every worker, re-parses and rewrites
# all 130 test modules, about 6 s of a 2-core quick loop. Test modules are imported after this file.
sys.dont_write_bytecode = False

# A test that names its own count runs helpers.examples(n), scaled by the same profile.
settings.register_profile("dev", max_examples=10)
settings.register_profile(
    "ci", max_examples=300, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(PROFILE)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """Under CI=true a skipped test fails: CI must run everything (a missing browser is a failure there)."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.longrepr = f"skipped under CI=true, where nothing may skip: {reason}"


@pytest.fixture(params=EXAMPLE_FILES, ids=lambda p: p.stem)
def example(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Each of the rulebook's worked shoes in turn (fixtures/examples), as its JSON data."""
    data: dict[str, Any] = json.loads(request.param.read_text())
    return data


@pytest.fixture
def snapshot_svg(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Return a snapshot assertion that stores an SVG document as a .svg text file."""
    return snapshot.use_extension(TextSVGExtension)


@pytest.fixture
def snapshot_png(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Return a snapshot assertion that stores a .png file and compares its pixels."""
    return snapshot.use_extension(PixelPNGExtension)
