"""A worked hand as a Scene: both hands' cards as drawn faces, the totals, and the rule behind every step."""

from __future__ import annotations

from ..cards import Card
from ..coup import Coup
from ..outcome import Winner
from .clean import clean
from .labels import FONT_FAMILY
from .pips import RED_SUITS, pip
from .primitives import Circle, Group, Item, Rect, Scene, Symbol, Text, Use
from .symbols import centred_text, paragraph, wrap
from .themes import Theme
from .themes import theme as find_theme

WIDTH = 640.0
PAD = 16.0
CARD_W, CARD_H = 58.0, 82.0
CARD_GAP = 10.0
THIRD_GAP = 22.0
"""Extra room before a third card: it was dealt after both hands had two."""
LABEL_W = 112.0
ROW_H = CARD_H + 34
TITLE = 16.0
TEXT = 12.5
STEP_LINE = 18.0
FACE = "#ffffff"
INK = "#1f2933"
RED_INK = "#c62828"
RULE_NAMES = {"natural": "Natural check", "player": "Player's rule", "banker": "Banker's rule", "result": "Result"}
SHOWN_RANK = {"T": "10"}


def hand_scene(coup: Coup, *, theme: str = "classic", title: str | None = None) -> Scene:
    """Return the picture of ``coup``: the cards in dealing order, the totals and each step's rule."""
    return _Hand(coup, find_theme(theme), clean(title) if title else None).scene()


def with_article_card(name: str) -> str:
    """Return 'an 8', 'an A', 'a K': a card name with the article a reader would say."""
    return f"an {name}" if name in ("8", "A") else f"a {name}"


def dealing_numbers(coup: Coup) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return each hand's cards' places in the dealing order (from 1): ``((1, 3, 5), (2, 4, 6))``."""
    player = (1, 3) + ((5,) if len(coup.player) == 3 else ())
    banker = (2, 4) + ((len(coup.player) + 3,) if len(coup.banker) == 3 else ())
    return player, banker


class _Hand:
    """One coup laid out once, in model units (one unit is one pixel at scale 1)."""

    def __init__(self, coup: Coup, t: Theme, title: str | None) -> None:
        self.coup, self.t = coup, t
        result = coup.steps[-1].text if coup.steps else f"{coup.winner.value.title()} wins."
        self.title = title or result
        self.symbols: dict[str, Symbol] = {}

    def scene(self) -> Scene:
        """Return the finished scene."""
        t, coup = self.t, self.coup
        items: list[Item] = []
        y = PAD
        title, y = paragraph(self.title, PAD, y, WIDTH - 2 * PAD, TITLE, t.text, leading=1.3, bold=True)
        items.append(Group(tuple(title), id="title", classes="title"))
        y += 14
        numbers = dealing_numbers(coup)
        for side, cards, order, total in (
            ("player", coup.player, numbers[0], coup.player_total),
            ("banker", coup.banker, numbers[1], coup.banker_total),
        ):
            items.append(self.hand(side, cards, order, total, y))
            y += ROW_H
        y += 6
        y = self.steps(items, y)
        return Scene(
            width=WIDTH,
            height=round(y + PAD),
            background=t.background,
            symbols=tuple(self.symbols[k] for k in sorted(self.symbols)),
            items=tuple(items),
            title=self.title,
            desc=self.desc(),
            font_family=FONT_FAMILY["en"],
            base_cell=24.0,
        )

    def hand(self, side: str, cards: tuple[Card, ...], order: tuple[int, ...], total: int, y: float) -> Group:
        """Return one hand's row: its name and two-card total, the card faces, and the final total."""
        t, coup = self.t, self.coup
        colour = getattr(t, side)
        first_two = (cards[0].value + cards[1].value) % 10
        items: list[Item] = [
            Text(PAD, y + 24, side.title(), 17.0, colour, anchor="start", bold=True),
            Text(PAD, y + 44, f"first two: {first_two}", 11.5, t.muted, anchor="start"),
        ]
        if len(cards) == 3:
            items.append(
                Text(
                    PAD,
                    y + 60,
                    f"drew {with_article_card(SHOWN_RANK.get(cards[2].rank, cards[2].rank))}",
                    11.5,
                    t.muted,
                    anchor="start",
                )
            )
        x = PAD + LABEL_W
        for i, (card, number) in enumerate(zip(cards, order, strict=False)):
            if i == 2:
                x += THIRD_GAP - CARD_GAP
            items.append(self.card(card, x, y, number, third=i == 2))
            x += CARD_W + CARD_GAP
        cx, cy = WIDTH - PAD - 60, y + CARD_H / 2
        won = coup.winner.value == side
        tie = coup.winner is Winner.TIE
        items.append(Circle(cx, cy, 24, fill=colour if won else t.background, stroke=colour, width=3.0))
        items.append(centred_text(cx, cy, str(total), 22.0, t.on_disc if won else colour, bold=True))
        verdict = "wins" if won else "tie" if tie else "loses"
        items.append(centred_text(cx, cy + 38, f"total {total}, {verdict}", 11.5, colour if won else t.muted))
        return Group(
            tuple(items),
            id=f"hand-{side}",
            classes=f"hand {side}",
            data=(("total", str(total)), ("cards", str(len(cards)))),
        )

    def card(self, card: Card, x: float, y: float, number: int, *, third: bool) -> Group:
        """Return one card face (a rounded rectangle with its rank and suit) and its place in the deal."""
        t = self.t
        ink = RED_INK if card.suit in RED_SUITS else INK
        rank = SHOWN_RANK.get(card.rank, card.rank)
        items: list[Item] = [Rect(x, y, CARD_W, CARD_H, fill=FACE, stroke=t.border, width=1.2, rx=6)]
        items.append(Text(x + 6, y + 17, rank, 15.0, ink, anchor="start", bold=True))
        if card.suit:
            items.append(Use(self.pip(card.suit, 10.0, ink), x + 6 + 4.5 * (len(rank) > 1) + 5, y + 27))
            items.append(Use(self.pip(card.suit, 28.0, ink), x + CARD_W / 2, y + CARD_H / 2 + 6))
        else:
            items.append(centred_text(x + CARD_W / 2, y + CARD_H / 2 + 4, rank, 28.0, ink, bold=True))
        caption = f"card {number}" + (", third" if third else "")
        items.append(centred_text(x + CARD_W / 2, y + CARD_H + 13, caption, 10.5, t.muted))
        return Group(
            tuple(items),
            classes="card" + (" third" if third else ""),
            data=(("card", str(card)), ("dealt", str(number))),
        )

    def pip(self, suit: str, size: float, ink: str) -> str:
        """Return the id of a suit pip symbol, made the first time it is needed."""
        id = f"pip-{suit}-{size:g}"
        if id not in self.symbols:
            self.symbols[id] = Symbol(id, pip(suit, size, ink))
        return id

    def steps(self, items: list[Item], y: float) -> float:
        """Add the numbered steps, each with the rule that fired; return the new bottom."""
        t = self.t
        rows: list[Item] = [Text(PAD, y + 12, "Step by step", 13.0, t.text, anchor="start", bold=True)]
        y += 22
        text_x = PAD + 124
        for n, step in enumerate(self.coup.steps, 1):
            name = RULE_NAMES.get(step.rule, step.rule)
            lines = wrap(step.text, WIDTH - PAD - text_x, TEXT)
            height = max(1, len(lines)) * STEP_LINE
            badge: list[Item] = [
                Rect(PAD, y + 2, 116, 20, fill=t.highlight_tint, rx=10),
                centred_text(PAD + 10, y + 12, f"{n}. {name}", 11.0, t.text, anchor="start"),
            ]
            for i, line in enumerate(lines):
                badge.append(Text(text_x, y + 16 + i * STEP_LINE, line, TEXT, t.text, anchor="start"))
            data: tuple[tuple[str, str], ...] = (("rule", step.rule), ("decision", step.decision))
            if step.cell is not None:
                data += (("cell", f"{step.cell[0]}:{step.cell[1]}"),)
            rows.append(Group(tuple(badge), classes=f"step {step.rule}", data=data))
            y += height + 8
        items.append(Group(tuple(rows), id="steps", classes="steps"))
        return y

    def desc(self) -> str:
        """Return the hand in words: the cards, then the steps."""
        c = self.coup
        player = " ".join(str(card) for card in c.player)
        banker = " ".join(str(card) for card in c.banker)
        return f"Player {player} (total {c.player_total}); Banker {banker} (total {c.banker_total}).\n{c.explain()}"
