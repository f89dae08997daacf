"""The statistics panel (rulebook section 10), kept up to date in O(1) per coup by the Scoreboard."""

from __future__ import annotations

from dataclasses import dataclass

from ..enums import Game


@dataclass(slots=True)
class Stats:
    """Counts of a shoe so far: results, pairs, naturals and the longest streak of each side."""

    coups: int = 0
    banker: int = 0
    player: int = 0
    tie: int = 0
    banker_pairs: int = 0
    player_pairs: int = 0
    naturals: int = 0
    longest_banker: int = 0
    longest_player: int = 0

    def add(self, other: Stats) -> None:
        """Add another shoe's (or group's) counts to these; the longest streaks are the longer of the two."""
        self.coups += other.coups
        self.banker += other.banker
        self.player += other.player
        self.tie += other.tie
        self.banker_pairs += other.banker_pairs
        self.player_pairs += other.player_pairs
        self.naturals += other.naturals
        self.longest_banker = max(self.longest_banker, other.longest_banker)
        self.longest_player = max(self.longest_player, other.longest_player)

    def share(self, count: int) -> float:
        """Return ``count`` as a share of all coups (0.0 for an empty shoe)."""
        return count / self.coups if self.coups else 0.0

    def to_dict(self) -> dict[str, object]:
        """Return the panel as JSON-ready data, shares included."""
        return {
            "coups": self.coups,
            "banker": self.banker,
            "player": self.player,
            "tie": self.tie,
            "banker_share": round(self.share(self.banker), 6),
            "player_share": round(self.share(self.player), 6),
            "tie_share": round(self.share(self.tie), 6),
            "banker_pairs": self.banker_pairs,
            "player_pairs": self.player_pairs,
            "naturals": self.naturals,
            "longest_banker_streak": self.longest_banker,
            "longest_player_streak": self.longest_player,
        }


def percent(count: int, total: int) -> str:
    """Return ``count`` as a share of ``total`` with one decimal: ``47.5%`` (``0.0%`` of nothing)."""
    return f"{100 * count / total:.1f}%" if total else "0.0%"


def result_counts(stats: Stats, game: Game = Game.BACCARAT) -> str:
    """Return each result's count and share: ``Banker 18 (58.1%), Player 13 (41.9%), Tie 0 (0.0%)``."""
    return ", ".join(
        f"{name} {n} ({percent(n, stats.coups)})"
        for name, n in ((game.banker, stats.banker), (game.player, stats.player), ("Tie", stats.tie))
    )
