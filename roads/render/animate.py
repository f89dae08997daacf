"""A shoe that unfolds: one frame per coup (the board after coups 1..n), as an animated GIF, WebP or PNG (APNG).

Every frame is the PNG back-end's picture of the board so far, drawn on the
grids of the whole shoe, so the roads never jump. The last frame is held. No timestamps, a fixed palette
order and lossless WebP: the same shoe and options give the same bytes.

Frames are drawn and encoded one at a time (Pillow's own animated writers
keep every frame until the end: 1.8 GB for 250 coups), so memory is a few
frames whatever the length of the shoe: a pass of layouts finds the canvas,
then each frame is drawn, handed to the encoder and dropped. GIF and APNG
frames after the first hold only the box that changed, and in it the pixels
that stayed the same are transparent over the frame before.

Every frame is laid out on the whole shoe's grids (Bead Plate width, Big Road
columns, the Small Road / Cockroach Pig divider), so what a frame draws stays
where it is in every later frame.
"""

from __future__ import annotations

import dataclasses
import io
import os
import struct
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

from PIL import Image, ImageChops

from ..board import Board
from ..errors import RenderError
from ..outcome import Outcome
from ..scene import RenderOptions, Scene, lay_out, sizes_of
from .png import filtered_rows, png_chunk, scene_image
from .svg import pixel_size

FORMATS = {".gif": "GIF", ".webp": "WEBP", ".png": "PNG"}
"""Animated formats by extension: GIF, WebP and APNG."""
HOLD_SECONDS = 2.0
"""How long the last frame stays before the animation starts again."""
MAX_FRAMES = 2000
"""The most coups an animation shows: one frame each."""
FRAME_PIXELS = 10_000_000
"""The largest frame an animation draws (pixels): its encoders hold a few frames at a time, WebP's about 40 bytes
a pixel, so this keeps an animation within about 500 MB."""
FRAME_ZLIB_LEVEL = 9
"""zlib level of an APNG's frames: a changed box is mostly transparent zeros, which level 3 (the still PNG's)
packs 4 times worse than 9, at no cost in time worth measuring."""
ANIMATION_PIXELS = 1_000_000_000
"""The most pixels an animation draws, frames x pixels a frame: about 4 minutes of drawing, and a GIF or APNG of
about 40 MB (each frame holds what changed, which grows with the board)."""


def animation_format(path: str | os.PathLike[str]) -> str:
    """Return the Pillow format for an animation written to ``path``; RenderError for any other extension."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        named = f"{suffix} files" if suffix else f"'{path}'"
        raise RenderError(f"--animate writes .gif, .webp or .png (APNG), not {named}: name the output one of those")
    return FORMATS[suffix]


def frame_scenes(outcomes: Sequence[Outcome], options: RenderOptions) -> Iterator[Scene]:
    """Yield the frames of an animation: the scene of the board after each coup, each with the whole shoe's grids."""
    still = dataclasses.replace(options, highlight=None)
    grids = sizes_of(Board.from_outcomes(outcomes), still)
    board = Board()
    for outcome in outcomes:
        board.add(outcome)
        yield lay_out(board, still, sizes=grids)


def canvas(outcomes: Sequence[Outcome], options: RenderOptions) -> tuple[int, int]:
    """Return the animation's canvas: the last frame's width and height (in pixels).

    Every frame is laid out on the whole shoe's grids (:func:`roads.scene.sizes_of`), so the last
    frame's size is every frame's: one layout, no pixels.
    """
    if not outcomes:
        raise RenderError("the shoe has no coups to animate")
    if len(outcomes) > MAX_FRAMES:
        raise RenderError(f"{len(outcomes)} coups make too many frames: animate at most {MAX_FRAMES} (cut the log)")
    still = dataclasses.replace(options, highlight=None)
    last = lay_out(Board.from_outcomes(outcomes), still)
    _, w, h = pixel_size(last, cell=options.cell, width=options.width, scale=options.scale)
    _check_size(len(outcomes), w, h)
    return w, h


def _check_size(count: int, w: int, h: int) -> None:
    """Refuse frames or an animation past :data:`FRAME_PIXELS` or :data:`ANIMATION_PIXELS`, saying how to get under."""
    smaller = "show fewer columns (last) or a smaller cell, width or scale"
    if w * h > FRAME_PIXELS:
        raise RenderError(f"a {w}x{h} frame is too large to animate (at most {FRAME_PIXELS:,} pixels): {smaller}")
    if count * w * h > ANIMATION_PIXELS:
        raise RenderError(
            f"{count} frames of {w}x{h} are {count * w * h:,} pixels, over the {ANIMATION_PIXELS:,} an animation"
            f" draws: animate fewer coups (--coups), or {smaller}"
        )


def frames(outcomes: Sequence[Outcome], options: RenderOptions) -> Iterator[Image.Image]:
    """Yield the board after each coup as an RGB image, every one the last one's size, one at a time."""
    w, h = canvas(outcomes, options)
    for scene in frame_scenes(outcomes, options):
        frame = scene_image(scene, cell=options.cell, width=options.width, scale=options.scale)
        if frame.size != (w, h):  # a layout bug, not the user's: every frame has the last one's grids
            raise RenderError(f"frame of {frame.size[0]}x{frame.size[1]} on a {w}x{h} animation")
        yield frame


def write_animation(
    outcomes: Sequence[Outcome], options: RenderOptions, kind: str, out: IO[bytes], fps: float = 2.0
) -> None:
    """Write the animation of a shoe in ``kind`` (GIF, WEBP or PNG) at ``fps`` frames a second to ``out``."""
    if not 0.1 <= fps <= 60:
        raise RenderError(f"fps must be from 0.1 to 60 frames a second, got {fps:g}")
    step = round(1000 / fps)
    durations = [step] * (len(outcomes) - 1) + [max(step, round(HOLD_SECONDS * 1000))]
    images = frames(outcomes, options)
    if kind == "GIF":
        _gif(images, durations, out)
    elif kind == "WEBP":
        _webp(images, durations, out)
    else:
        _apng(images, durations, out)


def animate(outcomes: Sequence[Outcome], options: RenderOptions, kind: str, fps: float = 2.0) -> bytes:
    """Return the animation of a shoe in ``kind`` (GIF, WEBP or PNG) at ``fps`` frames a second."""
    buffer = io.BytesIO()
    write_animation(outcomes, options, kind, buffer, fps)
    return buffer.getvalue()


Box = tuple[int, int, int, int]
SAME = [255] + [0] * 255
"""A lookup table: 255 where a channel's difference is 0, else 0."""


def _changes(images: Iterator[Image.Image]) -> Iterator[tuple[Image.Image, Box | None, Image.Image | None]]:
    """Yield each frame, the box that differs from the frame before (None for the first) and, cropped to that
    box, a mask of the pixels that stayed the same (255); only two frames are held at a time."""
    previous: Image.Image | None = None
    for image in images:
        if previous is None:
            yield image, None, None
        else:
            diff = ImageChops.difference(image, previous)
            # An unchanged frame still needs a frame of its own (one per coup): a pixel of it.
            box = diff.getbbox() or (0, 0, 1, 1)
            r, g, b = diff.crop(box).split()
            yield image, box, ImageChops.lighter(ImageChops.lighter(r, g), b).point(SAME)
        previous = image


def _gif(images: Iterator[Image.Image], durations: Sequence[int], out: IO[bytes]) -> None:
    """Write a GIF a frame at a time: the first whole, then each frame's changed box with its own palette,
    the pixels in it that did not change left transparent over the frame before (so they cost next to nothing)."""
    from PIL import GifImagePlugin as gif  # Pillow's own header and frame writers, pinned with Pillow

    for index, (image, box, same) in enumerate(_changes(images)):
        part = image if box is None else image.crop(box)
        # One adaptive palette per frame, no dithering: the same pixels always give the same bytes.
        paletted = part.quantize(colors=255, dither=Image.Dither.NONE)
        info: dict[str, object] = {"duration": durations[index], "optimize": False}
        if box is None:
            info["loop"] = 0
            paletted = gif._normalize_palette(paletted, None, info)
            out.write(b"".join(gif._get_global_header(paletted, info)))
        else:
            palette = paletted.getpalette() or []
            clear = len(palette) // 3  # the first free index: at most 255, as the palette has 255 colours
            paletted.putpalette([*palette, 0, 0, 0])
            paletted.paste(clear, mask=same)
            info.update(include_color_table=True, transparency=clear, disposal=1)  # 1: keep the frame before
            paletted = gif._normalize_palette(paletted, None, info)
        gif._write_frame_data(out, paletted, (0, 0) if box is None else box[:2], info)
    out.write(b";")


def _webp(images: Iterator[Image.Image], durations: Sequence[int], out: IO[bytes]) -> None:
    """Write a lossless animated WebP, handing libwebp's animation encoder one frame at a time."""
    from PIL import _webp  # what Pillow's WebP writer drives, minus its list of every frame

    encoder = None
    timestamp = 0
    for index, image in enumerate(images):
        if encoder is None:
            kmin, kmax = 9, 17  # Pillow's key-frame defaults for lossless animations (from gif2webp)
            encoder = _webp.WebPAnimEncoder(image.size, 0, 0, False, kmin, kmax, False, False)
        encoder.add(image.getim(), timestamp, True, 80, 100, 4)
        timestamp += durations[index]
    assert encoder is not None  # canvas() refused a shoe without coups
    encoder.add(None, timestamp, True, 80, 100, 0)
    out.write(encoder.assemble("", "", ""))


def _apng(images: Iterator[Image.Image], durations: Sequence[int], out: IO[bytes]) -> None:
    """Write an APNG a frame at a time: the first whole as the PNG's image, then each frame's changed box,
    blended over the frame before with the pixels that did not change fully transparent."""
    sequence = 0
    for index, (image, changed, same) in enumerate(_changes(images)):
        w, h = image.size
        if changed is None:
            out.write(b"\x89PNG\r\n\x1a\n")
            out.write(png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)))  # 8-bit RGBA
            out.write(png_chunk(b"acTL", struct.pack(">II", len(durations), 0)))  # frames, loop for ever
        box = changed or (0, 0, w, h)
        part = image.crop(box).convert("RGBA")
        if same is not None:
            part.paste((0, 0, 0, 0), mask=same)  # transparent black: runs of zeros deflate to almost nothing
        blend = 0 if same is None else 1  # APNG_BLEND_OP_SOURCE for the first frame, then OVER
        control = struct.pack(
            ">IIIIIHHBB", sequence, part.width, part.height, box[0], box[1], durations[index], 1000, 0, blend
        )
        out.write(png_chunk(b"fcTL", control))
        sequence += 1
        packer = zlib.compressobj(FRAME_ZLIB_LEVEL)
        data = b"".join([*(packer.compress(rows) for rows in filtered_rows(part)), packer.flush()])
        if index == 0:
            out.write(png_chunk(b"IDAT", data))
        else:
            out.write(png_chunk(b"fdAT", struct.pack(">I", sequence) + data))
            sequence += 1
    out.write(png_chunk(b"IEND", b""))
