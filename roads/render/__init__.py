"""Scoreboards to pictures: ``svg(board, **options)``, ``png(board, **options)`` and ``save(board, out)``.

Flow is one way: board -> scene (:mod:`roads.scene`, computed once) -> SVG,
PNG or PDF. Writers sit behind :data:`WRITERS`, a dict from format name to function,
and :func:`save` picks one by the file's extension.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import IO, Protocol, Unpack

from ..board import Board
from ..errors import RenderError
from ..files import atomic_write
from ..scene import ROADS, THEMES, RenderOptions, Scene, lay_out, render_options
from ..scene.options import OptionChanges, lists_options
from .png import png, scene_png
from .svg import scene_svg, svg


class SceneWriter(Protocol):
    """Turns a laid-out scene into a file's bytes at ``cell`` px per Big Road cell or ``width`` px."""

    def __call__(
        self, scene: Scene, *, cell: float | None = ..., width: int | None = ..., scale: float = ...
    ) -> bytes: ...


def _svg_bytes(scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0) -> bytes:
    # An SVG scales itself: ``scale`` is the PNG's pixel multiplier only.
    return scene_svg(scene, cell=cell, width=width).encode("utf-8")


def _pdf_bytes(scene: Scene, *, cell: float | None = None, width: int | None = None, scale: float = 1.0) -> bytes:
    from .pdf import scene_pdf  # fpdf2 is optional and loads only for a PDF

    return scene_pdf(scene, cell=cell, width=width)


WRITERS: dict[str, SceneWriter] = {"svg": _svg_bytes, "png": scene_png, "pdf": _pdf_bytes}
"""Format name -> function turning a laid-out scene into the file's bytes."""


def format_of(path: str | os.PathLike[str], kind: str | None = None) -> str:
    """Return the output format: ``kind`` if given, else the file's extension; RenderError if neither is known."""
    suffix = Path(path).suffix
    name = (kind or suffix.lstrip(".")).lower()
    if name not in WRITERS:
        if kind:
            raise RenderError(f"unknown format '{kind}': choose one of {', '.join(WRITERS)}")
        if suffix:
            raise RenderError(f"cannot write {suffix} pictures ('{path}'): name it .svg, .png or .pdf")
        raise RenderError(f"cannot tell the format of '{path}': name it .svg, .png or .pdf, or give a format")
    return name


@lists_options
def render(
    board: Board, kind: str = "svg", options: RenderOptions | None = None, **changes: Unpack[OptionChanges]
) -> bytes:
    """Return ``board`` drawn in format ``kind`` (svg, png or pdf) as bytes."""
    name = format_of("", kind)
    opts = render_options(options, **changes)
    return scene_bytes(lay_out(board, opts), name, cell=opts.cell, width=opts.width, scale=opts.scale)


def scene_bytes(
    scene: Scene, kind: str = "svg", *, cell: float | None = None, width: int | None = None, scale: float = 1.0
) -> bytes:
    """Return a laid-out ``scene`` (a board, a chart, a hand) as the bytes of an SVG, PNG or PDF file."""
    return WRITERS[format_of("", kind)](scene, cell=cell, width=width, scale=scale)


@lists_options
def save(
    board: Board,
    out: str | os.PathLike[str],
    kind: str | None = None,
    options: RenderOptions | None = None,
    **changes: Unpack[OptionChanges],
) -> Path:
    """Write ``board`` to ``out`` (format from ``kind`` or the extension) atomically; return the path."""
    name = format_of(out, kind)
    return _write(out, render(board, name, options, **changes))


@lists_options
def write_stream(
    board: Board,
    stream: IO[bytes],
    kind: str | None = None,
    options: RenderOptions | None = None,
    **changes: Unpack[OptionChanges],
) -> None:
    """Write ``board`` to a binary ``stream``, in format ``kind`` or the one its name's extension says."""
    if isinstance(stream, io.TextIOBase):
        raise RenderError(
            "cannot write a picture to a text stream: give a binary one (open(path, 'wb'), sys.stdout.buffer)"
        )
    name = getattr(stream, "name", None)
    if kind is None and not isinstance(name, str):
        raise RenderError("cannot tell the format of a stream: give kind='svg' or kind='png'")
    data = render(board, format_of(name if isinstance(name, str) else "", kind), options, **changes)
    try:
        stream.write(data)
    except OSError as exc:
        raise RenderError(f"cannot write the picture: {exc.strerror or exc}") from None


def save_scene(
    scene: Scene,
    out: str | os.PathLike[str],
    kind: str | None = None,
    *,
    cell: float | None = None,
    width: int | None = None,
    scale: float = 1.0,
) -> Path:
    """Write ``scene`` to ``out`` (format from ``kind`` or the extension) atomically; return the path."""
    name = format_of(out, kind)
    return _write(out, scene_bytes(scene, name, cell=cell, width=width, scale=scale))


def _write(out: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` atomically; a path that cannot be written is a RenderError."""
    try:
        return atomic_write(out, data)
    except RenderError:
        raise
    except ValueError as exc:
        raise RenderError(str(exc)) from None


__all__ = [
    "ROADS",
    "THEMES",
    "WRITERS",
    "RenderOptions",
    "format_of",
    "png",
    "render",
    "save",
    "save_scene",
    "scene_bytes",
    "svg",
    "write_stream",
]
