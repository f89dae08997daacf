"""The public Scoreboard: the model's board (:class:`roads.board.Board`) with its pictures and its text.

The model counts and proves; this layer sits above the renderer and the
terminal grids and adds what shows a board: ``svg()``, ``png()``, ``save()``
and ``print(board)``. The renderer is imported only when a picture is asked
for, so building a Scoreboard costs what building a Board does.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, TypeVar, Unpack

from .board import Board

if TYPE_CHECKING:
    from .scene.options import OptionChanges


F = TypeVar("F", bound=Callable[..., Any])

OPTIONS_HELP = """Options (keyword-only, checked as RenderOptions checks them):

    road='scoreboard': What to draw: scoreboard, bead-plate, big-road, big-eye-boy, small-road,
        cockroach-pig.
    last=None: Only the newest N columns, 1-10000 (the whole shoe without it; a window, no mark
        changes).
    cell=None: Pixels per Big Road cell, 8-400 (24 without it or width; below 24, where its smallest
        text would be under 9 px, the statistics panel, tie counts and road names are left out).
    width=None: Overall width in pixels, 16-30000 (instead of cell).
    scale=1.0: PNG pixel multiplier, 0.1-16 (2 for sharp screens or print).
    theme='classic': Colours: classic, dark, print.
    labels='en': Letters: en, zh (B/P/T or 庄/闲/和; the fonts ship with roads).
    pairs=True: Pair dots on the Big Road (the Bead Plate always shows them).
    naturals=False: Mark naturals on the Big Road (a small gold dot).
    totals=False: Bead Plate shows the winning total instead of the letter.
    road_labels=None: Each road's name over its strip (Bead Plate, Big Road, ... or 珠盘路, 大路, ...
        with labels zh; unset, on with a highlight only).
    highlight=None: Highlight a derived mark, its bead and what it compared (e.g. big-eye-boy:5, or
        ('big-eye-boy', 5) from Python).
    title=None: A caption over the board (also the SVG title).
"""
"""The drawing options as ``help(board.svg)`` lists them: the text of the option table
(``roads.scene.options.option_lines``), kept here so that building a board never loads the scene;
tests/test_option_table.py fails when this copy and the table differ, and prints the text to paste."""


def _lists_options(method: F) -> F:
    """Append the drawing options to an output method's docstring, as ``roads.scene.options.lists_options`` does."""
    method.__doc__ = f"{inspect.cleandoc(method.__doc__ or '')}\n\n{OPTIONS_HELP}"
    return method


class Scoreboard(Board):
    """A shoe's scoreboard: ``bead_plate``, ``big_road``, the three derived roads, ``ask()``, ``stats``.

    Adding a coup costs O(1): nothing is rebuilt. A board keeps about 50 bytes
    a coup (compact arrays; outcomes are shared), so ten million coups fit in
    well under a gigabyte. ``svg()``, ``png()`` and ``save()`` draw it,
    ``print(board)`` shows it as text, and a notebook shows its picture.
    """

    __slots__ = ()

    @_lists_options
    def svg(self, **options: Unpack[OptionChanges]) -> str:
        """Return the board drawn as an SVG document; options as :func:`roads.render.svg` (``road``, ``last``...)."""
        from .render.svg import svg

        return svg(self, **options)

    @_lists_options
    def png(self, **options: Unpack[OptionChanges]) -> bytes:
        """Return the board drawn as PNG bytes; options as :func:`roads.render.png`."""
        from .render.png import png

        return png(self, **options)

    @_lists_options
    def save(
        self, out: str | os.PathLike[str] | IO[bytes], kind: str | None = None, **options: Unpack[OptionChanges]
    ) -> None:
        """Write the board to ``out``, a path (written atomically) or a binary stream, as SVG or PNG.

        ``kind`` (``svg``, ``png``) names the format; without it the path's (or
        the stream's name's) extension does. Options as :func:`roads.render.svg`.
        """
        from .render import save, write_stream

        if isinstance(out, (str, os.PathLike)):
            save(self, out, kind, **options)
        else:
            write_stream(self, out, kind, **options)

    def __str__(self) -> str:
        """Return every road as a text grid, as ``roads show`` prints it."""
        from .terminal import show

        return show(self).rstrip("\n")
