"""Resolve one coup from its cards (rulebook sections 2-4), with a decision trace.

The trace is the check a supervisor does when a hand is disputed: the natural
check, the Player rule, the Banker rule (and tableau cell), and the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .cards import Card, hand_total, parse_card
from .display import NotebookDisplay
from .errors import CardError, CoupError, excerpt
from .outcome import Outcome, Winner
from .rules import banker_draws, is_natural, player_draws, tableau_reason, with_article


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the trace: which rule, what it decided, and why in words."""

    rule: str
    """``natural``, ``player``, ``banker`` or ``result``."""
    decision: str
    """``natural``/``play on``, ``draw``/``stand``, or the winner."""
    text: str
    branch: str | None = None
    """For the Banker rule: ``player stood`` or ``player drew``."""
    cell: tuple[int, int] | None = None
    """For the tableau: (Banker total, value of Player's third card)."""

    def to_dict(self) -> dict[str, object]:
        """Return the step as JSON-ready data."""
        data: dict[str, object] = {"rule": self.rule, "decision": self.decision, "text": self.text}
        if self.branch is not None:
            data["branch"] = self.branch
        if self.cell is not None:
            data["cell"] = {"banker_total": self.cell[0], "player_third": self.cell[1]}
        return data


@dataclass(frozen=True, slots=True)
class Coup(NotebookDisplay):
    """A resolved coup: both hands, totals, winner, pairs, natural and the decision trace."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int
    banker_total: int
    winner: Winner
    natural: bool
    banker_pair: bool
    player_pair: bool
    steps: tuple[Step, ...] = field(default=(), compare=False)

    @property
    def cards(self) -> int:
        """Return how many cards the coup used (4, 5 or 6)."""
        return len(self.player) + len(self.banker)

    def __repr__(self) -> str:
        dealt = " ".join(map(str, self.dealt))
        result = "a tie" if self.winner is Winner.TIE else f"{self.winner.value.capitalize()} wins"
        return f"<Coup {dealt}: Player {self.player_total}, Banker {self.banker_total}, {result}>"

    @property
    def dealt(self) -> tuple[Card, ...]:
        """Return the cards in the order they left the shoe."""
        order = [self.player[0], self.banker[0], self.player[1], self.banker[1]]
        order += self.player[2:] + self.banker[2:]
        return tuple(order)

    def outcome(self) -> Outcome:
        """Return what this coup contributes to the roads."""
        return Outcome(
            self.winner,
            self.banker_pair,
            self.player_pair,
            self.natural,
            self.player_total,
            self.banker_total,
            self.cards,
        )

    def explain(self) -> str:
        """Return the decision trace as prose, one step a line."""
        return "\n".join(f"{i}. {step.text}" for i, step in enumerate(self.steps, 1))

    def to_dict(self) -> dict[str, object]:
        """Return the coup as JSON-ready data (the ``roads coup --json`` contract)."""
        return {
            "winner": self.winner.value,
            "player_cards": [str(c) for c in self.player],
            "banker_cards": [str(c) for c in self.banker],
            "player_total": self.player_total,
            "banker_total": self.banker_total,
            "natural": self.natural,
            "banker_pair": self.banker_pair,
            "player_pair": self.player_pair,
            "cards": self.cards,
            "steps": [step.to_dict() for step in self.steps],
        }


def _names(cards: Sequence[Card]) -> str:
    return "+".join(str(c) for c in cards)


def expected_cards(first_four: Sequence[Card], fifth: Card | None = None) -> int:
    """Return how many cards the rules make a coup use, from its first four (and fifth) cards."""
    p = (first_four[0].value + first_four[2].value) % 10
    b = (first_four[1].value + first_four[3].value) % 10
    if is_natural(p) or is_natural(b):
        return 4
    if player_draws(p):
        if fifth is None:
            return 5
        return 6 if banker_draws(b, fifth.value) else 5
    return 5 if banker_draws(b, None) else 4


def split_dealt(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Return (player, banker) hands from cards in dealing order.

    The 5th card is Player's when Player's two cards call for a draw (and
    nobody has a natural), otherwise Banker's; a 6th card is Banker's.
    """
    if len(cards) < 4:
        raise CoupError(f"a coup needs at least 4 cards, got {len(cards)}")
    if len(cards) > 6:
        raise CoupError(f"a coup uses at most 6 cards, got {len(cards)}")
    player = [cards[0], cards[2]]
    banker = [cards[1], cards[3]]
    p, b = hand_total(player), hand_total(banker)
    rest = list(cards[4:])
    if rest and not (is_natural(p) or is_natural(b)) and player_draws(p):
        player.append(rest.pop(0))
    banker.extend(rest)
    if len(banker) > 3:
        # Six cards where Player stands (or a natural): the extras are all Banker's.
        raise CoupError(
            f"too many cards: {len(cards)} cards, but Player {p} takes no third card, so Banker would hold 4 cards"
        )
    return tuple(player), tuple(banker)


def audit_hands(player: Sequence[Card], banker: Sequence[Card]) -> list[str]:
    """Return every drawing rule these two hands break, in words (empty when legal)."""
    problems: list[str] = []
    if len(player) < 2 or len(banker) < 2:
        problems.append("each hand needs two cards")
        return problems
    if len(player) > 3 or len(banker) > 3:
        problems.append("a hand holds at most three cards")
        return problems
    p, b = hand_total(player[:2]), hand_total(banker[:2])
    p3 = player[2] if len(player) == 3 else None
    b3 = banker[2] if len(banker) == 3 else None
    if is_natural(p) or is_natural(b):
        side = "Player" if is_natural(p) else "Banker"
        total = p if is_natural(p) else b
        if p3 is not None:
            problems.append(f"Player drew {p3} although {side} has a natural {total}: nobody draws on a natural")
        if b3 is not None:
            problems.append(f"Banker drew {b3} although {side} has a natural {total}: nobody draws on a natural")
        return problems
    if player_draws(p) and p3 is None:
        problems.append(f"Player {p} must draw (Player draws on 0-5) but took no third card")
    elif not player_draws(p) and p3 is not None:
        problems.append(f"Player {p} must stand (Player stands on 6-7) but drew {p3}")
    must = banker_draws(b, p3.value if p3 is not None else None)
    why = (
        "Player stood, so Banker draws on 0-5 and stands on 6-7"
        if p3 is None
        else f"Player's third card is {p3.value}; {tableau_reason(b, p3.value)}"
    )
    if must and b3 is None:
        problems.append(f"Banker {b} must draw ({why}) but took no third card")
    elif not must and b3 is not None:
        problems.append(f"Banker {b} must stand ({why}) but drew {b3}")
    return problems


def cards_of(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Return the cards a string (``"3 6 K K 6 2"``, commas allowed), tokens or Cards name; CardError if one is not."""
    tokens: Iterable[Card | str] = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    hand = []
    for i, token in enumerate(tokens, 1):
        if isinstance(token, Card):
            hand.append(token)
        elif isinstance(token, str):
            try:
                hand.append(parse_card(token))
            except CardError as exc:
                raise CardError(f"card {i}: {exc.message}") from None
        else:
            raise CardError(
                f"card {i}: {excerpt(repr(token))} is not a card: give a Card or a token such as 'K' or '10H'"
            )
    return tuple(hand)


def resolve(cards: str | Iterable[Card | str]) -> Coup:
    """Return the coup these cards (in dealing order) make; raise CoupError if the rules disagree.

    ``cards`` is a string (``"3 6 K K 6 2"``, commas allowed), a sequence of
    tokens (``["3", "6", "K"...]``) or of :class:`Card`.
    """
    player, banker = split_dealt(cards_of(cards))
    problems = audit_hands(player, banker)
    if problems:
        raise CoupError("; ".join(problems))
    return _build(player, banker)


def resolve_hands(player: Sequence[Card], banker: Sequence[Card]) -> Coup:
    """Return the coup two explicit hands make; raise CoupError if the rules disagree."""
    problems = audit_hands(player, banker)
    if problems:
        raise CoupError("; ".join(problems))
    return _build(tuple(player), tuple(banker))


def draw_coup(next_card: Callable[[], Card]) -> Coup:
    """Return the next coup dealt from a shoe: the rules decide who gets the 5th and 6th card."""
    p1, b1, p2, b2 = next_card(), next_card(), next_card(), next_card()
    player, banker = [p1, p2], [b1, b2]
    p, b = hand_total(player), hand_total(banker)
    if not (is_natural(p) or is_natural(b)):
        third = None
        if player_draws(p):
            third = next_card()
            player.append(third)
        if banker_draws(b, third.value if third is not None else None):
            banker.append(next_card())
    return _build(tuple(player), tuple(banker))


def _build(player: tuple[Card, ...], banker: tuple[Card, ...]) -> Coup:
    """Return the Coup for two legal hands, with its decision trace."""
    p2, b2 = hand_total(player[:2]), hand_total(banker[:2])
    steps: list[Step] = []
    natural = is_natural(p2) or is_natural(b2)
    opening = f"Player has {p2} ({_names(player[:2])}), Banker has {b2} ({_names(banker[:2])})"
    if natural:
        who = " and ".join(f"{side} {t}" for side, t in (("Player", p2), ("Banker", b2)) if is_natural(t))
        steps.append(Step("natural", "natural", f"{opening}: a natural ({who}), so nobody draws."))
    else:
        steps.append(Step("natural", "play on", f"{opening}: no natural (8 or 9), so the drawing rules apply."))
        third = player[2] if len(player) == 3 else None
        cell: tuple[int, int] | None = None
        if third is not None:
            steps.append(
                Step(
                    "player",
                    "draw",
                    f"Player {p2} draws (Player draws on 0-5): draws {third}, Player now has {hand_total(player)}.",
                )
            )
            cell = (b2, third.value)
            branch = "player drew"
            why = f"Player drew {with_article(third.value)}, so the tableau applies: {tableau_reason(*cell)}, so "
        else:
            steps.append(Step("player", "stand", f"Player {p2} stands (Player stands on 6-7)."))
            branch = "player stood"
            why = "Player stood, so Banker draws on 0-5 and stands on 6-7: "
        draws = len(banker) == 3
        verb = "draws" if draws else "stands"
        got = f": draws {banker[2]}, Banker now has {hand_total(banker)}" if draws else ""
        steps.append(
            Step("banker", "draw" if draws else "stand", f"{why}Banker {b2} {verb}{got}.", branch=branch, cell=cell)
        )
    pt, bt = hand_total(player), hand_total(banker)
    if pt > bt:
        winner, result = Winner.PLAYER, f"Player {pt} beats Banker {bt}: Player wins."
    elif bt > pt:
        winner, result = Winner.BANKER, f"Banker {bt} beats Player {pt}: Banker wins."
    else:
        winner, result = Winner.TIE, f"Player {pt} and Banker {bt}: a tie."
    steps.append(Step("result", winner.value, result))
    return Coup(
        player=player,
        banker=banker,
        player_total=pt,
        banker_total=bt,
        winner=winner,
        natural=natural,
        banker_pair=banker[0].rank == banker[1].rank,
        player_pair=player[0].rank == player[1].rank,
        steps=tuple(steps),
    )
