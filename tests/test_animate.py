"""A shoe that unfolds: ``roads render LOG -o shoe.gif|.webp|.png --animate``, one frame per coup, the last held."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from roads import Scoreboard
from roads.cli import main
from roads.errors import RenderError
from roads.render import png
from roads.render.animate import HOLD_SECONDS, animate
from roads.scene import render_options

pytestmark = pytest.mark.slow  # subprocesses, builds and many whole pictures

SHOE = "B P P B T B B B P B P P B B T P B"


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "shoe.txt"
    path.write_text(SHOE + "\n")
    return path


def _outcomes() -> list[Any]:
    from roads.outcome import Outcome

    return [Outcome.from_letter(ch) for ch in SHOE.split()]


@pytest.mark.parametrize("suffix", ["gif", "webp", "png"])
def test_one_frame_per_coup_the_last_held_and_the_same_bytes(
    suffix: str, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"shoe.{suffix}"
    assert main(["render", str(log), "-o", str(out), "--animate", "--fps", "4"]) == 0
    first = out.read_bytes()
    assert main(["render", str(log), "-o", str(out), "--animate", "--fps", "4"]) == 0
    assert out.read_bytes() == first
    with Image.open(out) as image:
        assert getattr(image, "is_animated", False) and image.n_frames == len(SHOE.split())
        durations = []
        for i in range(image.n_frames):
            image.seek(i)
            durations.append(image.info.get("duration"))
            if i == image.n_frames - 1:
                last = image.convert("RGB")
    if suffix != "webp":  # Pillow reads no per-frame duration back from WebP
        assert durations[:-1] == [250] * (len(durations) - 1) and durations[-1] == HOLD_SECONDS * 1000
    # The last frame is the picture of the whole shoe (GIF's palette may shift a colour by a step).
    whole = Image.open(__import__("io").BytesIO(png(Scoreboard.from_results(SHOE.replace(" ", ""))))).convert("RGB")
    assert last.size == whole.size
    diff = ImageChops.difference(last, whole).getbbox()
    assert diff is None or suffix == "gif"
    capsys.readouterr()


def test_frames_grow_one_coup_at_a_time() -> None:
    data = animate(_outcomes(), render_options(), "PNG", 2)
    import io

    with Image.open(io.BytesIO(data)) as image:
        seen = []
        for i in range(image.n_frames):
            image.seek(i)
            seen.append(image.convert("RGB").tobytes())
    assert len(set(seen)) == len(seen), "every coup changes the picture"


@pytest.mark.parametrize(
    ("out", "words"),
    [("shoe.svg", "not .svg files"), ("shoe.jpg", "not .jpg files"), ("shoe.pdf", "not .pdf files")],
)
def test_animate_to_a_still_format_is_refused_and_writes_nothing(
    out: str, words: str, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(log), "-o", str(tmp_path / out), "--animate"]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shoe.txt"]


def test_bad_fps_and_empty_shoes(log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(log), "-o", str(tmp_path / "a.gif"), "--animate", "--fps", "0"]) == 2
    assert "fps" in capsys.readouterr().err.lower()
    with pytest.raises(RenderError, match="no coups to animate"):
        animate([], render_options(), "GIF")
    assert not (tmp_path / "a.gif").exists()
