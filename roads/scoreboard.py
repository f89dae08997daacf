"""The public Scoreboard: the model's board (:class:`roads.board.Board`) with its pictures and its text.

The model counts and proves; this layer sits above the renderer and the
terminal grids and adds what shows a board: ``svg()``, ``png()``, ``save()``
and ``print(board)``. The renderer is imported only when a picture is asked
for, so building a Scoreboard costs what building a Board does.
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Unpack

from .board import Board
from .scene.options import lists_options

if TYPE_CHECKING:
    from .scene.options import OptionChanges


class Scoreboard(Board):
    """A shoe's scoreboard: ``bead_plate``, ``big_road``, the three derived roads, ``ask()``, ``stats``.

    Adding a coup costs O(1): nothing is rebuilt. A board keeps about 50 bytes
    a coup (compact arrays; outcomes are shared), so ten million coups fit in
    well under a gigabyte. ``svg()``, ``png()`` and ``save()`` draw it,
    ``print(board)`` shows it as text, and a notebook shows its picture.
    """

    __slots__ = ()

    @lists_options
    def svg(self, **options: Unpack[OptionChanges]) -> str:
        """Return the board drawn as an SVG document; options as :func:`roads.render.svg` (``road``, ``last``...)."""
        from .render.svg import svg

        return svg(self, **options)

    @lists_options
    def png(self, **options: Unpack[OptionChanges]) -> bytes:
        """Return the board drawn as PNG bytes; options as :func:`roads.render.png`."""
        from .render.png import png

        return png(self, **options)

    @lists_options
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
