"""Pictures for other documents: data URIs, notebook display, and a figure object that shows itself.

Everything here draws through the one scene layout and the SVG/PNG back-ends;
the renderer is imported when a picture is asked for, never at import time.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from typing import Any, Unpack

from ..coup import Coup
from ..display import NotebookDisplay
from ..errors import LessonError
from ..outcome import Outcome
from ..scene.clean import clean
from ..scene.options import OptionChanges
from ..scene.primitives import Scene
from ..scene.subjects import Drawing, drawing
from ..scoreboard import Scoreboard

MEDIA = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}


def read_text_log(text: str, name: str = "<results>", fmt: str | None = None) -> list[Outcome]:
    """Return the outcomes of a log given as text (results letters, card lines or JSON); located LogErrors."""
    import io

    from ..logs import iter_entries

    stream = io.StringIO(text)
    stream.name = name  # errors name this, not "<stream>"
    return [entry.outcome for entry in iter_entries(stream, fmt)]


def scene_bytes(
    scene: Scene, kind: str, *, scale: float = 1.0, cell: float | None = None, width: int | None = None
) -> bytes:
    """Return ``scene`` as the bytes of an SVG or PNG file."""
    from ..render import scene_bytes as write  # the renderer is only needed once a picture is asked for

    return write(scene, _format(kind), cell=cell, width=width, scale=scale)


def _format(kind: str) -> str:
    """Return ``kind`` if it is a picture format; LessonError otherwise."""
    if kind not in MEDIA:
        raise LessonError(f"unknown picture format '{kind}': choose svg, png or pdf")
    return kind


def board_scene(board: Scoreboard, **options: Unpack[OptionChanges]) -> Scene:
    """Return the scene of a scoreboard drawn with RenderOptions keywords (validated)."""
    from ..scene import lay_out

    return lay_out(board, **options)


def to_scene(
    subject: Scoreboard | Coup | Scene | Figure, **options: Unpack[OptionChanges]
) -> tuple[Scene, dict[str, Any]]:
    """Return (scene, size options) for anything roads can draw: a board, a coup, a scene or a figure."""
    d = drawing(subject, **options)
    return d.scene, d.size


def picture(subject: Scoreboard | Coup | Scene | Figure, kind: str = "svg", **options: Unpack[OptionChanges]) -> bytes:
    """Return ``subject`` drawn as SVG or PNG bytes."""
    scene, size = to_scene(subject, **options)
    return scene_bytes(scene, kind, **size)


def data_uri(subject: Scoreboard | Coup | Scene | Figure, kind: str = "svg", **options: Unpack[OptionChanges]) -> str:
    """Return ``subject`` drawn as a ``data:`` URI (base64) for an ``<img src>`` or a Markdown image."""
    return f"data:{MEDIA[_format(kind)]};base64,{base64.b64encode(picture(subject, kind, **options)).decode('ascii')}"


def html_figure(
    subject: Scoreboard | Coup | Scene | Figure,
    *,
    caption: str | None = None,
    alt: str | None = None,
    fonts: bool = True,
    **options: Unpack[OptionChanges],
) -> str:
    """Return ``<figure>`` with ``subject`` as inline SVG (its ids made unique) and an escaped ``<figcaption>``.

    A highlighted mark's proof goes into the ``<figcaption>`` too, as HTML text;
    the picture shrinks with the page only down to the width where its smallest
    text is 9 px, and scrolls sideways below it.

    ``alt`` replaces the picture's own title as what a screen reader announces;
    ``fonts=False`` leaves out the SVG's embedded font subsets.
    """
    import dataclasses

    from ..pages.figure import page_figure  # the renderer is only needed once a picture is asked for

    scene, size = to_scene(subject, **options)
    if alt:
        scene = dataclasses.replace(scene, title=clean(alt))
    return page_figure(scene, size, caption, fonts=fonts)


class Figure(NotebookDisplay):
    """A scoreboard with drawing options that notebooks, Markdown and HTML can show as it is."""

    __slots__ = ("board", "options")

    def __init__(self, board: Scoreboard, **options: Unpack[OptionChanges]) -> None:
        from ..scene import render_options

        render_options(**options)  # fail now, not when the notebook first draws it
        self.board = board
        self.options: OptionChanges = options

    def svg(self) -> str:
        """Return the SVG document."""
        return picture(self, "svg").decode("utf-8")

    def png(self) -> bytes:
        """Return the PNG bytes."""
        return picture(self, "png")

    def data_uri(self, kind: str = "svg") -> str:
        """Return the picture as a ``data:`` URI."""
        return data_uri(self, kind)

    def save(self, path: str) -> str:
        """Write the picture to ``path`` (SVG or PNG by extension) atomically; return the path."""
        from ..render import save_scene

        scene, size = to_scene(self)
        save_scene(scene, path, **size)
        return path

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return f"<roads Figure: {self.board.coups} coups{', ' if opts else ''}{opts}>"


def figure(results: str | Scoreboard | Iterable[Outcome | Coup | str], **options: Unpack[OptionChanges]) -> Figure:
    """Return a Figure of a shoe: B/P/T letters, a Scoreboard, or outcomes/coups; options as RenderOptions."""
    if isinstance(results, Scoreboard):
        board = results
    elif isinstance(results, str):
        board = Scoreboard.from_outcomes(read_text_log(results))
    else:
        board = Scoreboard.from_outcomes(results)
    return Figure(board, **options)


@drawing.register
def _figure(subject: Figure, **options: Unpack[OptionChanges]) -> Drawing:
    """A figure draws its board with its own options, any given here on top."""
    merged: OptionChanges = {**subject.options, **options}
    return drawing(subject.board, **merged)
