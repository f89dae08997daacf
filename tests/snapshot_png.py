"""A syrupy extension for PNG snapshots that compares decoded pixels, not file bytes.

A new zlib or PNG encoder may pack the same picture differently; only a change
a person could see (size, mode or any pixel) should fail a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from helpers import decode_png as decode
from PIL import ImageChops
from syrupy.extensions.image import PNGImageSnapshotExtension
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class PixelPNGExtension(PNGImageSnapshotExtension):
    """Stores PNG files; two PNGs match when they decode to the same size, mode and pixels."""

    def matches(self, *, serialized_data: Any, snapshot_data: Any) -> bool:
        if serialized_data == snapshot_data:
            return True
        if snapshot_data is None:
            return False
        new, old = decode(bytes(serialized_data)), decode(bytes(snapshot_data))
        return new.size == old.size and new.mode == old.mode and new.tobytes() == old.tobytes()

    def diff_lines(self, serialized_data: Any, snapshot_data: Any) -> Iterator[str]:
        new, old = decode(bytes(serialized_data)), decode(bytes(snapshot_data))
        if new.size != old.size or new.mode != old.mode:
            yield f"snapshot {old.size} {old.mode}, now {new.size} {new.mode}"
            return
        box = ImageChops.difference(new.convert("RGB"), old.convert("RGB")).getbbox()
        yield f"pixels differ inside {box} (left, top, right, bottom)"


class TextSVGExtension(SingleFileSnapshotExtension):
    """Stores SVG documents as text files, so a failing test shows a line diff."""

    file_extension = "svg"
    _write_mode = WriteMode.TEXT
