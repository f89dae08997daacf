"""The public Scoreboard: the model's board (:class:`roads.board.Board`) with its pictures and its text.

The model counts and proves; this layer sits above the renderer and the
terminal grids and adds what shows a board: ``svg()``, ``png()``, ``save()``
and ``print(board)``. The renderer is imported only when a picture is asked
for; the option table (``roads.scene.options``, small: not the layout) is read
at import, so ``help(board.svg)`` lists the options from the table itself.
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Unpack

from .board import Board
from .scene.options import OptionChanges, lists_options

if TYPE_CHECKING:
    from .scene.options import RenderOptions


class Scoreboard(Board):
    """A shoe's scoreboard: ``bead_plate``, ``big_road``, the three derived roads, ``ask()``, ``stats``.

    Adding a coup costs O(1): nothing is rebuilt. A board keeps about 50 bytes
    a coup (compact arrays; outcomes are shared), so ten million coups fit in
    well under a gigabyte. ``svg()``, ``png()`` and ``save()`` draw it,
    ``print(board)`` shows it as text, and a notebook shows its picture.
    """

    __slots__ = ()

    @lists_options
    def svg(self, options: RenderOptions | None = None, **changes: Unpack[OptionChanges]) -> str:
        """Return the board drawn as an SVG document: ``options`` (a RenderOptions), or its keywords, or both."""
        from .render.svg import svg  # deferred: building a board never loads the renderer

        return svg(self, options, **changes)

    @lists_options
    def png(self, options: RenderOptions | None = None, **changes: Unpack[OptionChanges]) -> bytes:
        """Return the board drawn as PNG bytes: ``options`` (a RenderOptions), or its keywords, or both."""
        from .render.png import png  # deferred: Pillow loads with the first PNG

        return png(self, options, **changes)

    @lists_options
    def save(
        self,
        out: str | os.PathLike[str] | IO[bytes],
        kind: str | None = None,
        options: RenderOptions | None = None,
        **changes: Unpack[OptionChanges],
    ) -> None:
        """Write the board to ``out``, a path (written atomically) or a binary stream, as SVG or PNG.

        ``kind`` (``svg``, ``png``) names the format; without it the path's (or
        the stream's name's) extension does. ``options`` and keywords as :meth:`svg`.
        """
        from .render import save, write_stream  # deferred: building a board never loads the renderer

        if isinstance(out, (str, os.PathLike)):
            save(self, out, kind, options, **changes)
        else:
            write_stream(self, out, kind, options, **changes)

    def __str__(self) -> str:
        """Return every road as a text grid, as ``roads show`` prints it."""
        from .terminal import show

        return show(self).rstrip("\n")
