"""Shared fixtures: SVG and PNG snapshot assertions (the PNG one compares decoded pixels)."""

from __future__ import annotations

import pytest
from snapshot_png import PixelPNGExtension, TextSVGExtension
from syrupy.assertion import SnapshotAssertion


@pytest.fixture
def snapshot_svg(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Return a snapshot assertion that stores an SVG document as a .svg text file."""
    return snapshot.use_extension(TextSVGExtension)


@pytest.fixture
def snapshot_png(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Return a snapshot assertion that stores a .png file and compares its pixels."""
    return snapshot.use_extension(PixelPNGExtension)
