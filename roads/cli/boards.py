"""A shoe's scoreboard as every road command reads it: ``roads render``, ``show``, ``explain`` and ``build``.

Apart from ``roads build`` so that drawing one picture does not load that
command (its good-roads pricing and its summaries) with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..scoreboard import Scoreboard

if TYPE_CHECKING:
    from ..logs.archive import Shoe
    from .inputs import Inputs


def shoe_board(shoe: Shoe, inputs: Inputs, check: Callable[[int], None] | None = None) -> Scoreboard:
    """Return the board of one shoe, of only the coups ``--coups`` keeps when it is given.

    ``check`` sees the coup count after each batch read, so a caller can stop
    reading as soon as the board can no longer be used (a picture too wide).
    """
    if inputs.coups is None:
        board = Scoreboard(inputs.game)
        for batch in shoe.outcome_batches():
            board.extend(batch)
            if check is not None:
                check(board.coups)
        board.place()
        return board
    return Scoreboard.from_outcomes(inputs.cut(shoe.outcomes()), game=inputs.game)
