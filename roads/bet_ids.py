"""The ids of every bet, in the order docs and errors list them: light enough for ``--help`` to name them.

The paytables (roads.bets) and the CLI's ``--bet`` choices both read them from
here, so the list is written once and ``roads odds --help`` loads no bets.
"""

from __future__ import annotations

from typing import Literal, get_args

BetId = Literal[
    "banker",
    "player",
    "tie",
    "player_pair",
    "banker_pair",
    "either_pair",
    "perfect_pair",
    "big",
    "small",
    "dragon_bonus_player",
    "dragon_bonus_banker",
    "dragon_7",
    "panda_8",
    "lucky_6",
]
"""A bet id, as paytables and ``--bet`` spell it."""

BET_IDS: tuple[str, ...] = get_args(BetId)
"""Every bet, in the order every output lists them."""
