"""Pictures for other documents: data URIs, notebook display, and a figure object that shows itself.

Everything here draws through the one scene layout and the SVG/PNG back-ends;
the renderer is imported when a picture is asked for, never at import time.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable
from typing import Any

from ..board import Scoreboard
from ..coup import Coup
from ..display import NotebookDisplay
from ..errors import LessonError
from ..outcome import Outcome
from ..scene.primitives import Scene
from .safe import clean
from .svgtools import content_prefix, inline_svg

MEDIA = {"svg": "image/svg+xml", "png": "image/png"}


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
        raise LessonError(f"unknown picture format '{kind}': choose svg or png")
    return kind


def board_scene(board: Scoreboard, **options: Any) -> Scene:
    """Return the scene of a scoreboard drawn with RenderOptions keywords (validated)."""
    from ..scene import lay_out

    return lay_out(board, **options)


def to_scene(subject: Scoreboard | Coup | Scene | Figure, **options: Any) -> tuple[Scene, dict[str, Any]]:
    """Return (scene, size options) for anything roads can draw: a board, a coup, a scene or a figure."""
    from ..scene import render_options

    if isinstance(subject, Figure):
        return to_scene(subject.board, **{**subject.options, **options})
    size: dict[str, Any] = {k: options.pop(k) for k in ("scale", "cell", "width") if k in options}
    if isinstance(subject, Scene):
        if options:
            raise LessonError(f"a ready scene takes no drawing options, got {', '.join(sorted(options))}")
        return subject, size
    if isinstance(subject, Coup):
        from .hand import hand_scene

        unknown = set(options) - {"theme", "title"}
        if unknown:
            raise LessonError(f"a hand picture takes theme and title, not {', '.join(sorted(unknown))}")
        return hand_scene(subject, **options), size
    if isinstance(subject, Scoreboard):
        checked = render_options(**options, **size)
        return board_scene(subject, options=checked), {
            "scale": checked.scale,
            "cell": checked.cell,
            "width": checked.width,
        }
    raise LessonError(f"cannot draw a {type(subject).__name__}: give a Scoreboard, a Coup or a figure")


def picture(subject: Scoreboard | Coup | Scene | Figure, kind: str = "svg", **options: Any) -> bytes:
    """Return ``subject`` drawn as SVG or PNG bytes."""
    scene, size = to_scene(subject, **options)
    return scene_bytes(scene, kind, **size)


def data_uri(subject: Scoreboard | Coup | Scene | Figure, kind: str = "svg", **options: Any) -> str:
    """Return ``subject`` drawn as a ``data:`` URI (base64) for an ``<img src>`` or a Markdown image."""
    return f"data:{MEDIA[_format(kind)]};base64,{base64.b64encode(picture(subject, kind, **options)).decode('ascii')}"


def html_figure(subject: Scoreboard | Coup | Scene | Figure, *, caption: str | None = None, **options: Any) -> str:
    """Return ``<figure>`` with ``subject`` as inline SVG (its ids made unique) and an escaped caption."""
    scene, size = to_scene(subject, **options)
    prefix = content_prefix(repr(scene), size, caption)  # the picture itself names its ids
    svg = inline_svg(scene, prefix, cell=size.get("cell"), width=size.get("width"))
    text = f"<figcaption>{html.escape(clean(caption))}</figcaption>" if caption else ""
    return f'<figure class="roads">\n{svg}\n{text}</figure>' if text else f'<figure class="roads">\n{svg}\n</figure>'


class Figure(NotebookDisplay):
    """A scoreboard with drawing options that notebooks, Markdown and HTML can show as it is."""

    __slots__ = ("board", "options")

    def __init__(self, board: Scoreboard, **options: Any) -> None:
        from ..scene import render_options

        render_options(**options)  # fail now, not when the notebook first draws it
        self.board = board
        self.options = options

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


def figure(results: str | Scoreboard | Iterable[Outcome | Coup | str], **options: Any) -> Figure:
    """Return a Figure of a shoe: B/P/T letters, a Scoreboard, or outcomes/coups; options as RenderOptions."""
    if isinstance(results, Scoreboard):
        board = results
    elif isinstance(results, str):
        board = Scoreboard.from_outcomes(read_text_log(results))
    else:
        board = Scoreboard.from_outcomes(results)
    return Figure(board, **options)
