"""A shoe that unfolds: one frame per coup (the board after coups 1..n), as an animated GIF, WebP or PNG (APNG).

Every frame is the PNG back-end's picture of the board so far, pasted on a
canvas the size of the largest frame (boards grow as a shoe goes on), so the
roads never jump. The last frame is held. No timestamps, a fixed palette
order and lossless WebP: the same shoe and options give the same bytes.
"""

from __future__ import annotations

import dataclasses
import io
import os
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from ..board import Board
from ..errors import RenderError
from ..outcome import Outcome
from ..scene import RenderOptions, lay_out
from .png import scene_image

FORMATS = {".gif": "GIF", ".webp": "WEBP", ".png": "PNG"}
"""Animated formats by extension: GIF, WebP and APNG."""
HOLD_SECONDS = 2.0
"""How long the last frame stays before the animation starts again."""
MAX_FRAMES = 2000


def animation_format(path: str | os.PathLike[str]) -> str:
    """Return the Pillow format for an animation written to ``path``; RenderError for any other extension."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        named = f"{suffix} files" if suffix else f"'{path}'"
        raise RenderError(f"--animate writes .gif, .webp or .png (APNG), not {named}: name the output one of those")
    return FORMATS[suffix]


def frames(outcomes: Sequence[Outcome], options: RenderOptions) -> list[Image.Image]:
    """Return the board after each coup, as RGB images all the size of the largest."""
    if not outcomes:
        raise RenderError("the shoe has no coups to animate")
    if len(outcomes) > MAX_FRAMES:
        raise RenderError(f"{len(outcomes)} coups make too many frames: animate at most {MAX_FRAMES} (cut the log)")
    board = Board()
    drawn: list[Image.Image] = []
    for outcome in outcomes:
        board.add(outcome)
        scene = lay_out(board, dataclasses.replace(options, highlight=None))
        drawn.append(scene_image(scene, cell=options.cell, width=options.width, scale=options.scale))
    w = max(f.width for f in drawn)
    h = max(f.height for f in drawn)
    background = drawn[-1].getpixel((0, 0))
    out = []
    for frame in drawn:
        if frame.size == (w, h):
            out.append(frame)
            continue
        canvas = Image.new("RGB", (w, h), background)
        canvas.paste(frame, (0, 0))
        out.append(canvas)
    return out


def animate(outcomes: Sequence[Outcome], options: RenderOptions, kind: str, fps: float = 2.0) -> bytes:
    """Return the animation of a shoe in ``kind`` (GIF, WEBP or PNG) at ``fps`` frames a second."""
    if not 0.1 <= fps <= 60:
        raise RenderError(f"fps must be from 0.1 to 60 frames a second, got {fps:g}")
    images = frames(outcomes, options)
    step = round(1000 / fps)
    durations = [step] * (len(images) - 1) + [max(step, round(HOLD_SECONDS * 1000))]
    buffer = io.BytesIO()
    first, rest = images[0], images[1:]
    if kind == "GIF":
        # One adaptive palette per frame, no dithering: the same pixels always give the same bytes.
        first, *rest = (im.quantize(colors=255, dither=Image.Dither.NONE) for im in images)
        first.save(buffer, format="GIF", save_all=True, append_images=rest, duration=durations, loop=0, optimize=False)
    elif kind == "WEBP":
        first.save(
            buffer,
            format="WEBP",
            save_all=True,
            append_images=rest,
            duration=durations,
            loop=0,
            lossless=True,
            method=4,
        )
    else:
        first.save(
            buffer, format="PNG", save_all=True, append_images=rest, duration=durations, loop=0, compress_level=6
        )
    return buffer.getvalue()
