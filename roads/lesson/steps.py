"""What the lesson page's step-through shows at each coup k: the stats panel and the asks of the first k coups.

Marks, beads and tie slashes carry the coup that drew them (``data-coup``), so
the page's script hides what came later. The panel's figures change with every
coup, so they are computed here, once per k, by the same :func:`~roads.scene.panel.panel`
that draws the board, and written into the page as data: the script never
counts, so its figures cannot drift from the board's.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator

from ..outcome import Outcome
from ..scene.labels import LABELS
from ..scene.panel import panel
from ..scene.primitives import Group, Item, Rect, Scene, Symbol, Text
from ..scene.symbols import SymbolBook
from ..scene.themes import THEMES
from ..scoreboard import Scoreboard


def _find(items: Iterable[Item], id: str) -> Group | None:
    """Return the group with ``id`` among ``items``, at any depth."""
    for item in items:
        if isinstance(item, Group):
            if item.id == id:
                return item
            found = _find(item.items, id)
            if found is not None:
                return found
    return None


def _boards(outcomes: Iterable[Outcome]) -> Iterator[Scoreboard]:
    """Yield the board of the first k outcomes for k = 0, 1, 2, ... (one board, grown a coup at a time)."""
    board = Scoreboard()
    yield board
    for outcome in outcomes:
        board.add(outcome)
        yield board


def steps(
    scene: Scene, outcomes: Iterable[Outcome], prefix: str, *, theme: str, labels: str = "en"
) -> tuple[str, Scene, frozenset[str]]:
    """Return (the step data as JSON, ``scene`` with every symbol the steps' asks need, every text a step shows).

    The texts are what the page's script writes into the board at some k, so
    the page's embedded fonts hold their characters too.

    The data holds, for each text of the stats panel that changes, its words
    (and its x where that moves too) at every k, and the asks badges' markup,
    each different one once, with the one each k shows.
    """
    from ..render.svg import items_svg, num
    from ..render.svgfonts import item_texts

    stats = _find(scene.items, "stats")
    if stats is None or not stats.items or not isinstance(stats.items[0], Rect):
        return "", scene, frozenset()
    frame = stats.items[0]
    book = SymbolBook(THEMES[theme], LABELS[labels])
    words: list[list[str]] = []
    xs: list[list[float]] = []
    asks: dict[Group, int] = {}
    shown: list[int] = []
    shows: set[str] = set()
    for board in _boards(outcomes):
        drawn = panel(board, book.theme, book.labels, book, frame.x, frame.y, frame.w, frame.h)
        shows.update(item_texts(drawn.items))
        texts = [item for item in drawn.items if isinstance(item, Text)]
        words.append([t.text for t in texts])
        xs.append([t.x for t in texts])
        badges = drawn.items[-1]
        assert isinstance(badges, Group) and badges.id == "asks"
        shown.append(asks.setdefault(badges, len(asks)))
    data: dict[str, object] = {
        # Per text of the panel, in the order the board draws them, its value at k = 0, 1, 2...
        # separated by spaces; null when it never changes.
        "words": [_changing(column) for column in zip(*words, strict=True)],
        "x": [_changing(tuple(map(num, column))) if len(set(column)) > 1 else None for column in zip(*xs, strict=True)],
        # Each different set of ask badges once, and the one each k shows.
        "asks": [items_svg(badges.items, prefix) for badges in asks],
        "ask": shown,
    }
    have = {symbol.id for symbol in scene.symbols}
    extra = [symbol for symbol in book.sorted() if symbol.id not in have]
    if extra:
        symbols: tuple[Symbol, ...] = tuple(sorted((*scene.symbols, *extra), key=lambda s: s.id))
        scene = dataclasses.replace(scene, symbols=symbols)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")), scene, frozenset(shows)


def _changing(values: tuple[str, ...]) -> str | None:
    """Return ``values`` joined by spaces when they differ from one k to another, else None (the board shows them).

    A panel figure is a count, a share or a streak, never a space: one string a text keeps the page small.
    """
    if len(set(values)) == 1:
        return None
    if any(" " in value for value in values):
        raise ValueError(f"a stats figure with a space: {values!r}")
    return " ".join(values)
