"""Scoreboards to pictures: ``svg(board, **options)``, ``png(board, **options)`` and ``save(board, out)``.

Flow is one way: board -> scene (:mod:`roads.scene`, computed once) -> SVG or
PNG. Writers sit behind :data:`WRITERS`, a dict from format name to function,
and :func:`save` picks one by the file's extension.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Unpack

from ..board import Scoreboard
from ..errors import RenderError
from ..files import atomic_write
from ..scene import ROADS, THEMES, RenderOptions, Scene, lay_out, render_options
from ..scene.options import OptionChanges
from .png import png, scene_png
from .svg import scene_svg, svg


def _svg_bytes(scene: Scene, options: RenderOptions) -> bytes:
    return scene_svg(scene, cell=options.cell, width=options.width).encode("utf-8")


def _png_bytes(scene: Scene, options: RenderOptions) -> bytes:
    return scene_png(scene, cell=options.cell, width=options.width, scale=options.scale)


WRITERS: dict[str, Callable[[Scene, RenderOptions], bytes]] = {"svg": _svg_bytes, "png": _png_bytes}
"""Format name -> function turning a laid-out scene into the file's bytes."""


def format_of(path: str | os.PathLike[str], kind: str | None = None) -> str:
    """Return the output format: ``kind`` if given, else the file's extension; RenderError if neither is known."""
    suffix = Path(path).suffix
    name = (kind or suffix.lstrip(".")).lower()
    if name not in WRITERS:
        if kind:
            raise RenderError(f"unknown format '{kind}': choose one of {', '.join(WRITERS)}")
        if suffix:
            raise RenderError(f"cannot write {suffix} pictures ('{path}'): name it .svg or .png")
        raise RenderError(f"cannot tell the format of '{path}': name it .svg or .png, or give a format")
    return name


def render(board: Scoreboard, kind: str = "svg", options: RenderOptions | None = None,
           **changes: Unpack[OptionChanges]) -> bytes:
    """Return ``board`` drawn in format ``kind`` (svg or png) as bytes."""
    opts = render_options(options, **changes)
    return WRITERS[format_of("", kind)](lay_out(board, opts), opts)


def save(board: Scoreboard, out: str | os.PathLike[str], kind: str | None = None,
         options: RenderOptions | None = None, **changes: Unpack[OptionChanges]) -> Path:
    """Write ``board`` to ``out`` (format from ``kind`` or the extension) atomically; return the path."""
    name = format_of(out, kind)
    data = render(board, name, options, **changes)
    try:
        return atomic_write(out, data)
    except RenderError:
        raise
    except ValueError as exc:
        raise RenderError(str(exc)) from None


__all__ = ["ROADS", "THEMES", "WRITERS", "RenderOptions", "format_of", "png", "render", "save", "svg"]
