"""The third-card drill: seeded situations (two-card totals, Player's third card) with answers and reasons.

Answers come from roads.rules alone, so the drill can never teach a rule the
engine does not play. The same seed gives the same drill on every machine
(roads.shoe.SeededStream, not Python's random).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import RANKS, rank_value
from ..errors import LessonError
from ..rules import banker_draws, is_natural, player_draws, tableau_reason
from ..scene.hand import with_article_card
from ..shoe import SeededStream

if TYPE_CHECKING:
    from ..pages.shell import Page

MAX_COUNT = 1000
SHOWN_RANK = {"T": "10"}


@dataclass(frozen=True, slots=True)
class Situation:
    """One question: both two-card totals and the card Player would take, with the answer and why."""

    number: int
    player_total: int
    banker_total: int
    third_card: str
    """The rank Player draws if Player draws (``K``, ``7``); ignored when Player stands."""

    @property
    def third_value(self) -> int:
        """Return the baccarat value of the third card (K is 0)."""
        return rank_value(self.third_card)

    @property
    def natural(self) -> bool:
        """Return True when either two-card total is 8 or 9: nobody draws."""
        return is_natural(self.player_total) or is_natural(self.banker_total)

    @property
    def player_draws(self) -> bool:
        """Return True when Player takes a third card."""
        return not self.natural and player_draws(self.player_total)

    @property
    def banker_draws(self) -> bool:
        """Return True when Banker takes a third card."""
        if self.natural:
            return False
        return banker_draws(self.banker_total, self.third_value if self.player_draws else None)

    @property
    def card_name(self) -> str:
        """Return the third card as printed: ``10`` for T."""
        return SHOWN_RANK.get(self.third_card, self.third_card)

    def question(self) -> str:
        """Return the situation in words."""
        return (
            f"Player has {self.player_total}, Banker has {self.banker_total}. If Player draws, "
            f"the card is {with_article_card(self.card_name)}."
        )

    def player_reason(self) -> str:
        """Return why Player draws or stands."""
        if self.natural:
            return self.natural_reason()
        if self.player_draws:
            return f"Player {self.player_total} draws (Player draws on 0-5)."
        return f"Player {self.player_total} stands (Player stands on 6-7)."

    def banker_reason(self) -> str:
        """Return why Banker draws or stands."""
        if self.natural:
            return self.natural_reason()
        verb = "draws" if self.banker_draws else "stands"
        if not self.player_draws:
            return f"Player stood, so Banker draws on 0-5 and stands on 6-7: Banker {self.banker_total} {verb}."
        value = self.third_value
        worth = "" if str(value) == self.card_name else f" (worth {value})"
        return (
            f"Player drew {with_article_card(self.card_name)}{worth}, so the tableau applies: "
            f"{tableau_reason(self.banker_total, value)}, so Banker {self.banker_total} {verb}."
        )

    def natural_reason(self) -> str:
        """Return the natural sentence: who has it, and that nobody draws."""
        who = " and ".join(
            f"{side} {t}" for side, t in (("Player", self.player_total), ("Banker", self.banker_total)) if is_natural(t)
        )
        return f"A natural ({who}): nobody draws."

    def to_dict(self) -> dict[str, object]:
        """Return the situation and its answer as JSON-ready data."""
        cell = None
        if not self.natural and self.player_draws:
            cell = {"banker_total": self.banker_total, "player_third": self.third_value}
        return {
            "number": self.number,
            "player_total": self.player_total,
            "banker_total": self.banker_total,
            "third_card": self.card_name,
            "third_value": self.third_value,
            "natural": self.natural,
            "player_draws": self.player_draws,
            "banker_draws": self.banker_draws,
            "player_reason": self.player_reason(),
            "banker_reason": self.banker_reason(),
            "cell": cell,
        }


def check_count(count: int) -> None:
    """Raise LessonError unless ``count`` is a number of situations a drill holds (1 to MAX_COUNT)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise LessonError(f"a drill has 1 to {MAX_COUNT} situations, got {count}")


def drill(count: int = 10, seed: int | str = 1) -> list[Situation]:
    """Return ``count`` situations drawn from ``seed``: totals 0-9 each, the third card any rank."""
    check_count(count)
    stream = SeededStream(f"drill:{seed}")
    return [
        Situation(n, stream.below(10), stream.below(10), RANKS[stream.below(len(RANKS))]) for n in range(1, count + 1)
    ]


def yes(flag: bool) -> str:
    """Return 'draws' or 'stands'."""
    return "draws" if flag else "stands"


def drill_text(situations: list[Situation], seed: int | str) -> str:
    """Return the drill as plain text: the questions first, then the answers with their reasons."""
    lines = [f"Third-card drill, seed {seed}: does Player draw? does Banker draw?", ""]
    lines += [f"{s.number:3d}. {s.question()}" for s in situations]
    lines += ["", "Answers:", ""]
    for s in situations:
        lines.append(f"{s.number:3d}. Player {yes(s.player_draws)}, Banker {yes(s.banker_draws)}.")
        if s.natural:
            lines.append(f"     {s.natural_reason()}")
        else:
            lines.append(f"     {s.player_reason()}")
            lines.append(f"     {s.banker_reason()}")
    return "\n".join(lines) + "\n"


def drill_json(situations: list[Situation], seed: int | str) -> str:
    """Return the drill as JSON: the seed and every situation with its answer."""
    return (
        json.dumps(
            {"seed": seed, "count": len(situations), "situations": [s.to_dict() for s in situations]},
            ensure_ascii=False,
            indent=2,
        )
        + "\n"
    )


def drill_html(situations: list[Situation], seed: int | str, title: str | None = None) -> str:
    """Return the drill as a self-checking quiz page (offline; answers in <details> when JavaScript is off)."""
    return drill_page(situations, seed, title).html


def drill_page(situations: list[Situation], seed: int | str, title: str | None = None) -> Page:
    """Return the drill's page with its policy (a server answers the policy as its header)."""
    from ..pages.csp import Policy
    from ..pages.shell import inline, standalone

    policy = Policy(scripts=inline("drill.js"), styles=inline("drill.css"))
    heading = title or f"Third-card drill (seed {seed})"
    return standalone("drill.html", title=heading, policy=policy, situations=situations, yes=yes)


FORMATS = {"text": drill_text, "json": drill_json}
