"""`--animate` draws and encodes a frame at a time (issue 24 item 4).

It kept every frame as a full image until the end (Pillow's animated writers
list them all): 81 coups took 246 MB, 250 coups 1.8 GB, 1,000 coups ended in
a MemoryError traceback. Now memory is a few frames, and past a stated number
of pixels (a frame's, or frames x pixels) it refuses in one line that says how
to get under the limit.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from helpers import run
from peak_memory import run_peak
from PIL import Image, ImageChops

from roads.outcome import Outcome
from roads.render.animate import ANIMATION_PIXELS, FRAME_PIXELS, MAX_FRAMES, animate, frames
from roads.scene import render_options


def _shoe(coups: int, seed: int = 5) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice("BBBBPPPPT") for _ in range(coups))


def _log(folder: Path, coups: int) -> Path:
    path = folder / f"shoe-{coups}.txt"
    path.write_text(_shoe(coups) + "\n")
    return path


def test_the_longest_shoe_is_refused_at_once_naming_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path, MAX_FRAMES)
    out = tmp_path / "shoe.gif"
    start = time.monotonic()
    code, stdout, err = run(capsys, "render", str(log), "-o", str(out), "--animate")
    assert time.monotonic() - start < 5  # refused from the last board's size, before drawing anything
    assert (code, stdout) == (1, "")
    assert len(err.splitlines()) == 1, err
    assert f"{ANIMATION_PIXELS:,}" in err and "--coups" in err and "scale" in err, err
    assert not out.exists()


def test_a_frame_too_large_is_refused_naming_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render", str(_log(tmp_path, 12)), "-o", str(tmp_path / "a.webp"), "--animate",
                       "--scale", "10")  # fmt: skip
    assert code == 1 and len(err.splitlines()) == 1, err
    assert f"{FRAME_PIXELS:,} pixels" in err and "scale" in err, err


def test_apng_frames_are_the_pictures_drawn() -> None:
    outcomes = [Outcome.from_letter(ch) for ch in _shoe(12).split()]
    options = render_options(cell=10)
    data = animate(outcomes, options, "PNG")
    import io

    with Image.open(io.BytesIO(data)) as image:
        assert image.n_frames == len(outcomes)
        for index, drawn in enumerate(frames(outcomes, options)):
            image.seek(index)
            assert ImageChops.difference(image.convert("RGB"), drawn).getbbox() is None, index


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["gif", "webp", "png"])
def test_memory_does_not_grow_with_the_frames(tmp_path: Path, suffix: str) -> None:
    # The newest 8 columns: every frame the same size, so only the number of frames grows (8x).
    peaks = []
    for coups in (20, 160):
        out = tmp_path / f"shoe-{coups}.{suffix}"
        result = run_peak(["render", str(_log(tmp_path, coups)), "-o", str(out), "--animate", "--last", "8"])
        assert result.status == 0, result.stderr
        with Image.open(out) as image:
            assert image.n_frames == coups
        peaks.append(result.peak_mb)
    # Before: 160 frames of 425x305 held whole, about 60 MB more than 20 of them (and 250 coups 1.8 GB).
    assert peaks[1] < peaks[0] + 8, peaks
