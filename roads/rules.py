"""The drawing rules of punto banco (rulebook section 3), as plain functions.

Nobody chooses: these functions are the whole of the game's decisions.
"""

from __future__ import annotations

BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}
"""The Banker tableau: for each Banker two-card total, the Player third-card values it draws on."""


def is_natural(total: int) -> bool:
    """Return True for a two-card 8 or 9."""
    return total >= 8


def player_draws(player_total: int) -> bool:
    """Return True when Player draws on its two-card total (0-5 draw, 6-7 stand)."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Return True when Banker draws, given Player's third-card value or None if Player stood."""
    if player_third is None:
        return banker_total <= 5
    return player_third in BANKER_DRAWS_ON.get(banker_total, frozenset())


def tableau_reason(banker_total: int, player_third: int) -> str:
    """Return the tableau row for a Banker total in words, e.g. 'Banker 4 draws on 2-7'."""
    draws = sorted(BANKER_DRAWS_ON[banker_total])
    if not draws:
        return f"Banker {banker_total} always stands"
    if len(draws) == 10:
        return f"Banker {banker_total} always draws"
    stands = [v for v in range(10) if v not in draws]
    return f"Banker {banker_total} draws on {_ranges(draws)} and stands on {_ranges(stands)}"


def with_article(value: int) -> str:
    """Return 'a 6' or 'an 8': the value with the article a reader would say."""
    return f"an {value}" if value == 8 else f"a {value}"


def _ranges(values: list[int]) -> str:
    parts: list[str] = []
    start = prev = values[0]
    for v in [*values[1:], None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return ", ".join(parts)
