"""What ``roads build --per-shoe`` prints: a line of statistics a shoe, then the count of shoes and coups
(with ``--json``, :func:`roads.cli.output.json_line` a shoe)."""

from __future__ import annotations

from typing import Any

from ...enums import Game
from ...errors import one_line


def shoe_line(stats: dict[str, Any], game: Game = Game.BACCARAT) -> str:
    """Return one shoe's statistics as one line of text (Dragon and Tiger by name in Dragon Tiger)."""
    coups = stats["coups"]

    def share(n: int) -> str:
        return f"{n} ({100 * n / coups:.1f}%)" if coups else str(n)

    if game is Game.DRAGON_TIGER:
        return (
            f"{one_line(str(stats['shoe']))}: {coups} coup{'' if coups == 1 else 's'}, "
            f"Dragon {share(stats['banker'])}, Tiger {share(stats['player'])}, Tie {share(stats['tie'])}; "
            f"longest streak D {stats['longest_banker_streak']} T {stats['longest_player_streak']}"
        )
    line = (
        f"{one_line(str(stats['shoe']))}: {coups} coup{'' if coups == 1 else 's'}, "
        f"Banker {share(stats['banker'])}, Player {share(stats['player'])}, Tie {share(stats['tie'])}; "
        f"pairs B {stats['banker_pairs']} P {stats['player_pairs']}; naturals {stats['naturals']}; "
        f"longest streak B {stats['longest_banker_streak']} P {stats['longest_player_streak']}"
    )
    if "events" in stats:
        from ...bets.events import events_line

        line += "; " + ("events not known (no cards)" if stats["events"] is None else events_line(stats["events"]))
    return line


def shoes_total(shoes: int, coups: int) -> str:
    """Return the closing line: how many shoes and coups were built."""
    return f"{shoes} shoe{'' if shoes == 1 else 's'}, {coups} coup{'' if coups == 1 else 's'}"
