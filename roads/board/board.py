"""The model's board: all five roads, ask roads and statistics, built one coup or one batch at a time.

It counts and proves but does not draw: the public :class:`roads.Scoreboard`
(:mod:`roads.scoreboard`, above the renderer) adds the pictures and the text.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Self

from ..display import NotebookDisplay
from ..enums import Game
from ..errors import LogError, excerpt
from ..outcome import Outcome, Winner
from .bead_plate import BeadPlate
from .big_road import BigRoad
from .derived import DerivedRoad
from .marks import Color, judge, reaches, verdict, verdicts
from .names import Road
from .stats import Stats

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from ..coup import Coup
    from ..logs import LogSource
    from .explain import Proof

REPR_COUPS = 40
"""Boards of up to this many coups repr as the full call that rebuilds them; longer ones are cut."""

BATCH = 1 << 16
"""Coups extend() hands on at once (and from_results builds at once): big enough to amortize the call and the
array path's passes, small enough that its temporary arrays stay in cache."""

BULK = 4096
"""A batch of at least this many coups takes the array path (:meth:`Board._add_many`); fewer, the loop."""

_SKIPPED = str.maketrans("", "", " ,\t\n")
"""What from_results ignores between letters."""


class Board(NotebookDisplay):
    """A shoe's board: ``bead_plate``, ``big_road``, the three derived roads, ``ask()``, ``stats``, proofs.

    Adding a coup costs O(1): nothing is rebuilt. A board keeps about 50 bytes
    a coup (compact arrays; outcomes are shared), so ten million coups fit in
    well under a gigabyte.
    """

    __slots__ = ("_derived", "bead_plate", "big_eye_boy", "big_road", "cockroach_pig", "game", "small_road", "stats")

    def __init__(self, game: Game = Game.BACCARAT) -> None:
        # Dragon Tiger draws Dragon in Banker's place and Tiger in Player's: only the names and letters differ.
        self.game = game
        self.bead_plate = BeadPlate()
        self.big_road = BigRoad(self.bead_plate.outcomes)
        self.big_eye_boy = DerivedRoad(Road.BIG_EYE_BOY, self.big_road)
        self.small_road = DerivedRoad(Road.SMALL_ROAD, self.big_road)
        self.cockroach_pig = DerivedRoad(Road.COCKROACH_PIG, self.big_road)
        self._derived = (self.big_eye_boy, self.small_road, self.cockroach_pig)
        self.stats = Stats()

    @classmethod
    def from_results(cls, results: str, *, game: Game = Game.BACCARAT) -> Self:
        """Return the board of a plain run of B/P/T letters (spaces and commas ignored), drawn as ``game``."""
        board = cls(game)
        if len(results) >= BULK and results.isascii():
            # Bytes: deleting separators and checking the letters are single C passes, not a dict lookup a character.
            data = results.encode("ascii").translate(None, _SKIPPED_BYTES)
            if not data.translate(None, _LETTER_BYTES):
                board._add_letters(data)
                board.place()
                return board
        letters = results.translate(_SKIPPED)
        if _LETTER_SET.issuperset(letters):
            board.extend(map(_LETTERS.__getitem__, letters))
        else:
            board.extend(letters)  # the bad letter raises its own error when it is reached
        board.place()
        return board

    def _add_letters(self, data: bytes) -> None:
        """Add a run of the ASCII letters B, P, T (any case) through the array path, a batch at a time."""
        import numpy as np

        codes = _letter_codes()[np.frombuffer(data, np.uint8)]
        for start in range(0, len(data), BATCH):
            chunk = data[start : start + BATCH]
            # One itemgetter call looks a whole batch up in C (a few times faster than a map).
            outcomes = itemgetter(*chunk)(_BYTE_TABLE) if len(chunk) > 1 else (_BYTE_TABLE[chunk[0]],)
            # Plain letters carry no pairs or naturals: nothing to count there.
            self._add_many(outcomes, codes[start : start + BATCH], plain=True)

    @classmethod
    def from_outcomes(cls, outcomes: Iterable[Outcome | Coup | str], *, game: Game = Game.BACCARAT) -> Self:
        """Return the board of a sequence of outcomes, coups, letters or words (see :meth:`add`) in ``game``."""
        board = cls(game)
        board.extend(outcomes)
        board.place()
        return board

    @classmethod
    def from_log(cls, source: LogSource, fmt: str | None = None) -> Self:
        """Return the board of a shoe log in any format: a path, ``"-"`` for stdin, or an open stream.

        ``fmt`` forces a format (see :data:`roads.logs.FORMATS`); None detects
        it. Errors are those of :func:`roads.logs.read_outcomes`.
        """
        # Only boards read from logs pay to import the readers.
        from ..logs.reader import outcome_batches

        board = cls()
        extend = board.extend
        for batch in outcome_batches(source, fmt):
            extend(batch)
        board.place()
        return board

    @classmethod
    def from_text(cls, text: str, fmt: str | None = None, *, name: str = "<text>") -> Self:
        """Return the board of a shoe log given as text, in any format (results letters, card lines, JSON).

        ``fmt`` forces a format (see :data:`roads.logs.FORMATS`); None detects
        it. Errors name ``name`` as the file, with the line and coup.
        """
        stream = io.StringIO(text)
        stream.name = name  # errors name this, not "<stream>"
        return cls.from_log(stream, fmt)

    def extend(self, results: Iterable[Outcome | Coup | str]) -> None:
        """Add every coup of ``results`` in order, a batch at a time (see :meth:`add`)."""
        add = self.add
        items = iter(results)
        while batch := tuple(islice(items, BATCH)):
            if len(batch) < BULK:
                add(*batch)
                continue
            outcomes: list[Outcome] = []
            try:
                for item in batch:
                    outcomes.append(item if type(item) is Outcome else _outcome(item))
            finally:
                # Like add(): the coups before a bad item stay added, then its error is raised.
                self._add_many(outcomes)

    def _add_many(
        self, outcomes: Sequence[Outcome], winners: NDArray[np.int8] | None = None, *, plain: bool = False
    ) -> None:
        """Add a batch of outcomes as :meth:`add` does, with array arithmetic instead of a loop a coup.

        ``winners`` are the outcomes' winners as 0 Banker, 1 Player, 2 Tie, if
        the caller has them; ``plain`` says no outcome has a pair or a natural.
        Columns open where the winner changes; a bead's row is its place in its
        streak; the marks come from :func:`~.marks.verdicts`, the same rules as
        :func:`~.marks.verdict` on arrays. Drawn places are left to
        :meth:`place`, as after :meth:`add`.
        """
        import numpy as np

        count = len(outcomes)
        if not count:
            return
        if winners is None:
            winners = np.fromiter(map(_WINNER_CODES.__getitem__, map(_WINNER, outcomes)), np.int8, count)
        record = self.bead_plate.outcomes
        big = self.big_road
        depths = big.depths
        stats = self.stats
        coup_before, beads_before = len(record), len(big.coups)
        last = _WINNER_CODES[record[big.coups[-1] - 1].winner] if beads_before else -1
        record.extend(outcomes)
        stats.coups += count
        if not plain:
            stats.banker_pairs += sum(map(_BANKER_PAIR, outcomes))
            stats.player_pairs += sum(map(_PLAYER_PAIR, outcomes))
            stats.naturals += sum(map(_NATURAL, outcomes))
        coups = np.flatnonzero(winners != 2)
        won = winners[coups]
        beads = len(coups)
        stats.tie += count - beads
        if not beads:
            return
        bankers = won == 0
        stats.banker += int(bankers.sum())
        stats.player += beads - int(bankers.sum())
        starts = np.empty(beads, np.bool_)
        starts[0] = won[0] != last
        np.not_equal(won[1:], won[:-1], out=starts[1:])
        column = len(depths) + np.cumsum(starts)
        index = np.arange(beads)
        opened = np.maximum.accumulate(np.where(starts, index, -1))
        row = np.where(opened >= 0, index - opened + 1, (depths[-1] if depths else 0) + index + 1)
        begin = np.flatnonzero(starts)
        if len(begin) == 0 or begin[0]:
            depths[-1] += beads if len(begin) == 0 else int(begin[0])
        depths.extend(np.diff(np.append(begin, beads)).tolist())
        if bankers.any():
            stats.longest_banker = max(stats.longest_banker, int(row[bankers].max()))
        if not bankers.all():
            stats.longest_player = max(stats.longest_player, int(row[~bankers].max()))
        # Through byte views (.data) of the converted arrays: tobytes() would copy each once more.
        big.coups.frombytes((coups + coup_before + 1).astype(np.int32).data.cast("B"))
        big.columns.frombytes(column.astype(np.int32).data.cast("B"))
        big.rows.frombytes(row.astype(np.int32).data.cast("B"))
        # The rules read columns c-1-k to c-1 (k <= 3): the depths from column c-4 of the first bead on.
        low = max(1, int(column[0]) - 4)
        depth = np.array(depths[low - 1 :], np.int64)
        shifted = column - low
        for road in self._derived:
            k = road.k
            first = 0
            if road.first < 0:
                reach = (column > k + 1) | ((column == k + 1) & (row >= 2))
                if not reach.any():
                    continue
                first = int(reach.argmax())
                road.first = beads_before + first
            road.codes += verdicts(k, shifted[first:], row[first:], depth).data

    # One long loop with its state in locals, inlined on purpose: it is the hot path of every board.
    def add(self, *results: Outcome | Coup | str) -> None:  # noqa: PLR0915
        """Add coups in order, each an Outcome, an engine Coup, a letter B, P or T, or banker, player or tie.

        Letters and words may be in any case. ``add(a, b)`` builds the same
        board as ``add(a); add(b)``. If an item is not a result, the coups
        before it stay added and the error is raised.
        Drawn places are worked out on the next read (or :meth:`place`).
        """
        outcomes = self.bead_plate.outcomes
        big = self.big_road
        depths = big.depths
        big_eye_boy, small_road, cockroach_pig = self._derived
        stats = self.stats
        longest_banker, longest_player = stats.longest_banker, stats.longest_player
        banker, tie = Winner.BANKER, Winner.TIE
        last = outcomes[big.coups[-1] - 1].winner if big.coups else None
        column = len(depths)
        depth = depths[-1] if depths else 0
        coup = len(outcomes)
        record = outcomes.append
        bead_coup, bead_column, bead_row = big.coups.append, big.columns.append, big.rows.append
        mark_1, mark_2, mark_3 = big_eye_boy.codes.append, small_road.codes.append, cockroach_pig.codes.append
        k1, k2, k3 = big_eye_boy.k, small_road.k, cockroach_pig.k
        # Reaching a road's start is for good (columns only grow), and a bead that
        # reaches Cockroach Pig (k = 3) reaches the other two: after that, no checks.
        started = cockroach_pig.first >= 0
        bankers = ties = banker_pairs = player_pairs = naturals = 0
        coup_before = coup
        try:
            for item in results:
                outcome = item if type(item) is Outcome else _outcome(item)
                record(outcome)
                coup += 1
                if outcome.banker_pair:
                    banker_pairs += 1
                if outcome.player_pair:
                    player_pairs += 1
                if outcome.natural:
                    naturals += 1
                winner = outcome.winner
                if winner is last:
                    depth += 1
                    depths[-1] = depth
                elif winner is tie:
                    ties += 1
                    continue
                else:
                    last = winner
                    depth = 1
                    depths.append(1)
                    column += 1
                if winner is banker:
                    bankers += 1
                    longest_banker = max(longest_banker, depth)
                elif depth > longest_player:
                    longest_player = depth
                bead_coup(coup)
                bead_column(column)
                bead_row(depth)
                if started:
                    mark_1(verdict(k1, column, depth, depths))
                    mark_2(verdict(k2, column, depth, depths))
                    mark_3(verdict(k3, column, depth, depths))
                else:
                    for road in self._derived:
                        if road.first < 0:
                            if not reaches(road.k, column, depth):
                                continue
                            road.first = len(big.coups) - 1
                        road.codes.append(verdict(road.k, column, depth, depths))
                    started = cockroach_pig.first >= 0
        finally:
            added = coup - coup_before
            stats.coups += added
            stats.banker += bankers
            stats.player += added - ties - bankers
            stats.tie += ties
            stats.banker_pairs += banker_pairs
            stats.player_pairs += player_pairs
            stats.naturals += naturals
            stats.longest_banker, stats.longest_player = longest_banker, longest_player

    def place(self) -> None:
        """Work out the drawn cell of every bead and mark added since the last call (reads do it too)."""
        self.big_road.place()
        for road in self._derived:
            road.place()

    @property
    def coups(self) -> int:
        """Return the number of coups added, ties included."""
        return len(self.bead_plate)

    @property
    def leading_ties(self) -> int:
        """Return the ties before the first Banker or Player result."""
        return self.big_road.leading_ties

    def road(self, name: Road | str) -> DerivedRoad:
        """Return a derived road by name in any spelling (``big_eye_boy``, ``Small Road``, ``cockroach-pig``)."""
        road = name if type(name) is Road else Road.parse(name, derived=True)
        return self._derived[road.k - 1]

    def derived_roads(self) -> tuple[DerivedRoad, DerivedRoad, DerivedRoad]:
        """Return the three derived roads in board order."""
        return self._derived

    def ask(self, winner: Winner | str) -> dict[str, Color | None]:
        """Return, per derived road, the mark it would add if the next result were ``winner`` (a letter or word too).

        None where that result would not yet reach the road's start.
        """
        if isinstance(winner, str):
            word = winner.strip().lower()
            winner = Winner(word) if word in ("banker", "player", "tie") else Winner.from_letter(winner)
        if winner is Winner.TIE:
            raise ValueError("a tie adds no derived mark: ask for banker or player")
        column, row = self.big_road.next_place(winner)
        depths = self.big_road.depths
        answer: dict[str, Color | None] = {}
        for road in self._derived:
            if reaches(road.k, column, row):
                answer[road.name] = judge(road.k, column, row, depths)[0]
            else:
                answer[road.name] = None
        return answer

    def asks(self) -> dict[str, dict[str, Color | None]]:
        """Return both ask roads: ``{"banker": {...}, "player": {...}}``."""
        return {"banker": self.ask(Winner.BANKER), "player": self.ask(Winner.PLAYER)}

    # -- proofs ---------------------------------------------------------------

    def proof(self, road: Road | str, mark: int) -> Proof:
        """Return why mark number ``mark`` (from 1) of a derived ``road`` has its colour; RoadError if none."""
        return self.road(road).proof(mark)

    def proofs(self, road: Road | str | None = None) -> Iterator[Proof]:
        """Yield the proof of every mark of ``road``, or of all three derived roads in board order."""
        roads = self._derived if road is None else (self.road(road),)
        return chain.from_iterable(derived.proofs() for derived in roads)

    # -- how a board shows itself -------------------------------------------

    def __repr__(self) -> str:
        """Return the call that rebuilds the board's roads, saying what it would not give back."""
        name = type(self).__name__
        outcomes = self.bead_plate.outcomes
        if not outcomes:
            return f"{name}()"
        stats = self.stats
        # A board read from cards (or a log with pairs) knows more than its letters: the call must not pretend.
        from_cards = any(map(_CARDS, outcomes))
        richer = from_cards or stats.banker_pairs or stats.player_pairs or stats.naturals
        # Dragon Tiger keeps Banker's and Player's letters on the roads: the call names the game.
        game = "" if self.game is Game.BACCARAT else f", game={self.game!r}"
        if len(outcomes) <= REPR_COUPS:
            call = f"{name}.from_results({''.join(o.winner.letter for o in outcomes)!r}{game})"
            if not richer:
                return call
            lost = "the cards, totals, pairs and naturals" if from_cards else "the pairs and naturals"
            source = "cards" if from_cards else "a log with pairs and naturals"
            return f"{call}  # read from {source}: this call rebuilds the roads, not {lost}"
        head = "".join(o.winner.letter for o in outcomes[: REPR_COUPS - 8])
        tail = "".join(o.winner.letter for o in outcomes[-5:])
        note = ", read from cards" if from_cards else ", with pairs and naturals" if richer else ""
        return f"{name}.from_results('{head}…{tail}'{game})  # {len(outcomes):,} coups{note}"


_LETTERS = {
    letter: Outcome(w)
    for letter, w in (
        ("B", Winner.BANKER),
        ("P", Winner.PLAYER),
        ("T", Winner.TIE),
        ("b", Winner.BANKER),
        ("p", Winner.PLAYER),
        ("t", Winner.TIE),
    )
}
_LETTER_SET = frozenset(_LETTERS)
_WORDS = {winner.value: _LETTERS[winner.letter] for winner in Winner}
"""banker, player, tie: how JSON logs name a winner."""
_LETTER_BYTES = b"BPTbpt"
_SKIPPED_BYTES = b" ,\t\n"
_BYTE_OUTCOMES = {ord(letter): outcome for letter, outcome in _LETTERS.items()}
"""A letter's byte to its Outcome: what the array path maps ASCII letters through."""
_BYTE_TABLE: tuple[Outcome, ...] = tuple(_BYTE_OUTCOMES.get(byte, _LETTERS["B"]) for byte in range(256))
"""The same, indexed by byte (only letters are looked up: from_results checks them first; the rest is filler)."""
_WINNER_CODES = {Winner.BANKER: 0, Winner.PLAYER: 1, Winner.TIE: 2}
_WINNER, _BANKER_PAIR = attrgetter("winner"), attrgetter("banker_pair")
_PLAYER_PAIR, _NATURAL = attrgetter("player_pair"), attrgetter("natural")
_CARDS = attrgetter("cards")
"""An outcome's card count: None unless it was read from cards."""


def _letter_codes() -> NDArray[np.int8]:
    """Return a lookup table from a letter's byte to its winner code (0 Banker, 1 Player, 2 Tie)."""
    import numpy as np

    table = np.full(256, -1, np.int8)
    for letter, outcome in _LETTERS.items():
        table[ord(letter)] = _WINNER_CODES[outcome.winner]
    return table


def _outcome(result: object) -> Outcome:
    """Return the outcome of a letter B, P or T or a word banker, player or tie (any case), or of an engine Coup.

    LogError for anything else.
    """
    if isinstance(result, Outcome):
        return result
    if isinstance(result, str):
        found = _LETTERS.get(result) or _WORDS.get(result.strip().lower())
        if found is not None:
            return found
        if len(result) == 1:
            return Outcome.from_letter(result)
        raise LogError(f"'{excerpt(result)}' is not a result: use B, P or T, or banker, player or tie")
    outcome = getattr(result, "outcome", None)
    if callable(outcome):
        made = outcome()
        if isinstance(made, Outcome):
            return made
    raise LogError(f"cannot add a {type(result).__name__} to a board: give an Outcome, a Coup or a result")
